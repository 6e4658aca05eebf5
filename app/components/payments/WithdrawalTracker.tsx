import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import type { WithdrawalTracker as Tracker } from "#app/modules/payments/index.server.ts";

const STEP_DOT = {
  submitted: "bg-brand",
  reviewed: "bg-brand",
  success: "bg-accent",
  fail: "bg-red-400",
  refunded: "bg-white/60",
  cancelled: "bg-white/60",
} as const;

/** The dot of a timeline step (a withdrawal's tracker, a transaction's details): grey until it is done. */
export function stepDot(step: keyof typeof STEP_DOT, done: boolean) {
  return done ? STEP_DOT[step] : "bg-white/20";
}

/** A withdrawal's tracker as a loader hands it to the page: times already written in Asia/Dhaka. */
export type WithdrawalTrackerView = {
  status: Tracker["status"];
  steps: { step: Tracker["steps"][number]["step"]; at: string | null }[];
  current: Tracker["current"];
  reason: string | null;
  expectedBy: string;
  overdue: boolean;
};

/** For a loader: the module's tracker with its times written in Asia/Dhaka. */
export function trackerView(tracker: Tracker): WithdrawalTrackerView {
  return {
    status: tracker.status,
    steps: tracker.steps.map((s) => ({ step: s.step, at: s.at ? formatDhakaDateTime(s.at) : null })),
    current: tracker.current,
    reason: tracker.reason,
    expectedBy: formatDhakaDateTime(tracker.expectedBy),
    overdue: tracker.overdue,
  };
}

export function OverdueBadge() {
  const { t } = useTranslation();
  return (
    <span
      className="inline-block whitespace-nowrap rounded-full bg-red-500/20 px-2 py-0.5 text-[0.7rem] font-semibold text-red-300"
      data-testid="overdue-badge"
    >
      {t("payments.tracker.overdue")}
    </span>
  );
}

/**
 * Requested → in review → paid or rejected (with the staff's reason), each step with its time once reached; while
 * pending, when the payout is expected and, past that, an Overdue badge. Plain HTML: the same without JavaScript.
 */
export function WithdrawalTracker({ tracker, headingLevel = 2 }: { tracker: WithdrawalTrackerView; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const pending = tracker.status === "pending";
  return (
    <section
      className="rounded-xl bg-panel p-4 text-left"
      aria-labelledby="withdrawal-tracker-title"
      data-testid="withdrawal-tracker"
      data-status={tracker.status}
      data-overdue={tracker.overdue}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <Heading id="withdrawal-tracker-title" className="text-base font-bold">
          {t("payments.tracker.title")}
        </Heading>
        {tracker.overdue ? <OverdueBadge /> : null}
      </div>
      {pending ? (
        <p className={`mb-3 text-sm font-semibold tabular-nums ${tracker.overdue ? "text-red-300" : "text-brand"}`} data-testid="tracker-expected">
          {t("payments.tracker.expectedBy", { time: tracker.expectedBy })} <span className="font-normal text-white/50">({t("payments.gmt6")})</span>
        </p>
      ) : null}
      <ol className="relative ml-2 border-l-2 border-white/10">
        {tracker.steps.map((s) => {
          const done = s.at !== null;
          const current = tracker.current === s.step;
          const colour = current ? "bg-brand animate-pulse" : stepDot(s.step, done);
          return (
            <li
              key={s.step}
              className="mb-4 ml-4 last:mb-0"
              data-testid="tracker-step"
              data-step={s.step}
              data-done={done}
              aria-current={current ? "step" : undefined}
            >
              <span className={`absolute -left-[7px] mt-1 size-3 rounded-full ring-4 ring-panel ${colour}`} aria-hidden="true" />
              <p className={`text-sm font-semibold ${done || current ? "" : "text-white/40"}`}>{t(`payments.tracker.steps.${s.step}`)}</p>
              <p className="text-xs tabular-nums text-white/50">
                {s.at ? `${s.at} (${t("payments.gmt6")})` : current ? t("payments.tracker.inProgress") : t("payments.tracker.notYet")}
              </p>
              {s.step === "fail" && tracker.reason ? (
                <p className="mt-1 break-words text-sm text-red-300" data-testid="tracker-reason">
                  {t("payments.tracker.reason", { reason: tracker.reason })}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      {tracker.overdue ? (
        <p className="mt-3 rounded-md border border-red-400/40 bg-red-500/10 p-2 text-xs text-white/80" data-testid="tracker-overdue-note">
          {t("payments.tracker.overdueNote")}
        </p>
      ) : null}
    </section>
  );
}
