// /admin/rounds: every casino round site-wide (provider and in-house games), newest first, today unless the filter
// names other days; filters by player, provider, game, status and stake; the totals of the filter (rounds, stakes,
// wins, GGR); each row links to the player's 360. Read from the reporting database; the CSV export is ./rounds-export.ts.
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
import { listRecordPlatforms, listRounds, roundTotals } from "#app/modules/games/index.server.ts";
import { requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { exportHrefOf, pagerOf, readRoundsQuery, roundStatuses } from "./filters.server.ts";
import type { Route } from "./+types/rounds";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const BASE = "/admin/rounds";
const PAGE = 50;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, pageRoles.rounds);
  const query = await readRoundsQuery(url);
  const [rows, totals, providers] = await Promise.all([
    query.filter ? listRounds(query.filter, { before: query.before, limit: PAGE + 1 }, readDb) : [],
    query.filter ? roundTotals(query.filter, readDb) : null,
    listRecordPlatforms(),
  ]);
  const shown = rows.slice(0, PAGE);
  return data(
    {
      title: translate(context, "adminExports.lists.rounds.title"),
      i18n: areaBundle(context, "adminExports"),
      values: query.values,
      errors: query.errors,
      exportHref: query.filter ? exportHrefOf(BASE, query.values) : null,
      pager: pagerOf(BASE, query.values, query.before, rows.length > PAGE ? shown.at(-1)!.id : null),
      providers,
      statuses: roundStatuses,
      totals: totals && {
        count: totals.count,
        capped: totals.capped,
        stake: takaText(totals.stake),
        payout: takaText(totals.payout),
        ggr: takaText(totals.ggr),
      },
      rows: shown.map((r) => ({
        id: r.id,
        playerId: r.playerId,
        username: r.username,
        provider: r.providerName,
        game: r.gameName ?? r.gameCode,
        status: r.status,
        stake: takaText(r.stake),
        payout: takaText(r.payout),
        createdAt: formatDhaka(r.createdAt),
      })),
    },
    { status: query.filter ? 200 : 400 },
  );
}

export default function AdminRounds({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const { values, errors, rows, totals } = loaderData;
  const status = (s: string) => t(`adminExports.lists.roundStatuses.${s as (typeof roundStatuses)[number]}`, { defaultValue: s });
  return (
    <>
      <h1 className="mb-1 text-xl font-bold">{t("adminExports.lists.rounds.title")}</h1>
      <p className="mb-3 text-sm text-white/60">{t("adminExports.lists.rounds.intro")}</p>
      <FilterRefused errors={errors} />
      <ListFilterForm action={BASE} values={values} errors={errors} exportHref={loaderData.exportHref} idPrefix="rounds">
        <FilterInput name="player" label={t("adminExports.lists.player")} values={values} errors={errors} idPrefix="rounds" />
        <FilterSelect
          name="provider"
          label={t("adminExports.lists.provider")}
          values={values}
          errors={errors}
          idPrefix="rounds"
          options={[["", t("adminExports.lists.allProviders")], ...loaderData.providers.map((p) => [p.platform, p.name] as const)]}
        />
        <FilterInput name="game" label={t("adminExports.lists.game")} values={values} errors={errors} idPrefix="rounds" />
        <FilterSelect
          name="status"
          label={t("adminExports.lists.status")}
          values={values}
          errors={errors}
          idPrefix="rounds"
          options={[["", t("adminExports.lists.all")], ...loaderData.statuses.map((s) => [s, status(s)] as const)]}
        />
        <FilterInput name="minStake" inputMode="decimal" label={t("adminExports.lists.minStake")} values={values} errors={errors} idPrefix="rounds" />
        <FilterInput name="maxStake" inputMode="decimal" label={t("adminExports.lists.maxStake")} values={values} errors={errors} idPrefix="rounds" />
      </ListFilterForm>
      {totals ? (
        <ListTotals
          count={totals.count}
          capped={totals.capped}
          figures={[
            [t("adminExports.lists.rounds.stakes"), totals.stake, "totals-stake"],
            [t("adminExports.lists.rounds.wins"), totals.payout, "totals-payout"],
            [t("adminExports.lists.rounds.ggr"), totals.ggr, "totals-ggr"],
          ]}
        />
      ) : null}
      <ListTable
        testId="rounds-table"
        rowCount={rows.length}
        emptyText={t("adminExports.lists.rounds.empty")}
        headers={[
          [t("adminExports.columns.time"), false],
          [t("adminExports.columns.username"), false],
          [t("adminExports.columns.game"), false],
          [t("adminExports.columns.status"), false],
          [t("adminExports.columns.stake"), true],
          [t("adminExports.columns.payout"), true],
        ]}
      >
        {rows.map((r) => (
          <tr key={r.id} className={rowClass} data-testid="rounds-row">
            <td className="whitespace-nowrap p-2 tabular-nums max-sm:w-full max-sm:p-0 max-sm:text-white/60">{r.createdAt}</td>
            <td className="p-2 max-sm:p-0 max-sm:font-bold">
              <a href={`/admin/players/${r.playerId}`} className="underline">
                {r.username}
              </a>
            </td>
            <td className="p-2 max-sm:p-0">
              <div>{r.game}</div>
              <div className="text-xs text-white/50">{r.provider}</div>
            </td>
            <td className="p-2 max-sm:p-0">{status(r.status)}</td>
            <td className="whitespace-nowrap p-2 text-right tabular-nums max-sm:p-0">{r.stake}</td>
            <td className="whitespace-nowrap p-2 text-right tabular-nums max-sm:p-0">{r.payout}</td>
          </tr>
        ))}
      </ListTable>
      <ListPager pager={loaderData.pager} />
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
