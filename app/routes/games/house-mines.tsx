import { translate } from "#app/i18n/translate.server.ts";
import { areasFor } from "#app/i18n/areas.server.ts";
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form } from "react-router";
import { z } from "zod";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { GameHeader } from "#app/components/games/house/GameHeader.tsx";
import { MinesGrid } from "#app/components/games/house/MinesGrid.tsx";
import { minesStartSchema } from "#app/components/games/house/schemas.ts";
import { SeedPanel } from "#app/components/games/house/SeedPanel.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { houseMultiplierText } from "#app/modules/games/index.ts";
import { houseServerGames, isHouseError, stakeFromText } from "#app/modules/games/index.server.ts";
import { takaText } from "#app/kernel/money.ts";
import { guardRealityCheck } from "#app/modules/protection/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { GameProtection } from "#app/components/protection/GameProtection.tsx";
import type { Route } from "./+types/house-mines";
import { ErrorList } from "#app/components/forms/Field.tsx";

type MinesView = NonNullable<Awaited<ReturnType<typeof houseServerGames.mines.play.state>>>;

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** The game as the page shows it: amounts formatted, mines only once ended (the module never gives them earlier). */
function shown(v: MinesView | null) {
  if (!v) return null;
  return {
    status: v.status,
    mines: v.mines,
    stake: takaText(v.stake),
    revealed: v.revealed,
    minePositions: v.minePositions,
    // Before the first pick there is no multiplier yet (the module's 0 is not one): the page shows the next pick's.
    multiplier: v.revealed.length > 0 && v.multiplier > 0 ? houseMultiplierText(v.multiplier) : null,
    nextMultiplier: v.nextMultiplier === null ? null : houseMultiplierText(v.nextMultiplier),
    payout: takaText(v.payout),
    canCashOut: v.status === "playing" && v.revealed.length > 0,
    nonce: v.nonce,
  };
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const [reality, page, state] = await Promise.all([
    guardRealityCheck(context, url),
    houseServerGames.mines.pageData(player.id),
    houseServerGames.mines.play.state(player.id),
  ]);
  return { title: translate(context, "house.mines.title"), area: areaBundle(context, "house"), ...page, state: shown(state), reality };
}

const tileSchema = z.object({
  intent: z.literal("reveal"),
  tile: z.coerce
    .number({ error: "house.errors.tileFormat" })
    .int("house.errors.tileFormat")
    .min(0, "house.errors.tileFormat")
    .max(24, "house.errors.tileFormat"),
});
const cashOutSchema = z.object({ intent: z.literal("cashout") });
const actionSchema = z.discriminatedUnion("intent", [minesStartSchema, tileSchema, cashOutSchema], { error: "house.errors.tileFormat" });

export async function action({ request, context, url }: Route.ActionArgs) {
  const { player } = requirePlayer(context, url);
  await guardRealityCheck(context, url);
  const submission = parseWithZod(await request.formData(), { schema: actionSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), areas: [] }, { status: 400 });
  const input = submission.value;
  try {
    if (input.intent === "start") await houseServerGames.mines.play.start(player.id, { stake: stakeFromText(input.stake), mines: input.mines });
    else if (input.intent === "reveal") await houseServerGames.mines.play.reveal(player.id, input.tile);
    else await houseServerGames.mines.play.cashOut(player.id);
    // The loader runs again after this action and shows the new state.
    return { result: submission.reply(), areas: [] };
  } catch (e) {
    if (!isHouseError(e)) throw e;
    const errors = [e.token];
    return data({ result: submission.reply({ formErrors: errors }), areas: areasFor(context, errors) }, { status: 400 });
  }
}

