// The back office's Dhaka-day range as a GET form (works without JavaScript): a named range or custom from/to days,
// with the reading problem next to the days. Strings from the adminDashboard area (the route loads its bundle).
import { Form } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { MAX_RANGE_DAYS, rangeChoices, type DashboardRange, type RangeProblem } from "#app/modules/reporting/index.ts";

export type RangeFormValues = { range: string; from: string; to: string };

export function RangeForm({
  form,
  problem,
  range,
  compared = true,
  children,
}: {
  form: RangeFormValues;
  problem: { field: "from" | "to"; problem: RangeProblem } | null;
  range: DashboardRange;
  /** Say which previous period the figures are compared with (the dashboard) or only the period (reports). */
  compared?: boolean;
  /** Other GET fields kept with the range (hidden inputs). */
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const problemText = problem ? t(`adminDashboard.range.${problem.problem}`, { max: MAX_RANGE_DAYS }) : null;
  const day = (name: "from" | "to") => (
    <label className="flex flex-col gap-1">
      <span className="text-white/60">{t(`adminDashboard.range.${name}`)}</span>
      <input
        type="date"
        name={name}
        defaultValue={form[name]}
        key={`${name}-${form[name]}`}
        className="rounded bg-black/30 px-2 py-1"
        aria-invalid={problem?.field === name || undefined}
        aria-describedby={problem?.field === name ? "range-problem" : undefined}
      />
    </label>
  );
  return (
    <>
      <Form method="get" className="flex flex-wrap items-end gap-2 rounded-xl bg-panel p-3 text-sm" data-testid="range-form">
        {children}
        <label className="flex flex-col gap-1">
          <span className="text-white/60">{t("adminDashboard.range.choice")}</span>
          <select name="range" defaultValue={form.range || "last7"} className="rounded bg-black/30 px-2 py-1.5" key={form.range}>
            {rangeChoices.map((c) => (
              <option key={c} value={c}>
                {t(`adminDashboard.range.${c}`)}
              </option>
            ))}
          </select>
        </label>
        {day("from")}
        {day("to")}
        <button type="submit" className="rounded bg-brand px-3 py-1.5 font-semibold text-black">
          {t("adminDashboard.range.apply")}
        </button>
        {problemText ? (
          <p id="range-problem" role="alert" className="w-full text-rose-400" data-testid="range-problem">
            {problemText} {t("adminDashboard.range.fallback")}
          </p>
        ) : null}
      </Form>
      <p className="mt-2 text-xs text-white/60" data-testid="range-showing">
        {compared
          ? t("adminDashboard.range.showing", {
              from: range.current.from,
              to: range.current.to,
              prevFrom: range.previous.from,
              prevTo: range.previous.to,
            })
          : t("adminDashboard.range.period", { from: range.current.from, to: range.current.to })}
      </p>
    </>
  );
}
