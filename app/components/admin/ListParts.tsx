// The parts the site-wide back-office lists (rounds, exchange bets, ledger entries) share below their filter form: the
// totals of what the filter shows, the table (a card per row on a phone, the header hidden), and the keyset pager.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { CappedTotals } from "./ListFilter.tsx";

/** "This filter shows 12 rows · Stakes ৳5,400 · ...": each figure as [label, value, test id]. */
export function ListTotals({
  count,
  figures,
  capped = false,
}: {
  count: number;
  figures: ReadonlyArray<readonly [string, string, string]>;
  /** "Any day" matched more than the cap: no sums, a hint to choose dates. */
  capped?: boolean;
}) {
  const { t } = useTranslation();
  if (capped) return <CappedTotals />;
  return (
    <section className="mb-3 rounded-xl bg-panel p-3 text-sm" data-testid="filter-totals" aria-label={t("adminExports.totals.title")}>
      {t("adminExports.totals.title")}: <strong data-testid="totals-count">{t("adminExports.totals.rows", { count })}</strong>
      {figures.map(([label, value, testId]) => (
        <span key={testId}>
          {" · "}
          {label} <strong data-testid={testId}>{value}</strong>
        </span>
      ))}
    </section>
  );
}

export const rowClass = "border-b border-white/5 align-top max-sm:flex max-sm:flex-wrap max-sm:gap-x-3 max-sm:p-2";

/** The list's table, or `emptyText` when there are no rows; headers as [label, right-aligned]. */
export function ListTable({
  testId,
  rowCount,
  emptyText,
  headers,
  children,
}: {
  testId: string;
  rowCount: number;
  emptyText: string;
  headers: ReadonlyArray<readonly [string, boolean]>;
  children: React.ReactNode;
}) {
  if (rowCount === 0) return <p className="rounded-xl bg-panel p-4 text-white/70">{emptyText}</p>;
  return (
    <div className="overflow-x-auto rounded-xl bg-panel">
      <table className="w-full text-left text-sm" data-testid={testId}>
        <thead className="text-xs text-white/60 max-sm:hidden">
          <tr className="border-b border-white/10">
            {headers.map(([label, right]) => (
              <th key={label} className={`p-2 font-normal ${right ? "text-right" : ""}`}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:block">{children}</tbody>
      </table>
    </div>
  );
}

export type PagerLinks = { newest: string | null; older: string | null };

/** "Newest" back to the first page, "Older" after the last row shown. */
export function ListPager({ pager }: { pager: PagerLinks }) {
  const { t } = useTranslation();
  if (!pager.newest && !pager.older) return null;
  return (
    <nav className="mt-3 flex items-center justify-between text-sm" aria-label={t("adminExports.lists.older")}>
      {pager.newest ? (
        <a href={pager.newest} className="btn-secondary" data-testid="list-newest">
          {t("adminExports.lists.newest")}
        </a>
      ) : (
        <span />
      )}
      {pager.older ? (
        <a href={pager.older} className="btn-secondary" data-testid="list-older">
          {t("adminExports.lists.older")}
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
