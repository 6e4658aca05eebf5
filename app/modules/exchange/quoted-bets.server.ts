// Bets on a quoted kind (Bookmaker, Fancy: a kind without a book): the house is the counterparty, so a bet is taken
// whole at the current quote or refused. Accepted only while the market is open, not suspended and no ball is
// running, the runner (a kind with runners) is active, the submitted rate (and line) equals the kind's current quote,
// and the stake is within the market's limits. The bet's worst case joins the player's exposure hold for the market,
// as for match odds.
import { sql } from "drizzle-orm";
import { ExchangeError } from "./errors.ts";
import { type BetSide, marketKind, stakeAtRisk } from "./market-kinds.ts";
import { checkMayStake, inMarket, syncExposures } from "./market-tx.server.ts";
import { activeRunner, openMarket, type OrderResult, replayedOrder } from "./orders.server.ts";
import { rateReturn } from "./pnl.ts";
import { exchangeOrders, type MarketKind } from "./schema.ts";

type Common = { playerId: number; marketId: number; stake: bigint; rate: number; requestKey: string };
export type BookmakerBetInput = Common & { runnerId: number; side: "back" | "lay" };
export type FancyBetInput = Common & { side: "yes" | "no"; line: number };
/** A bet on a quoted kind: on a runner (a kind with runners) or at a line (the others). */
export type QuotedBetInput = Common & { side: BetSide; runnerId?: number; line?: number };

/** A bet taken whole at the quote is matched at once, at its rate. */
const takenWhole = (stake: bigint, rate: number) => ({ matchedReturn: rateReturn(stake, rate), matchedAt: sql`now()` });

export async function placeQuotedBet(kindId: MarketKind, input: QuotedBetInput): Promise<OrderResult> {
  const { playerId, marketId, side, rate, stake, requestKey } = input;
  const kind = marketKind(kindId);
  const runnerId = kind.hasRunners ? input.runnerId! : null;
  const line = kind.hasRunners ? null : input.line!;
  return inMarket<OrderResult>(marketId, async (tx) => {
    const existing = await replayedOrder(
      tx,
      playerId,
      requestKey,
      (o) => o.marketId === marketId && o.runnerId === runnerId && o.line === line && o.side === side && o.rate === rate && o.size === stake,
    );
    if (existing) return { result: { order: existing, exposure: 0n, replayed: true }, changed: [] };
    const market = await openMarket(tx, marketId, kindId, stake);
    const runner = runnerId === null ? null : await activeRunner(tx, marketId, runnerId);
    const quote = kind.quote!(market, runner, side);
    if (!quote) throw new ExchangeError("market_suspended");
    if (quote.rate !== rate || quote.line !== line) {
      throw new ExchangeError(
        "price_changed",
        quote.line === null ? { rate: String(quote.rate) } : { line: String(quote.line), rate: String(quote.rate) },
      );
    }
    await checkMayStake(tx, playerId, stakeAtRisk({ kind: kindId, side, tick: null, rate, size: stake, cancelled: 0n }));
    const [order] = await tx
      .insert(exchangeOrders)
      .values({
        marketId,
        ...(runnerId === null ? {} : { runnerId }),
        playerId,
        side,
        ...(line === null ? {} : { line }),
        rate,
        size: stake,
        matched: stake,
        ...takenWhole(stake, rate),
        status: "matched",
        requestKey,
      })
      .returning();
    const exposures = await syncExposures(tx, marketId, kindId, [playerId]);
    return { result: { order: order!, exposure: exposures.get(playerId)!, replayed: false }, changed: [playerId] };
  });
}

export const placeBookmakerBet = (input: BookmakerBetInput) => placeQuotedBet("bookmaker", input);

export const placeFancyBet = (input: FancyBetInput) => placeQuotedBet("fancy", input);
