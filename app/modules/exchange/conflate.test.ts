import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Conflator } from "./conflate.ts";

beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => vi.useRealTimers());

describe("Conflator", () => {
  it("sends the first change at once and folds the rest of the interval into one send at its end", async () => {
    const sent: [number, number][] = [];
    const c = new Conflator(100, (id) => void sent.push([id, Date.now()]));
    c.mark(7);
    expect(sent).toEqual([[7, 1_000_000]]);
    for (let i = 0; i < 20; i++) {
      await vi.advanceTimersByTimeAsync(4);
      c.mark(7);
    }
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toEqual([
      [7, 1_000_000],
      [7, 1_000_100],
    ]);
    // Quiet: nothing more is sent.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toHaveLength(2);
  });

  it("never sends one market more than once per interval under a steady stream of changes", async () => {
    const times: number[] = [];
    const c = new Conflator(100, () => void times.push(Date.now()));
    for (let t = 0; t < 2_000; t += 7) {
      c.mark(1);
      await vi.advanceTimersByTimeAsync(7);
    }
    await vi.advanceTimersByTimeAsync(200);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(100);
    expect(times.length).toBeGreaterThanOrEqual(19);
    expect(times.length).toBeLessThanOrEqual(21);
  });

  it("keeps markets apart, and close() drops what is pending", async () => {
    const sent: number[] = [];
    const c = new Conflator(100, (id) => void sent.push(id));
    c.mark(1);
    c.mark(2);
    await vi.advanceTimersByTimeAsync(1);
    c.mark(1);
    c.mark(2);
    expect(sent).toEqual([1, 2]);
    c.close();
    await vi.advanceTimersByTimeAsync(500);
    expect(sent).toEqual([1, 2]);
  });

  it("waits for a slow flush and counts the interval from its end, folding the changes made meanwhile", async () => {
    const times: number[] = [];
    const c = new Conflator(100, async () => {
      await new Promise((r) => setTimeout(r, 150));
      times.push(Date.now());
    });
    c.mark(3);
    await vi.advanceTimersByTimeAsync(50);
    c.mark(3);
    c.mark(3);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(times).toEqual([1_000_150, 1_000_400]);
  });
});
