// How a seed pair's results are read from its bytes (bytes.ts: HMAC-SHA256 rounds, 4-byte big-endian words). Each
// pair keeps the version it was created with (fair_seeds.algorithm), so rounds played before a change still verify.
//
// 1  Pairs created before 2026-11-28. Uniform integers by rejection sampling (bytes.ts, step 3): the Dice roll is the
//    first uniform integer in 0..10000; Mines step i takes the (uniform integer in 0..24-i)-th tile still unpicked.
// 2  The published formulas that third-party (Stake-style) verifiers use. Each word is one float f = v / 2^32 in
//    [0, 1), none discarded: the Dice roll is floor(f × 10001) hundredths (0.00 to 100.00); Mines step i (0, 1, ...)
//    takes the floor(f_i × (25 − i))-th tile still unpicked, tiles in ascending order; the first m picks are mines.

export const FAIR_ALGORITHMS = [1, 2] as const;
export type FairAlgorithm = (typeof FAIR_ALGORITHMS)[number];

/** The version every new seed pair gets. */
export const CURRENT_FAIR_ALGORITHM: FairAlgorithm = 2;

export const isFairAlgorithm = (n: unknown): n is FairAlgorithm => FAIR_ALGORITHMS.includes(n as FairAlgorithm);

/** A stored version as the type; a value the database's default and the code cannot produce is a bug. */
export function fairAlgorithm(n: number): FairAlgorithm {
  if (!isFairAlgorithm(n)) throw new RangeError(`unknown fairness algorithm ${n}`);
  return n;
}

/** A round's algorithm from its stored fairness data: rounds recorded before versions were kept are version 1. */
export const algorithmOfRound = (fairness: Record<string, unknown>): FairAlgorithm => (isFairAlgorithm(fairness.algorithm) ? fairness.algorithm : 1);
