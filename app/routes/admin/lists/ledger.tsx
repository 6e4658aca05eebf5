// /admin/ledger: every ledger entry (posting) site-wide, newest first, today unless the filter names other days;
// filters by player, transfer kind and account type; the totals of the filter (entries, credits, debits); a player's
// entries link to their 360. Read from the reporting database; the CSV export is ./ledger-export.ts.
import { data } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { FilterInput, FilterRefused, FilterSelect, ListFilterForm } from "#app/components/admin/ListFilter.tsx";
import { ListPager, ListTable, ListTotals, rowClass } from "#app/components/admin/ListParts.tsx";
import { readDb } from "#app/db/db.server.ts";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { translate } from "#app/i18n/translate.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import { takaText } from "#app/kernel/money.ts";
import { entryAccountTypes, entryTotals, listLedgerEntries } from "#app/modules/ledger/index.server.ts";
import { requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { exportHrefOf, pagerOf, readLedgerQuery } from "./filters.server.ts";
import type { Route } from "./+types/ledger";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const BASE = "/admin/ledger";
const PAGE = 50;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, pageRoles.ledger);
  const query = await readLedgerQuery(url);
  const [page, totals] = await Promise.all([
    query.filter ? listLedgerEntries(query.filter, { before: query.before, limit: PAGE }, readDb) : { items: [], nextBefore: null },
    query.filter ? entryTotals(query.filter, readDb) : null,
  ]);
  return data(
    {
      title: translate(context, "adminExports.lists.ledger.title"),
      i18n: areaBundle(context, "adminExports"),
      values: query.values,
      errors: query.errors,
      exportHref: query.filter ? exportHrefOf(BASE, query.values) : null,
      pager: pagerOf(BASE, query.values, query.before, page.nextBefore),
      accounts: entryAccountTypes,
      totals: totals && { count: totals.count, capped: totals.capped, credits: takaText(totals.credits), debits: takaText(totals.debits) },
      rows: page.items.map((e) => ({
        id: e.id,
        playerId: e.playerId,
        username: e.username,
        account: e.accountCode,
        wallet: e.wallet,
        kind: e.kind,
        credit: e.amount > 0n,
        amount: takaText(e.amount < 0n ? -e.amount : e.amount),
        balanceAfter: takaText(e.balanceAfter),
        counterparty: e.counterparty,
        transferId: e.transferId,
        key: e.key,
        createdAt: formatDhaka(e.createdAt),
      })),
    },
    { status: query.filter ? 200 : 400 },
  );
}

export default function AdminLedger({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const { values, errors, rows, totals } = loaderData;
  return (
    <>
      <h1 className="mb-1 text-xl font-bold">{t("adminExports.lists.ledger.title")}</h1>
      <p className="mb-3 text-sm text-white/60">{t("adminExports.lists.ledger.intro")}</p>
      <FilterRefused errors={errors} />
      <ListFilterForm action={BASE} values={values} errors={errors} exportHref={loaderData.exportHref} idPrefix="ledger">
        <FilterInput name="player" label={t("adminExports.lists.player")} values={values} errors={errors} idPrefix="ledger" />
        <FilterInput name="kind" label={t("adminExports.lists.entryKind")} values={values} errors={errors} idPrefix="ledger" />
        <FilterSelect
          name="account"
          label={t("adminExports.lists.account")}
          values={values}
          errors={errors}
          idPrefix="ledger"
          options={[["", t("adminExports.lists.all")], ...loaderData.accounts.map((a) => [a, t(`adminExports.lists.accounts.${a}`)] as const)]}
        />
      </ListFilterForm>
      {totals ? (
        <ListTotals
          count={totals.count}
          capped={totals.capped}
          figures={[
            [t("adminExports.lists.ledger.credits"), totals.credits, "totals-credits"],
            [t("adminExports.lists.ledger.debits"), totals.debits, "totals-debits"],
          ]}
        />
      ) : null}
      <ListTable
        testId="ledger-table"
        rowCount={rows.length}
        emptyText={t("adminExports.lists.ledger.empty")}
        headers={[
          [t("adminExports.columns.time"), false],
          [t("adminExports.columns.ledgerAccount"), false],
          [t("adminExports.columns.kind"), false],
          [t("adminExports.columns.amount"), true],
          [t("adminExports.columns.balanceAfter"), true],
          [t("adminExports.columns.counterparty"), false],
          [t("adminExports.lists.ledger.key"), false],
        ]}
      >
        {rows.map((e) => (
          <tr key={e.id} className={rowClass} data-testid="ledger-row">
            <td className="whitespace-nowrap p-2 tabular-nums max-sm:w-full max-sm:p-0 max-sm:text-white/60">{e.createdAt}</td>
            <td className="p-2 max-sm:p-0 max-sm:font-bold">
              {e.playerId !== null ? (
                <a href={`/admin/players/${e.playerId}`} className="underline">
                  {e.username}
                </a>
              ) : (
                t("adminExports.lists.house")
              )}
              <div className="text-xs font-normal text-white/50">{e.account}</div>
            </td>
            <td className="p-2 max-sm:p-0">{e.kind}</td>
            <td className={`whitespace-nowrap p-2 text-right tabular-nums max-sm:p-0 ${e.credit ? "text-green-400" : "text-red-400"}`}>
              {e.credit ? "+" : "−"}
              {e.amount}
              <span className="sr-only"> {t(e.credit ? "adminExports.statuses.credit" : "adminExports.statuses.debit")}</span>
            </td>
            <td className="whitespace-nowrap p-2 text-right tabular-nums max-sm:p-0">{e.balanceAfter}</td>
            <td className="p-2 text-xs max-sm:p-0">{e.counterparty}</td>
            <td className="break-all p-2 text-xs text-white/60 max-sm:w-full max-sm:p-0">
              #{e.transferId} · {e.key}
            </td>
          </tr>
        ))}
      </ListTable>
      <ListPager pager={loaderData.pager} />
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
