import { describe, expect, it } from "vitest";
import { OTHER_SLOT_MS, simulatedOtherEvent, simulatedOtherEvents } from "./simulated-other.ts";
import { simulatedFeed } from "./simulated-feed.ts";

const start = Date.UTC(2026, 10, 25, 0, 0, 0);

describe("the simulated soccer and tennis matches", () => {
  it("has soccer (with The Draw) and tennis in the feed, each in play for a while, then with a result", async () => {
    const events = await simulatedFeed().events(new Date(start + 40 * 60_000));
    const sports = new Set(events.map((e) => e.sport));
    expect([...sports].sort()).toEqual(["cricket", "soccer", "tennis"]);
    const slot = Math.floor(start / OTHER_SLOT_MS);
    const kickOff = slot * OTHER_SLOT_MS + 30 * 60_000;
    const before = simulatedOtherEvent("soccer", slot, kickOff - 1);
    const during = simulatedOtherEvent("soccer", slot, kickOff + 60 * 60_000);
    const after = simulatedOtherEvent("soccer", slot, kickOff + 111 * 60_000);
    expect(before).toMatchObject({ inPlay: false, result: undefined, fancy: [] });
    expect(before.runners).toHaveLength(3);
    expect(before.runners[2]).toBe("The Draw");
    expect(before.bookmaker).toBeUndefined();
    expect(during.inPlay).toBe(true);
    expect(after).toMatchObject({ inPlay: false, chances: undefined });
    const winner = after.result!.winner!;
    // In play the chances move towards the winner and always add up to 1.
    expect(during.chances![winner]).toBeGreaterThan(before.chances![winner]!);
    for (const e of [before, during]) expect(e.chances!.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(simulatedOtherEvent("tennis", slot, kickOff).runners).toHaveLength(2);
  });

  it("draws winners with the opening chances and gives every match its own id", () => {
    const wins = [0, 0, 0];
    for (let slot = 1000; slot < 3000; slot++) {
      const e = simulatedOtherEvent("soccer", slot, slot * OTHER_SLOT_MS + 3 * 3600_000);
      wins[e.result!.winner!]!++;
    }
    // Home 30–50 %, away 20–40 %, the draw the rest: each outcome happens, the home side most.
    expect(wins.every((w) => w > 200)).toBe(true);
    expect(wins[0]).toBeGreaterThan(wins[1]!);
    const ids = simulatedOtherEvents(start).map((e) => e.externalId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
