// Bookmaker and Fancy bets: the house is the counterparty, so a bet is taken whole at the current quote or refused.
// Accepted only while the market is open, not suspended and no ball is running, the runner (Bookmaker) is active, the
// submitted rate (and Fancy line) equals the current quote, and the stake is within the market's limits. The bet's
// worst case joins the player's exposure hold for the market, as for match odds.
import { sql } from "drizzle-orm";
import { ExchangeError } from "./errors.ts";
import { checkMayStake, inMarket, syncExposures } from "./market-tx.server.ts";
import { activeRunner, openMarket, type OrderResult, replayedOrder } from "./orders.server.ts";
import { rateReturn, stakeAtRisk } from "./pnl.ts";
import { exchangeOrders } from "./schema.ts";

type Common = { playerId: number; marketId: number; stake: bigint; rate: number; requestKey: string };
export type BookmakerBetInput = Common & { runnerId: number; side: "back" | "lay" };
export type FancyBetInput = Common & { side: "yes" | "no"; line: number };

/** A bet taken whole at the quote is matched at once, at its rate. */
const takenWhole = (stake: bigint, rate: number) => ({ matchedReturn: rateReturn(stake, rate), matchedAt: sql`now()` });

export async function placeBookmakerBet(input: BookmakerBetInput): Promise<OrderResult> {
  const { playerId, marketId, runnerId, side, rate, stake, requestKey } = input;
  return inMarket<OrderResult>(marketId, async (tx) => {
    const existing = await replayedOrder(
      tx,
      playerId,
      requestKey,
      (o) => o.marketId === marketId && o.runnerId === runnerId && o.side === side && o.rate === rate && o.size === stake,
    );
    if (existing) return { result: { order: existing, exposure: 0n, replayed: true }, changed: [] };
    await openMarket(tx, marketId, "bookmaker", stake);
    const runner = await activeRunner(tx, marketId, runnerId);
    const quote = side === "back" ? runner.backRate : runner.layRate;
    // 0 or no rate: no quote (a delivery in progress on the feed).
    if (!quote) throw new ExchangeError("market_suspended");
    if (quote !== rate) throw new ExchangeError("price_changed", { rate: String(quote) });
    await checkMayStake(tx, playerId, stakeAtRisk({ kind: "bookmaker", side, tick: null, rate, size: stake, cancelled: 0n }));
    const [order] = await tx
      .insert(exchangeOrders)
      .values({ marketId, runnerId, playerId, side, rate, size: stake, matched: stake, ...takenWhole(stake, rate), status: "matched", requestKey })
      .returning();
    const exposures = await syncExposures(tx, marketId, "bookmaker", [playerId]);
    return { result: { order: order!, exposure: exposures.get(playerId)!, replayed: false }, changed: [playerId] };
  });
}

export async function placeFancyBet(input: FancyBetInput): Promise<OrderResult> {
  const { playerId, marketId, side, line, rate, stake, requestKey } = input;
  return inMarket<OrderResult>(marketId, async (tx) => {
    const existing = await replayedOrder(
      tx,
      playerId,
      requestKey,
      (o) => o.marketId === marketId && o.side === side && o.line === line && o.rate === rate && o.size === stake,
    );
    if (existing) return { result: { order: existing, exposure: 0n, replayed: true }, changed: [] };
    const market = await openMarket(tx, marketId, "fancy", stake);
    const quoteLine = side === "yes" ? market.yesLine : market.noLine;
    const quoteRate = side === "yes" ? market.yesRate : market.noRate;
    if (quoteLine === null || !quoteRate) throw new ExchangeError("market_suspended");
    if (quoteLine !== line || quoteRate !== rate) throw new ExchangeError("price_changed", { line: String(quoteLine), rate: String(quoteRate) });
    await checkMayStake(tx, playerId, stakeAtRisk({ kind: "fancy", side, tick: null, rate, size: stake, cancelled: 0n }));
    const [order] = await tx
      .insert(exchangeOrders)
      .values({ marketId, playerId, side, line, rate, size: stake, matched: stake, ...takenWhole(stake, rate), status: "matched", requestKey })
      .returning();
    const exposures = await syncExposures(tx, marketId, "fancy", [playerId]);
    return { result: { order: order!, exposure: exposures.get(playerId)!, replayed: false }, changed: [playerId] };
  });
}
