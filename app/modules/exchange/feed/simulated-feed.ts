// The built-in feed: a simulated T20 every two hours, round the clock, each played ball by ball from a seed (the slot
// number), so the demo always has a match in play, more later today and tomorrow, and results of the last ones.
// Every instance computes the same match from the clock alone; nothing is kept between calls.
import {
  bookmakerRates,
  currentInnings,
  fancyQuotes,
  OVERS,
  oversText,
  playMatch,
  winChances,
  type Delivery,
  type Innings,
  type MatchState,
} from "./cricket-match.ts";
import type { ExchangeFeed, FeedEvent } from "./feed.ts";
import { simulatedOtherEvents } from "./simulated-other.ts";

export const TEAMS = [
  ["Dhaka Capitals", "DHA"],
  ["Comilla Victorians", "COM"],
  ["Rangpur Riders", "RAN"],
  ["Sylhet Strikers", "SYL"],
  ["Khulna Tigers", "KHU"],
  ["Chattogram Challengers", "CHA"],
  ["Fortune Barishal", "BAR"],
] as const;

export type SimulationTiming = {
  /** A new match starts every slot. */
  slotMs: number;
  /** One delivery: the ball is running for the first `ballRunningMs`, then its outcome is known. */
  ballMs: number;
  ballRunningMs: number;
  /** Between the innings. */
  breakMs: number;
};

/**
 * A match an hour, 40 s a ball (about as long as a real one) and a 10-minute break: a match lasts about 2 h 45 min,
 * and even the shortest one in 20,000 seeds (83 deliveries) lasts 65 minutes, so one is always in play.
 */
export const DEMO_TIMING: SimulationTiming = { slotMs: 3600_000, ballMs: 40_000, ballRunningMs: 10_000, breakMs: 600_000 };

/** How many deliveries are complete `elapsed` ms after the start, and whether one is being bowled. */
function progress(elapsed: number, firstInnings: number, t: SimulationTiming) {
  const count = (e: number) => (e < t.ballRunningMs ? 0 : Math.floor((e - t.ballRunningMs) / t.ballMs) + 1);
  const running = (e: number) => e >= 0 && e % t.ballMs < t.ballRunningMs;
  const first = count(elapsed);
  if (first < firstInnings) return { completed: first, running: running(elapsed) };
  // The second innings' deliveries come after the break, numbered on from the first innings'.
  const second = elapsed - t.breakMs;
  if (second < firstInnings * t.ballMs) return { completed: firstInnings, running: false };
  return { completed: Math.max(firstInnings, count(second)), running: running(second) };
}

export const seedOf = (slot: number) => (Math.imul(slot, 2654435761) ^ 0x5eed) >>> 0;

function teamsOf(slot: number): [number, number] {
  const seed = seedOf(slot);
  const a = seed % TEAMS.length;
  const b = (a + 1 + ((seed >>> 8) % (TEAMS.length - 1))) % TEAMS.length;
  return [a, b];
}

const ballText = (d: Delivery) => (d.wicket ? "W" : d.extra === "wide" ? `${d.runs}wd` : String(d.runs));

/** How many completed overs' runs the tracker shows as bars. */
const LAST_OVERS = 6;

/** The runs of the innings' last completed overs, oldest first. */
function lastOvers(innings: Innings): number[] {
  const ends = innings.overEnds;
  return ends.map((end, i) => end - (ends[i - 1] ?? 0)).slice(-LAST_OVERS);
}

/** The snapshot of the match of one slot at `now`. */
export function simulatedEvent(slot: number, now: number, timing: SimulationTiming = DEMO_TIMING): FeedEvent {
  const startsAt = slot * timing.slotMs;
  const elapsed = now - startsAt;
  const seed = seedOf(slot);
  const { completed, running } = progress(elapsed, playMatch(seed, Infinity).innings[0].deliveries, timing);
  const state: MatchState = playMatch(seed, completed);
  const over = state.winner !== undefined;
  const inPlay = elapsed >= 0 && !over;
  const ballRunning = inPlay && running;
  const teams = teamsOf(slot).map((i) => TEAMS[i]!);
  const chances = winChances(state);
  return {
    externalId: `sim-t20-${slot}`,
    sport: "cricket",
    competition: "Bangladesh Premier League (simulated)",
    name: `${teams[0]![0]} v ${teams[1]![0]}`,
    startsAt: new Date(startsAt),
    runners: teams.map((t) => t[0]),
    inPlay,
    ballRunning,
    chances: over ? undefined : chances,
    bookmaker: chances.map((p) => (over ? { back: null, lay: null } : bookmakerRates(p))),
    fancy: fancyQuotes(state).map((q) => ({
      name: `${q.overs} over runs ${teams[q.team]![1]}${q.innings === 1 ? " (2nd inns)" : ""}`,
      noLine: q.noLine,
      yesLine: q.yesLine,
      noRate: 100,
      yesRate: 100,
      suspended: !q.open || !inPlay,
      result: q.result,
    })),
    score:
      elapsed < 0
        ? undefined
        : {
            innings: state.innings.map((i) => ({ team: i.batting, runs: i.runs, wickets: i.wickets, overs: oversText(i) })),
            lastBall: state.last ? ballText(state.last) : null,
            thisOver: currentInnings(state).thisOver.map(ballText),
            lastOvers: lastOvers(currentInnings(state)),
            maxOvers: OVERS,
          },
    result: over ? { winner: state.winner ?? null } : undefined,
  };
}

/** The simulated feed: the matches from six hours ago (results) to two days ahead; cricket, soccer and tennis. */
export function simulatedFeed(timing: SimulationTiming = DEMO_TIMING): ExchangeFeed {
  return {
    async events(now) {
      const t = now.getTime();
      const first = Math.floor((t - 6 * 3600_000) / timing.slotMs);
      const last = Math.floor((t + 48 * 3600_000) / timing.slotMs);
      const events: FeedEvent[] = [];
      for (let slot = first; slot <= last; slot++) events.push(simulatedEvent(slot, t, timing));
      return [...events, ...simulatedOtherEvents(t)];
    },
  };
}
