import { describe, expect, it } from "vitest";
import { playMatch } from "./cricket-match.ts";
import { DEMO_TIMING, seedOf, simulatedEvent, simulatedFeed } from "./simulated-feed.ts";

const HOUR = 3600_000;
const start = Date.UTC(2026, 10, 25, 0, 0, 0);

describe("the simulated feed", () => {
  it("always has a match in play, more to come today and tomorrow, and recent results", async () => {
    const feed = simulatedFeed();
    for (let t = start; t < start + 48 * HOUR; t += 7 * 60_000 + 13_000) {
      const events = await feed.events(new Date(t));
      expect(events.filter((e) => e.inPlay).length).toBeGreaterThanOrEqual(1);
      expect(events.filter((e) => e.startsAt.getTime() > t + 24 * HOUR).length).toBeGreaterThan(5);
      expect(events.some((e) => e.result)).toBe(true);
      expect(new Set(events.map((e) => e.externalId)).size).toBe(events.length);
    }
  });

  it("is the same snapshot on every instance at the same time", () => {
    const t = start + 5 * HOUR + 1234;
    expect(simulatedEvent(2, t)).toEqual(simulatedEvent(2, t));
  });

  it("runs the ball for the first seconds of each delivery and takes Bookmaker and Fancy quotes off meanwhile", () => {
    const slot = Math.floor(start / DEMO_TIMING.slotMs) + 1;
    const kickOff = slot * DEMO_TIMING.slotMs;
    const before = simulatedEvent(slot, kickOff - 1);
    expect(before.inPlay).toBe(false);
    expect(before.score).toBeUndefined();
    expect(before.fancy.every((f) => f.suspended)).toBe(true);
    expect(before.bookmaker?.every((q) => q.back !== null && q.lay !== null)).toBe(true);

    const running = simulatedEvent(slot, kickOff + 10 * DEMO_TIMING.ballMs + 1000);
    expect(running).toMatchObject({ inPlay: true, ballRunning: true });
    const bowled = simulatedEvent(slot, kickOff + 10 * DEMO_TIMING.ballMs + DEMO_TIMING.ballRunningMs);
    expect(bowled.ballRunning).toBe(false);
    expect(bowled.score!.lastBall).not.toBeNull();
    // The ball that was running is bowled: one more delivery on the board.
    const balls = (e: typeof bowled) => e.score!.innings.reduce((n, i) => n + Number(i.overs.split(".")[0]) * 6 + Number(i.overs.split(".")[1]), 0);
    expect(balls(bowled) - balls(running)).toBeLessThanOrEqual(1);
    expect(bowled.fancy.filter((f) => !f.suspended).map((f) => f.name)).toEqual([
      expect.stringMatching(/^6 over runs [A-Z]{3}$/),
      expect.stringMatching(/^10 over runs /),
      expect.stringMatching(/^15 over runs /),
      expect.stringMatching(/^20 over runs /),
    ]);
  });

  it("pauses between the innings: in play, no ball running, the first innings complete", () => {
    const slot = Math.floor(start / DEMO_TIMING.slotMs) + 3;
    const first = playMatch(seedOf(slot), Infinity).innings[0];
    const endOfFirst = slot * DEMO_TIMING.slotMs + (first.deliveries - 1) * DEMO_TIMING.ballMs + DEMO_TIMING.ballRunningMs;
    const inBreak = simulatedEvent(slot, endOfFirst + DEMO_TIMING.breakMs / 2);
    expect(inBreak).toMatchObject({ inPlay: true, ballRunning: false });
    expect(inBreak.score!.innings[0]).toMatchObject({ runs: first.runs, wickets: first.wickets });
    expect(inBreak.score!.innings[1]).toMatchObject({ runs: 0, overs: "0.0" });
    expect(simulatedEvent(slot, endOfFirst - 1).score!.innings).toHaveLength(1);
    const secondStarts = endOfFirst - DEMO_TIMING.ballRunningMs + DEMO_TIMING.ballMs + DEMO_TIMING.breakMs;
    expect(simulatedEvent(slot, secondStarts + 1)).toMatchObject({ inPlay: true, ballRunning: true });
  });

  it("ends with a result, every Fancy line settled and no quotes", () => {
    const slot = Math.floor(start / DEMO_TIMING.slotMs);
    const done = simulatedEvent(slot, slot * DEMO_TIMING.slotMs + 5 * HOUR);
    expect(done.inPlay).toBe(false);
    expect(done.result).toBeDefined();
    expect(done.chances).toBeUndefined();
    expect(done.fancy.every((f) => f.result !== null && f.suspended)).toBe(true);
    expect(done.bookmaker?.every((q) => q.back === null)).toBe(true);
    expect(new Set(done.fancy.map((f) => f.name)).size).toBe(8);
    expect(done.runners[0]).not.toBe(done.runners[1]);
  });
});
