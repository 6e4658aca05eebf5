// Placing and cancelling match-odds orders. Each operation is one transaction holding the market's advisory lock
// (placement is serialised per market across app instances): the pure order book (matching.ts) runs over the market's
// unmatched orders, the order, its fills and the makers' updates are written, and the exposure hold of every player
// whose position changed is replaced. A taker whose new exposure does not fit main's available balance is refused
// and nothing is written.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db, type Executor, type Tx } from "#app/db/db.server.ts";
import { ExchangeError } from "./errors.ts";
import { MAX_TICK } from "./ladder.ts";
import { checkMayStake, inMarket, syncExposures } from "./market-tx.server.ts";
import { OrderBook, type RestingOrder } from "./matching.ts";
import { stakeAtRisk } from "./market-kinds.ts";
import { fillReturn } from "./pnl.ts";
import { type ExchangeOrder, exchangeFills, exchangeMarkets, exchangeOrders, exchangeRunners, type MarketKind, type OrderStatus } from "./schema.ts";

export { ExchangeError, type ExchangeErrorCode, isExchangeError } from "./errors.ts";

export type PlaceOrderInput = {
  playerId: number;
  marketId: number;
  runnerId: number;
  side: "back" | "lay";
  tick: number;
  /** The backer's stake in poisha (whole taka). */
  stake: bigint;
  persist?: boolean;
  /** The player's request id (the form's): a retry returns the same order. */
  requestKey: string;
};

export type OrderResult = { order: ExchangeOrder; exposure: bigint; replayed: boolean };

const statusOf = (size: bigint, matched: bigint, cancelled: bigint, lapsed = false): OrderStatus => {
  if (matched + cancelled < size) return matched > 0n ? "partially_matched" : "unmatched";
  if (matched > 0n) return "matched";
  return lapsed ? "lapsed" : "cancelled";
};

const remainingOf = (o: ExchangeOrder) => o.size - o.matched - o.cancelled;

/** An unmatched order row as the order book holds it. */
export function toResting(o: ExchangeOrder): RestingOrder {
  return {
    id: String(o.id),
    playerId: o.playerId,
    runnerId: o.runnerId!,
    side: o.side as "back" | "lay",
    tick: o.tick!,
    remaining: remainingOf(o),
    seq: o.id,
    persist: o.persist,
  };
}

/** A market's unmatched and partly matched orders, oldest first (the order book's time priority). */
export async function openOrders(tx: Executor, marketId: number) {
  return tx
    .select()
    .from(exchangeOrders)
    .where(and(eq(exchangeOrders.marketId, marketId), inArray(exchangeOrders.status, ["unmatched", "partially_matched"])))
    .orderBy(asc(exchangeOrders.id));
}

/** The order already placed with this request id, if the fields agree (a retry); another request's id is refused. */
export async function replayedOrder(tx: Tx, playerId: number, requestKey: string, same: (o: ExchangeOrder) => boolean) {
  const [existing] = await tx
    .select()
    .from(exchangeOrders)
    .where(and(eq(exchangeOrders.playerId, playerId), eq(exchangeOrders.requestKey, requestKey)));
  if (existing && !same(existing)) throw new ExchangeError("request_mismatch");
  return existing ?? null;
}

/** The market and runner must take bets: open, not suspended, the runner active, the stake within the limits. */
export async function openMarket(tx: Tx, marketId: number, kind: MarketKind, stake: bigint, { belowMin = false } = {}) {
  const [market] = await tx.select().from(exchangeMarkets).where(eq(exchangeMarkets.id, marketId));
  if (!market || market.kind !== kind) throw new ExchangeError("market_not_found");
  if (market.status === "closed" || market.settledAt) throw new ExchangeError("market_closed");
  if (market.status === "suspended") throw new ExchangeError("market_suspended");
  if (market.ballRunning) throw new ExchangeError("ball_running");
  if (stake <= 0n || stake % 100n !== 0n || (stake < market.minStake && !belowMin) || stake > market.maxStake) {
    throw new ExchangeError("stake_range", { min: String(market.minStake), max: String(market.maxStake) });
  }
  return market;
}

export async function activeRunner(tx: Tx, marketId: number, runnerId: number) {
  const [runner] = await tx
    .select()
    .from(exchangeRunners)
    .where(and(eq(exchangeRunners.id, runnerId), eq(exchangeRunners.marketId, marketId)));
  if (!runner || runner.status !== "active") throw new ExchangeError("runner_not_active");
  return runner;
}

