// The finance lists' filter (deposits, withdrawals, adjustments): dates, search text, exact amount, method, and for
// adjustments the direction; with the export link and the totals of what it shows.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { FilterInput, FilterRefused, FilterSelect, FilterTotals, ListFilterForm, type TotalsView } from "#app/components/admin/ListFilter.tsx";

export type FinanceFilterView = {
  values: Record<string, string>;
  errors: Record<string, string>;
  /** The filter without status and page, for the tabs and the pager. */
  query: string;
  exportHref: string | null;
  methods: Array<{ id: number; name: string }>;
  totals: TotalsView | null;
  /** Whether the totals are split per status (no single status chosen). */
  perStatus: boolean;
};

export function FinanceFilterPanel({
  base,
  view,
  hidden,
  directions,
}: {
  base: string;
  view: FinanceFilterView;
  hidden?: Record<string, string>;
  /** Adjustments: the direction select (credit/debit) in place of the method. */
  directions?: boolean;
}) {
  const { t } = useTranslation();
  const { values, errors } = view;
  return (
    <>
      <FilterRefused errors={errors} />
      <ListFilterForm action={base} values={values} errors={errors} exportHref={view.exportHref} idPrefix="finance" hidden={hidden}>
        <FilterInput
          name="q"
          type="search"
          label={t("adminExports.filter.q")}
          hint={t("adminExports.filter.qHint")}
          values={values}
          errors={errors}
          idPrefix="finance"
          className="min-w-48 flex-[2]"
        />
        <FilterInput name="amount" label={t("adminExports.filter.amount")} inputMode="decimal" values={values} errors={errors} idPrefix="finance" />
        {directions ? (
          <FilterSelect
            name="status"
            label={t("adminExports.adjustments.direction")}
            values={values}
            errors={errors}
            idPrefix="finance"
            options={[
              ["", t("adminExports.filter.allStatuses")],
              ["credit", t("adminExports.statuses.credit")],
              ["debit", t("adminExports.statuses.debit")],
            ]}
          />
        ) : (
          <FilterSelect
            name="method"
            label={t("adminExports.filter.method")}
            values={values}
            errors={errors}
            idPrefix="finance"
            options={[["", t("adminExports.filter.allMethods")], ...view.methods.map((m) => [String(m.id), m.name] as const)]}
          />
        )}
      </ListFilterForm>
      {view.totals ? <FilterTotals totals={view.totals} perStatus={view.perStatus} /> : null}
    </>
  );
}
