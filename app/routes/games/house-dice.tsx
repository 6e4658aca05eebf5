import { translate } from "#app/i18n/translate.server.ts";
import { areasFor } from "#app/i18n/areas.server.ts";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useRef } from "react";
import { data, Form } from "react-router";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { GameHeader } from "#app/components/games/house/GameHeader.tsx";
import { autobetSettingsFrom, diceAutoSchema, diceFormSchema, toHundredths } from "#app/components/games/house/schemas.ts";
import {
  AutobetControls,
  AutobetResults,
  AutobetSettingsFields,
  type AutobetRunView,
  autobetMode,
  autobetShouldRevalidate,
  useAutobetLoop,
} from "#app/components/games/house/Autobet.tsx";
import { autobetRunView, stakeInput } from "#app/components/games/house/autobet-view.ts";
import { AutoTabs } from "#app/components/games/house/AutoTabs.tsx";
import { SeedPanel } from "#app/components/games/house/SeedPanel.tsx";
import { useHydrated } from "#app/components/payments/use-hydrated.ts";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { HouseLiveBets } from "#app/components/games/house/LiveBetsPanel.tsx";
import {
  type DiceDirection,
  diceChanceText,
  diceMultiplier,
  diceTargetAllowed,
  dicePayout,
  hundredthsText,
  houseMultiplierText,
  capPayout,
} from "#app/modules/games/index.ts";
import { houseServerGames, isHouseError, liveBetsPage, runDiceAutobet, stakeFromText } from "#app/modules/games/index.server.ts";
import { parseTaka, takaText } from "#app/kernel/money.ts";
import { guardRealityCheck, realityCheckDue } from "#app/modules/protection/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { GameProtection } from "#app/components/protection/GameProtection.tsx";
import type { Route } from "./+types/house-dice";
import { ErrorList } from "#app/components/forms/Field.tsx";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const [reality, page, liveBets] = await Promise.all([
    guardRealityCheck(context, url),
    houseServerGames.dice.pageData(player.id),
    liveBetsPage(player.id, url),
  ]);
  const mode = autobetMode(url);
  // The server-side run's key: a form posted twice replays its bets instead of running them again.
  return {
    title: translate(context, "house.dice.title"),
    area: areaBundle(context, "house"),
    ...page,
    ...liveBets,
    reality,
    mode,
    runKey: crypto.randomUUID(),
  };
}

export const shouldRevalidate = autobetShouldRevalidate;

export async function action({ request, context, url }: Route.ActionArgs) {
  const { player } = requirePlayer(context, url);
  await guardRealityCheck(context, url);
  const formData = await request.formData();
  if (formData.get("intent") === "auto") return autoAction(formData, { context, url, playerId: player.id });
  const submission = parseWithZod(formData, { schema: diceFormSchema });
  if (submission.status !== "success")
    return data({ form: "manual", result: submission.reply(), outcome: null, auto: null, areas: [] }, { status: 400 });
  const { stake, target, direction, requestKey } = submission.value;
  try {
    const r = await houseServerGames.dice.play.roll(player.id, { stake: stakeFromText(stake), target: toHundredths(target), direction, requestKey });
    const outcome = {
      roll: hundredthsText(r.roll),
      win: r.win,
      payout: takaText(r.payout),
      capped: r.capped,
      multiplier: houseMultiplierText(r.multiplier),
      nonce: r.nonce,
      clientSeed: r.clientSeed,
      serverSeedHash: r.serverSeedHash,
      // For the browser's autobet loop.
      stakePoisha: String(r.stake),
      payoutPoisha: String(r.payout),
      balancePoisha: String(r.balance),
    };
    return { form: "manual", result: submission.reply(), outcome, auto: null, areas: [] };
  } catch (e) {
    if (!isHouseError(e)) throw e;
    const errors = [e.token];
    return data(
      { form: "manual", result: submission.reply({ formErrors: errors }), outcome: null, auto: null, areas: areasFor(context, errors) },
      { status: 400 },
    );
  }
}

