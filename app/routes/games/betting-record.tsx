import type { MessageKey } from "#app/i18n/message.ts";
import { translator } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, useSubmit } from "react-router";
import { z } from "zod";
import { AccountFrame } from "#app/components/account/AccountFrame.tsx";
import { ExchangeRecords } from "#app/components/exchange/ExchangeRecords.tsx";
import { getExchangeRecord, listExchangeRecords, listOpenExchangeRecords } from "#app/modules/exchange/index.server.ts";
import { OpenTable } from "#app/components/games/records/OpenTable.tsx";
import { Pager } from "#app/components/games/records/Pager.tsx";
import { RecordTable } from "#app/components/games/records/RecordTable.tsx";
import { Toggles } from "#app/components/games/records/Toggles.tsx";
import { useHydrated } from "#app/components/payments/use-hydrated.ts";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import {
  EXCHANGE_PLATFORM,
  filterTakesExchange,
  parseRecordFilter,
  recordDays,
  recordPageSizes,
  recordQuery,
  type RecordFilter,
  gameTypes,
} from "#app/modules/games/index.ts";
import { dayBounds, listOpenRounds, listRecordPlatforms, listSettledRounds } from "#app/modules/games/index.server.ts";
import { takaText } from "#app/kernel/money.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import type { Route } from "./+types/betting-record";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const tabs = ["settled", "unsettled", "exchange"] as const;
type Tab = (typeof tabs)[number];
const tabOf = (value: string | null): Tab => ((tabs as readonly string[]).includes(value ?? "") ? (value as Tab) : "settled");

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const t = translator(context);
  const tab = tabOf(url.searchParams.get("tab"));
  const filter = parseRecordFilter(url.searchParams);
  const exchange = tab === "exchange" ? await exchangeTab(player.id, url.searchParams) : null;
  const [settled, open, openBets, platforms] = await Promise.all([
    tab === "unsettled" ? null : listSettledRounds(player.id, filter),
    tab === "unsettled" ? listOpenRounds(player.id, filter) : null,
    tab === "unsettled" ? openExchangeBets(player.id, filter, beforeOf(url.searchParams)) : null,
    listRecordPlatforms(),
  ]);
  const list = settled ?? open!;
  const typeLabel = (type: string) => ((gameTypes as readonly string[]).includes(type) ? t(`casino.types.${type}` as MessageKey) : type);
  return {
    title: t("records.title"),
    i18n: areaBundle(context, "records"),
    layout: layoutFor(request.headers.get("user-agent")),
    tab,
    filter: { ...filter, page: list.page },
    platforms: [
      ...platforms.map((p) => ({ value: p.platform, label: p.name })),
      // Only the Unsettled tab lists exchange bets; settled ones have their own tab.
      ...(tab === "unsettled" ? [{ value: EXCHANGE_PLATFORM, label: t("records.exchangePlatform") }] : []),
    ],
    types: gameTypes.map((value) => ({ value, label: typeLabel(value) })),
    rows: (settled?.items ?? []).map((r) => ({
      id: r.id,
      platform: r.providerName,
      gameType: typeLabel(r.gameType),
      game: r.gameName ?? r.gameCode,
      turnover: takaText(r.stake, { symbol: false }),
      profit: takaText(r.profit, { symbol: false }),
      settledAt: formatDhaka(r.settledAt),
    })),
    totals: settled
      ? { count: settled.total, turnover: takaText(settled.turnover, { symbol: false }), profit: takaText(settled.profit, { symbol: false }) }
      : { count: 0, turnover: "0.00", profit: "0.00" },
    pages: list.pages,
    exchange,
    unsettled: open
      ? {
          rows: open.items.map((r) => ({
            id: r.id,
            provider: r.providerName,
            gameType: typeLabel(r.gameType),
            game: r.gameName ?? r.gameCode,
            stake: takaText(r.stake, { symbol: false }),
            placedAt: formatDhaka(r.createdAt),
          })),
          totals: { count: open.total, stake: takaText(open.stake, { symbol: false }) },
          exchange: openBets!,
        }
      : null,
  };
}

const recordId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** ?before=: the exchange bet to page back from (its id), when it is one. */
function beforeOf(params: URLSearchParams) {
  const before = recordId.safeParse(params.get("before") ?? undefined);
  return before.success ? before.data : undefined;
}

/** The Unsettled tab's exchange bets: those the filter lets through (the exchange's platform, sports), placed that day. */
async function openExchangeBets(playerId: number, filter: RecordFilter, before?: number) {
  if (!filterTakesExchange(filter)) return { records: [], next: null };
  return listOpenExchangeRecords(playerId, before, dayBounds(filter.day));
}

