// Autobet's pieces shared by the Dice and Mines pages (issue 30): the settings fields, the list of bets run, and the
// browser's loop (each bet a normal request to the game's action with its own request key; the plan's rules from
// the games module between bets; the server's refusal or the Stop button ends it).
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { type ShouldRevalidateFunction, useFetcher } from "react-router";
import { CheckboxField } from "#app/components/forms/CheckboxField.tsx";
import { ErrorList } from "#app/components/forms/Field.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { useHydrated } from "#app/components/payments/use-hydrated.ts";
import { useRefresh } from "#app/components/use-refresh.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { takaText } from "#app/kernel/money.ts";
import { afterAutobet, type AutobetSettings, type AutobetState, startAutobet } from "#app/modules/games/index.ts";

/** One bet as the list shows it (amounts already formatted). */
/** The page's tab from its address: "?mode=auto" is Auto, anything else Manual. */
export const autobetMode = (url: URL): "auto" | "manual" => (url.searchParams.get("mode") === "auto" ? "auto" : "manual");

/** A game page's shouldRevalidate: a bet of the browser's autobet loop carries a request key, so the page is refreshed once when the loop ends, not per bet. */
export const autobetShouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("requestKey") ? false : defaultShouldRevalidate;

export type AutobetLineView = { n: number; stake: string; result: string; payout: string; win: boolean };

/** A run as the list shows it: `stop` names house.auto.stopped.*; `refusal` is the refused bet's message token. */
export type AutobetRunView = { lines: AutobetLineView[]; profit: string; stop: string; refusal: string | null };

// Any game's form with these fields (their schema's types differ by game).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyField = FieldMetadata<any, any, string[]>;
type Fields = Record<"stake" | "bets" | "untilStopped" | "onWin" | "onWinPercent" | "onLoss" | "onLossPercent" | "stopProfit" | "stopLoss", AnyField>;

function TextField({ field, label }: { field: AnyField; label: string }) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input {...getInputProps(field, { type: "text" })} key={field.key} inputMode="decimal" autoComplete="off" />
      <ErrorList errors={field.errors} id={field.errorId} />
    </div>
  );
}

function AdjustField({ mode, percent, label }: { mode: AnyField; percent: AnyField; label: string }) {
  const { t } = useTranslation();
  return (
    <fieldset className="mb-3">
      <legend className="mb-1 text-sm font-semibold">{label}</legend>
      <div className="grid grid-cols-2 gap-2">
        {(["reset", "increase"] as const).map((m) => (
          <label key={m} className="flex items-center gap-2 rounded-lg bg-ink px-3 py-2 text-sm">
            <input type="radio" name={mode.name} value={m} defaultChecked={(mode.initialValue ?? "reset") === m} />
            {t(`house.auto.${m}`)}
          </label>
        ))}
      </div>
      <div className="field mt-2">
        <label htmlFor={percent.id}>{t("house.auto.percent")}</label>
        <input {...getInputProps(percent, { type: "text" })} key={percent.key} inputMode="decimal" autoComplete="off" />
        <ErrorList errors={percent.errors} id={percent.errorId} />
      </div>
    </fieldset>
  );
}

/** The settings every game's auto form has: base stake, bets, on win, on loss, the two stops. */
export function AutobetSettingsFields({ fields, untilStopped }: { fields: Fields; untilStopped: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField field={fields.stake} label={t("house.stake")} />
      <div className="field">
        <label htmlFor={fields.bets.id}>{t("house.auto.bets")}</label>
        <input {...getInputProps(fields.bets, { type: "text" })} key={fields.bets.key} inputMode="numeric" autoComplete="off" />
        <ErrorList errors={fields.bets.errors} id={fields.bets.errorId} />
      </div>
      {untilStopped ? (
        <CheckboxField
          inputProps={{ type: "checkbox", name: fields.untilStopped.name, value: "on", defaultChecked: fields.untilStopped.initialValue === "on" }}
        >
          {t("house.auto.untilStopped")}
        </CheckboxField>
      ) : null}
      <AdjustField mode={fields.onWin} percent={fields.onWinPercent} label={t("house.auto.onWin")} />
      <AdjustField mode={fields.onLoss} percent={fields.onLossPercent} label={t("house.auto.onLoss")} />
      <div className="grid grid-cols-2 gap-2">
        <TextField field={fields.stopProfit} label={t("house.auto.stopProfit")} />
        <TextField field={fields.stopLoss} label={t("house.auto.stopLoss")} />
      </div>
    </>
  );
}

