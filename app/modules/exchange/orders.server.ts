// Placing and cancelling match-odds orders. Each operation is one transaction that takes the market's advisory lock
// (so placement is serialised per market across app instances), runs the pure order book (matching.ts) over the
// market's unmatched orders, writes the order, its fills and the makers' updates, and replaces the exposure hold of
// every player whose position changed, in player-id order. A taker whose new exposure does not fit main's available
// balance is refused and nothing is written.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db, type Tx } from "#app/db/db.server.ts";
import { publishBalanceChanged } from "#app/modules/events/bus.server.ts";
import { isLedgerError } from "#app/modules/ledger/ledger.server.ts";
import { players } from "#app/modules/players/schema.ts";
import type { Currency } from "#app/modules/players/schema.ts";
import { checkBeforeStake } from "#app/modules/protection/stake-check.server.ts";
import { syncExposure } from "./exposure.server.ts";
import { MAX_TICK } from "./ladder.ts";
import { OrderBook, type RestingOrder } from "./matching.ts";
import { oddsProfit } from "./pnl.ts";
import { type ExchangeOrder, exchangeFills, exchangeMarkets, exchangeOrders, exchangeRunners, type OrderStatus } from "./schema.ts";

export type ExchangeErrorCode =
  | "market_not_found"
  | "market_closed"
  | "market_suspended"
  | "runner_not_active"
  | "invalid_price"
  | "stake_range"
  | "insufficient_funds"
  | "player_blocked"
  | "limit_exceeded"
  | "verification_needed"
  | "order_not_found"
  | "order_not_open"
  | "request_mismatch";

/** A refused exchange operation; `params` fill the message (amounts in poisha). */
export class ExchangeError extends Error {
  readonly code: ExchangeErrorCode;
  readonly params: Record<string, string>;
  constructor(code: ExchangeErrorCode, params: Record<string, string> = {}) {
    super(code);
    this.code = code;
    this.params = params;
  }
}

export const isExchangeError = (e: unknown): e is ExchangeError => e instanceof ExchangeError;

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

const LOCK_SPACE = 0x45584348; // "EXCH"

