import { describe, expect, it } from "vitest";
import { playMatch } from "./feed/cricket-match.ts";
import { seedOf, simulatedEvent } from "./feed/simulated-feed.ts";
import { classifyBall, trackerView, type TrackerScore } from "./tracker.ts";

const score = (over: Partial<TrackerScore> = {}): TrackerScore => ({
  innings: [{ team: "Dhaka Capitals", runs: 57, wickets: 2, overs: "7.3" }],
  lastBall: "4",
  thisOver: ["1", "0", "4"],
  lastOvers: [6, 11, 3],
  maxOvers: 20,
  ...over,
});

describe("the match tracker's view", () => {
  it("reads every kind of ball the board writes", () => {
    expect(["0", "1", "2", "4", "6", "W", "1wd", "2wd", "1nb"].map((b) => [classifyBall(b).kind, classifyBall(b).label])).toEqual([
      ["dot", "•"],
      ["run", "1"],
      ["run", "2"],
      ["four", "4"],
      ["six", "6"],
      ["wicket", "W"],
      ["wide", "wd"],
      ["wide", "2wd"],
      ["noball", "nb"],
    ]);
  });

  it("first innings: the score line, the run rate, the over ball by ball, the last overs and the latest ball", () => {
    const v = trackerView(score())!;
    expect(v).toMatchObject({ batting: "Dhaka Capitals", runs: 57, wickets: 2, overs: "7.3", inningsNumber: 1, target: null, requiredRate: null });
    expect(v.currentRate).toBe("7.60");
    expect(v.thisOver.map((b) => b.kind)).toEqual(["run", "dot", "four"]);
    expect(v.lastOvers).toEqual([6, 11, 3]);
    expect(v.latest).toMatchObject({ kind: "four", runs: 4 });
  });

  it("second innings: the target, the runs needed from the balls left and the required rate", () => {
    const v = trackerView(
      score({
        innings: [
          { team: "Dhaka Capitals", runs: 170, wickets: 6, overs: "20.0" },
          { team: "Sylhet Strikers", runs: 142, wickets: 3, overs: "15.2" },
        ],
      }),
    )!;
    expect(v).toMatchObject({ batting: "Sylhet Strikers", inningsNumber: 2, target: 171, needed: 29, ballsLeft: 28, requiredRate: "6.21" });
  });

  it("no score yet: nothing to draw; a provider without ball-by-ball data: the score line alone", () => {
    expect(trackerView(null)).toBeNull();
    const v = trackerView({ innings: [{ team: "A", runs: 10, wickets: 0, overs: "2.0" }], lastBall: null })!;
    expect(v.thisOver).toEqual([]);
    expect(v.lastOvers).toEqual([]);
    expect(v.latest).toBeNull();
  });

  it("follows the simulated match ball by ball: the over being bowled is its last deliveries, the bars its completed overs", () => {
    // Find the minute of slot 5 where the match has bowled 27 balls of its first innings (4 overs and 3 more, if no wide).
    const seed = seedOf(5);
    const deliveries = Array.from({ length: 40 }, (_, n) => playMatch(seed, n + 1).last!);
    const state = playMatch(seed, 40);
    const innings = state.innings[0];
    const legal = deliveries.filter((d) => !d.extra).length;
    expect(innings.legalBalls).toBe(legal);
    // The over being bowled: the deliveries after the last of the completed overs' sixth legal ball.
    let legalSeen = 0;
    let start = 0;
    deliveries.forEach((d, i) => {
      if (!d.extra) legalSeen += 1;
      if (!d.extra && legalSeen % 6 === 0 && i < deliveries.length - 1) start = i + 1;
    });
    expect(innings.thisOver).toEqual(deliveries.slice(start));

    const event = simulatedEvent(5, 5 * 3600_000 + 10_000 + 39 * 40_000 + 1);
    const v = trackerView({ ...event.score!, innings: event.score!.innings.map((i) => ({ ...i, team: String(i.team) })) })!;
    expect(v.thisOver.length).toBe(deliveries.slice(start).length);
    expect(v.lastOvers.reduce((a, b) => a + b, 0)).toBe(innings.overEnds.slice(-6).at(-1)! - (innings.overEnds.at(-7) ?? 0));
    expect(event.score!.maxOvers).toBe(20);
  });
});