export async function placeOrder(input: PlaceOrderInput): Promise<OrderResult> {
  const { marketId, tick } = input;
  if (!Number.isInteger(tick) || tick < 0 || tick > MAX_TICK) throw new ExchangeError("invalid_price");
  return inMarket<OrderResult>(marketId, (tx) => placeInMarket(tx, input));
}

/**
 * placeOrder's work in a transaction that already holds the market's lock (`inMarket`), so that several orders (a
 * cash out's hedge) are one transaction. `fillOrKill`: the whole stake fills at `tick` or better, or `not_filled` is
 * thrown (the caller's transaction rolls back: nothing is written); `belowMin`: a stake under the market's minimum
 * is taken (a cash out's hedge); `deferExposure`: the exposure holds are left to the caller, who syncs them once
 * after its last order (a hedge's orders in turn may pass through a larger hold than the one they end on).
 */
export async function placeInMarket(
  tx: Tx,
  input: PlaceOrderInput,
  { fillOrKill = false, belowMin = false, deferExposure = false }: { fillOrKill?: boolean; belowMin?: boolean; deferExposure?: boolean } = {},
): Promise<{ result: OrderResult; changed: number[] }> {
  const { playerId, marketId, runnerId, side, tick, stake, requestKey } = input;
  {
    const existing = await replayedOrder(
      tx,
      playerId,
      requestKey,
      (o) => o.marketId === marketId && o.runnerId === runnerId && o.side === side && o.tick === tick && o.size === stake,
    );
    if (existing) return { result: { order: existing, exposure: 0n, replayed: true }, changed: [] };
    await openMarket(tx, marketId, "match_odds", stake, { belowMin });
    await activeRunner(tx, marketId, runnerId);
    const resting = (await openOrders(tx, marketId)).map(toResting);
    // How the bet will match (the book cannot change: the market is locked), for a player with limits only: whose
    // money it moves (the limit check's locks) and, for a lay, what it risks at the prices it will match at.
    let dryRun: ReturnType<OrderBook["place"]> | undefined;
    const match = () =>
      (dryRun ??= OrderBook.from(resting).place(
        { id: "dry-run", playerId, runnerId, side, tick, size: stake, seq: Number.MAX_SAFE_INTEGER, persist: false },
        { rest: false },
      ));
    const atRisk = () => {
      const { fills, matched } = match();
      const matchedReturn = fills.reduce((sum, f) => sum + fillReturn(f.size, f.tick), 0n);
      return stakeAtRisk({ kind: "match_odds", side, tick, rate: null, size: stake, cancelled: 0n, matched, matchedReturn });
    };
    await checkMayStake(tx, playerId, side === "back" ? stake : atRisk, () => match().fills.map((f) => f.makerPlayerId));

    const book = OrderBook.from(resting);
    const [row] = await tx
      .insert(exchangeOrders)
      .values({ marketId, runnerId, playerId, side, tick, size: stake, status: "unmatched", persist: input.persist ?? false, requestKey })
      .returning();
    const placed = book.place(
      { id: String(row!.id), playerId, runnerId, side, tick, size: stake, seq: row!.id, persist: row!.persist },
      { rest: !fillOrKill },
    );
    if (fillOrKill && placed.remaining > 0n) throw new ExchangeError("not_filled");
    const makers: number[] = [];
    // Each fill is at the maker's price: both orders record what it returns, so every page shows the price it matched at.
    let takerReturn = 0n;
    if (placed.fills.length > 0) {
      await tx
        .insert(exchangeFills)
        .values(
          placed.fills.map((f) => ({ marketId, runnerId, takerOrderId: row!.id, makerOrderId: Number(f.makerOrderId), tick: f.tick, size: f.size })),
        );
      const byMaker = new Map<number, { size: bigint; ret: bigint }>();
      for (const f of placed.fills) {
        const ret = fillReturn(f.size, f.tick);
        const sum = byMaker.get(Number(f.makerOrderId)) ?? { size: 0n, ret: 0n };
        byMaker.set(Number(f.makerOrderId), { size: sum.size + f.size, ret: sum.ret + ret });
        takerReturn += ret;
      }
      for (const [id, { size, ret }] of byMaker) {
        await tx
          .update(exchangeOrders)
          .set({
            matched: sql`${exchangeOrders.matched} + ${size}`,
            matchedReturn: sql`${exchangeOrders.matchedReturn} + ${ret}`,
            matchedAt: sql`now()`,
            status: sql`case when ${exchangeOrders.matched} + ${size} + ${exchangeOrders.cancelled} >= ${exchangeOrders.size} then 'matched' else 'partially_matched' end`,
            updatedAt: sql`now()`,
          })
          .where(eq(exchangeOrders.id, id));
      }
      makers.push(...placed.fills.map((f) => f.makerPlayerId));
    }
    const [order] = await tx
      .update(exchangeOrders)
      .set({
        matched: placed.matched,
        matchedReturn: takerReturn,
        matchedAt: placed.matched > 0n ? sql`now()` : null,
        status: statusOf(stake, placed.matched, 0n),
        updatedAt: sql`now()`,
      })
      .where(eq(exchangeOrders.id, row!.id))
      .returning();
    // deferExposure: the caller syncs the changed players' holds once, after its last order (a cash out's hedge).
    const exposures = deferExposure ? new Map<number, bigint>() : await syncExposures(tx, marketId, "match_odds", [playerId, ...makers]);
    return { result: { order: order!, exposure: exposures.get(playerId) ?? 0n, replayed: false }, changed: [playerId, ...makers] };
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A player's match-odds order as submitted: in play, it waits the market's bet delay first (README.md, "In-play delay": 5 s by default)
 * and then goes through placeOrder, which checks the market, the book and the balance as they are after the wait (a
 * market suspended meanwhile refuses it). Returns the delay that was applied.
 */
export async function submitOrder(input: PlaceOrderInput, wait: (ms: number) => Promise<void> = sleep): Promise<OrderResult & { delayMs: number }> {
  const [market] = await db
    .select({ kind: exchangeMarkets.kind, status: exchangeMarkets.status, inPlay: exchangeMarkets.inPlay, delay: exchangeMarkets.inPlayDelayMs })
    .from(exchangeMarkets)
    .where(eq(exchangeMarkets.id, input.marketId));
  if (!market || market.kind !== "match_odds") throw new ExchangeError("market_not_found");
  if (market.status !== "open") throw new ExchangeError(market.status === "closed" ? "market_closed" : "market_suspended");
  const delayMs = market.inPlay ? market.delay : 0;
  if (delayMs > 0) await wait(delayMs);
  return { ...(await placeOrder(input)), delayMs };
}

/** Cancels `by` poisha of the player's unmatched stake (all of it when omitted). Another player's order is not found. */
export async function cancelOrder(playerId: number, orderId: number, by?: bigint): Promise<OrderResult> {
  const [found] = await db
    .select({ marketId: exchangeOrders.marketId })
    .from(exchangeOrders)
    .where(and(eq(exchangeOrders.id, orderId), eq(exchangeOrders.playerId, playerId)));
  if (!found) throw new ExchangeError("order_not_found");
  return inMarket<OrderResult>(found.marketId, async (tx) => {
    const [order] = await tx.select().from(exchangeOrders).where(eq(exchangeOrders.id, orderId));
    const remaining = order ? remainingOf(order) : 0n;
    if (!order || remaining === 0n || (order.status !== "unmatched" && order.status !== "partially_matched")) {
      throw new ExchangeError("order_not_open");
    }
    const amount = by === undefined || by >= remaining ? remaining : by;
    if (amount <= 0n || amount % 100n !== 0n) throw new ExchangeError("stake_range", { min: "100", max: String(remaining) });
    const cancelled = order.cancelled + amount;
    const [updated] = await tx
      .update(exchangeOrders)
      .set({ cancelled, status: statusOf(order.size, order.matched, cancelled), updatedAt: sql`now()` })
      .where(eq(exchangeOrders.id, orderId))
      .returning();
    const exposures = await syncExposures(tx, found.marketId, "match_odds", [playerId]);
    return { result: { order: updated!, exposure: exposures.get(playerId)!, replayed: false }, changed: [playerId] };
  });
}

/**
 * Lapses the market's unmatched orders: at turn-in-play those not kept (PERSIST), at suspension for settlement and
 * at closing all of them. Returns the lapsed orders' ids.
 */
export async function lapseOrders(marketId: number, { keepPersist }: { keepPersist: boolean }): Promise<number[]> {
  return inMarket<number[]>(marketId, async (tx) => {
    const open = (await openOrders(tx, marketId)).filter((o) => !(keepPersist && o.persist));
    for (const o of open) {
      const cancelled = o.cancelled + remainingOf(o);
      await tx
        .update(exchangeOrders)
        .set({ cancelled, lapsed: o.lapsed + remainingOf(o), status: statusOf(o.size, o.matched, cancelled, true), updatedAt: sql`now()` })
        .where(eq(exchangeOrders.id, o.id));
    }
    const changed = open.map((o) => o.playerId);
    await syncExposures(tx, marketId, "match_odds", changed);
    return { result: open.map((o) => o.id), changed };
  });
}