/** The server-side autobet (without JavaScript): up to 100 rolls in this request, listed on the page. */
async function autoAction(formData: FormData, { context, url, playerId }: { context: Route.ActionArgs["context"]; url: URL; playerId: number }) {
  const submission = parseWithZod(formData, { schema: diceAutoSchema(false) });
  if (submission.status !== "success")
    return data({ form: "auto", result: submission.reply(), outcome: null, auto: null, areas: [] }, { status: 400 });
  const v = submission.value;
  try {
    const run = await runDiceAutobet(
      playerId,
      autobetSettingsFrom(v),
      { target: toHundredths(v.target), direction: v.direction, runKey: v.runKey },
      (n) => (n > 1 ? realityCheckDue(context, url) : Promise.resolve(false)),
    );
    const auto = autobetRunView(run, (l) => translate(context, "house.dice.rolled", { roll: hundredthsText(l.roll ?? 0) }));
    return { form: "auto", result: submission.reply(), outcome: null, auto, areas: areasFor(context, auto.refusal ? [auto.refusal] : []) };
  } catch (e) {
    if (!isHouseError(e)) throw e;
    const errors = [e.token];
    return data(
      { form: "auto", result: submission.reply({ formErrors: errors }), outcome: null, auto: null, areas: areasFor(context, errors) },
      { status: 400 },
    );
  }
}

/** Chance, multiplier and payout on a win for the values in the form, when they make a valid bet. */
function preview(stake: string | undefined, target: string | undefined, direction: string | undefined, maxWin: bigint | null) {
  const parsed = diceFormSchema.safeParse({ stake: stake ?? "", target: target ?? "", direction });
  if (!parsed.success) return null;
  const t = toHundredths(parsed.data.target);
  const d = parsed.data.direction as DiceDirection;
  if (!diceTargetAllowed(t, d)) return null;
  const m = diceMultiplier(t, d);
  const stakePoisha = parseTaka(parsed.data.stake)!;
  const full = dicePayout(stakePoisha, m);
  // Held to the game's max win, as the roll pays it.
  const { payout } = capPayout(full, maxWin);
  return { chance: diceChanceText(t, d), multiplier: houseMultiplierText(m), payout: takaText(payout) };
}

export default function HouseDice({ loaderData, actionData }: Route.ComponentProps) {
  useArea([loaderData.area, ...(actionData?.areas ?? [])]);
  const { t } = useTranslation();
  const mode = actionData?.form === "auto" ? "auto" : loaderData.mode;
  return (
    <main className="mx-auto max-w-md p-3" data-testid="dice-page">
      <GameHeader
        title={t("house.dice.title")}
        limits={loaderData.game ? t("house.limits", { min: loaderData.game.min, max: loaderData.game.max }) : null}
        maxWin={loaderData.game ? t("house.maxWin", { amount: loaderData.game.maxWin }) : null}
        balanceLabel={t("house.balance")}
        balance={loaderData.balance}
        testId="house-balance"
      />
      <GameProtection reality={loaderData.reality} />
      {!loaderData.game ? (
        <p className="rounded-xl bg-panel p-4 text-center" role="status">
          {t("house.unavailable")}
        </p>
      ) : (
        <>
          <AutoTabs path="/house/dice" mode={mode} />
          {mode === "auto" ? (
            <DiceAuto loaderData={loaderData} actionData={actionData?.form === "auto" ? actionData : undefined} />
          ) : (
            <DiceManual loaderData={loaderData} actionData={actionData?.form === "auto" ? undefined : actionData} />
          )}
        </>
      )}
      <SeedPanel seed={loaderData.seed} />
      <HouseLiveBets lists={loaderData.liveBets} initialTab={loaderData.liveTab} path="/house/dice" />
    </main>
  );
}

type PageProps = { loaderData: Route.ComponentProps["loaderData"]; actionData: Route.ComponentProps["actionData"] };

