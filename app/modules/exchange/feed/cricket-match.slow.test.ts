import { describe, expect, it } from "vitest";
import { bookmakerRates, FANCY_OVERS, fancyQuotes, OVERS, playMatch, winChances } from "./cricket-match.ts";

const FULL = 1000; // more deliveries than any match has
const seeds = Array.from({ length: 300 }, (_, i) => (i * 7919 + 17) >>> 0);

describe("the simulated T20", () => {
  it("is the same match from the same seed, ball for ball", () => {
    for (const n of [0, 1, 37, 120, 200, FULL]) expect(playMatch(42, n)).toEqual(playMatch(42, n));
    expect(playMatch(42, FULL)).not.toEqual(playMatch(43, FULL));
  });

  it("ends every innings at 10 wickets, 20 overs or the target, and names the side with more runs", () => {
    for (const seed of seeds) {
      const m = playMatch(seed, FULL);
      expect(m.innings).toHaveLength(2);
      const [a, b] = m.innings as [(typeof m.innings)[0], NonNullable<(typeof m.innings)[1]>];
      expect(a.batting).not.toBe(b.batting);
      for (const i of [a, b]) {
        expect(i.done).toBe(true);
        expect(i.wickets).toBeLessThanOrEqual(10);
        expect(i.legalBalls).toBeLessThanOrEqual(OVERS * 6);
        expect(i.overEnds).toHaveLength(Math.floor(i.legalBalls / 6));
      }
      expect(a.wickets === 10 || a.legalBalls === OVERS * 6).toBe(true);
      expect(b.wickets === 10 || b.legalBalls === OVERS * 6 || b.runs > a.runs).toBe(true);
      expect(b.runs).toBeLessThanOrEqual(a.runs + 6); // the chase stops on the ball that passes the target
      expect(m.winner).toBe(a.runs === b.runs ? null : a.runs > b.runs ? a.batting : b.batting);
      expect(playMatch(seed, m.delivered + 5)).toEqual(m); // nothing is bowled after the end
    }
  });

  it("scores like a T20 (a first innings of 130 to 190 on average, and both sides win often)", () => {
    const matches = seeds.map((s) => playMatch(s, FULL));
    const average = matches.reduce((sum, m) => sum + m.innings[0].runs, 0) / matches.length;
    expect(average).toBeGreaterThan(130);
    expect(average).toBeLessThan(190);
    const chasing = matches.filter((m) => m.winner === m.innings[1]?.batting).length / matches.length;
    expect(chasing).toBeGreaterThan(0.25);
    expect(chasing).toBeLessThan(0.75);
  });

  it("gives win chances that sum to 1 at every ball and end at 1 and 0", () => {
    for (const seed of seeds.slice(0, 20)) {
      const end = playMatch(seed, FULL);
      for (let n = 0; n < end.delivered; n += 7) {
        const [p, q] = winChances(playMatch(seed, n));
        expect(p + q).toBeCloseTo(1, 9);
        expect(p).toBeGreaterThanOrEqual(0.02);
        expect(p).toBeLessThanOrEqual(0.98);
      }
      const final = winChances(end);
      if (end.winner === null) expect(final).toEqual([0.5, 0.5]);
      else expect(final[end.winner!]).toBe(1);
    }
  });

  it("chances follow the game: the chasing side's chance falls when it loses wickets", () => {
    const m = playMatch(11, FULL);
    const chaser = m.innings[1]!.batting;
    // Find two states of the chase with the same runs and balls but more wickets: compare by replacing wickets.
    const chase = playMatch(11, m.innings[0].legalBalls + 60);
    const before = winChances(chase)[chaser];
    const worse = structuredClone(chase);
    worse.innings[1]!.wickets += 3;
    expect(winChances(worse)[chaser]).toBeLessThan(before);
  });

  it("settles each Fancy line at the runs after its overs, or the innings total when it ended sooner, and never changes it", () => {
    for (const seed of seeds.slice(0, 40)) {
      const end = playMatch(seed, FULL);
      const final = fancyQuotes(end);
      expect(final).toHaveLength(FANCY_OVERS.length * 2);
      for (const q of final) {
        const innings = end.innings[q.innings]!;
        expect(q.team).toBe(innings.batting);
        expect(q.result).toBe(innings.overEnds[q.overs - 1] ?? innings.runs);
        expect(q.open).toBe(false);
      }
      const seen = new Map<string, number>();
      for (let n = 0; n <= end.delivered; n++) {
        for (const q of fancyQuotes(playMatch(seed, n))) {
          const key = `${q.innings}:${q.overs}`;
          expect(q.yesLine).toBe(q.noLine + 1);
          if (seen.has(key)) expect(q.result).toBe(seen.get(key));
          else if (q.result !== null) seen.set(key, q.result);
          if (q.result === null && q.open) expect(q.noLine).toBeGreaterThanOrEqual(playMatch(seed, n).innings[q.innings]!.runs);
        }
      }
    }
  });

  it("quotes Bookmaker rates around the fair price, lay above back, and none at extreme prices", () => {
    expect(bookmakerRates(0.5)).toEqual({ back: 96, lay: 104 });
    for (let p = 0.11; p < 0.96; p += 0.01) {
      const { back, lay } = bookmakerRates(p);
      const fair = (1 / p - 1) * 100;
      expect(back).not.toBeNull();
      expect(back!).toBeLessThanOrEqual(fair);
      expect(lay!).toBeGreaterThan(fair - 1e-9);
      expect(lay!).toBeGreaterThan(back!);
    }
    expect(bookmakerRates(0.99)).toEqual({ back: null, lay: null });
    expect(bookmakerRates(0.05)).toEqual({ back: null, lay: null });
  });
});
