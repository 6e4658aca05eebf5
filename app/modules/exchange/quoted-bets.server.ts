// Bets on a quoted kind (Bookmaker, Fancy: a kind without a book): the house is the counterparty, so a bet is taken
// whole at the current quote or refused. Accepted only while the market is open, not suspended and no ball is
// running, the runner (a kind with runners) is active, the submitted rate (and line) equals the kind's current quote,
// and the stake is within the market's limits. With "Accept odds changes" the current quote is taken when it is not
// worse than the submitted one by more than the tolerance (odds-changes.ts); the bet records the rate and line taken. The bet's worst case joins the player's exposure hold for the market,
// as for match odds.
import { sql } from "drizzle-orm";
import { ExchangeError } from "./errors.ts";
import { type BetSide, marketKind, stakeAtRisk } from "./market-kinds.ts";
import type { Quote } from "./kinds/kind.ts";
import { acceptedQuote } from "./odds-changes.ts";
import { checkMayStake, inMarket, syncExposures } from "./market-tx.server.ts";
import { activeRunner, openMarket, type OrderResult, replayedOrder } from "./orders.server.ts";
import { rateReturn } from "./pnl.ts";
import { exchangeOrders, type MarketKind } from "./schema.ts";

type Common = {
  playerId: number;
  marketId: number;
  stake: bigint;
  /** The rate (and, for Fancy, the line) the player saw. */
  rate: number;
  requestKey: string;
  /** The slip's "Accept odds changes": take the current quote if it is within the tolerance (odds-changes.ts). */
  acceptChanges?: boolean;
};
export type BookmakerBetInput = Common & { runnerId: number; side: "back" | "lay" };
export type FancyBetInput = Common & { side: "yes" | "no"; line: number };
/** A bet on a quoted kind: on a runner (a kind with runners) or at a line (the others). */
export type QuotedBetInput = Common & { side: BetSide; runnerId?: number; line?: number };

/** A bet taken whole at the quote is matched at once, at its rate. */
const takenWhole = (stake: bigint, rate: number) => ({ matchedReturn: rateReturn(stake, rate), matchedAt: sql`now()` });

/** The refusal of a bet whose quote moved: the new rate (and line), shown next to the slip's price. */
export function priceChanged(quote: Quote) {
  const now = quote.line === null ? String(quote.rate) : `${quote.line} @ ${quote.rate}`;
  return new ExchangeError("price_changed", {
    rate: String(quote.rate),
    ...(quote.line === null ? {} : { line: String(quote.line) }),
    now,
  });
}

export async function placeQuotedBet(kindId: MarketKind, input: QuotedBetInput): Promise<OrderResult> {
  const { playerId, marketId, side, rate, stake, requestKey } = input;
  const kind = marketKind(kindId);
  const runnerId = kind.hasRunners ? input.runnerId! : null;
  const line = kind.hasRunners ? null : input.line!;
  const accept = input.acceptChanges ?? false;
  return inMarket<OrderResult>(marketId, async (tx) => {
    const existing = await replayedOrder(
      tx,
      playerId,
      requestKey,
      (o) =>
        o.marketId === marketId &&
        o.runnerId === runnerId &&
        o.side === side &&
        o.size === stake &&
        acceptedQuote(side, { rate, line }, { rate: o.rate!, line: o.line }, accept) !== null,
    );
    if (existing) return { result: { order: existing, exposure: 0n, replayed: true }, changed: [] };
    const market = await openMarket(tx, marketId, kindId, stake);
    const runner = runnerId === null ? null : await activeRunner(tx, marketId, runnerId);
    const quote = kind.quote!(market, runner, side);
    if (!quote) throw new ExchangeError("market_suspended");
    const taken = acceptedQuote(side, { rate, line }, quote, accept);
    if (!taken) throw priceChanged(quote);
    await checkMayStake(tx, playerId, stakeAtRisk({ kind: kindId, side, tick: null, rate: taken.rate, size: stake, cancelled: 0n }));
    const [order] = await tx
      .insert(exchangeOrders)
      .values({
        marketId,
        ...(runnerId === null ? {} : { runnerId }),
        playerId,
        side,
        ...(taken.line === null ? {} : { line: taken.line }),
        rate: taken.rate,
        size: stake,
        matched: stake,
        ...takenWhole(stake, taken.rate),
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
