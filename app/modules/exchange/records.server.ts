// The Exchange tab of the betting record: the player's exchange bets newest first, and one bet's details (event,
// market, selection, odds or runs, stake, potential profit and liability, status, net P&L). Spec section 3's exchange
// record: status open while it waits, WON or LOST once settled. The odds are those the bet matched at (the average
// over its fills), its profit and liability theirs (bet-figures.ts), as settlement pays them.
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { formatPoisha, takaText } from "#app/kernel/money.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import { betFigures } from "./bet-figures.ts";
import { marketKind } from "./market-kinds.ts";
import { listPlayerOrders } from "./queries.server.ts";
import { type ExchangeOrder, exchangeEvents, exchangeMarkets, exchangeOrders, exchangeRunners, type MarketKind } from "./schema.ts";

export const EXCHANGE_RECORD_PAGE = 20;

/** open: still in a market; WON / LOST: settled with a gain or a loss; VOID, CANCELLED, LAPSED: stake returned. */
export function recordStatus(o: ExchangeOrder): "open" | "WON" | "LOST" | "VOID" | "CANCELLED" | "LAPSED" {
  if (o.status === "won") return "WON";
  if (o.status === "lost") return "LOST";
  if (o.status === "void") return "VOID";
  if (o.status === "cancelled") return "CANCELLED";
  if (o.status === "lapsed") return "LAPSED";
  return "open";
}

const columns = {
  order: exchangeOrders,
  kind: exchangeMarkets.kind,
  market: exchangeMarkets.name,
  event: exchangeEvents.name,
  runner: exchangeRunners.name,
};

type Row = { order: ExchangeOrder; kind: MarketKind; market: string; event: string; runner: string | null };

function recordOf({ order: o, kind, market, event, runner }: Row) {
  const f = betFigures(o);
  const amount = (poisha: bigint) => (poisha > 0n ? takaText(poisha) : null);
  return {
    id: o.id,
    transactionId: `EX${String(o.id).padStart(8, "0")}`,
    event,
    market,
    betType: o.side,
    selection: runner ?? market,
    odds: marketKind(kind).hasRunners ? f.price : null,
    /** Match odds: the price asked, when it differs from the one matched at. */
    requestedOdds: o.tick !== null && f.requestedPrice !== f.price ? f.requestedPrice : null,
    run: marketKind(kind).hasRunners ? null : f.price,
    stake: takaText(f.stake),
    potentialProfit: takaText(f.profit),
    potentialLiability: takaText(f.liability),
    /** The parts of the order besides what matched (shown when there are any). */
    unmatched: amount(f.remaining),
    cancelled: amount(f.cancelled),
    lapsed: amount(f.lapsed),
    voided: amount(f.voided),
    status: recordStatus(o),
    net: o.profit === null ? null : { text: takaText(o.profit), negative: o.profit < 0n },
    createdAt: formatDhaka(o.placedAt, "YYYY-MM-DD HH:mm:ss"),
    matchedAt: o.matchedAt ? formatDhaka(o.matchedAt, "YYYY-MM-DD HH:mm:ss") : null,
    placedAt: o.placedAt.toISOString(),
    marketId: o.marketId,
    /** The figures for the JSON API: amounts as plain decimals ("200.00"), times in ISO. */
    plain: {
      requestedOdds: marketKind(kind).hasRunners ? f.requestedPrice : null,
      averageOdds: marketKind(kind).hasRunners ? f.averagePrice : null,
      stake: formatPoisha(f.stake),
      profit: formatPoisha(f.profit),
      liability: formatPoisha(f.liability),
      size: formatPoisha(f.size),
      matched: formatPoisha(f.matched),
      remaining: formatPoisha(f.remaining),
      cancelled: formatPoisha(f.cancelled),
      lapsed: formatPoisha(f.lapsed),
      voided: formatPoisha(f.voided),
      net: o.profit === null ? null : formatPoisha(o.profit),
      matchedAt: o.matchedAt?.toISOString() ?? null,
    },
  };
}

export type ExchangeRecord = ReturnType<typeof recordOf>;

function recordsQuery(ex: Executor = db) {
  return ex
    .select(columns)
    .from(exchangeOrders)
    .innerJoin(exchangeMarkets, eq(exchangeMarkets.id, exchangeOrders.marketId))
    .innerJoin(exchangeEvents, eq(exchangeEvents.id, exchangeMarkets.eventId))
    .leftJoin(exchangeRunners, eq(exchangeRunners.id, exchangeOrders.runnerId));
}

/** The player's exchange bets, newest first, EXCHANGE_RECORD_PAGE at a time (keyset on the bet's id). */
export async function listExchangeRecords(playerId: number, before?: number) {
  const rows = await recordsQuery()
    .where(and(eq(exchangeOrders.playerId, playerId), before ? lt(exchangeOrders.id, before) : sql`true`))
    .orderBy(desc(exchangeOrders.id))
    .limit(EXCHANGE_RECORD_PAGE);
  const records = rows.map(recordOf);
  return { records, next: records.length === EXCHANGE_RECORD_PAGE ? records[records.length - 1]!.id : null };
}

/**
 * The player's exchange bets not settled yet (unmatched, partly matched, or matched with the market still open), newest
 * first, EXCHANGE_RECORD_PAGE at a time, optionally only those placed in a window: /exchange-account's open bets, as
 * the betting record shows them.
 */
export async function listOpenExchangeRecords(playerId: number, before?: number, placed?: { from: Date; to: Date }) {
  const records = (await listPlayerOrders(playerId, { settled: false, before, limit: EXCHANGE_RECORD_PAGE, placed })).map(recordOf);
  return { records, next: records.length === EXCHANGE_RECORD_PAGE ? records[records.length - 1]!.id : null };
}

/** One of the player's exchange bets; null for another player's or none. */
export async function getExchangeRecord(playerId: number, orderId: number): Promise<ExchangeRecord | null> {
  const [row] = await recordsQuery().where(and(eq(exchangeOrders.id, orderId), eq(exchangeOrders.playerId, playerId)));
  return row ? recordOf(row) : null;
}

/** The back office's export of one player's exchange bets: newest first, `limit` at a time (keyset on the bet's id). */
export async function listExchangeRecordsFrom(ex: Executor, playerId: number, before: number | undefined, limit: number) {
  const rows = await recordsQuery(ex)
    .where(and(eq(exchangeOrders.playerId, playerId), before ? lt(exchangeOrders.id, before) : sql`true`))
    .orderBy(desc(exchangeOrders.id))
    .limit(Math.min(Math.max(1, limit), 1000));
  return rows.map(recordOf);
}
