// The Exchange tab of the betting record: the player's exchange bets newest first, and one bet's details (event,
// market, selection, odds or runs, stake, potential profit and liability, status, net P&L). Spec section 3's exchange
// record: status open while it waits, WON or LOST once settled. The odds are those the bet matched at (the average
// over its fills), its profit and liability theirs (bet-figures.ts), as settlement pays them.
import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { TOTALS_CAP } from "#app/kernel/list-totals.ts";
import { pastCap, rowsCap } from "#app/kernel/list-totals.server.ts";
import { formatPoisha, takaText } from "#app/kernel/money.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import { betFigures } from "./bet-figures.ts";
import { marketKind } from "./market-kinds.ts";
import { listPlayerOrders } from "./queries.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { type ExchangeOrder, exchangeEvents, exchangeMarkets, exchangeOrders, exchangeRunners, type MarketKind, type OrderStatus } from "./schema.ts";

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
  username: players.username,
  kind: exchangeMarkets.kind,
  market: exchangeMarkets.name,
  event: exchangeEvents.name,
  runner: exchangeRunners.name,
};

type Row = { order: ExchangeOrder; kind: MarketKind; market: string; event: string; runner: string | null; username?: string };

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
    createdAt: formatDhaka(o.placedAt),
    matchedAt: o.matchedAt ? formatDhaka(o.matchedAt) : null,
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

/** The bets with their market, event and runner, and who placed them (the back office shows it). */
function recordsQuery(ex: Executor = db) {
  return ex
    .select(columns)
    .from(exchangeOrders)
    .innerJoin(players, eq(players.id, exchangeOrders.playerId))
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

/**
 * The back office's filter of exchange bets: one player or everyone, an event, a market, the market's kind, the
 * order's status, and the time placed in [start, end).
 */
export type BetListFilter = {
  playerId?: number;
  eventId?: number;
  marketId?: number;
  kind?: MarketKind;
  status?: OrderStatus;
  start?: Date;
  end?: Date;
};

function betListWhere(f: BetListFilter): SQL | undefined {
  return and(
    f.playerId === undefined ? undefined : eq(exchangeOrders.playerId, f.playerId),
    f.eventId === undefined ? undefined : eq(exchangeMarkets.eventId, f.eventId),
    f.marketId === undefined ? undefined : eq(exchangeOrders.marketId, f.marketId),
    f.kind ? eq(exchangeMarkets.kind, f.kind) : undefined,
    f.status ? eq(exchangeOrders.status, f.status) : undefined,
    f.start ? gte(exchangeOrders.placedAt, f.start) : undefined,
    f.end ? lt(exchangeOrders.placedAt, f.end) : undefined,
  );
}

/** A bet as the back office lists it: the player's record of it, with whose it is and its market's kind. */
export type ExchangeBetRow = ExchangeRecord & {
  playerId: number;
  username: string;
  kind: MarketKind;
  /** The order's own status (unmatched ... won, lost, void), finer than the record's. */
  orderStatus: OrderStatus;
  matchedStake: bigint;
  profit: bigint | null;
};

/**
 * The back office's exchange bets for the filter (the player 360 passes its player, /admin/exchange-bets anyone),
 * newest first, `limit` at a time (keyset on the bet's id). Pass readDb for an export.
 */
export async function listExchangeBets(ex: Executor, filter: BetListFilter, before: number | undefined, limit: number): Promise<ExchangeBetRow[]> {
  const rows = await recordsQuery(ex)
    .where(and(betListWhere(filter), before ? lt(exchangeOrders.id, before) : undefined))
    .orderBy(desc(exchangeOrders.id))
    .limit(Math.min(Math.max(1, Math.trunc(limit) || 1), 1000));
  return rows.map((row) => ({
    ...recordOf(row),
    playerId: row.order.playerId,
    username: row.username,
    kind: row.kind,
    orderStatus: row.order.status,
    matchedStake: row.order.matched,
    profit: row.order.profit,
  }));
}

export type BetTotals = {
  count: number;
  stake: bigint;
  matched: bigint;
  /** Settled bets' P&L to the players (before commission). */ profit: bigint;
  /** "Any day" matched more than TOTALS_CAP bets: count is the cap and no sum is given (kernel/list-totals.ts). */
  capped: boolean;
};

/**
 * The totals of what the filter shows: bets, stakes asked, matched stakes and the settled bets' P&L. Without a date
 * range they are read over at most TOTALS_CAP + 1 bets (any of them: the sums are
 * only shown when every matching bet was read).
 */
export async function betTotals(filter: BetListFilter, ex: Executor = db): Promise<BetTotals> {
  const rows = sql`select ${exchangeOrders.size} as size, ${exchangeOrders.matched} as matched, ${exchangeOrders.profit} as profit
    from ${exchangeOrders} inner join ${exchangeMarkets} on ${exchangeMarkets.id} = ${exchangeOrders.marketId}
    where ${betListWhere(filter) ?? sql`true`}${rowsCap(filter)}`;
  const [t] = rowsOf<{ n: number; stake: string; matched: string; profit: string }>(
    await ex.execute(sql`select count(*)::int as n, coalesce(sum(size), 0)::text as stake, coalesce(sum(matched), 0)::text as matched,
      coalesce(sum(profit), 0)::text as profit from (${rows}) r`),
  );
  if (pastCap(filter, Number(t?.n ?? 0))) return { count: TOTALS_CAP, stake: 0n, matched: 0n, profit: 0n, capped: true };
  return {
    count: Number(t?.n ?? 0),
    stake: BigInt(t?.stake ?? "0"),
    matched: BigInt(t?.matched ?? "0"),
    profit: BigInt(t?.profit ?? "0"),
    capped: false,
  };
}

/** The back office's export of one player's exchange bets: listExchangeBets with the player as the filter. */
export async function listExchangeRecordsFrom(ex: Executor, playerId: number, before: number | undefined, limit: number): Promise<ExchangeRecord[]> {
  return listExchangeBets(ex, { playerId }, before, limit);
}
