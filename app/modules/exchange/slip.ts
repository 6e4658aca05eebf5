// The bet slip's figures, pure so the page can recompute them as the player types: potential profit and liability of
// a bet, in poisha, from its kind's maths (market-kinds.ts). README.md, "Market kinds".
import { fromWholeTaka } from "#app/kernel/money.ts";
import { type BetSide, marketKind } from "./market-kinds.ts";
import type { MarketKind } from "./schema.ts";

export type BetKind = MarketKind;
export type { BetSide } from "./market-kinds.ts";

/**
 * `price` is odds × 100 for match odds (195 = 1.95) and the rate per 100 for Bookmaker and Fancy. Back and Yes risk
 * the stake to win the price's profit; Lay and No risk the backer's profit to win the stake.
 */
export function slipFigures(kind: BetKind, side: BetSide, price: number, stake: bigint): { profit: bigint; liability: bigint } {
  const win = marketKind(kind).backProfit(stake, price);
  return side === "back" || side === "yes" ? { profit: win, liability: stake } : { profit: stake, liability: win };
}

/**
 * What the slip's bet on `runnerId` adds to the P&L if `winner` wins, as if it matched whole at `price` (Betfair's
 * projection under each runner name): the back side wins the profit when the runner wins and loses the stake when it
 * does not; the lay side the reverse.
 */
export function slipEffect(kind: BetKind, side: BetSide, runnerId: number, price: number, stake: bigint, winner: number): bigint {
  const { profit, liability } = slipFigures(kind, side, price, stake);
  const backs = side === "back" || side === "yes";
  return (winner === runnerId) === backs ? profit : -liability;
}

/** Whole taka as typed in the stake field ("500") to poisha; null when it is not a whole number of taka. */
export function stakePoisha(text: string | undefined): bigint | null {
  const m = /^\s*(\d{1,9})\s*$/.exec(text ?? "");
  return m ? fromWholeTaka(m[1]!) : null;
}

export const QUICK_STAKES = [100, 500, 1000, 5000] as const;
