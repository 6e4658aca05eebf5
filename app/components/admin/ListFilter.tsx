// The back office's list filters: a GET form (works without JavaScript, keeps its values in the address) with the
// Dhaka date fields every list has, the list's own fields, a message under each refused field, the "Export CSV" link
// carrying the same query, and the totals of what the filter shows.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { TOTALS_CAP } from "#app/kernel/list-totals.ts";
import { Form } from "react-router";

type Errors = Record<string, string>;

function FieldError({ id, message }: { id: string; message?: string }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p id={id} className="form-error text-xs" role="alert">
      {t(message as "adminExports.errors.day", { fields: "" })}
    </p>
  );
}

/** One labelled input of a filter; its error (a catalogue key) under it. */
export function FilterInput({
  name,
  label,
  values,
  errors,
  type = "text",
  hint,
  inputMode,
  idPrefix,
  className = "min-w-36 flex-1",
}: {
  name: string;
  label: string;
  values: Record<string, string>;
  errors: Errors;
  type?: "text" | "date" | "search";
  hint?: string;
  inputMode?: "decimal" | "search";
  idPrefix: string;
  className?: string;
}) {
  const id = `${idPrefix}-${name}`;
  const error = errors[name];
  return (
    <div className={`field !mb-0 ${className}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={values[name] ?? ""}
        inputMode={inputMode}
        title={hint}
        placeholder={hint ? hint.split(":")[0] : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A labelled select of a filter; `options` as [value, label], the first usually "all" with value "". */
export function FilterSelect({
  name,
  label,
  values,
  errors,
  options,
  idPrefix,
}: {
  name: string;
  label: string;
  values: Record<string, string>;
  errors: Errors;
  options: ReadonlyArray<readonly [string, string]>;
  idPrefix: string;
}) {
  const id = `${idPrefix}-${name}`;
  const error = errors[name];
  return (
    <div className="field !mb-0 min-w-32 flex-1">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue={values[name] ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The form: date preset, first and last Dhaka day, then `children` (the list's own fields), Search, Clear, Export CSV. */
export function ListFilterForm({
  action,
  values,
  errors,
  exportHref,
  idPrefix,
  hidden = {},
  children,
}: {
  action: string;
  values: Record<string, string>;
  errors: Errors;
  /** The export with this filter; null hides the link (a refused filter has nothing to export). */
  exportHref: string | null;
  idPrefix: string;
  /** Values the form carries along unchanged (the queue's tab). */
  hidden?: Record<string, string>;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const ranges = ["today", "yesterday", "last7", "last30"] as const;
  return (
    <Form method="get" action={action} className="mb-3 rounded-xl bg-panel p-3" data-testid={`${idPrefix}-filter`} role="search">
      {Object.entries(hidden).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      <div className="flex flex-wrap items-start gap-3">
        <FilterSelect
          name="range"
          label={t("adminExports.filter.range")}
          values={values}
          errors={errors}
          idPrefix={idPrefix}
          options={[["", t("adminExports.filter.ranges.any")], ...ranges.map((r) => [r, t(`adminExports.filter.ranges.${r}`)] as const)]}
        />
        <FilterInput name="from" type="date" label={t("adminExports.filter.from")} values={values} errors={errors} idPrefix={idPrefix} />
        <FilterInput name="to" type="date" label={t("adminExports.filter.to")} values={values} errors={errors} idPrefix={idPrefix} />
        {children}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button type="submit" className="btn-primary">
          {t("adminExports.filter.apply")}
        </button>
        <a href={action} className="btn-secondary">
          {t("adminExports.filter.clear")}
        </a>
        {exportHref ? (
          <a href={exportHref} className="btn-secondary ml-auto" download data-testid="export-csv" title={t("adminExports.filter.exportHint")}>
            {t("adminExports.filter.export")}
          </a>
        ) : null}
      </div>
    </Form>
  );
}

export type TotalsView = {
  count: number;
  amount: string;
  byStatus: Array<{ status: string; label: string; count: number; amount: string }>;
  /** "Any day" matched more than the cap (kernel/list-totals.ts): no sums, a hint to choose dates. */
  capped?: boolean;
};

/** "More than 10,000 rows. Choose dates to see the totals." (the totals of "Any day" past the cap). */
export function CappedTotals() {
  const { t } = useTranslation();
  return (
    <section className="mb-3 rounded-xl bg-panel p-3 text-sm" data-testid="filter-totals" aria-label={t("adminExports.totals.title")}>
      {t("adminExports.totals.title")}:{" "}
      <strong data-testid="totals-capped">{t("adminExports.totals.capped", { limit: TOTALS_CAP.toLocaleString("en-US") })}</strong>
    </section>
  );
}

/** "This filter shows 12 rows, ৳ 5,400", and per status when the filter names none. */
export function FilterTotals({ totals, perStatus }: { totals: TotalsView; perStatus: boolean }) {
  const { t } = useTranslation();
  if (totals.capped) return <CappedTotals />;
  return (
    <section className="mb-3 rounded-xl bg-panel p-3 text-sm" data-testid="filter-totals" aria-label={t("adminExports.totals.title")}>
      <p>
        {t("adminExports.totals.title")}: <strong data-testid="totals-count">{t("adminExports.totals.rows", { count: totals.count })}</strong>
        {" · "}
        <strong data-testid="totals-amount">{totals.amount}</strong>
      </p>
      {perStatus && totals.byStatus.length > 1 ? (
        <div className="mt-2 overflow-x-auto">
          <table className="text-left text-xs">
            <thead className="text-white/60">
              <tr>
                <th className="pr-4 font-normal">{t("adminExports.totals.status")}</th>
                <th className="pr-4 font-normal">{t("adminExports.totals.count")}</th>
                <th className="font-normal">{t("adminExports.totals.amount")}</th>
              </tr>
            </thead>
            <tbody>
              {totals.byStatus.map((s) => (
                <tr key={s.status} data-testid={`totals-${s.status}`}>
                  <td className="pr-4">{s.label}</td>
                  <td className="pr-4 tabular-nums">{s.count}</td>
                  <td className="tabular-nums">{s.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/** A notice above a refused filter's form. */
export function FilterRefused({ errors }: { errors: Errors }) {
  const { t } = useTranslation();
  const fields = Object.keys(errors);
  if (!fields.length) return null;
  return (
    <p className="form-error mb-3" role="alert" data-testid="filter-refused">
      {t("adminExports.errors.invalid", { fields: fields.join(", ") })}
    </p>
  );
}