function DiceManual({ loaderData, actionData }: PageProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "dice",
    lastResult: actionData?.result,
    constraint: getZodConstraint(diceFormSchema),
    defaultValue: { stake: "10", target: "50.00", direction: "under" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: diceFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const outcome = actionData?.outcome;
  const p = preview(fields.stake.value, fields.target.value, fields.direction.value, loaderData.game ? BigInt(loaderData.game.maxWinPoisha) : null);
  return (
    <>
      {outcome ? (
        <section
          className={`mb-3 rounded-xl p-4 text-center ${outcome.win ? "bg-emerald-700/40" : "bg-panel"}`}
          aria-live="polite"
          data-testid="dice-result"
          data-win={outcome.win ? "true" : "false"}
        >
          <h2 className="text-xs text-white/60">{t("house.dice.result")}</h2>
          <p className="text-4xl font-extrabold tabular-nums text-white">{t("house.dice.rolled", { roll: outcome.roll })}</p>
          <p className="mt-1 font-semibold">
            {outcome.win ? t(outcome.capped ? "house.capped" : "house.dice.won", { amount: outcome.payout }) : t("house.dice.lost")}
          </p>
          <p className="mt-1 break-all text-xs text-white/50">{t("house.dice.usedSeed", { nonce: outcome.nonce, clientSeed: outcome.clientSeed })}</p>
        </section>
      ) : null}
      <Form method="post" action="/house/dice" {...getFormProps(form)} className="rounded-xl bg-panel p-4">
        <ErrorList errors={form.errors} id={form.errorId} className="field-error mb-3" />
        <div className="field">
          <label htmlFor={fields.stake.id}>{t("house.stake")}</label>
          <input {...getInputProps(fields.stake, { type: "text" })} key={fields.stake.key} inputMode="decimal" autoComplete="off" />
          <ErrorList errors={fields.stake.errors} id={fields.stake.errorId} />
        </div>
        <div className="field">
          <label htmlFor={fields.target.id}>{t("house.dice.target")}</label>
          <input {...getInputProps(fields.target, { type: "text" })} key={fields.target.key} inputMode="decimal" autoComplete="off" />
          {hydrated ? (
            <input
              type="range"
              min={0}
              max={100}
              step={0.01}
              value={Number(fields.target.value) || 0}
              onChange={(e) => form.update({ name: fields.target.name, value: Number(e.currentTarget.value).toFixed(2) })}
              className="mt-2 w-full accent-[var(--color-brand)]"
              aria-label={t("house.dice.target")}
            />
          ) : null}
          <ErrorList errors={fields.target.errors} id={fields.target.errorId} />
        </div>
        <DirectionField field={fields.direction} />
        <dl className="mb-4 grid grid-cols-3 gap-2 text-center text-xs" data-testid="dice-preview">
          <div className="rounded-lg bg-ink p-2">
            <dt className="text-white/60">{t("house.dice.chance")}</dt>
            <dd className="font-bold tabular-nums">{p ? `${p.chance}%` : "–"}</dd>
          </div>
          <div className="rounded-lg bg-ink p-2">
            <dt className="text-white/60">{t("house.dice.multiplier")}</dt>
            <dd className="font-bold tabular-nums">{p ? `${p.multiplier}×` : "–"}</dd>
          </div>
          <div className="rounded-lg bg-ink p-2">
            <dt className="text-white/60">{t("house.dice.payoutOnWin")}</dt>
            <dd className="font-bold tabular-nums">{p ? p.payout : "–"}</dd>
          </div>
        </dl>
        <SubmitButton label={t("house.dice.roll")} pendingLabel={t("house.dice.rolling")} action="/house/dice" />
      </Form>
    </>
  );
}

/** Under or over the target: the manual and the auto form's. */
function DirectionField({ field }: { field: { name: string; initialValue?: string; errors?: string[]; errorId: string } }) {
  const { t } = useTranslation();
  return (
    <fieldset className="mb-4">
      <legend className="mb-1 text-sm font-semibold">{t("house.dice.direction")}</legend>
      <div className="grid grid-cols-2 gap-2">
        {(["under", "over"] as const).map((d) => (
          <label key={d} className="flex items-center gap-2 rounded-lg bg-ink px-3 py-2">
            <input type="radio" name={field.name} value={d} defaultChecked={(field.initialValue ?? "under") === d} />
            {t(`house.dice.${d}`)}
          </label>
        ))}
      </div>
      <ErrorList errors={field.errors} id={field.errorId} />
    </fieldset>
  );
}

type DiceAnswer = {
  areas?: Parameters<typeof useArea>[0];
  outcome: { win: boolean; roll: string; stakePoisha: string; payoutPoisha: string; balancePoisha: string } | null;
  result: { error?: Record<string, string[] | null> | null };
};

/** Autobet: the server-side run's form (without JavaScript) or the browser's loop of normal rolls (with it). */
function DiceAuto({ loaderData, actionData }: PageProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const game = loaderData.game!;
  const schema = diceAutoSchema(hydrated);
  const [form, fields] = useForm({
    id: "dice-auto",
    lastResult: actionData?.result,
    constraint: getZodConstraint(schema),
    defaultValue: { stake: "10", target: "50.00", direction: "under", bets: "10", onWin: "reset", onLoss: "reset" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit(event, { submission }) {
      // With JavaScript the loop runs here, each bet a normal roll; without it the form posts the server-side run.
      if (!hydrated || submission?.status !== "success") return;
      event.preventDefault();
      const v = submission.value;
      target.current = { target: v.target, direction: v.direction };
      loop.start(autobetSettingsFrom(v, true), BigInt(loaderData.balancePoisha));
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const target = useRef({ target: "50.00", direction: "under" });
  const loop = useAutobetLoop<DiceAnswer>({
    action: "/house/dice",
    bounds: { minStake: BigInt(game.minPoisha), maxStake: BigInt(game.maxPoisha) },
    formFor(stake, requestKey) {
      const f = new FormData();
      f.set("stake", stakeInput(stake));
      f.set("target", target.current.target);
      f.set("direction", target.current.direction);
      f.set("requestKey", requestKey);
      return f;
    },
    read(answer) {
      const o = answer.outcome;
      if (!o) return { ok: false, refusal: Object.values(answer.result.error ?? {}).flat()[0] ?? null };
      return {
        ok: true,
        stake: BigInt(o.stakePoisha),
        payout: BigInt(o.payoutPoisha),
        balance: BigInt(o.balancePoisha),
        win: o.win,
        result: t("house.dice.rolled", { roll: o.roll }),
      };
    },
  });
  useArea(loop.data?.areas ?? []);
  const run: AutobetRunView | null = loop.run ?? actionData?.auto ?? null;
  return (
    <>
      {run ? <AutobetResults run={run} running={loop.running} /> : null}
      <Form method="post" action="/house/dice?mode=auto" {...getFormProps(form)} className="rounded-xl bg-panel p-4">
        <input type="hidden" name="intent" value="auto" />
        <input type="hidden" name="runKey" value={loaderData.runKey} />
        <ErrorList errors={form.errors} id={form.errorId} className="field-error mb-3" />
        <AutobetSettingsFields fields={fields} untilStopped={hydrated} />
        <div className="field">
          <label htmlFor={fields.target.id}>{t("house.dice.target")}</label>
          <input {...getInputProps(fields.target, { type: "text" })} key={fields.target.key} inputMode="decimal" autoComplete="off" />
          <ErrorList errors={fields.target.errors} id={fields.target.errorId} />
        </div>
        <DirectionField field={fields.direction} />
        <AutobetControls running={loop.running} onStop={loop.stop} action="/house/dice?mode=auto" />
      </Form>
    </>
  );
}
