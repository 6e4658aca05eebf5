// Profit and loss of exchange bets, pure and in poisha: per outcome (for the exposure held from the main wallet),
// at settlement, and the commission on a player's net winnings in a market: the maths the market kinds (kinds/) are
// made of. README.md, "Money" and "Market kinds". Stakes are whole taka (matching.ts), so every figure here is exact.
import { priceAt } from "./ladder.ts";
import type { Side } from "./matching.ts";

/** A bet on a runner (match odds or Bookmaker): `profit` is what the back side wins if the runner wins. */
export type RunnerPosition = { runnerId: number; side: Side; stake: bigint; profit: bigint };

/** The backer's profit at a match-odds price (ladder tick): S·(O−1). */
export function oddsProfit(stake: bigint, tick: number): bigint {
  return (stake * BigInt(priceAt(tick) - 100)) / 100n;
}

/** What a fill returns a backer if the runner wins, stake included: S·O (exact: stakes are whole taka). */
export function fillReturn(stake: bigint, tick: number): bigint {
  return (stake * BigInt(priceAt(tick))) / 100n;
}

/** What a Bookmaker or Fancy bet taken whole at `rate` returns, stake included: S + S·rate/100 (README.md, "Bookmaker" and "Fancy"). */
export function rateReturn(stake: bigint, rate: number): bigint {
  return stake + digitProfit(stake, rate);
}

/** The backer's profit at a Bookmaker DIGIT rate (45 = 45 per 100 staked). */
export function digitProfit(stake: bigint, rate: number): bigint {
  if (!Number.isInteger(rate) || rate <= 0) throw new RangeError("A Bookmaker rate is a positive whole number");
  return (stake * BigInt(rate)) / 100n;
}

/** One position's P&L if `winner` wins (back: +profit or −stake; lay: the reverse). */
export function runnerOutcome(p: RunnerPosition, winner: number): bigint {
  const wins = p.runnerId === winner;
  if (p.side === "back") return wins ? p.profit : -p.stake;
  return wins ? -p.profit : p.stake;
}

/**
 * P&L of a player's market for each runner winning. Unmatched orders count pessimistically: their losses are
 * included, their gains never.
 */
export function runnerBook(
  runners: readonly number[],
  matched: readonly RunnerPosition[],
  unmatched: readonly RunnerPosition[] = [],
): Map<number, bigint> {
  const book = new Map<number, bigint>();
  for (const winner of runners) {
    let pnl = 0n;
    for (const p of matched) pnl += runnerOutcome(p, winner);
    for (const p of unmatched) {
      const outcome = runnerOutcome(p, winner);
      if (outcome < 0n) pnl += outcome;
    }
    book.set(winner, pnl);
  }
  return book;
}

/** The worst-case loss over outcomes (0 when no outcome loses): what is held from the player's balance. */
export function exposureOf(book: Iterable<bigint>): bigint {
  let worst = 0n;
  for (const pnl of book) if (pnl < worst) worst = pnl;
  return -worst;
}

/** A Fancy bet: Yes wins when the result reaches the line, No when it stays below. Rates are per 100. */
export type FancyPosition = { side: "yes" | "no"; line: number; rate: number; stake: bigint };

export function fancyOutcome(p: FancyPosition, result: number): bigint {
  const yesWins = result >= p.line;
  if (p.side === "yes") return yesWins ? (p.stake * BigInt(p.rate)) / 100n : -p.stake;
  return yesWins ? -(p.stake * BigInt(p.rate)) / 100n : p.stake;
}

/** The results at which a set of Fancy bets can change P&L: 0 and each line and the run below it. */
export function fancyCases(positions: readonly FancyPosition[]): number[] {
  const cases = new Set([0]);
  for (const p of positions) {
    cases.add(p.line);
    if (p.line > 0) cases.add(p.line - 1);
  }
  return [...cases].sort((a, b) => a - b);
}

/** P&L of a player's bets on one Fancy line for every result that matters (the "Book" of the line). */
export function fancyBook(positions: readonly FancyPosition[]): Map<number, bigint> {
  return new Map(fancyCases(positions).map((r) => [r, positions.reduce((sum, p) => sum + fancyOutcome(p, r), 0n)]));
}

/** Commission on net market winnings (basis points: 200 = 2 %); nothing on a net loss. Rounded down. */
export function commissionOn(net: bigint, rateBasisPoints: number): bigint {
  if (!Number.isInteger(rateBasisPoints) || rateBasisPoints < 0 || rateBasisPoints > 10_000)
    throw new RangeError("Commission is 0–10000 basis points");
  return net > 0n ? (net * BigInt(rateBasisPoints)) / 10_000n : 0n;
}
