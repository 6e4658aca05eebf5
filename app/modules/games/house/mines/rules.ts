// Mines payouts without any crypto import. 25 tiles (0-24, left to right, top to bottom), m mines (1-24).
// After k safe tiles the multiplier is 0.99 * C(25, k) / C(25 - m, k): the inverse of the chance that k picks
// were all safe, less the 1 % house edge. Payouts use the exact fraction, floored to poisha.

export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;

function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

export function isMinesCount(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= MINES_MIN && (value as number) <= MINES_MAX;
}

/** The fraction 0.99 * C(25,k) / C(25-m,k) as numerator / denominator. */
function minesFraction(mines: number, safeRevealed: number): { num: bigint; den: bigint } {
  if (!isMinesCount(mines)) throw new RangeError("mines must be 1..24");
  if (!Number.isInteger(safeRevealed) || safeRevealed < 0 || safeRevealed > MINES_TILES - mines) throw new RangeError("safe tiles out of range");
  return { num: 99n * choose(MINES_TILES, safeRevealed), den: 100n * choose(MINES_TILES - mines, safeRevealed) };
}

/** The multiplier after k safe tiles in ten-thousandths (floored): 24 mines, 1 tile -> 247500 (24.75x). */
export function minesMultiplier(mines: number, safeRevealed: number): number {
  const { num, den } = minesFraction(mines, safeRevealed);
  return Number((num * 10_000n) / den);
}

/** Poisha paid when cashing out a stake after k safe tiles: floor(stake * 0.99 * C(25,k) / C(25-m,k)). */
export function minesPayout(stake: bigint, mines: number, safeRevealed: number): bigint {
  const { num, den } = minesFraction(mines, safeRevealed);
  return (stake * num) / den;
}