export default function HouseMines({ loaderData, actionData }: Route.ComponentProps) {
  useArea([loaderData.area, ...(actionData?.areas ?? [])]);
  const { t } = useTranslation();
  const state = loaderData.state;
  const playing = state?.status === "playing";
  const [form, fields] = useForm({
    id: "mines",
    lastResult: actionData?.result,
    constraint: getZodConstraint(minesStartSchema),
    defaultValue: { stake: "10", mines: "3" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: actionSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <main className="mx-auto max-w-md p-3" data-testid="mines-page">
      <GameHeader
        title={t("house.mines.title")}
        limits={loaderData.game ? t("house.limits", { min: loaderData.game.min, max: loaderData.game.max }) : null}
        maxWin={loaderData.game ? t("house.maxWin", { amount: loaderData.game.maxWin }) : null}
        balanceLabel={t("house.balance")}
        balance={loaderData.balance}
        testId="house-balance"
      />
      <GameProtection reality={loaderData.reality} />
      <ErrorList errors={form.errors} id={form.errorId} className="field-error mb-3" />
      {!loaderData.game ? (
        <p className="rounded-xl bg-panel p-4 text-center" role="status">
          {t("house.unavailable")}
        </p>
      ) : playing && state ? (
        <section className="rounded-xl bg-panel p-4" data-testid="mines-playing">
          <p className="mb-2 text-sm text-white/70">{t("house.mines.inPlay", { stake: state.stake, mines: state.mines })}</p>
          <dl className="mb-3 grid grid-cols-2 gap-2 text-center text-xs">
            <div className="rounded-lg bg-ink p-2">
              <dt className="text-white/60">{t("house.mines.multiplier")}</dt>
              <dd className="font-bold tabular-nums" data-testid="mines-multiplier">
                {state.multiplier ? `${state.multiplier}×` : "–"}
              </dd>
            </div>
            <div className="rounded-lg bg-ink p-2">
              <dt className="text-white/60">{t("house.mines.next")}</dt>
              <dd className="font-bold tabular-nums">{state.nextMultiplier ? `${state.nextMultiplier}×` : "–"}</dd>
            </div>
          </dl>
          <p className="mb-2 text-xs text-white/60">{t("house.mines.pick")}</p>
          <Form method="post" action="/house/mines" aria-label={t("house.mines.pick")}>
            <input type="hidden" name="intent" value="reveal" />
            <MinesGrid board={{ revealed: state.revealed, minePositions: null, playing: true }} />
          </Form>
          {state.canCashOut ? (
            <Form method="post" action="/house/mines" className="mt-3">
              <input type="hidden" name="intent" value="cashout" />
              <button type="submit" className="btn-primary w-full" data-testid="mines-cashout">
                {t("house.mines.cashOut", { amount: state.payout })}
              </button>
            </Form>
          ) : null}
        </section>
      ) : (
        <>
          {state ? (
            <section className="mb-3 rounded-xl bg-panel p-4" aria-live="polite" data-testid="mines-ended" data-status={state.status}>
              <h2 className="mb-2 text-sm font-semibold">{t("house.mines.lastGame")}</h2>
              <p className="mb-3 font-semibold">
                {state.status === "busted"
                  ? t("house.mines.busted")
                  : t("house.mines.cashed", { amount: state.payout, multiplier: state.multiplier })}
              </p>
              <MinesGrid board={{ revealed: state.revealed, minePositions: state.minePositions, playing: false }} />
              <p className="mt-2 text-xs text-white/50">{t("house.mines.nonce", { nonce: state.nonce })}</p>
            </section>
          ) : null}
          <Form method="post" action="/house/mines" {...getFormProps(form)} className="rounded-xl bg-panel p-4">
            <input type="hidden" name="intent" value="start" />
            <div className="field">
              <label htmlFor={fields.stake.id}>{t("house.stake")}</label>
              <input {...getInputProps(fields.stake, { type: "text" })} key={fields.stake.key} inputMode="decimal" autoComplete="off" />
              <ErrorList errors={fields.stake.errors} id={fields.stake.errorId} />
            </div>
            <div className="field">
              <label htmlFor={fields.mines.id}>{t("house.mines.count")}</label>
              <select {...getSelectProps(fields.mines)} key={fields.mines.key}>
                {Array.from({ length: 24 }, (_, i) => (
                  <option key={i + 1} value={i + 1}>
                    {i + 1}
                  </option>
                ))}
              </select>
              <ErrorList errors={fields.mines.errors} id={fields.mines.errorId} />
            </div>
            <SubmitButton label={t("house.mines.start")} pendingLabel={t("house.mines.starting")} action="/house/mines" />
          </Form>
        </>
      )}
      <SeedPanel seed={loaderData.seed} />
    </main>
  );
}
