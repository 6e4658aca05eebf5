// The Betfair price ladder: the 350 valid decimal odds from 1.01 to 1000, as integers (odds × 100). A price is
// kept as its tick index (0–349), so "N ticks better" is index arithmetic and a price off the ladder cannot exist.

/** [upper bound (inclusive), step] in hundredths; each band starts where the previous ended. */
const BANDS: ReadonlyArray<readonly [number, number]> = [
  [200, 1],
  [300, 2],
  [400, 5],
  [600, 10],
  [1000, 20],
  [2000, 50],
  [3000, 100],
  [5000, 200],
  [10000, 500],
  [100000, 1000],
];

/** Odds × 100 at each tick: 101, 102, …, 100000. */
export const LADDER: readonly number[] = (() => {
  const prices = [101];
  for (const [upper, step] of BANDS) {
    while (prices.at(-1)! < upper) prices.push(prices.at(-1)! + step);
  }
  return prices;
})();

export const TICKS = LADDER.length; // 350
export const MIN_TICK = 0;
export const MAX_TICK = TICKS - 1;

const TICK_OF = new Map(LADDER.map((price, tick) => [price, tick]));

/** The tick of odds × 100, or null when the price is not on the ladder (2.21, 4.15, 22.5 …). */
export function tickOf(hundredths: number): number | null {
  return TICK_OF.get(hundredths) ?? null;
}

/** Odds × 100 at a tick. */
export function priceAt(tick: number): number {
  const price = LADDER[tick];
  if (price === undefined) throw new RangeError(`No tick ${tick} on the ladder`);
  return price;
}

/** Decimal odds as typed ("1.5", "2.02", "1000") to a tick; null when malformed or off the ladder. */
export function parseOdds(text: string): number | null {
  const m = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return tickOf(Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0")));
}

/** Odds for display: 1.01, 2.5 → "2.50", 1000 → "1000". Prices of 100 and above show no decimals, like Betfair. */
export function oddsText(tick: number): string {
  const price = priceAt(tick);
  return price >= 10000 ? String(price / 100) : (price / 100).toFixed(2);
}

/** The tick `n` ticks away, clamped to the ladder. */
export function moveTicks(tick: number, n: number): number {
  return Math.min(MAX_TICK, Math.max(MIN_TICK, tick + n));
}
