// What traded in a match-odds market, read from its fills (a fill is at the maker's price, its size the backer's
// stake): each runner's last traded price and matched total, the volume traded per price and the price history. Every
// read is by market on exchange_fills' (market_id, id) index, off the placement path (no lock, no extra write).
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import { takaText } from "#app/kernel/money.ts";
import { downsampleHistory, type HistoryPoint, ladderRows, SPARK_POINTS } from "./depth.ts";
import { oddsText } from "./ladder.ts";
import { marketKind } from "./market-kinds.ts";
import { OrderBook } from "./matching.ts";
import { restingOrders } from "./orders.server.ts";
import { exchangeEvents, exchangeFills, exchangeMarkets, exchangeRunners } from "./schema.ts";

export type Traded = {
  /** The market's total matched (poisha). */
  total: bigint;
  /** Per runner with a fill: its matched total (poisha) and the price of its latest fill (a tick). */
  runners: Map<number, { matched: bigint; lastTick: number }>;
  /** The id of the last fill counted (0: none), which says whether anything traded since an earlier read. */
  lastId: number;
};

// What traded per market, kept per process and brought up to date with the fills after the last one counted: a
// market's fills are only ever added, and in id order (each is written under the market's advisory lock, which is
// held until commit), so a read of `id > last` on the (market_id, id) index misses none and counts none twice. A
// push of a busy market then reads the few fills since its last push, not its tens of thousands.
const KEPT_MARKETS = 2000;
const counted = new Map<number, Traded>();

/** Each runner's matched total and last traded price, and the market's total; nothing traded: 0 and no runners. */
export async function tradedIn(marketId: number): Promise<Traded> {
  const known = counted.get(marketId);
  const after = known?.lastId ?? 0;
  const rows = await db
    .select({
      runnerId: exchangeFills.runnerId,
      matched: sql<string>`sum(${exchangeFills.size})::text`,
      lastTick: sql<number>`(array_agg(${exchangeFills.tick} order by ${exchangeFills.id} desc))[1]`,
      lastId: sql<string>`max(${exchangeFills.id})::text`,
    })
    .from(exchangeFills)
    .where(and(eq(exchangeFills.marketId, marketId), gt(exchangeFills.id, after)))
    .groupBy(exchangeFills.runnerId);
  if (known && rows.length === 0) return { ...known, runners: new Map(known.runners) };
  // A new entry built from the one read (never changed in place): two reads at once each add their fills to their own base.
  const runners = new Map(known?.runners);
  let { total, lastId } = known ?? { total: 0n, lastId: 0 };
  for (const r of rows) {
    const matched = BigInt(r.matched);
    runners.set(r.runnerId, { matched: (runners.get(r.runnerId)?.matched ?? 0n) + matched, lastTick: Number(r.lastTick) });
    total += matched;
    lastId = Math.max(lastId, Number(r.lastId));
  }
  const current = counted.get(marketId);
  if (!current || current.lastId < lastId) {
    counted.delete(marketId);
    counted.set(marketId, { total, runners, lastId });
    if (counted.size > KEPT_MARKETS) counted.delete(counted.keys().next().value!);
  }
  return { total, runners: new Map(runners), lastId };
}

/** The volume (poisha) traded at each price of a runner, by tick. */
export async function tradedAtPrices(marketId: number, runnerId: number): Promise<{ tick: number; size: bigint }[]> {
  const rows = await db
    .select({ tick: exchangeFills.tick, size: sql<string>`sum(${exchangeFills.size})::text` })
    .from(exchangeFills)
    .where(and(eq(exchangeFills.marketId, marketId), eq(exchangeFills.runnerId, runnerId)))
    .groupBy(exchangeFills.tick);
  return rows.map((r) => ({ tick: r.tick, size: BigInt(r.size) }));
}

/** A runner's price history, oldest first, at most `max` points (downsampleHistory). */
export async function priceHistory(marketId: number, runnerId: number, max?: number): Promise<HistoryPoint[]> {
  const fills = await db
    .select({ tick: exchangeFills.tick, size: exchangeFills.size, at: exchangeFills.createdAt })
    .from(exchangeFills)
    .where(and(eq(exchangeFills.marketId, marketId), eq(exchangeFills.runnerId, runnerId)))
    .orderBy(asc(exchangeFills.id));
  return downsampleHistory(fills, max);
}

// A runner's volume per price and history as last read, with the market's last fill then: a ladder page reloaded on
// a push that traded nothing (a price moved) reads neither again.
const runnerReads = new Map<string, { lastId: number; atPrices: { tick: number; size: bigint }[]; history: HistoryPoint[] }>();

