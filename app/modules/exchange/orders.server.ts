// Placing and cancelling match-odds orders. Each operation is one transaction holding the market's advisory lock
// (placement is serialised per market across app instances): the pure order book (matching.ts) runs over the market's
// unmatched orders, the order, its fills and the makers' updates are written, and the exposure hold of every player
// whose position changed is replaced. A taker whose new exposure does not fit main's available balance is refused
// and nothing is written.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db, type Executor, type Tx } from "#app/db/db.server.ts";
import { ExchangeError } from "./errors.ts";
import { MAX_TICK } from "./ladder.ts";
import { checkMayStake, inMarket, type StakerRaw, stakerSql, syncExposures, toStaker } from "./market-tx.server.ts";
import { preparedRows } from "#app/db/rows.server.ts";
import { type Fill, OrderBook, type RestingOrder } from "./matching.ts";
import { stakeAtRisk } from "./market-kinds.ts";
import { fillReturn } from "./pnl.ts";
import { type ExchangeOrder, exchangeMarkets, exchangeOrders, exchangeRunners, type MarketKind, type OrderStatus } from "./schema.ts";

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
  /** Placed only if it matches nothing now (an in-play order that skipped the delay as passive); else WouldMatchNow. */
  passive?: boolean;
};

export type OrderResult = { order: ExchangeOrder; exposure: bigint; replayed: boolean };

const statusOf = (size: bigint, matched: bigint, cancelled: bigint, lapsed = false): OrderStatus => {
  if (matched + cancelled < size) return matched > 0n ? "partially_matched" : "unmatched";
  if (matched > 0n) return "matched";
  return lapsed ? "lapsed" : "cancelled";
};

const remainingOf = (o: ExchangeOrder) => o.size - o.matched - o.cancelled;

/** A market's unmatched and partly matched orders, oldest first (the order book's time priority). */
export async function openOrders(tx: Executor, marketId: number) {
  return tx
    .select()
    .from(exchangeOrders)
    .where(and(eq(exchangeOrders.marketId, marketId), inArray(exchangeOrders.status, ["unmatched", "partially_matched"])))
    .orderBy(asc(exchangeOrders.id));
}

type RestingRaw = { id: string; player_id: number; runner_id: number; side: "back" | "lay"; tick: number; remaining: string; persist: boolean };

/** The statement's text of a market's book: its unmatched and partly matched orders, oldest first, as text. */
const restingSql = (marketId: number) =>
  sql`select id::text as id, player_id, runner_id, side, tick, (size - matched - cancelled)::text as remaining, persist
    from exchange_orders where market_id = ${marketId}::int and status in ('unmatched', 'partially_matched')`;

const toResting = (r: RestingRaw): RestingOrder => ({
  id: r.id,
  playerId: r.player_id,
  runnerId: r.runner_id,
  side: r.side,
  tick: r.tick,
  remaining: BigInt(r.remaining),
  seq: Number(r.id),
  persist: r.persist,
});

