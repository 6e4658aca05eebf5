// The finance lists' filter (deposits, withdrawals, adjustments, gateway checkouts): dates, search text, exact amount,
// method, for adjustments the direction and for checkouts their status; with the export link and the totals it shows.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { FilterInput, FilterRefused, FilterSelect, FilterTotals, ListFilterForm, type TotalsView } from "#app/components/admin/ListFilter.tsx";

export type FinanceFilterView = {
  values: Record<string, string>;
  errors: Record<string, string>;
  /** The filter without status and page, for the tabs and the pager. */
  query: string;
  exportHref: string | null;
  methods: Array<{ id: number; name: string }>;
  /** Checkouts: their statuses as [value, word], for the status select (`state`; the tabs keep `status`). */
  states?: ReadonlyArray<readonly [string, string]>;
  totals: TotalsView | null;
  /** Whether the totals are split per status (no single status chosen). */
  perStatus: boolean;
};

export function FinanceFilterPanel({
  base,
  view,
  hidden,
  directions,
  qHint,
}: {
  base: string;
  view: FinanceFilterView;
  hidden?: Record<string, string>;
  /** Adjustments: the direction select (credit/debit) in place of the method. */
  directions?: boolean;
  /** The search field's hint when the list searches other things than the default's. */
  qHint?: string;
}) {
  const { t } = useTranslation();
  const { values, errors } = view;
  /** A select of the filter whose first option, "", is every value. */
  const select = (name: string, label: string, all: string, options: ReadonlyArray<readonly [string, string]>) => (
    <FilterSelect name={name} label={label} values={values} errors={errors} idPrefix="finance" options={[["", all], ...options]} />
  );
  return (
    <>
      <FilterRefused errors={errors} />
      <ListFilterForm action={base} values={values} errors={errors} exportHref={view.exportHref} idPrefix="finance" hidden={hidden}>
        <FilterInput
          name="q"
          type="search"
          label={t("adminExports.filter.q")}
          hint={qHint ?? t("adminExports.filter.qHint")}
          values={values}
          errors={errors}
          idPrefix="finance"
          className="min-w-48 flex-[2]"
        />
        <FilterInput name="amount" label={t("adminExports.filter.amount")} inputMode="decimal" values={values} errors={errors} idPrefix="finance" />
        {directions
          ? select("status", t("adminExports.adjustments.direction"), t("adminExports.filter.allStatuses"), [
              ["credit", t("adminExports.statuses.credit")],
              ["debit", t("adminExports.statuses.debit")],
            ])
          : select(
              "method",
              t("adminExports.filter.method"),
              t("adminExports.filter.allMethods"),
              view.methods.map((m) => [String(m.id), m.name] as const),
            )}
        {view.states ? select("state", t("adminExports.filter.status"), t("adminExports.filter.allStatuses"), view.states) : null}
      </ListFilterForm>
      {view.totals ? <FilterTotals totals={view.totals} perStatus={view.perStatus} /> : null}
    </>
  );
}
