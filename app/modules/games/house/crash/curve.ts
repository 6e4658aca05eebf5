// The multiplier curve of a running Crash round (bustabit's): m(t) = floor(100 · e^(0.00006 · t)) hundredths, t in ms
// since the round started. 2.00× after 11.55 s, 10× after 38.4 s, 100× after 76.8 s. Pure: the page uses it too.

export const GROWTH_PER_MS = 0.00006;

/** The multiplier in hundredths (100 = 1.00×) `elapsedMs` after the start. */
export function multiplierAt(elapsedMs: number): number {
  if (!(elapsedMs > 0)) return 100;
  return Math.floor(100 * Math.exp(GROWTH_PER_MS * elapsedMs));
}

/** The first whole millisecond at which the multiplier reaches `hundredths` (0 for 1.00×): a round crashes then. */
export function msToReach(hundredths: number): number {
  if (hundredths <= 100) return 0;
  let t = Math.ceil(Math.log(hundredths / 100) / GROWTH_PER_MS);
  // Floating point can put the estimate one step either side of the true boundary.
  while (t > 0 && multiplierAt(t - 1) >= hundredths) t--;
  while (multiplierAt(t) < hundredths) t++;
  return t;
}

/** 153 -> "1.53", 123456 -> "1,234.56". */
export function multiplierText(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const frac = String(hundredths % 100).padStart(2, "0");
  return `${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${frac}`;
}

/** The payout of a stake cashed out at `hundredths` (rounded down to the poisha). */
export function payoutAt(stake: bigint, hundredths: number): bigint {
  return (stake * BigInt(hundredths)) / 100n;
}
