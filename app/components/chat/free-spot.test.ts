import { describe, expect, it } from "vitest";
import { type Box, freeSpot, GAP } from "./free-spot.ts";

const phone = { width: 360, height: 740 };
const box = (left: number, top: number, right: number, bottom: number): Box => ({ left, top, right, bottom });
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const at = (spot: { x: number; y: number }, size = 50) => box(spot.x, spot.y, spot.x + size, spot.y + size);

describe("freeSpot", () => {
  it("keeps the preferred place when nothing is there", () => {
    expect(freeSpot([], phone, { x: 298, y: 550 }, 50)).toEqual({ x: 298, y: 550 });
  });

  it("moves up or down its column to the nearest gap, never onto a control", () => {
    // Rows of lay prices down the right edge with 40 px gaps: too small for the button (50 + 2 gaps).
    const prices = Array.from({ length: 10 }, (_, i) => box(300, 100 + i * 80, 360, 140 + i * 80));
    const spot = freeSpot(prices, phone, { x: 298, y: 520 }, 50);
    expect(spot).not.toBeNull();
    for (const price of prices) expect(overlaps(at(spot!), price)).toBe(false);
    // Nothing on the left of the screen: the left edge has room at the preferred height.
    expect(spot).toEqual({ x: GAP, y: 520 });
  });

  it("takes the nearest gap in its own column before another column", () => {
    const controls = [box(0, 0, 360, 60), box(280, 480, 360, 600), box(0, 680, 360, 740)];
    const spot = freeSpot(controls, phone, { x: 298, y: 520 }, 50)!;
    expect(spot.x).toBe(298);
    expect(spot.y).toBe(600 + GAP);
    for (const control of controls) expect(overlaps(at(spot), control)).toBe(false);
  });

  it("keeps off the screen's edges and the bars at the top and bottom", () => {
    const bars = [box(0, 0, 360, 56), box(0, 684, 360, 740)];
    const spot = freeSpot(bars, phone, { x: 500, y: 900 }, 50)!;
    expect(spot.x + 50).toBeLessThanOrEqual(phone.width - GAP);
    expect(spot.y + 50 + GAP).toBeLessThanOrEqual(684);
  });

  it("has no place when every column is full of controls", () => {
    const full = [box(0, 0, 360, 740)];
    expect(freeSpot(full, phone, { x: 298, y: 550 }, 50)).toBeNull();
  });
});
