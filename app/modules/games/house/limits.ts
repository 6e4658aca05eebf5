// The operator's payout limits of the house games (issue 30). Pure: the games' play and pages share it.
//
// The cap is on the PAYOUT, stake included: a bet pays min(stake × multiplier, maxWin). (Stake caps the profit
// instead; a payout cap is the simpler promise to show a player, "this bet pays at most ৳X", and the operator's
// worst case per bet is exactly maxWin.) The admin form keeps maxWin at least the game's max stake, so a capped
// win never pays back less than its stake.

/** ৳10,00,000: the max win per bet every house game starts with. */
export const DEFAULT_MAX_WIN = 100_000_000n;
/**
 * ৳10,00,00,000 (a hundred max wins): Crash's round payout cap at install. A bet without an auto cash-out reserves
 * a whole max win, so a hundred of them fill a round.
 */
export const DEFAULT_ROUND_PAYOUT_CAP = 10_000_000_000n;

/** A payout held to the max win (null: no limit, as for rows from before limits), and whether the cap took something off. */
export function capPayout(payout: bigint, maxWin: bigint | null): { payout: bigint; capped: boolean } {
  return maxWin !== null && payout > maxWin ? { payout: maxWin, capped: true } : { payout, capped: false };
}

/** What a capped round's fairness data adds (nothing for an uncapped one): the betting record shows it. */
export const cappedFairness = (capped: boolean, maxWin: bigint): Record<string, unknown> => (capped ? { capped: true, maxWin: String(maxWin) } : {});
