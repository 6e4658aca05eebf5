// Where the floating chat button may sit without covering a control (ChatButton.tsx measures the page, this decides).

export type Box = { left: number; top: number; right: number; bottom: number };
export type Spot = { x: number; y: number };

/** Space kept between the button, the screen's edges and any control. */
export const GAP = 6;

/**
 * The nearest place to `preferred` (the button's top-left corner) where a `size` square, with GAP around it, overlaps
 * none of `controls` and stays on the screen: up or down the button's own column, or along the right or the left edge,
 * whichever is the shortest move. Null when no column has room: the button is better hidden than on a control.
 */
export function freeSpot(controls: readonly Box[], viewport: { width: number; height: number }, preferred: Spot, size: number): Spot | null {
  const edgeRight = viewport.width - size - GAP;
  const columns = [Math.min(Math.max(GAP, preferred.x), edgeRight), edgeRight, GAP];
  let best: Spot | null = null;
  const distance = (spot: Spot) => Math.abs(spot.x - preferred.x) + Math.abs(spot.y - preferred.y);
  for (const x of new Set(columns)) {
    const y = freeYInColumn(controls, viewport.height, x, preferred.y, size);
    if (y !== null && (best === null || distance({ x, y }) < distance(best))) best = { x, y };
  }
  return best;
}

function freeYInColumn(controls: readonly Box[], height: number, x: number, preferredY: number, size: number): number | null {
  const left = x - GAP;
  const right = x + size + GAP;
  // The vertical stretches of this column that controls take, merged.
  const taken = controls
    .filter((c) => c.right > left && c.left < right && c.bottom > 0 && c.top < height)
    .map((c) => [c.top - GAP, c.bottom + GAP] as const)
    .sort((a, b) => a[0] - b[0]);
  const lowest = GAP;
  const highest = height - size - GAP;
  let best: number | null = null;
  let from = lowest;
  const consider = (start: number, end: number) => {
    // A gap [start, end] holds the button when its top can be anywhere in [start, end - size].
    const top = Math.max(start, lowest);
    const bottom = Math.min(end - size, highest);
    if (bottom < top) return;
    const y = Math.min(Math.max(preferredY, top), bottom);
    if (best === null || Math.abs(y - preferredY) < Math.abs(best - preferredY)) best = y;
  };
  for (const [top, bottom] of taken) {
    consider(from, top);
    from = Math.max(from, bottom);
  }
  consider(from, height);
  return best;
}
