import { translate } from "#app/i18n/translate.server.ts";
import { areasFor } from "#app/i18n/areas.server.ts";
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import type { z } from "zod";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form } from "react-router";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { useLastingActionData } from "#app/components/forms/use-lasting-action-data.ts";
import { BetsPanel, FairnessPanel } from "#app/components/games/crash/CrashPanels.tsx";
import { HistoryPanel } from "#app/components/games/crash/CrashHistory.tsx";
import { crashActionSchema, crashAutoSchema, crashBetSchema, multiplierHundredths } from "#app/components/games/crash/schemas.ts";
import { AutobetSettingsFields } from "#app/components/games/house/Autobet.tsx";
import { LiveBetsPanel } from "#app/components/games/house/LiveBetsPanel.tsx";
import { autobetSettingsFrom } from "#app/components/games/house/schemas.ts";
import { useLiveBets } from "#app/components/games/house/use-live-bets.ts";
import { useCrashLive } from "#app/components/games/crash/use-crash-live.ts";
import { useHydrated } from "#app/components/payments/use-hydrated.ts";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { houseServerGames, liveBetsPage } from "#app/modules/games/index.server.ts";
import { multiplierText, isCrashError } from "#app/modules/games/index.ts";
import { parseTaka, takaText } from "#app/kernel/money.ts";
import { guardRealityCheck, realitySessionKey } from "#app/modules/protection/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { GameProtection } from "#app/components/protection/GameProtection.tsx";
import type { Route } from "./+types/house-crash";
import { ErrorList } from "#app/components/forms/Field.tsx";
import { GameHeader } from "#app/components/games/house/GameHeader.tsx";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const [reality, page, autobet, liveBets] = await Promise.all([
    guardRealityCheck(context, url),
    houseServerGames.crash.pageData(player.id),
    houseServerGames.crash.play.autoState(player.id),
    liveBetsPage(player.id, url),
  ]);
  return {
    title: translate(context, "crash.title"),
    area: areaBundle(context, "crash"),
    // Autobet's strings (house.auto.*) and the live bets panel's.
    houseArea: areaBundle(context, "house"),
    ...page,
    ...liveBets,
    reality,
    autobet,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { player } = requirePlayer(context, url);
  await guardRealityCheck(context, url);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "autoStart" || intent === "autoStop")
    return autoAction(formData, { context, playerId: player.id, token: requirePlayer(context, url).token });
  const submission = parseWithZod(formData, { schema: crashActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), notice: null, areas: [] }, { status: 400 });
  const input = submission.value;
  try {
    if (input.intent === "bet") {
      const autoCashout = input.autoCashout ? multiplierHundredths(input.autoCashout) : null;
      const placed = await houseServerGames.crash.play.bet(player.id, { stake: parseTaka(input.stake) ?? 0n, autoCashout });
      return {
        result: submission.reply({ resetForm: true }),
        notice: placed.capped
          ? translate(context, "crash.betCapped", {
              stake: takaText(placed.stake),
              amount: takaText(placed.maxPayout),
              multiplier: multiplierText(placed.autoCashout ?? 0),
            })
          : translate(context, "crash.betMax", { stake: takaText(placed.stake), amount: takaText(placed.maxPayout) }),
        areas: [],
      };
    }
    const cash = await houseServerGames.crash.play.cashOut(player.id);
    return {
      result: submission.reply(),
      notice: translate(context, "crash.cashedOut", { multiplier: multiplierText(cash.cashoutAt), amount: takaText(cash.payout) }),
      areas: [],
    };
  } catch (e) {
    if (!isCrashError(e)) throw e;
    const errors = [e.token];
    return data({ result: submission.reply({ formErrors: errors }), notice: null, areas: areasFor(context, errors) }, { status: 400 });
  }
}

/** Autobet: start (the engine bets on each next round) or stop. */
async function autoAction(
  formData: FormData,
  { context, playerId, token }: { context: Route.ActionArgs["context"]; playerId: number; token: string },
) {
  if (formData.get("intent") === "autoStop") {
    await houseServerGames.crash.play.autoStop(playerId);
    return { form: "auto", result: undefined, notice: null, areas: [] };
  }
  const submission = parseWithZod(formData, { schema: crashAutoSchema });
  if (submission.status !== "success") return data({ form: "auto", result: submission.reply(), notice: null, areas: [] }, { status: 400 });
  try {
    const v = submission.value;
    await houseServerGames.crash.play.autoStart(
      playerId,
      autobetSettingsFrom(v, true),
      multiplierHundredths(v.autoCashout),
      realitySessionKey(token),
    );
    return { form: "auto", result: submission.reply(), notice: null, areas: [] };
  } catch (e) {
    if (!isCrashError(e)) throw e;
    const errors = [e.token];
    return data({ form: "auto", result: submission.reply({ formErrors: errors }), notice: null, areas: areasFor(context, errors) }, { status: 400 });
  }
}

/** Whole seconds until `until` (epoch ms, server clock), re-rendered every quarter second once hydrated. */
function useSecondsLeft(until: number | null, clockOffset: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - (now + clockOffset)) / 1000));
}

