import { translator } from "#app/i18n/translate.server.ts";
import { messageToken } from "#app/i18n/message.ts";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, type RouterContextProvider } from "react-router";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { simSpinSchema } from "#app/components/games/launch/sim-schema.ts";
import { takaText } from "#app/kernel/money.ts";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { simBalance, simSpin, findSimSession, type WalletFailure } from "#app/modules/games/index.server.ts";
import { parseTaka } from "#app/kernel/money.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/sim-aggregator";
import { ErrorList } from "#app/components/forms/Field.tsx";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...(loaderData ? [{ title: loaderData.title }] : []),
  { name: "robots", content: "noindex" },
];

/** The session named by ?session= (the launch token) for the signed-in player, or undefined. */
async function sessionOf(context: Readonly<RouterContextProvider>, url: URL) {
  const { player } = requirePlayer(context, url);
  const session = await findSimSession(url.searchParams.get("session") ?? "", player.id);
  return { player, session };
}

function walletMessage(failure: WalletFailure) {
  if (failure.code === "insufficient_funds") return "gamerun.sim.insufficientFunds";
  if (failure.code === "player_blocked") return "gamerun.sim.playerBlocked";
  return messageToken("gamerun.sim.walletRefused", { message: failure.message });
}

/**
 * The built-in simulated aggregator's game page (it runs inside /gamerun's iframe): the game, the balance read
 * through the seamless wallet, and a Spin form that bets and pays through it (works without JavaScript).
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { player, session } = await sessionOf(context, url);
  const t = translator(context);
  const area = areaBundle(context, "gamerun");
  if (!session) return data({ title: t("gamerun.sim.sessionInvalid"), area, game: null, balance: null }, { status: 403 });
  const balance = await simBalance(session.platform, player.id);
  const game = { name: session.game.name, min: takaText(session.game.minStake), max: takaText(session.game.maxStake) };
  return { title: t("gamerun.sim.title", { name: game.name }), area, game, balance: balance === null ? null : takaText(balance) };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { player, session } = await sessionOf(context, url);
  const submission = parseWithZod(await request.formData(), { schema: simSpinSchema });
  if (!session) return data({ result: submission.reply({ formErrors: ["gamerun.sim.sessionInvalid"] }), spin: null }, { status: 403 });
  if (submission.status !== "success") return data({ result: submission.reply(), spin: null }, { status: 400 });
  const stake = parseTaka(submission.value.stake) ?? 0n;
  const { minStake, maxStake } = session.game;
  if (stake < minStake || stake > maxStake) {
    const message = messageToken("gamerun.sim.stakeRange", { min: takaText(minStake), max: takaText(maxStake) });
    return data({ result: submission.reply({ fieldErrors: { stake: [message] } }), spin: null }, { status: 400 });
  }
  const spun = await simSpin({ platform: session.platform, playerId: player.id, gameCode: session.game.code, stake, token: session.token });
  if (!spun.ok) return data({ result: submission.reply({ formErrors: [walletMessage(spun.failure)] }), spin: null }, { status: 409 });
  const spin = {
    roundId: spun.roundId,
    win: spun.payout > 0n,
    payout: takaText(spun.payout),
    multiplier: (spun.tenths / 10).toString(),
    balance: takaText(spun.balance),
  };
  return { result: submission.reply(), spin };
}

export default function SimAggregator({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.area);
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "sim-spin",
    lastResult: actionData?.result,
    constraint: getZodConstraint(simSpinSchema),
    defaultValue: { stake: "10" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: simSpinSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const { game } = loaderData;
  const spin = actionData?.spin;
  const balance = spin?.balance ?? loaderData.balance;
  return (
    <main className="min-h-screen bg-gradient-to-b from-indigo-950 to-black p-3" data-testid="sim-aggregator">
      {!game ? (
        <p className="mx-auto mt-10 max-w-sm rounded-xl bg-panel p-4 text-center" role="alert" data-testid="sim-session-invalid">
          {t("gamerun.sim.sessionInvalid")}
        </p>
      ) : (
        <div className="mx-auto max-w-sm">
          <header className="mb-3 flex items-end justify-between gap-2">
            <div>
              <h1 className="text-xl font-bold text-white">{game.name}</h1>
              <p className="text-xs text-white/60">{t("gamerun.sim.limits", { min: game.min, max: game.max })}</p>
            </div>
            <p className="rounded-lg bg-ink px-3 py-1 text-right">
              <span className="block text-xs text-white/60">{t("gamerun.sim.balance")}</span>
              <span className="text-lg font-bold tabular-nums text-brand" data-testid="sim-balance">
                {balance ?? t("gamerun.sim.balanceUnavailable")}
              </span>
            </p>
          </header>
          <p className="mb-3 text-xs text-white/60">{t("gamerun.sim.notice")}</p>
          {spin ? (
            <section
              className={`mb-3 rounded-xl p-4 text-center ${spin.win ? "bg-emerald-700/40" : "bg-panel"}`}
              aria-live="polite"
              data-testid="sim-result"
              data-win={spin.win}
            >
              <p className="text-2xl font-extrabold text-white">
                {spin.win ? t("gamerun.sim.won", { amount: spin.payout, multiplier: spin.multiplier }) : t("gamerun.sim.lost")}
              </p>
              <p className="mt-1 break-all text-xs text-white/50">{t("gamerun.sim.round", { id: spin.roundId })}</p>
            </section>
          ) : null}
          <Form method="post" {...getFormProps(form)} className="rounded-xl bg-panel p-4">
            <ErrorList errors={form.errors} id={form.errorId} className="field-error mb-3" />
            <div className="field">
              <label htmlFor={fields.stake.id}>{t("gamerun.sim.stake")}</label>
              <input {...getInputProps(fields.stake, { type: "text" })} key={fields.stake.key} inputMode="decimal" autoComplete="off" />
              <ErrorList errors={fields.stake.errors} id={fields.stake.errorId} />
            </div>
            <SubmitButton label={t("gamerun.sim.spin")} pendingLabel={t("gamerun.sim.spinning")} />
          </Form>
        </div>
      )}
    </main>
  );
}
