import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { ErrorList } from "#app/components/forms/Field.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import {
  MIN_TICK,
  ODDS_CHANGE_TOLERANCE,
  priceAt,
  marketKind,
  type MarketKindSpec,
  type BetKind,
  type BetSide,
  QUICK_STAKES,
  slipFigures,
  stakePoisha,
} from "#app/modules/exchange/index.ts";
import { takaText } from "#app/kernel/money.ts";
import { betFormSchema } from "./schemas.ts";

export type SlipData = {
  kind: BetKind;
  marketId: number;
  runnerId: number | null;
  selection: string;
  side: BetSide;
  price: string;
  line: number | null;
  stake: string;
  profit: string | null;
  liability: string | null;
  limits: { min: string; max: string };
};

/**
 * Odds × 100 or the rate (the kind's price), from the price field; null when it is not a usable price. The lowest odds
 * on the ladder (1.01) show the server's figures, as they always have.
 */
export function priceNumber(kind: MarketKindSpec, text: string | undefined): number | null {
  const price = kind.parsePrice(text ?? "");
  if (price === null || price <= kind.evenPrice) return null;
  return kind.hasBook && price === priceAt(MIN_TICK) ? null : price;
}

/**
 * The bet slip for one price: stake (with quick stakes), odds (editable for match odds, the quote otherwise), potential
 * profit and liability; "keep in-play" (match odds before the start) or "accept odds changes" (Bookmaker, Fancy, with
 * the tolerance stated); in play, the bet delay. A normal form: it posts to the page and works without JavaScript (the
 * delay is a static text); with it the figures follow the typing and the delay counts down while the bet is placed.
 */
