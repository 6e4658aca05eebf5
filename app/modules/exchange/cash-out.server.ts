// Cash Out on a match-odds market (README.md, "Cash Out"): the quote of a player's matched position over the book's
// current depth (cash-out.ts), and its execution as real fill-or-kill orders through the placement's own path
// (`placeInMarket`), each at the worst price the quote used for it as its limit, every hedge order of one cash out in
// one market transaction: all fill at those prices or better, or nothing is written.
// The confirm form carries the P&L per runner the player was shown; the server quotes again under the market's lock
// and executes only when no runner is worse, else it answers with the new quote.
import { and, asc, eq } from "drizzle-orm";
import { db, type Executor, type Tx } from "#app/db/db.server.ts";
import { CASH_OUT_DEPTH, type CashOutBasis, cashOutOn, type CashOutQuote, depthLevels, notWorse, type RunnerDepth } from "./cash-out.ts";
import { ExchangeError, isExchangeError } from "./errors.ts";
import { playerPositions } from "./exposure.server.ts";
import { inMarket, syncExposures } from "./market-tx.server.ts";
import { placeInMarket, restingOrders } from "./orders.server.ts";
import { OrderBook, type RestingOrder } from "./matching.ts";
import { runnerBook } from "./pnl.ts";
import { exchangeMarkets, exchangeOrders, exchangeRunners } from "./schema.ts";

export type CashOutState = {
  marketId: number;
  marketName: string;
  eventId: number;
  runners: { id: number; name: string }[];
  /** Why the market takes no cash out now (closed, suspended, ball running), or null. */
  closed: "market_closed" | "market_suspended" | "ball_running" | null;
  quote: CashOutQuote;
};

/**
 * The book's best CASH_OUT_DEPTH levels a side of each runner, everyone's orders: what the market page and its push
 * carry, so the Cash Out page and the market page's button quote from the same levels (`cashOutOn` leaves out the
 * player's own orders, which never match them).
 */
function bookDepth(runnerIds: number[], resting: RestingOrder[]): RunnerDepth[] {
  const book = OrderBook.from(resting);
  return runnerIds.map((runnerId) => ({ runnerId, ...depthLevels(book.depth(runnerId, CASH_OUT_DEPTH)) }));
}

/** What a cash out is worked out from: the matched P&L per runner and the player's own resting orders, as the page carries them. */
const basisOf = (position: Map<number, bigint>, own: CashOutBasis["own"]): CashOutBasis => ({
  position: [...position].map(([id, pnl]) => [id, String(pnl)]),
  own,
});

/** A player's own resting orders as the cash out leaves them out. */
const ownOrders = (resting: RestingOrder[], playerId: number): CashOutBasis["own"] =>
  resting.filter((o) => o.playerId === playerId).map((o) => ({ runnerId: o.runnerId, side: o.side, tick: o.tick, size: String(o.remaining) }));

/** The player's cash-out quote in a market (another player's position is never read: the player's id is the session's). */
export async function quoteCashOut(tx: Executor, playerId: number, marketId: number, percent = 100): Promise<CashOutState> {
  const [market] = await tx.select().from(exchangeMarkets).where(eq(exchangeMarkets.id, marketId));
  if (!market || market.kind !== "match_odds") throw new ExchangeError("market_not_found");
  const runners = await tx
    .select({ id: exchangeRunners.id, name: exchangeRunners.name })
    .from(exchangeRunners)
    .where(and(eq(exchangeRunners.marketId, marketId), eq(exchangeRunners.status, "active")))
    .orderBy(asc(exchangeRunners.sortOrder));
  const ids = runners.map((r) => r.id);
  const { matched } = await playerPositions(tx as unknown as Tx, playerId, marketId);
  const position = runnerBook(ids, matched);
  const closed =
    market.status === "closed" || market.settledAt
      ? "market_closed"
      : market.status === "suspended"
        ? "market_suspended"
        : market.ballRunning
          ? "ball_running"
          : null;
  let quote: CashOutQuote = { ok: false, reason: "no_position" };
  if (!closed && matched.length > 0) {
    const resting = await restingOrders(tx, marketId);
    quote = cashOutOn(basisOf(position, ownOrders(resting, playerId)), bookDepth(ids, resting), percent);
  }
  return { marketId, marketName: market.name, eventId: market.eventId, runners, closed, quote };
}

