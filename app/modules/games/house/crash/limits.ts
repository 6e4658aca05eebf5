// Crash's payout limits for one bet (issue 30; rules in README.md): the most it can pay is the least of its auto
// cash-out's payout, the game's max win and what is left of the round's payout cap; when a limit is below what
// the player asked, the bet's auto cash-out is lowered to the highest multiplier whose payout fits (a bet without
// one keeps cashing out by hand; a manual cash-out beyond its max payout pays the max payout).
import { capPayout } from "../limits.ts";
import { payoutAt } from "./curve.ts";

/** The highest auto cash-out a player can set: 1,000,000.00×. */
export const MAX_AUTO_CASHOUT = 100_000_000;

export type BetLimit = {
  /** What the bet reserves of the round cap and the most any cash-out pays (poisha). */
  maxPayout: bigint;
  /** Hundredths, the auto cash-out the engine applies (the player's, or lower when capped); null: none. */
  autoCashout: number | null;
  /** A limit lowered the player's auto cash-out / max payout. */
  capped: boolean;
};

/**
 * The bet's limit, or null when the round has no room for it (what is left would not pay even the lowest
 * cash-out, 1.01×). `roomLeft`: the round cap minus what the round's bets reserved already (null: no round cap).
 */
export function betLimit(stake: bigint, auto: number | null, maxWin: bigint, roomLeft: bigint | null): BetLimit | null {
  const asked = auto === null ? null : payoutAt(stake, auto);
  let limit = maxWin;
  if (roomLeft !== null && roomLeft < limit) limit = roomLeft;
  // The highest multiplier whose payout fits (payoutAt floors, so its payout is at most the limit): below 1.01×
  // the bet could not win anything.
  const fits = (limit * 100n) / stake;
  if (fits < 101n) return null;
  // Without an auto cash-out the player cashes out by hand: any cash-out pays at most the limit.
  if (asked === null) return { maxPayout: limit, autoCashout: null, capped: false };
  if (asked <= limit) return { maxPayout: asked, autoCashout: auto, capped: false };
  return { maxPayout: limit, autoCashout: Number(fits), capped: true };
}

/** What a cash-out at `at` pays: the curve's payout held to the bet's max payout (none for bets placed before it). */
export const cappedPayout = (stake: bigint, at: number, maxPayout: bigint | null) => capPayout(payoutAt(stake, at), maxPayout);