/** The market's book as the matching needs it (only its columns, in a statement prepared once per connection). */
export async function restingOrders(tx: Executor, marketId: number): Promise<RestingOrder[]> {
  const rows = await preparedRows<RestingRaw>(tx, sql`${restingSql(marketId)} order by id`);
  return rows.map(toResting);
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

/** Whether a market takes a bet of `stake` now: open, not suspended, no ball running, the stake within its limits. */
export function checkMarketOpen(
  market: { kind: MarketKind; status: string; settled: boolean; ballRunning: boolean; minStake: bigint; maxStake: bigint } | undefined | null,
  kind: MarketKind,
  stake: bigint,
  { belowMin = false } = {},
) {
  if (!market || market.kind !== kind) throw new ExchangeError("market_not_found");
  if (market.status === "closed" || market.settled) throw new ExchangeError("market_closed");
  if (market.status === "suspended") throw new ExchangeError("market_suspended");
  if (market.ballRunning) throw new ExchangeError("ball_running");
  if (stake <= 0n || stake % 100n !== 0n || (stake < market.minStake && !belowMin) || stake > market.maxStake) {
    throw new ExchangeError("stake_range", { min: String(market.minStake), max: String(market.maxStake) });
  }
}

/** The market and runner must take bets: open, not suspended, the runner active, the stake within the limits. */
export async function openMarket(tx: Tx, marketId: number, kind: MarketKind, stake: bigint) {
  const [market] = await tx.select().from(exchangeMarkets).where(eq(exchangeMarkets.id, marketId));
  checkMarketOpen(market && { ...market, settled: Boolean(market.settledAt) }, kind, stake);
  return market!;
}

export async function activeRunner(tx: Tx, marketId: number, runnerId: number) {
  const [runner] = await tx
    .select()
    .from(exchangeRunners)
    .where(and(eq(exchangeRunners.id, runnerId), eq(exchangeRunners.marketId, marketId)));
  if (!runner || runner.status !== "active") throw new ExchangeError("runner_not_active");
  return runner;
}

type PlacementRaw = {
  existing: number | string | null;
  market: {
    kind: MarketKind;
    status: string;
    settled: boolean;
    ballRunning: boolean;
    minStake: string;
    maxStake: string;
    suspensions: number;
  } | null;
  runners: { id: number; status: string }[] | null;
  player: StakerRaw | null;
  resting: RestingRaw[] | null;
};

/**
 * What a placement reads, in one statement after the market's lock: an order already placed with this request id, the
 * market, its runners, what the stake check needs of the player, and the market's book (read whole on a refusal too:
 * one round trip fewer for every placement costs less than the rows a refused one reads for nothing).
 */
async function placementContext(tx: Tx, { playerId, marketId, requestKey }: PlaceOrderInput) {
  const [raw] = await preparedRows<PlacementRaw>(
    tx,
    sql`select
      (select id from exchange_orders where player_id = ${playerId} and request_key = ${requestKey}) as existing,
      (select json_build_object('kind', kind, 'status', status, 'settled', settled_at is not null, 'ballRunning', ball_running,
        'minStake', min_stake::text, 'maxStake', max_stake::text, 'suspensions', suspensions) from exchange_markets where id = ${marketId}) as market,
      (select json_agg(json_build_object('id', id, 'status', status) order by id) from exchange_runners where market_id = ${marketId}) as runners,
      ${stakerSql(playerId)} as player,
      (select json_agg(b order by b.id::bigint) from (${restingSql(marketId)}) b) as resting`,
  );
  const market = raw!.market && { ...raw!.market, minStake: BigInt(raw!.market.minStake), maxStake: BigInt(raw!.market.maxStake) };
  return {
    existing: raw!.existing !== null,
    market,
    runners: raw!.runners ?? [],
    staker: toStaker(raw!.player),
    resting: (raw!.resting ?? []).map(toResting),
  };
}

/**
 * Places a match-odds order: matched against the market's book at once (fills at the makers' prices), the rest
 * resting. About a dozen statements: the market's lock, what the placement needs to know, the book, the order with
 * its fills and makers' updates, and the exposure holds of everyone whose position changed.
 */
export async function placeOrder(input: PlaceOrderInput): Promise<OrderResult> {
  return inMarket<OrderResult>(input.marketId, (tx) => placeInMarket(tx, input));
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
  if (!Number.isInteger(tick) || tick < 0 || tick > MAX_TICK) throw new ExchangeError("invalid_price");
  const context = await placementContext(tx, input);
  if (context.existing) {
    const existing = await replayedOrder(
      tx,
      playerId,
      requestKey,
      (o) => o.marketId === marketId && o.runnerId === runnerId && o.side === side && o.tick === tick && o.size === stake,
    );
    if (existing) return { result: { order: existing, exposure: 0n, replayed: true }, changed: [] };
  }
  checkMarketOpen(context.market, "match_odds", stake, { belowMin });
  // A suspension while the order waited its in-play delay refuses it, even if the market reopened (submitOrder).
  if (input.suspensionsSeen !== undefined && context.market!.suspensions !== input.suspensionsSeen) throw new ExchangeError("market_suspended");
  if (context.runners.find((r) => r.id === runnerId)?.status !== "active") throw new ExchangeError("runner_not_active");
  const resting = context.resting;
  // The book cannot change (the market is locked), so how the order matches is known before it is written: the
  // stake check sees whose money it moves (a limited player's locks) and what a lay risks at those prices.
  const placed = OrderBook.from(resting).place(
    { id: "new", playerId, runnerId, side, tick, size: stake, seq: Number.MAX_SAFE_INTEGER, persist: input.persist ?? false },
    { rest: false },
  );
  if (input.passive && placed.matched > 0n) throw new WouldMatchNow();
  if (fillOrKill && placed.remaining > 0n) throw new ExchangeError("not_filled");
  const returns = placed.fills.map((f) => fillReturn(f.size, f.tick));
  const takerReturn = returns.reduce((sum, r) => sum + r, 0n);
  const atRisk = () =>
    stakeAtRisk({ kind: "match_odds", side, tick, rate: null, size: stake, cancelled: 0n, matched: placed.matched, matchedReturn: takerReturn });
  await checkMayStake(tx, playerId, side === "back" ? stake : atRisk, () => placed.fills.map((f) => f.makerPlayerId), context.staker);

  const order = await insertOrder(tx, {
    marketId,
    runnerId,
    playerId,
    side,
    tick,
    size: stake,
    matched: placed.matched,
    matchedReturn: takerReturn,
    status: statusOf(stake, placed.matched, 0n),
    persist: input.persist ?? false,
    requestKey,
  });
  if (placed.fills.length > 0) await writeFills(tx, order, placed.fills, returns);
  const makers = placed.fills.map((f) => f.makerPlayerId);
  // deferExposure: the caller syncs the changed players' holds once, after its last order (a cash out's hedge).
  const exposures = deferExposure
    ? new Map<number, bigint>()
    : await syncExposures(
        tx,
        marketId,
        "match_odds",
        [playerId, ...makers],
        context.runners.map((r) => r.id),
      );
  return { result: { order, exposure: exposures.get(playerId) ?? 0n, replayed: false }, changed: [playerId, ...makers] };
}

type NewOrder = Pick<
  ExchangeOrder,
  "marketId" | "runnerId" | "playerId" | "side" | "tick" | "size" | "matched" | "matchedReturn" | "status" | "persist" | "requestKey"
> & { tick: number; runnerId: number };

/** Writes a match-odds order (one statement prepared once per connection); the database adds its id and times. */
async function insertOrder(tx: Tx, o: NewOrder): Promise<ExchangeOrder> {
  const [row] = await preparedRows<{ id: string | number; placed_at: Date | string; updated_at: Date | string; matched_at: Date | string | null }>(
    tx,
    sql`insert into exchange_orders (market_id, runner_id, player_id, side, tick, size, matched, matched_return, matched_at, status, persist, request_key)
      values (${o.marketId}::int, ${o.runnerId}::int, ${o.playerId}::int, ${o.side}, ${o.tick}::int, ${String(o.size)}::bigint,
        ${String(o.matched)}::bigint, ${String(o.matchedReturn)}::bigint, case when ${String(o.matched)}::bigint > 0 then now() end,
        ${o.status}, ${o.persist}, ${o.requestKey})
      returning id, placed_at, updated_at, matched_at`,
  );
  return {
    ...o,
    id: Number(row!.id),
    rate: null,
    line: null,
    cancelled: 0n,
    lapsed: 0n,
    matchedAt: row!.matched_at === null ? null : new Date(row!.matched_at),
    profit: null,
    placedAt: new Date(row!.placed_at),
    updatedAt: new Date(row!.updated_at),
  };
}

/**
 * The taker's fills and what they did to the makers' orders, in one statement. Each fill is at the maker's price:
 * both orders record what it returns, so every page shows the price it matched at.
 */
async function writeFills(tx: Tx, taker: ExchangeOrder, fills: Fill[], returns: bigint[]) {
  const byMaker = new Map<number, { size: bigint; ret: bigint }>();
  fills.forEach((f, i) => {
    const sum = byMaker.get(Number(f.makerOrderId)) ?? { size: 0n, ret: 0n };
    byMaker.set(Number(f.makerOrderId), { size: sum.size + f.size, ret: sum.ret + returns[i]! });
  });
  const fillRows = sql.join(
    fills.map((f) => sql`(${Number(f.makerOrderId)}::bigint, ${f.tick}::int, ${String(f.size)}::bigint)`),
    sql`, `,
  );
  const makerRows = sql.join(
    [...byMaker].map(([id, m]) => sql`(${id}::bigint, ${String(m.size)}::bigint, ${String(m.ret)}::bigint)`),
    sql`, `,
  );
  await tx.execute(sql`
    with f as (
      insert into exchange_fills (market_id, runner_id, taker_order_id, maker_order_id, tick, size)
      select ${taker.marketId}::int, ${taker.runnerId}::int, ${taker.id}::bigint, v.maker, v.tick, v.size
      from (values ${fillRows}) as v(maker, tick, size)
    )
    update exchange_orders o set
      matched = o.matched + v.size,
      matched_return = o.matched_return + v.ret,
      matched_at = now(),
      status = case when o.matched + v.size + o.cancelled >= o.size then 'matched' else 'partially_matched' end,
      updated_at = now()
    from (values ${makerRows}) as v(id, size, ret)
    where o.id = v.id`);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An order submitted as passive found something to match under the lock: it waits the delay after all (submitOrder). */
class WouldMatchNow extends Error {}

/** Whether the order would match something on the market's book as it is now (its price crosses the best opposite one). */
export async function wouldMatch(input: Pick<PlaceOrderInput, "playerId" | "marketId" | "runnerId" | "side" | "tick" | "stake">) {
  const { playerId, runnerId, side, tick, stake } = input;
  const book = OrderBook.from(await restingOrders(db, input.marketId));
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
  const delayMs = market.inPlay ? market.delay : 0;
  // A passive order (one that matches nothing on the book) skips the delay if it still matches nothing under the lock.
  if (delayMs > 0 && !(await wouldMatch(input))) {
    try {
      return { ...(await placeOrder({ ...input, passive: true })), delayMs: 0 };
    } catch (e) {
      if (!(e instanceof WouldMatchNow)) throw e;
    }
  }
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