export default function HouseCrash({ loaderData, actionData: latestActionData }: Route.ComponentProps) {
  // The live page revalidates on the round's events: the answer stays until the player's next bet or cash-out.
  const actionData = useLastingActionData(latestActionData, "/house/crash");
  useArea([loaderData.area, loaderData.houseArea, ...(actionData?.areas ?? [])]);
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { view, game, balance } = loaderData;
  const multiplierRef = useRef<HTMLParagraphElement>(null);
  const live = useLiveBets(loaderData.liveBets, false);
  const { round, bets, clockOffset } = useCrashLive(view, multiplierRef, live.add);
  const phase = round?.phase ?? null;
  const secondsLeft = useSecondsLeft(phase === "betting" ? (round?.bettingEndsAt ?? null) : null, clockOffset);
  const myBet = view.myBet && round && view.myBet.roundId === round.id ? view.myBet : null;
  const [form, fields] = useForm({
    id: "crash-bet",
    lastResult: actionData && "form" in actionData ? undefined : actionData?.result,
    constraint: getZodConstraint(crashBetSchema),
    defaultValue: { stake: "10", autoCashout: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: crashActionSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const canBet = !hydrated || (phase === "betting" && !myBet);
  const canCashOut = myBet?.status === "active" && (phase === "running" || (!hydrated && view.round?.phase === "running"));
  // Without JavaScript the page reloads itself while a round is in the air or just ended.
  const refresh = view.round?.phase === "running" || view.round?.phase === "crashed" || view.round?.phase === "voided";

  return (
    <main className="mx-auto max-w-md p-3" data-testid="crash-page">
      {refresh ? (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      ) : null}
      <GameHeader
        title={t("crash.title")}
        limits={game ? t("crash.limits", { min: game.min, max: game.max }) : null}
        maxWin={
          game
            ? [t("crash.maxWin", { amount: game.maxWin }), game.roundRoom === null ? null : t("crash.roundRoom", { amount: game.roundRoom })]
                .filter(Boolean)
                .join(" · ")
            : null
        }
        balanceLabel={t("crash.balance")}
        balance={balance}
        testId="crash-balance"
      />
      <GameProtection reality={loaderData.reality} />

      <section
        className={`mb-3 rounded-xl p-4 text-center ${phase === "crashed" ? "bg-red-900/50" : "bg-panel"}`}
        data-testid="crash-round"
        data-phase={phase ?? "none"}
        aria-live="polite"
      >
        <p className="text-xs text-white/60">{round ? t("crash.round", { n: round.gameNumber || round.id }) : "\u00a0"}</p>
        <p
          ref={multiplierRef}
          className={`my-2 text-6xl font-extrabold tabular-nums ${phase === "crashed" ? "text-red-300" : "text-white"}`}
          data-testid="crash-multiplier"
        >
          {`${multiplierText(phase === "betting" || !round ? 100 : round.multiplier)}×`}
        </p>
        <p className="text-sm font-semibold" data-testid="crash-phase">
          {!round
            ? t("crash.phase.waiting")
            : phase === "betting"
              ? hydrated
                ? t("crash.phase.betting", { seconds: String(secondsLeft) })
                : t("crash.phase.bettingNoJs")
              : phase === "running"
                ? t("crash.phase.running")
                : phase === "crashed"
                  ? t("crash.phase.crashed", { multiplier: multiplierText(round.crashPoint ?? round.multiplier) })
                  : t("crash.phase.voided")}
        </p>
        {!hydrated ? (
          <a href="/house/crash" className="mt-1 inline-block text-xs text-brand underline">
            {t("crash.refresh")}
          </a>
        ) : null}
      </section>

      {actionData?.notice ? (
        <p className="mb-3 rounded-xl bg-emerald-700/40 p-3 text-center text-sm font-semibold" role="status" data-testid="crash-notice">
          {actionData.notice}
        </p>
      ) : null}

      {myBet ? (
        <section className="mb-3 rounded-xl bg-panel p-3 text-sm" data-testid="crash-my-bet" data-status={myBet.status}>
          <p>
            {myBet.status === "cashed"
              ? t("crash.yourCashed", { multiplier: myBet.cashoutAt ?? "", amount: myBet.payout })
              : myBet.status === "lost"
                ? t("crash.yourLost", { stake: myBet.stake })
                : myBet.status === "voided"
                  ? t("crash.yourVoided", { stake: myBet.stake })
                  : t("crash.yourBet", { stake: myBet.stake })}
            {myBet.status === "active" && myBet.autoCashout ? ` · ${t("crash.yourAuto", { multiplier: myBet.autoCashout })}` : null}
          </p>
          {canCashOut ? (
            <Form method="post" action="/house/crash" className="mt-2">
              <input type="hidden" name="intent" value="cashout" />
              <SubmitButton
                label={t("crash.cashOut")}
                pendingLabel={t("crash.cashingOut")}
                action="/house/crash"
                className="btn-primary w-full text-lg"
              />
            </Form>
          ) : null}
        </section>
      ) : null}

      {!game ? (
        <p className="mb-3 rounded-xl bg-panel p-4 text-center" role="status">
          {t("crash.unavailable")}
        </p>
      ) : (
        <Form method="post" action="/house/crash" {...getFormProps(form)} className="mb-3 rounded-xl bg-panel p-4" data-testid="crash-bet-form">
          <input type="hidden" name="intent" value="bet" />
          <ErrorList errors={form.errors} id={form.errorId} className="field-error mb-3" />
          <div className="grid grid-cols-2 gap-2">
            <div className="field">
              <label htmlFor={fields.stake.id}>{t("crash.stake")}</label>
              <input {...getInputProps(fields.stake, { type: "text" })} key={fields.stake.key} inputMode="decimal" autoComplete="off" />
              <ErrorList errors={fields.stake.errors} id={fields.stake.errorId} />
            </div>
            <div className="field">
              <label htmlFor={fields.autoCashout.id}>{t("crash.autoCashout")}</label>
              <input
                {...getInputProps(fields.autoCashout, { type: "text" })}
                key={fields.autoCashout.key}
                inputMode="decimal"
                autoComplete="off"
                placeholder="2.00"
              />
              <ErrorList errors={fields.autoCashout.errors} id={fields.autoCashout.errorId} />
            </div>
          </div>
          <p className="mb-3 text-xs text-white/60">{canBet ? t("crash.autoHint") : t("crash.betsOpenOnlyWhileBetting")}</p>
          {canBet ? (
            <SubmitButton label={t("crash.placeBet")} pendingLabel={t("crash.placing")} action="/house/crash" />
          ) : (
            <button type="button" className="btn-primary w-full" disabled>
              {t("crash.placeBet")}
            </button>
          )}
        </Form>
      )}

      {game ? <CrashAutobet state={loaderData.autobet} lastResult={actionData && "form" in actionData ? actionData.result : undefined} /> : null}

      <BetsPanel bets={bets} />
      <HistoryPanel history={view.history} />
      <LiveBetsPanel lists={live.lists} initialTab={loaderData.liveTab} path="/house/crash" />
      <FairnessPanel chain={view.chain} />
    </main>
  );
}

type AutobetState = Route.ComponentProps["loaderData"]["autobet"];

/** Crash's autobet: its state while it runs (refreshed with the round's events, or on reload without JavaScript) and Stop; else the settings. */
function CrashAutobet({ state, lastResult }: { state: AutobetState; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const [form, fields] = useForm<z.input<typeof crashAutoSchema>>({
    id: "crash-auto",
    lastResult,
    constraint: getZodConstraint(crashAutoSchema),
    defaultValue: { stake: "10", autoCashout: "2.00", bets: "10", onWin: "reset", onLoss: "reset" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: crashAutoSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  if (state?.active) {
    return (
      <section className="mb-3 rounded-xl bg-panel p-4 text-sm" data-testid="crash-autobet" data-active="true">
        <h2 className="mb-2 font-semibold">{t("house.auto.crashTitle")}</h2>
        <p className="mb-3" role="status">
          {t("house.auto.crashOn", { done: state.betsDone, profit: state.profit, stake: state.nextStake, multiplier: state.autoCashout })}
        </p>
        <Form method="post" action="/house/crash">
          <input type="hidden" name="intent" value="autoStop" />
          <SubmitButton label={t("house.auto.stop")} pendingLabel={t("house.auto.stop")} action="/house/crash" intent="autoStop" />
        </Form>
      </section>
    );
  }
  return (
    <section className="mb-3 rounded-xl bg-panel p-4" data-testid="crash-autobet" data-active="false">
      <h2 className="mb-2 font-semibold">{t("house.auto.crashTitle")}</h2>
      {state ? (
        <div className="mb-3 text-sm" role="status" data-testid="autobet-stop" data-stop={state.stopReason ?? ""}>
          <p>{t("house.auto.crashLast", { done: state.betsDone, profit: state.profit })}</p>
          {state.stopReason ? <p>{t(`house.auto.stopped.${state.stopReason}` as "house.auto.stopped.bets_done")}</p> : null}
          {state.stopToken ? <ErrorList errors={[state.stopToken]} /> : null}
        </div>
      ) : null}
      <p className="mb-3 text-xs text-white/60">{t("house.auto.crashHint")}</p>
      <Form method="post" action="/house/crash" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="autoStart" />
        <ErrorList errors={form.errors} id={form.errorId} className="field-error mb-3" />
        <div className="field">
          <label htmlFor={fields.autoCashout.id}>{t("house.auto.autoCashout")}</label>
          <input {...getInputProps(fields.autoCashout, { type: "text" })} key={fields.autoCashout.key} inputMode="decimal" autoComplete="off" />
          <ErrorList errors={fields.autoCashout.errors} id={fields.autoCashout.errorId} />
        </div>
        <AutobetSettingsFields fields={fields} untilStopped />
        <SubmitButton label={t("house.auto.start")} pendingLabel={t("house.auto.running")} action="/house/crash" intent="autoStart" />
      </Form>
    </section>
  );
}