/** Start (a form submit: the server-side run without JavaScript, the loop with it) or, while the loop runs, Stop. */
export function AutobetControls({ running, onStop, action }: { running: boolean; onStop: () => void; action: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return (
    <>
      {running ? (
        <button type="button" className="btn-primary w-full" onClick={onStop} data-testid="autobet-stop-button">
          {t("house.auto.stop")}
        </button>
      ) : (
        <SubmitButton label={t("house.auto.start")} pendingLabel={t("house.auto.running")} action={action} intent="auto" />
      )}
      {hydrated ? null : <p className="mt-2 text-xs text-white/50">{t("house.auto.serverRun")}</p>}
    </>
  );
}

/** The bets of a run, the total profit and why it stopped. */
export function AutobetResults({ run, running }: { run: AutobetRunView; running?: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="mb-3 rounded-xl bg-panel p-3" aria-live="polite" data-testid="autobet-results" data-count={run.lines.length}>
      <p className="mb-2 font-semibold" data-testid="autobet-summary">
        {t("house.auto.summary", { count: run.lines.length, profit: run.profit })}
      </p>
      {running ? (
        <p className="mb-2 text-sm text-white/70">{t("house.auto.running")}</p>
      ) : run.stop ? (
        <div className="mb-2 text-sm" role="status" data-testid="autobet-stop" data-stop={run.stop}>
          <p>{t(`house.auto.stopped.${run.stop}` as "house.auto.stopped.bets_done")}</p>
          {run.refusal ? <ErrorList errors={[run.refusal]} /> : null}
        </div>
      ) : null}
      <div className="max-h-72 overflow-y-auto">
        <table className="w-full text-left text-xs tabular-nums">
          <thead className="text-white/60">
            <tr>
              <th className="py-1 pr-2">{t("house.auto.number")}</th>
              <th className="py-1 pr-2">{t("house.stake")}</th>
              <th className="py-1 pr-2">{t("house.auto.result")}</th>
              <th className="py-1 text-right">{t("house.auto.payout")}</th>
            </tr>
          </thead>
          <tbody>
            {[...run.lines].reverse().map((l) => (
              <tr key={l.n} className={l.win ? "text-emerald-300" : ""} data-testid="autobet-line">
                <td className="py-1 pr-2">{l.n}</td>
                <td className="py-1 pr-2">{l.stake}</td>
                <td className="py-1 pr-2">{l.result}</td>
                <td className="py-1 text-right">{l.payout}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** What the game's action answered for one bet of the browser's loop. */
export type AutobetBetAnswer =
  { ok: true; stake: bigint; payout: bigint; balance: bigint; win: boolean; result: string } | { ok: false; refusal: string | null };

/**
 * The browser's loop: `start` places the first bet; each answer is read by `read`, the plan decides the next stake
 * or the stop, and the next bet is a new request with a new request key (a retry of one request never bets twice).
 */
export function useAutobetLoop<D>({
  action,
  formFor,
  read,
  bounds,
}: {
  action: string;
  formFor: (stake: bigint, requestKey: string) => FormData;
  read: (data: D) => AutobetBetAnswer;
  bounds: { minStake: bigint; maxStake: bigint };
}) {
  const fetcher = useFetcher({ key: `autobet:${action}` });
  const refresh = useRefresh();
  const [run, setRun] = useState<(AutobetRunView & { running: boolean }) | null>(null);
  const plan = useRef<{ settings: AutobetSettings; state: AutobetState; lines: AutobetLineView[]; stopAsked: boolean; waiting: boolean } | null>(
    null,
  );

  const place = (stake: bigint) => {
    plan.current!.waiting = true;
    fetcher.submit(formFor(stake, crypto.randomUUID()), { method: "post", action });
  };
  const finish = (stop: string, refusal: string | null, profit: bigint) => {
    const p = plan.current!;
    setRun({ lines: p.lines, profit: takaText(profit, { plus: true }), stop, refusal, running: false });
    plan.current = null;
    refresh();
  };

  useEffect(() => {
    const p = plan.current;
    if (!p?.waiting || fetcher.state !== "idle" || fetcher.data === undefined) return;
    p.waiting = false;
    const answer = read(fetcher.data as D);
    if (!answer.ok) return finish("refused", answer.refusal, p.state.profit);
    p.lines = [
      ...p.lines,
      { n: p.lines.length + 1, stake: takaText(answer.stake), result: answer.result, payout: takaText(answer.payout), win: answer.win },
    ];
    const next = afterAutobet(p.settings, p.state, answer, { ...bounds, balance: answer.balance });
    p.state = next.state;
    if (next.stop) return finish(next.stop, null, p.state.profit);
    if (p.stopAsked) return finish("user", null, p.state.profit);
    setRun({ lines: p.lines, profit: takaText(p.state.profit, { plus: true }), stop: "", refusal: null, running: true });
    place(p.state.stake);
    // The loop reacts to the fetcher's answers only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  return {
    run,
    /** The last answer, for the strings of its refusal. */
    data: fetcher.data as D | undefined,
    running: Boolean(run?.running),
    start(settings: AutobetSettings, balance: bigint) {
      const first = startAutobet(settings, { ...bounds, balance });
      plan.current = { settings, state: first.state, lines: [], stopAsked: false, waiting: false };
      if (first.stop) return finish(first.stop, null, 0n);
      setRun({ lines: [], profit: takaText(0n, { plus: true }), stop: "", refusal: null, running: true });
      place(first.state.stake);
    },
    stop() {
      if (plan.current) plan.current.stopAsked = true;
    },
  };
}
