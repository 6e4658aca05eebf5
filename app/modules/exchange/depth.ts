// Market depth as traders read it (match odds): the book percentage of each side, a runner's ladder (every tick near
// the best prices and every tick with volume: back and lay available, traded there) and its price history thinned to
// a chart's worth of points. Pure, for the browser too; the fills are read in depth.server.ts.
import { MAX_TICK, MIN_TICK, priceAt } from "./ladder.ts";

/** Ticks shown on either side of the best prices (and the last traded price) on a runner's ladder. */
export const LADDER_WINDOW = 10;
/** At most this many points in a price-history chart. */
export const HISTORY_POINTS = 200;
/** At most this many points per runner in the market page's sparklines (the page's payload stays small). */
export const SPARK_POINTS = 50;

/**
 * The book percentage (overround) of one side: Σ 100 / best price over the runners that have one, to a tenth; null
 * when no runner has a price on that side. A back book near 100 % is a fair market; above it the backers pay the margin.
 */
export function bookPercent(bestTicks: readonly (number | null | undefined)[]): string | null {
  const ticks = bestTicks.filter((t): t is number => t !== null && t !== undefined);
  if (ticks.length === 0) return null;
  // 100 / (hundredths / 100) in hundredths of a percent, rounded once at the end.
  const sum = ticks.reduce((s, t) => s + 1_000_000 / priceAt(t), 0);
  return (Math.round(sum / 10) / 10).toFixed(1);
}

export type LadderRow = { tick: number; toBack: bigint; toLay: bigint; traded: bigint };

/**
 * A runner's ladder, highest price first: every tick within LADDER_WINDOW of its best back, best lay and last traded
 * price, and every other tick with money available or traded. Sizes are the backer's stake in poisha.
 */
export function ladderRows({
  toBack,
  toLay,
  traded,
  lastTick,
}: {
  /** Resting lays: what a backer can take (best = highest). */
  toBack: readonly { tick: number; size: bigint }[];
  /** Resting backs: what a layer can take (best = lowest). */
  toLay: readonly { tick: number; size: bigint }[];
  traded: readonly { tick: number; size: bigint }[];
  lastTick: number | null;
}): LadderRow[] {
  const rows = new Map<number, LadderRow>();
  const row = (tick: number) => {
    let r = rows.get(tick);
    if (!r) rows.set(tick, (r = { tick, toBack: 0n, toLay: 0n, traded: 0n }));
    return r;
  };
  const anchors = [Math.max(-1, ...toBack.map((l) => l.tick)), Math.min(MAX_TICK + 1, ...toLay.map((l) => l.tick)), lastTick ?? -1].filter(
    (t) => t >= MIN_TICK && t <= MAX_TICK,
  );
  if (anchors.length > 0) {
    const lo = Math.max(MIN_TICK, Math.min(...anchors) - LADDER_WINDOW);
    const hi = Math.min(MAX_TICK, Math.max(...anchors) + LADDER_WINDOW);
    for (let t = lo; t <= hi; t++) row(t);
  }
  for (const l of toBack) row(l.tick).toBack += l.size;
  for (const l of toLay) row(l.tick).toLay += l.size;
  for (const l of traded) row(l.tick).traded += l.size;
  return [...rows.values()].sort((a, b) => b.tick - a.tick);
}

export type HistoryFill = { tick: number; size: bigint; at: Date };
export type HistoryPoint = { at: Date; tick: number; low: number; high: number; size: bigint };

/**
 * A runner's fills (oldest first) as at most `max` points: consecutive fills in equal groups, each point the last
 * traded price of its group (at its last fill's time) with the group's lowest and highest price and volume. The
 * first and the last point are the first and last fill's price.
 */
export function downsampleHistory(fills: readonly HistoryFill[], max = HISTORY_POINTS): HistoryPoint[] {
  const points: HistoryPoint[] = [];
  const groups = Math.min(fills.length, Math.max(1, max));
  // The first point stands alone so that the chart starts at the first trade's price.
  const per = fills.length <= max ? 1 : (fills.length - 1) / (groups - 1);
  let start = 0;
  for (let g = 0; g < groups && start < fills.length; g++) {
    const end = g === 0 ? 1 : Math.min(fills.length, Math.round(1 + g * per));
    const group = fills.slice(start, Math.max(end, start + 1));
    start += group.length;
    const last = group.at(-1)!;
    points.push({
      at: last.at,
      tick: last.tick,
      low: Math.min(...group.map((f) => f.tick)),
      high: Math.max(...group.map((f) => f.tick)),
      size: group.reduce((s, f) => s + f.size, 0n),
    });
  }
  return points;
}