export function BetSlip({
  slip,
  requestKey,
  action,
  closeHref,
  stakeHref,
  delaySeconds,
  lastResult,
  onBet,
}: {
  slip: SlipData;
  requestKey: string;
  action: string;
  closeHref: string;
  stakeHref: (stake: number) => string;
  delaySeconds: number;
  lastResult: SubmissionResult<string[]> | undefined;
  /** Told the price and stake as the player types them (the market page projects the P&L under each runner). */
  onBet?: (bet: { price: number | null; stake: bigint | null }) => void;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: `slip-${slip.marketId}-${slip.runnerId ?? "f"}-${slip.side}-${slip.price}`,
    lastResult,
    constraint: getZodConstraint(betFormSchema),
    defaultValue: { stake: slip.stake, price: slip.price },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: betFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const kind = marketKind(slip.kind);
  const price = priceNumber(kind, fields.price.value ?? slip.price);
  const stake = stakePoisha(fields.stake.value ?? slip.stake);
  const figures = price !== null && stake !== null ? slipFigures(slip.kind, slip.side, price, stake) : null;
  useEffect(() => onBet?.({ price, stake }), [onBet, price, stake]);
  // With JavaScript: this slip's bet is on its way (the in-play delay counts down meanwhile).
  const navigation = useNavigation();
  const placing = navigation.state === "submitting" && navigation.formData?.get("requestKey") === requestKey;
  const tone = slip.side === "back" || slip.side === "yes" ? "border-sky-300" : "border-pink-300";
  return (
    <section className={`mb-3 rounded-xl border-l-4 bg-panel p-3 ${tone}`} aria-labelledby="bet-slip-title" data-testid="bet-slip">
      <div className="mb-2 flex items-center gap-2">
        <h2 id="bet-slip-title" className="flex-1 font-bold">
          {t("exchange.slip.title")}: {t(`exchange.account.sides.${slip.side}`)} {slip.selection}
          {slip.line !== null ? ` (${slip.line})` : null}
        </h2>
        <a href={closeHref} className="text-sm underline">
          {t("exchange.slip.close")}
        </a>
      </div>
      <Form method="post" action={action} {...getFormProps(form)} preventScrollReset>
        <ErrorList errors={form.errors} id={form.errorId} className="field-error mb-2" />
        <input type="hidden" name="intent" value="bet" />
        <input type="hidden" name="market" value={slip.marketId} />
        {slip.runnerId !== null ? <input type="hidden" name="runner" value={slip.runnerId} /> : null}
        <input type="hidden" name="side" value={slip.side} />
        {slip.line !== null ? <input type="hidden" name="line" value={slip.line} /> : null}
        <input type="hidden" name="requestKey" value={requestKey} />
        <div className="grid grid-cols-2 gap-2">
          <div className="field">
            <label htmlFor={fields.price.id}>{t(`exchange.slip.${kind.priceField}`)}</label>
            <input
              {...getInputProps(fields.price, { type: "text" })}
              key={fields.price.key}
              inputMode="decimal"
              autoComplete="off"
              readOnly={kind.priceField !== "odds"}
            />
            <ErrorList errors={fields.price.errors} id={fields.price.errorId} />
          </div>
          <div className="field">
            <label htmlFor={fields.stake.id}>{t("exchange.slip.stake")}</label>
            <input {...getInputProps(fields.stake, { type: "text" })} key={fields.stake.key} inputMode="numeric" autoComplete="off" autoFocus />
            <ErrorList errors={fields.stake.errors} id={fields.stake.errorId} />
          </div>
        </div>
        <p className="mb-2 text-xs text-white/60">{t("exchange.market.limits", slip.limits)}</p>
        <div className="mb-3 flex flex-wrap gap-1" role="group" aria-label={t("exchange.slip.quick")}>
          {QUICK_STAKES.map((q) => (
            <a
              key={q}
              href={stakeHref(q)}
              className="rounded-lg bg-ink px-3 py-1.5 text-sm tabular-nums"
              onClick={(e) => {
                e.preventDefault();
                form.update({ name: fields.stake.name, value: String(q) });
              }}
            >
              {q.toLocaleString("en-IN")}
            </a>
          ))}
        </div>
        <dl className="mb-3 grid grid-cols-2 gap-2 text-center text-xs" data-testid="slip-figures">
          <div className="rounded-lg bg-ink p-2">
            <dt className="text-white/60">{t("exchange.slip.profit")}</dt>
            <dd className="font-bold text-emerald-400 tabular-nums">{figures ? takaText(figures.profit) : (slip.profit ?? "–")}</dd>
          </div>
          <div className="rounded-lg bg-ink p-2">
            <dt className="text-white/60">{t("exchange.slip.liability")}</dt>
            <dd className="font-bold text-red-400 tabular-nums">{figures ? takaText(figures.liability) : (slip.liability ?? "–")}</dd>
          </div>
        </dl>
        {!kind.hasBook ? (
          <div className="mb-2">
            <label className="flex items-center gap-2 text-sm">
              <input {...getInputProps(fields.acceptChanges, { type: "checkbox" })} key={fields.acceptChanges.key} className="size-5" />
              {t("exchange.slip.acceptChanges", { points: ODDS_CHANGE_TOLERANCE })}
            </label>
            <p className="text-xs text-white/60">
              {t("exchange.slip.acceptChangesHint")} {kind.hasRunners ? null : t("exchange.slip.acceptChangesLine")}
            </p>
          </div>
        ) : null}
        {kind.hasBook && delaySeconds === 0 ? (
          <label className="mb-2 flex items-center gap-2 text-sm">
            <input {...getInputProps(fields.persist, { type: "checkbox" })} key={fields.persist.key} className="size-5" />
            {t("exchange.slip.persist")}
          </label>
        ) : null}
        {delaySeconds > 0 && kind.hasBook ? (
          placing ? (
            <DelayCountdown seconds={delaySeconds} />
          ) : (
            <p className="mb-2 text-xs text-white/60" data-testid="slip-delay">
              {t("exchange.slip.delay", { seconds: delaySeconds })}
            </p>
          )
        ) : null}
        <SubmitButton label={t("exchange.slip.place")} pendingLabel={t("exchange.slip.placing")} />
      </Form>
    </section>
  );
}

/** While an in-play bet is being placed (JavaScript only): the delay counting down, a second at a time. */
function DelayCountdown({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p role="status" className="mb-2 text-sm font-semibold text-amber-300" data-testid="delay-countdown">
      {t("exchange.slip.countdown", { seconds: left })}
    </p>
  );
}
