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
  /** submitOrder after an in-play delay: the market's suspension count before the wait (another one refuses the order). */
  suspensionsSeen?: number;
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
export async function openMarket(tx: Tx, marketId: number, kind: MarketKind, stake: bigint) {
  const [market] = await tx.select().from(exchangeMarkets).where(eq(exchangeMarkets.id, marketId));
  if (!market || market.kind !== kind) throw new ExchangeError("market_not_found");
  if (market.status === "closed" || market.settledAt) throw new ExchangeError("market_closed");
  if (market.status === "suspended") throw new ExchangeError("market_suspended");
  if (market.ballRunning) throw new ExchangeError("ball_running");
  if (stake % 100n !== 0n || stake < market.minStake || stake > market.maxStake) {
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
  const { playerId, marketId, runnerId, side, tick, stake, requestKey } = input;
  if (!Number.isInteger(tick) || tick < 0 || tick > MAX_TICK) throw new ExchangeError("invalid_price");
  return inMarket<OrderResult>(marketId, async (tx) => {
    const existing = await replayedOrder(
      tx,
      playerId,
      requestKey,
      (o) => o.marketId === marketId && o.runnerId === runnerId && o.side === side && o.tick === tick && o.size === stake,
    );
    if (existing) return { result: { order: existing, exposure: 0n, replayed: true }, changed: [] };
    const market = await openMarket(tx, marketId, "match_odds", stake);
    if (input.suspensionsSeen !== undefined && market.suspensions !== input.suspensionsSeen) throw new ExchangeError("market_suspended");
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
    const placed = book.place({ id: String(row!.id), playerId, runnerId, side, tick, size: stake, seq: row!.id, persist: row!.persist });
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
    const exposures = await syncExposures(tx, marketId, "match_odds", [playerId, ...makers]);
    return { result: { order: order!, exposure: exposures.get(playerId)!, replayed: false }, changed: [playerId, ...makers] };
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether the order would match something on the market's book as it is now (its price crosses the best opposite one). */
export async function wouldMatch(input: Pick<PlaceOrderInput, "playerId" | "marketId" | "runnerId" | "side" | "tick" | "stake">) {
  const { playerId, runnerId, side, tick, stake } = input;
  const book = OrderBook.from((await openOrders(db, input.marketId)).map(toResting));
  const dry = { id: "would-match", playerId, runnerId, side, tick, size: stake, seq: Number.MAX_SAFE_INTEGER, persist: false };
  return book.place(dry, { rest: false }).matched > 0n;
}

/**
 * A player's match-odds order as submitted (README.md, "In-play delay"). In play, an order that would match at once
 * waits the market's bet delay (5 s by default) and then goes through placeOrder, which matches it against the book as
 * it is after the wait; an order that would match nothing on the current book (a passive one) skips the delay and rests
 * at once (Betfair's rule). A market suspended during the delay refuses the order, even if it reopened before the delay
 * ended: placeOrder compares the market's suspension count, under the market's lock, with the one read before the
 * wait. Returns the delay that was applied.
 */
export async function submitOrder(input: PlaceOrderInput, wait: (ms: number) => Promise<void> = sleep): Promise<OrderResult & { delayMs: number }> {
  const [market] = await db
    .select({
      kind: exchangeMarkets.kind,
      status: exchangeMarkets.status,
      inPlay: exchangeMarkets.inPlay,
      delay: exchangeMarkets.inPlayDelayMs,
      suspensions: exchangeMarkets.suspensions,
    })
    .from(exchangeMarkets)
    .where(eq(exchangeMarkets.id, input.marketId));
  if (!market || market.kind !== "match_odds") throw new ExchangeError("market_not_found");
  if (market.status !== "open") throw new ExchangeError(market.status === "closed" ? "market_closed" : "market_suspended");
  const delayMs = market.inPlay && market.delay > 0 && (await wouldMatch(input)) ? market.delay : 0;
  if (delayMs === 0) return { ...(await placeOrder(input)), delayMs };
  await wait(delayMs);
  return { ...(await placeOrder({ ...input, suspensionsSeen: market.suspensions })), delayMs };
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