export type CashOutInput = {
  playerId: number;
  marketId: number;
  percent: number;
  /** The P&L per runner after the cash out the player was shown (and confirmed); none for an auto cash-out (its trigger decides). */
  shown?: Map<number, bigint>;
  /** The confirm form's request id: a retried cash out is not executed twice. */
  requestKey: string;
};

export type CashOutResult = { done: true; state: CashOutState } | { done: false; state: CashOutState };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const orderKey = (requestKey: string, i: number) => `cashout:${requestKey}:${i}`;

/**
 * Quotes again under the market's lock and places the hedge orders fill-or-kill at the quoted prices when no runner
 * is worse than shown; otherwise nothing is written and the new quote comes back (`done: false`). `fire` runs first
 * in the same transaction (the auto cash-out's claim) and may call the cash out off.
 */
export async function executeCashOut(
  input: CashOutInput,
  fire?: (tx: Tx, state: CashOutState) => Promise<boolean>,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<CashOutResult> {
  const { playerId, marketId, percent } = input;
  // In play, a cash out waits the market's bet delay like any order (README.md, "In-play delay"); the quote is then
  // taken again under the lock, so the player never gets less than they confirmed.
  const [market] = await db
    .select({ inPlay: exchangeMarkets.inPlay, delay: exchangeMarkets.inPlayDelayMs })
    .from(exchangeMarkets)
    .where(eq(exchangeMarkets.id, marketId));
  if (market?.inPlay && market.delay > 0) await wait(market.delay);
  try {
    return await inMarket<CashOutResult>(marketId, async (tx) => {
      const [replayed] = await tx
        .select({ id: exchangeOrders.id })
        .from(exchangeOrders)
        .where(and(eq(exchangeOrders.playerId, playerId), eq(exchangeOrders.requestKey, orderKey(input.requestKey, 0))));
      const state = await quoteCashOut(tx, playerId, marketId, percent);
      if (replayed) return { result: { done: true, state }, changed: [] };
      const q = state.quote;
      if (!q.ok || (input.shown && !notWorse(q.after, input.shown)) || (fire && !(await fire(tx, state))))
        return { result: { done: false, state }, changed: [] };
      const changed: number[] = [];
      for (const [i, o] of q.orders.entries()) {
        const placed = await placeInMarket(
          tx,
          { playerId, marketId, runnerId: o.runnerId, side: o.side, tick: o.tick, stake: o.stake, requestKey: orderKey(input.requestKey, i) },
          { fillOrKill: true, belowMin: true, deferExposure: true },
        );
        changed.push(...placed.changed);
      }
      // One sync after the whole hedge: the holds (and the balance check) are of the position it ends on.
      await syncExposures(tx, marketId, "match_odds", changed);
      return { result: { done: true, state }, changed };
    });
  } catch (e) {
    // The book cannot move under the lock, so this is a safety net: nothing was written; show the book as it is now.
    if (isExchangeError(e) && e.code === "not_filled") {
      return { done: false, state: await quoteCashOut(db, playerId, marketId, percent) };
    }
    throw e;
  }
}

/** The market page's basis for its Cash Out button (cash-out.ts, `cashOutOn` with the page's depth); null without a matched position. */
export async function cashOutBasis(playerId: number, marketId: number, runnerIds: number[]): Promise<CashOutBasis | null> {
  const { orders, matched } = await playerPositions(db as unknown as Tx, playerId, marketId);
  if (matched.length === 0) return null;
  const position = runnerBook(runnerIds, matched);
  const own = orders
    .filter((o) => (o.status === "unmatched" || o.status === "partially_matched") && o.tick !== null)
    .map((o) => ({ runnerId: o.runnerId!, side: o.side as "back" | "lay", tick: o.tick!, size: String(o.size - o.matched - o.cancelled) }));
  return basisOf(position, own);
}
