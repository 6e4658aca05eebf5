import { useTranslation } from "#app/i18n/use-translation.ts";
import { takaText } from "#app/kernel/money.ts";

/** Amounts in poisha (a bigint, or its decimal string): what `getTurnoverLeft` returns, as a loader hands it on. */
export type TurnoverLeftProps = {
  active: boolean;
  required: bigint | string;
  done: bigint | string;
  left: bigint | string;
  /** Percent done, 0-100. */
  progress: number;
  withdrawableNow: bigint | string;
  className?: string;
};

/**
 * What stands between the player and a withdrawal: the turnover left of the active requirements (a progress bar,
 * "৳X of ৳Y" and a link to /turnover-record) and the amount withdrawable now. With no active requirement, only the
 * withdrawable amount. Server-rendered; needs no JavaScript.
 */
export function TurnoverLeft({ active, required, done, left, progress, withdrawableNow, className = "" }: TurnoverLeftProps) {
  const { t } = useTranslation();
  const percent = Math.min(100, Math.max(0, progress));
  const withdrawable = (
    <p className="text-sm" data-testid="withdrawable-now">
      {t("paymentPages.turnoverLeft.withdrawable", { amount: takaText(withdrawableNow) })}
    </p>
  );
  if (!active) {
    return (
      <section className={`rounded-lg bg-ink px-3 py-2 ${className}`} aria-label={t("paymentPages.turnoverLeft.title")} data-testid="turnover-left">
        {withdrawable}
      </section>
    );
  }
  return (
    <section
      className={`rounded-lg border border-brand/40 bg-ink p-3 ${className}`}
      aria-labelledby="turnover-left-text"
      data-testid="turnover-left"
      data-active="true"
    >
      <p id="turnover-left-text" className="mb-2 text-sm font-semibold" data-testid="turnover-left-text">
        {t("paymentPages.turnoverLeft.left", { left: takaText(left), required: takaText(required) })}
      </p>
      <progress
        className="turnover-progress mb-1 block h-2 w-full overflow-hidden rounded-full bg-white/10 accent-brand [&::-moz-progress-bar]:bg-brand [&::-webkit-progress-bar]:bg-white/10 [&::-webkit-progress-value]:bg-brand"
        max={100}
        value={percent}
        aria-label={t("paymentPages.turnoverLeft.progress")}
        aria-valuetext={t("paymentPages.turnoverLeft.done", { done: takaText(done), percent })}
      >
        {percent}%
      </progress>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs text-white/60">
        <span className="tabular-nums">{t("paymentPages.turnoverLeft.done", { done: takaText(done), percent })}</span>
        <a href="/turnover-record" className="font-semibold text-brand" data-testid="turnover-left-link">
          {t("paymentPages.turnoverLeft.record")} ›
        </a>
      </div>
      {withdrawable}
    </section>
  );
}