/** Serialises every operation on one market, on every app instance, until the transaction ends. */
export async function lockMarket(tx: Tx, marketId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}::int4, ${marketId}::int4)`);
}

const statusOf = (size: bigint, matched: bigint, cancelled: bigint, lapsed = false): OrderStatus => {
  if (matched + cancelled < size) return matched > 0n ? "partially_matched" : "unmatched";
  if (matched > 0n) return "matched";
  return lapsed ? "lapsed" : "cancelled";
};

const remainingOf = (o: ExchangeOrder) => o.size - o.matched - o.cancelled;

function toResting(o: ExchangeOrder): RestingOrder {
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

async function openOrders(tx: Tx, marketId: number) {
  return tx
    .select()
    .from(exchangeOrders)
    .where(and(eq(exchangeOrders.marketId, marketId), inArray(exchangeOrders.status, ["unmatched", "partially_matched"])))
    .orderBy(asc(exchangeOrders.id));
}

async function playerCurrency(tx: Tx, playerId: number): Promise<{ currency: Currency; blocked: boolean }> {
  const [p] = await tx.select({ currency: players.currency, status: players.status }).from(players).where(eq(players.id, playerId));
  if (!p) throw new ExchangeError("player_blocked");
  return { currency: p.currency as Currency, blocked: p.status !== "active" };
}

/** Replaces the exposure holds of these players (ascending ids: one lock order for every transaction). */
async function syncExposures(tx: Tx, marketId: number, playerIds: Iterable<number>) {
  const exposures = new Map<number, bigint>();
  for (const id of [...new Set(playerIds)].sort((a, b) => a - b)) {
    const { currency } = await playerCurrency(tx, id);
    exposures.set(id, await syncExposure(tx, id, marketId, currency));
  }
  return exposures;
}

export async function placeOrder(input: PlaceOrderInput): Promise<OrderResult> {
  const { playerId, marketId, runnerId, side, tick, stake, requestKey } = input;
  if (!Number.isInteger(tick) || tick < 0 || tick > MAX_TICK) throw new ExchangeError("invalid_price");
  let makers: number[] = [];
  let result: OrderResult;
  try {
    result = await db.transaction(async (tx) => {
      await lockMarket(tx, marketId);
      const [existing] = await tx
        .select()
        .from(exchangeOrders)
        .where(and(eq(exchangeOrders.playerId, playerId), eq(exchangeOrders.requestKey, requestKey)));
      if (existing) {
        const same =
          existing.marketId === marketId &&
          existing.runnerId === runnerId &&
          existing.side === side &&
          existing.tick === tick &&
          existing.size === stake;
        if (!same) throw new ExchangeError("request_mismatch");
        return { order: existing, exposure: 0n, replayed: true };
      }
      const [market] = await tx.select().from(exchangeMarkets).where(eq(exchangeMarkets.id, marketId));
      if (!market || market.kind !== "match_odds") throw new ExchangeError("market_not_found");
      if (market.status === "closed" || market.settledAt) throw new ExchangeError("market_closed");
      if (market.status === "suspended") throw new ExchangeError("market_suspended");
      const [runner] = await tx
        .select()
        .from(exchangeRunners)
        .where(and(eq(exchangeRunners.id, runnerId), eq(exchangeRunners.marketId, marketId)));
      if (!runner || runner.status !== "active") throw new ExchangeError("runner_not_active");
      if (stake % 100n !== 0n || stake < market.minStake || stake > market.maxStake) {
        throw new ExchangeError("stake_range", { min: String(market.minStake), max: String(market.maxStake) });
      }
      const player = await playerCurrency(tx, playerId);
      if (player.blocked) throw new ExchangeError("player_blocked");
      const refusal = await checkBeforeStake(tx, playerId, side === "back" ? stake : oddsProfit(stake, tick));
      if (refusal?.reason === "excluded") throw new ExchangeError("player_blocked");
      if (refusal?.reason === "identity") throw new ExchangeError("verification_needed", { missing: refusal.missing.join(", ") });
      if (refusal?.reason === "limit") throw new ExchangeError("limit_exceeded");

      const book = OrderBook.from((await openOrders(tx, marketId)).map(toResting));
      const [row] = await tx
        .insert(exchangeOrders)
        .values({ marketId, runnerId, playerId, side, tick, size: stake, status: "unmatched", persist: input.persist ?? false, requestKey })
        .returning();
      const placed = book.place({ id: String(row!.id), playerId, runnerId, side, tick, size: stake, seq: row!.id, persist: row!.persist });
      if (placed.fills.length > 0) {
        await tx.insert(exchangeFills).values(
          placed.fills.map((f) => ({
            marketId,
            runnerId,
            takerOrderId: row!.id,
            makerOrderId: Number(f.makerOrderId),
            tick: f.tick,
            size: f.size,
          })),
        );
        const byMaker = new Map<number, bigint>();
        for (const f of placed.fills) byMaker.set(Number(f.makerOrderId), (byMaker.get(Number(f.makerOrderId)) ?? 0n) + f.size);
        for (const [id, size] of byMaker) {
          await tx
            .update(exchangeOrders)
            .set({
              matched: sql`${exchangeOrders.matched} + ${size}`,
              status: sql`case when ${exchangeOrders.matched} + ${size} + ${exchangeOrders.cancelled} >= ${exchangeOrders.size} then 'matched' else 'partially_matched' end`,
              updatedAt: sql`now()`,
            })
            .where(eq(exchangeOrders.id, id));
        }
        makers = placed.fills.map((f) => f.makerPlayerId);
      }
      const [order] = await tx
        .update(exchangeOrders)
        .set({ matched: placed.matched, status: statusOf(stake, placed.matched, 0n), updatedAt: sql`now()` })
        .where(eq(exchangeOrders.id, row!.id))
        .returning();
      const exposures = await syncExposures(tx, marketId, [playerId, ...makers]);
      await tx
        .update(exchangeMarkets)
        .set({ version: sql`${exchangeMarkets.version} + 1` })
        .where(eq(exchangeMarkets.id, marketId));
      return { order: order!, exposure: exposures.get(playerId)!, replayed: false };
    });
  } catch (e) {
    if (isLedgerError(e, "insufficient_funds")) throw new ExchangeError("insufficient_funds", { available: String(e.details.available ?? 0) });
    throw e;
  }
  if (!result.replayed) for (const id of new Set([playerId, ...makers])) await publishBalanceChanged(id);
  return result;
}

/** Cancels `by` poisha of the player's unmatched stake (all of it when omitted). Another player's order is not found. */
export async function cancelOrder(playerId: number, orderId: number, by?: bigint): Promise<OrderResult> {
  const [found] = await db
    .select({ marketId: exchangeOrders.marketId })
    .from(exchangeOrders)
    .where(and(eq(exchangeOrders.id, orderId), eq(exchangeOrders.playerId, playerId)));
  if (!found) throw new ExchangeError("order_not_found");
  const result = await db.transaction(async (tx) => {
    await lockMarket(tx, found.marketId);
    const [order] = await tx.select().from(exchangeOrders).where(eq(exchangeOrders.id, orderId));
    const remaining = order ? remainingOf(order) : 0n;
    if (!order || remaining === 0n || (order.status !== "unmatched" && order.status !== "partially_matched"))
      throw new ExchangeError("order_not_open");
    const amount = by === undefined || by >= remaining ? remaining : by;
    if (amount <= 0n || amount % 100n !== 0n) throw new ExchangeError("stake_range", { min: "100", max: String(remaining) });
    const cancelled = order.cancelled + amount;
    const [updated] = await tx
      .update(exchangeOrders)
      .set({ cancelled, status: statusOf(order.size, order.matched, cancelled), updatedAt: sql`now()` })
      .where(eq(exchangeOrders.id, orderId))
      .returning();
    const exposures = await syncExposures(tx, found.marketId, [playerId]);
    await tx
      .update(exchangeMarkets)
      .set({ version: sql`${exchangeMarkets.version} + 1` })
      .where(eq(exchangeMarkets.id, found.marketId));
    return { order: updated!, exposure: exposures.get(playerId)!, replayed: false };
  });
  await publishBalanceChanged(playerId);
  return result;
}

/**
 * Lapses the market's unmatched orders: at turn-in-play those not kept (PERSIST), at suspension for settlement and
 * at closing all of them. Returns the lapsed orders' ids.
 */
export async function lapseOrders(marketId: number, { keepPersist }: { keepPersist: boolean }): Promise<number[]> {
  const affected = await db.transaction(async (tx) => {
    await lockMarket(tx, marketId);
    const open = (await openOrders(tx, marketId)).filter((o) => !(keepPersist && o.persist));
    for (const o of open) {
      const cancelled = o.cancelled + remainingOf(o);
      await tx
        .update(exchangeOrders)
        .set({ cancelled, status: statusOf(o.size, o.matched, cancelled, true), updatedAt: sql`now()` })
        .where(eq(exchangeOrders.id, o.id));
    }
    await syncExposures(
      tx,
      marketId,
      open.map((o) => o.playerId),
    );
    return open;
  });
  for (const id of new Set(affected.map((o) => o.playerId))) await publishBalanceChanged(id);
  return affected.map((o) => o.id);
}