/** The Exchange tab's bets (?before= pages back) and the one opened (?bet=, the player's own only). */
async function exchangeTab(playerId: number, params: URLSearchParams) {
  const bet = recordId.safeParse(params.get("bet") ?? undefined);
  const [list, detail] = await Promise.all([
    listExchangeRecords(playerId, beforeOf(params)),
    bet.success ? getExchangeRecord(playerId, bet.data) : null,
  ]);
  return { ...list, detail };
}

/** The page's address for a tab and filter: the Settled tab's is /betting-record, the Unsettled tab's keeps ?tab=. */
const recordHref = (tab: Tab, filter: RecordFilter) => `/betting-record${recordQuery(filter)}${tab === "unsettled" ? "&tab=unsettled" : ""}`;

/** The Settled and Unsettled tabs' filter: a plain GET form (sent on change when JavaScript runs) that keeps the tab. */
function RecordFilters({ tab, filter, platforms, types }: { tab: Tab; filter: RecordFilter; platforms: Option[]; types: Option[] }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const all = { value: "", label: t("records.all") };
  return (
    <Form
      method="get"
      action="/betting-record"
      className="mb-3 rounded-xl bg-panel p-3"
      onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: true })}
      aria-label={t("records.filters")}
      data-testid="record-filters"
    >
      {tab === "unsettled" ? <input type="hidden" name="tab" value="unsettled" /> : null}
      <Toggles
        name="day"
        legend={t("records.date")}
        options={recordDays.map((value) => ({ value, label: t(`records.days.${value}`) }))}
        value={filter.day}
      />
      <Toggles name="platform" legend={t("records.platform")} options={[all, ...platforms]} value={filter.platform ?? ""} />
      <Toggles name="type" legend={t("records.gameType")} options={[all, ...types]} value={filter.type ?? ""} />
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
  );
}

type Option = { value: string; label: string };

export default function BettingRecord({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const { filter, tab, pages, unsettled } = loaderData;
  const tabClass = (active: boolean) =>
    `flex-1 rounded-md px-3 py-2 text-center text-sm ${active ? "bg-brand font-bold text-black" : "text-white/70"}`;
  const tabLink = (to: Tab, href: string) => (
    <a href={href} className={tabClass(tab === to)} aria-current={tab === to ? "page" : undefined}>
      {t(`records.tabs.${to}`)}
    </a>
  );
  return (
    <AccountFrame layout={loaderData.layout}>
      <main data-testid="betting-record-page">
        <h1 className="mb-3 text-xl font-bold">{t("records.title")}</h1>
        <nav className="mb-3 flex gap-1 rounded-lg bg-panel p-1" aria-label={t("records.title")}>
          {tabLink("settled", "/betting-record")}
          {tabLink("unsettled", "/betting-record?tab=unsettled")}
          {tabLink("exchange", "/betting-record?tab=exchange")}
        </nav>
        {loaderData.exchange ? (
          <ExchangeRecords records={loaderData.exchange.records} next={loaderData.exchange.next} detail={loaderData.exchange.detail} />
        ) : (
          <>
            <RecordFilters tab={tab} filter={filter} platforms={loaderData.platforms} types={loaderData.types} />
            {unsettled ? (
              <>
                <p className="mb-2 text-xs text-white/60">{t("records.unsettled.note")}</p>
                <section className="rounded-xl bg-panel" data-testid="open-rounds">
                  <OpenTable rows={unsettled.rows} totals={unsettled.totals} />
                </section>
              </>
            ) : (
              <section className="rounded-xl bg-panel" data-testid="record-list">
                <RecordTable rows={loaderData.rows} totals={loaderData.totals} />
              </section>
            )}
            <p className="mt-2 text-center text-xs text-white/50">{t("records.gmt6")}</p>
            {pages > 1 ? <Pager page={filter.page} pages={pages} link={(page) => recordHref(tab, { ...filter, page })} /> : null}
            {unsettled ? (
              <section className="mt-4" data-testid="open-exchange-bets">
                <h2 className="mb-2 font-bold">{t("records.unsettled.exchange")}</h2>
                <ExchangeRecords
                  records={unsettled.exchange.records}
                  next={unsettled.exchange.next}
                  detail={null}
                  olderHref={(before) => `${recordHref(tab, filter)}&before=${before}`}
                  empty={t("records.unsettled.exchangeEmpty")}
                />
              </section>
            ) : null}
          </>
        )}
      </main>
    </AccountFrame>
  );
}
