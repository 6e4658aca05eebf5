// /admin/exchange-bets: every exchange bet site-wide, newest first, today unless the filter names other days; filters
// by player, event, market, market kind and status; the totals of the filter (bets, stakes, matched, players' P&L);
// each row links to the player's 360. Read from the reporting database; the CSV export is ./bets-export.ts.
import { data } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { FilterInput, FilterRefused, FilterSelect, ListFilterForm } from "#app/components/admin/ListFilter.tsx";
import { ListPager, ListTable, ListTotals, rowClass } from "#app/components/admin/ListParts.tsx";
import { readDb } from "#app/db/db.server.ts";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { translate } from "#app/i18n/translate.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { takaText } from "#app/kernel/money.ts";
import { betTotals, listExchangeBets, marketKinds, orderStatuses } from "#app/modules/exchange/index.server.ts";
import { requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { exportHrefOf, pagerOf, readBetsQuery } from "./filters.server.ts";
import type { Route } from "./+types/bets";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const BASE = "/admin/exchange-bets";
const PAGE = 50;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, pageRoles.exchangeBets);
  const query = await readBetsQuery(url);
  const [rows, totals] = await Promise.all([
    query.filter ? listExchangeBets(readDb, query.filter, query.before, PAGE + 1) : [],
    query.filter ? betTotals(query.filter, readDb) : null,
  ]);
  const shown = rows.slice(0, PAGE);
  return data(
    {
      title: translate(context, "adminExports.lists.bets.title"),
      i18n: areaBundle(context, "adminExports"),
      values: query.values,
      errors: query.errors,
      exportHref: query.filter ? exportHrefOf(BASE, query.values) : null,
      pager: pagerOf(BASE, query.values, query.before, rows.length > PAGE ? shown.at(-1)!.id : null),
      kinds: marketKinds,
      statuses: orderStatuses,
      totals: totals && {
        count: totals.count,
        capped: totals.capped,
        stake: takaText(totals.stake),
        matched: takaText(totals.matched),
        profit: takaText(totals.profit),
      },
      rows: shown.map((b) => ({
        id: b.id,
        ref: b.transactionId,
        playerId: b.playerId,
        username: b.username,
        event: b.event,
        market: b.market,
        marketId: b.marketId,
        kind: b.kind,
        selection: b.selection,
        side: b.betType,
        asked: b.plain.requestedOdds ?? b.run,
        matchedOdds: b.plain.averageOdds,
        stake: b.stake,
        matched: takaText(b.matchedStake),
        status: b.orderStatus,
        net: b.net,
        placedAt: b.createdAt,
      })),
    },
    { status: query.filter ? 200 : 400 },
  );
}

export default function AdminExchangeBets({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const { values, errors, rows, totals } = loaderData;
  const kind = (k: (typeof marketKinds)[number]) => t(`adminExports.lists.kinds.${k}`);
  const status = (s: (typeof orderStatuses)[number]) => t(`adminExports.lists.betStatuses.${s}`);
  return (
    <>
      <h1 className="mb-1 text-xl font-bold">{t("adminExports.lists.bets.title")}</h1>
      <p className="mb-3 text-sm text-white/60">{t("adminExports.lists.bets.intro")}</p>
      <FilterRefused errors={errors} />
      <ListFilterForm action={BASE} values={values} errors={errors} exportHref={loaderData.exportHref} idPrefix="bets">
        <FilterInput name="player" label={t("adminExports.lists.player")} values={values} errors={errors} idPrefix="bets" />
        <FilterInput name="event" inputMode="decimal" label={t("adminExports.lists.event")} values={values} errors={errors} idPrefix="bets" />
        <FilterInput name="market" inputMode="decimal" label={t("adminExports.lists.market")} values={values} errors={errors} idPrefix="bets" />
        <FilterSelect
          name="kind"
          label={t("adminExports.lists.kind")}
          values={values}
          errors={errors}
          idPrefix="bets"
          options={[["", t("adminExports.lists.all")], ...loaderData.kinds.map((k) => [k, kind(k)] as const)]}
        />
        <FilterSelect
          name="status"
          label={t("adminExports.lists.status")}
          values={values}
          errors={errors}
          idPrefix="bets"
          options={[["", t("adminExports.lists.all")], ...loaderData.statuses.map((s) => [s, status(s)] as const)]}
        />
      </ListFilterForm>
      {totals ? (
        <ListTotals
          count={totals.count}
          capped={totals.capped}
          figures={[
            [t("adminExports.lists.bets.stakes"), totals.stake, "totals-stake"],
            [t("adminExports.lists.bets.matched"), totals.matched, "totals-matched"],
            [t("adminExports.lists.bets.pnl"), totals.profit, "totals-pnl"],
          ]}
        />
      ) : null}
      <ListTable
        testId="bets-table"
        rowCount={rows.length}
        emptyText={t("adminExports.lists.bets.empty")}
        headers={[
          [t("adminExports.columns.time"), false],
          [t("adminExports.columns.username"), false],
          [t("adminExports.columns.market"), false],
          [t("adminExports.columns.selection"), false],
          [t("adminExports.columns.oddsMatched"), true],
          [t("adminExports.columns.stake"), true],
          [t("adminExports.columns.matched"), true],
          [t("adminExports.columns.status"), false],
          [t("adminExports.columns.pnl"), true],
        ]}
      >
        {rows.map((b) => (
          <tr key={b.id} className={rowClass} data-testid="bets-row">
            <td className="whitespace-nowrap p-2 tabular-nums max-sm:w-full max-sm:p-0 max-sm:text-white/60">
              {b.placedAt} <span className="text-xs text-white/50">{b.ref}</span>
            </td>
            <td className="p-2 max-sm:p-0 max-sm:font-bold">
              <a href={`/admin/players/${b.playerId}`} className="underline">
                {b.username}
              </a>
            </td>
            <td className="p-2 max-sm:w-full max-sm:p-0">
              <div>{b.market}</div>
              <div className="text-xs text-white/50">
                {b.event} · {kind(b.kind)} · #{b.marketId}
              </div>
            </td>
            <td className="p-2 max-sm:p-0">
              {b.selection} <span className="text-xs text-white/50">{t(`adminExports.lists.sides.${b.side}`)}</span>
            </td>
            <td className="whitespace-nowrap p-2 text-right tabular-nums max-sm:p-0">
              {b.matchedOdds ?? "–"}
              {b.asked !== null && b.asked !== b.matchedOdds ? (
                <div className="text-xs text-white/50">
                  {t("adminExports.lists.bets.asked")} {b.asked}
                </div>
              ) : null}
            </td>
            <td className="whitespace-nowrap p-2 text-right tabular-nums max-sm:p-0">{b.stake}</td>
            <td className="whitespace-nowrap p-2 text-right tabular-nums max-sm:p-0">{b.matched}</td>
            <td className="p-2 max-sm:p-0">{status(b.status)}</td>
            <td className={`whitespace-nowrap p-2 text-right tabular-nums max-sm:p-0 ${b.net?.negative ? "text-red-400" : ""}`}>
              {b.net?.text ?? ""}
            </td>
          </tr>
        ))}
      </ListTable>
      <ListPager pager={loaderData.pager} />
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
