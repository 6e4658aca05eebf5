import type { MessageKey } from "#app/i18n/message.ts";
import { translator } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, useSubmit } from "react-router";
import { z } from "zod";
import { AccountFrame } from "#app/components/account/AccountFrame.tsx";
import { ExchangeRecords } from "#app/components/exchange/ExchangeRecords.tsx";
import { getExchangeRecord, listExchangeRecords } from "#app/modules/exchange/records.server.ts";
import { Pager } from "#app/components/games/records/Pager.tsx";
import { RecordTable } from "#app/components/games/records/RecordTable.tsx";
import { Toggles } from "#app/components/games/records/Toggles.tsx";
import { groupTaka } from "#app/components/payments/format.ts";
import { useHydrated } from "#app/components/payments/use-hydrated.ts";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { parseRecordFilter, recordDays, recordPageSizes, recordQuery } from "#app/modules/games/records-filter.ts";
import { listRecordPlatforms, listSettledRounds } from "#app/modules/games/records.server.ts";
import { gameTypes } from "#app/modules/games/types.ts";
import { formatPoisha } from "#app/modules/ledger/money.ts";
import { requirePlayer } from "#app/modules/sessions/auth.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import { formatDhaka } from "#app/utils/time.ts";
import type { Route } from "./+types/betting-record";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const taka = (p: bigint) => groupTaka(formatPoisha(p));

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const t = translator(context);
  const tab = url.searchParams.get("tab") === "exchange" ? "exchange" : "settled";
  const filter = parseRecordFilter(url.searchParams);
  const exchange = tab === "exchange" ? await exchangeTab(player.id, url.searchParams) : null;
  const [list, platforms] = await Promise.all([listSettledRounds(player.id, filter), listRecordPlatforms()]);
  const typeLabel = (type: string) => ((gameTypes as readonly string[]).includes(type) ? t(`casino.types.${type}` as MessageKey) : type);
  return {
    title: t("records.title"),
    i18n: areaBundle(context, "records"),
    layout: layoutFor(request.headers.get("user-agent")),
    tab,
    filter: { ...filter, page: list.page },
    platforms: platforms.map((p) => ({ value: p.platform, label: p.name })),
    types: gameTypes.map((value) => ({ value, label: typeLabel(value) })),
    rows: list.items.map((r) => ({
      id: r.id,
      platform: r.providerName,
      gameType: typeLabel(r.gameType),
      game: r.gameName ?? r.gameCode,
      turnover: taka(r.stake),
      profit: taka(r.profit),
      settledAt: formatDhaka(r.settledAt, "YYYY-MM-DD HH:mm:ss"),
    })),
    totals: { count: list.total, turnover: taka(list.turnover), profit: taka(list.profit) },
    pages: list.pages,
    exchange,
  };
}

const recordId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The Exchange tab's bets (?before= pages back) and the one opened (?bet=, the player's own only). */
async function exchangeTab(playerId: number, params: URLSearchParams) {
  const before = recordId.safeParse(params.get("before") ?? undefined);
  const bet = recordId.safeParse(params.get("bet") ?? undefined);
  const [list, detail] = await Promise.all([
    listExchangeRecords(playerId, before.success ? before.data : undefined),
    bet.success ? getExchangeRecord(playerId, bet.data) : null,
  ]);
  return { ...list, detail };
}

export default function BettingRecord({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const { filter, tab, pages } = loaderData;
  const hydrated = useHydrated();
  const submit = useSubmit();
  const all = { value: "", label: t("records.all") };
  const tabClass = (active: boolean) =>
    `flex-1 rounded-md px-3 py-2 text-center text-sm ${active ? "bg-brand font-bold text-black" : "text-white/70"}`;
  return (
    <AccountFrame layout={loaderData.layout}>
      <main data-testid="betting-record-page">
        <h1 className="mb-3 text-xl font-bold">{t("records.title")}</h1>
        <nav className="mb-3 flex gap-1 rounded-lg bg-panel p-1" aria-label={t("records.title")}>
          <a href="/betting-record" className={tabClass(tab === "settled")} aria-current={tab === "settled" ? "page" : undefined}>
            {t("records.tabs.settled")}
          </a>
          <a href="/betting-record?tab=exchange" className={tabClass(tab === "exchange")} aria-current={tab === "exchange" ? "page" : undefined}>
            {t("records.tabs.exchange")}
          </a>
        </nav>
        {loaderData.exchange ? (
          <ExchangeRecords records={loaderData.exchange.records} next={loaderData.exchange.next} detail={loaderData.exchange.detail} />
        ) : (
          <>
            <Form
              method="get"
              action="/betting-record"
              className="mb-3 rounded-xl bg-panel p-3"
              onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: true })}
              aria-label={t("records.filters")}
              data-testid="record-filters"
            >
              <Toggles
                name="day"
                legend={t("records.date")}
                options={recordDays.map((value) => ({ value, label: t(`records.days.${value}`) }))}
                value={filter.day}
              />
              <Toggles name="platform" legend={t("records.platform")} options={[all, ...loaderData.platforms]} value={filter.platform ?? ""} />
              <Toggles name="type" legend={t("records.gameType")} options={[all, ...loaderData.types]} value={filter.type ?? ""} />
              <Toggles
                name="size"
                legend={t("records.pageSize")}
                options={recordPageSizes.map((n) => ({ value: String(n), label: String(n) }))}
                value={String(filter.size)}
              />
              {hydrated ? null : (
                <button type="submit" className="btn-primary mt-1 w-full text-sm">
                  {t("records.apply")}
                </button>
              )}
            </Form>
            <section className="rounded-xl bg-panel" data-testid="record-list">
              <RecordTable rows={loaderData.rows} totals={loaderData.totals} />
            </section>
            <p className="mt-2 text-center text-xs text-white/50">{t("records.gmt6")}</p>
            {pages > 1 ? <Pager page={filter.page} pages={pages} link={(page) => `/betting-record${recordQuery({ ...filter, page })}`} /> : null}
          </>
        )}
      </main>
    </AccountFrame>
  );
}