async function runnerTrades(marketId: number, runnerId: number, lastId: number) {
  const key = `${marketId}:${runnerId}`;
  const known = runnerReads.get(key);
  if (known && known.lastId === lastId) return known;
  const [atPrices, history] = await Promise.all([tradedAtPrices(marketId, runnerId), priceHistory(marketId, runnerId)]);
  const read = { lastId, atPrices, history };
  // Read after `lastId` was, so it holds at least those fills: kept unless a newer read is.
  if (!known || known.lastId < lastId) {
    runnerReads.delete(key);
    runnerReads.set(key, read);
    if (runnerReads.size > KEPT_MARKETS) runnerReads.delete(runnerReads.keys().next().value!);
  }
  return read;
}

// Each runner's sparkline (the market page) as last read, with the market's last fill then: a page loaded again with
// nothing traded since reads nothing.
const sparkReads = new Map<number, { lastId: number; ticks: Map<number, number[]> }>();

/**
 * The market page's sparklines: each runner's last traded price over time as at most SPARK_POINTS ticks (priceHistory,
 * the ladder chart's reader); nothing traded (`lastId` 0, tradedIn's): no read and no runner.
 */
export async function marketSparklines(marketId: number, runnerIds: readonly number[], lastId: number): Promise<Map<number, number[]>> {
  if (lastId === 0) return new Map();
  const known = sparkReads.get(marketId);
  if (known && known.lastId === lastId) return known.ticks;
  const histories = await Promise.all(runnerIds.map((id) => priceHistory(marketId, id, SPARK_POINTS)));
  const ticks = new Map(runnerIds.map((id, i) => [id, histories[i]!.map((p) => p.tick)]));
  if (!known || known.lastId < lastId) {
    sparkReads.delete(marketId);
    sparkReads.set(marketId, { lastId, ticks });
    if (sparkReads.size > KEPT_MARKETS) sparkReads.delete(sparkReads.keys().next().value!);
  }
  return ticks;
}

/**
 * /exchange-ladder: one runner of a match-odds market, its ladder (ladderRows) and price history, formatted for the
 * screen; null when there is no such market, it is not match odds, or the runner is not one of its runners.
 */
export async function ladderPage(marketId: number, runnerId: number) {
  const [row] = await db
    .select({ market: exchangeMarkets, event: exchangeEvents })
    .from(exchangeMarkets)
    .innerJoin(exchangeEvents, eq(exchangeEvents.id, exchangeMarkets.eventId))
    .where(eq(exchangeMarkets.id, marketId));
  if (!row || !marketKind(row.market.kind).hasBook) return null;
  const [runner] = await db
    .select()
    .from(exchangeRunners)
    .where(and(eq(exchangeRunners.id, runnerId), eq(exchangeRunners.marketId, marketId)));
  if (!runner) return null;
  const [open, traded] = await Promise.all([restingOrders(db, marketId), tradedIn(marketId)]);
  const { atPrices, history } = await runnerTrades(marketId, runnerId, traded.lastId);
  const depth = OrderBook.from(open).depth(runnerId, Infinity);
  const mine = traded.runners.get(runnerId);
  const bestBack = depth.availableToBack[0]?.tick ?? null;
  const bestLay = depth.availableToLay[0]?.tick ?? null;
  const size = (poisha: bigint) => (poisha > 0n ? takaText(poisha, { decimals: "trim" }) : "");
  const { market, event } = row;
  return {
    event: { id: event.id, name: event.name, closed: event.closed },
    market: { id: market.id, version: market.version, status: market.settledAt ? "closed" : market.status },
    runner: { id: runner.id, name: runner.name, status: runner.status },
    ltp: mine ? oddsText(mine.lastTick) : null,
    matched: takaText(mine?.matched ?? 0n, { decimals: "trim" }),
    marketMatched: takaText(traded.total, { decimals: "trim" }),
    rows: ladderRows({ toBack: depth.availableToBack, toLay: depth.availableToLay, traded: atPrices, lastTick: mine?.lastTick ?? null }).map((r) => ({
      tick: r.tick,
      price: oddsText(r.tick),
      toBack: size(r.toBack),
      toLay: size(r.toLay),
      traded: size(r.traded),
      last: r.tick === mine?.lastTick,
      bestBack: r.tick === bestBack,
      bestLay: r.tick === bestLay,
    })),
    history: history.map((p) => ({
      at: p.at.getTime(),
      time: formatDhaka(p.at, "DD MMM HH:mm:ss"),
      tick: p.tick,
      price: oddsText(p.tick),
      low: oddsText(p.low),
      high: oddsText(p.high),
      volume: takaText(p.size, { decimals: "trim" }),
    })),
  };
}
