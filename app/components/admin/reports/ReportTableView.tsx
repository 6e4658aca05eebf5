// A report as a table: text as is, counts grouped, money in taka, percentages with two decimals; a totals row.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { groupWhole } from "#app/components/payments/format.ts";
import { takaText } from "#app/kernel/money.ts";
import { isReportValueWord, type ReportColumn, type ReportRow, type ReportTable } from "#app/modules/reporting/index.ts";

export function useReportCell() {
  const { t } = useTranslation();
  return (column: ReportColumn, value: ReportRow[string]) => {
    if (value === null || value === undefined) return t("adminReports.none");
    if (column.type === "money") return takaText(String(value), { symbol: false });
    if (column.type === "count") return groupWhole(Number(value));
    if (column.type === "percent") return `${Number(value).toFixed(2)}%`;
    return isReportValueWord(value) ? t(`adminReports.values.${value}`) : String(value);
  };
}

export function ReportTableView({ table }: { table: ReportTable }) {
  const { t } = useTranslation();
  const cell = useReportCell();
  if (!table.rows.length) return <p className="mt-3 rounded-xl bg-panel p-4 text-white/60">{t("adminReports.empty")}</p>;
  const numeric = (c: ReportColumn) => c.type !== "text";
  return (
    <div className="mt-2 overflow-x-auto rounded-xl bg-panel" data-testid="report-table">
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-white/60">
            {table.columns.map((c) => (
              <th key={c.key} scope="col" className={`whitespace-nowrap px-3 py-2 font-normal ${numeric(c) ? "text-right" : ""}`}>
                {t(`adminReports.columns.${c.key as "product"}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-white/10">
          {table.rows.map((row, i) => (
            <tr key={i} data-testid="report-row">
              {table.columns.map((c) => (
                <td key={c.key} className={`whitespace-nowrap px-3 py-1.5 ${numeric(c) ? "text-right tabular-nums" : ""}`}>
                  {cell(c, row[c.key] ?? null)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-white/20 font-semibold" data-testid="report-totals">
            {table.columns.map((c, i) => (
              <td key={c.key} className={`whitespace-nowrap px-3 py-2 ${numeric(c) ? "text-right tabular-nums" : ""}`}>
                {i === 0 ? t("adminReports.total") : c.key in table.totals ? cell(c, table.totals[c.key] ?? null) : ""}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
