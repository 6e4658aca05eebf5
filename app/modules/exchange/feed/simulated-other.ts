// The built-in feed's soccer and tennis matches: match odds only (no Bookmaker or Fancy), one of each every three
// hours round the clock. Each match's opening chances and its winner come from a seed (the slot), and in play the
// chances drift towards the winner as the match goes on, so the market-maker's prices move and the result settles
// the market. Like the cricket, every instance computes the same match from the clock alone.
import type { FeedEvent } from "./feed.ts";

export const OTHER_SLOT_MS = 3 * 3600_000;

const SPORTS = {
  soccer: {
    competition: "Bangladesh Football League (simulated)",
    offsetMs: 30 * 60_000,
    durationMs: 110 * 60_000,
    names: ["Abahani Limited", "Bashundhara Kings", "Mohammedan SC", "Sheikh Russel KC", "Rahmatganj MFS", "Fortis FC"],
    salt: 0x50cc,
  },
  tennis: {
    competition: "Dhaka Open (simulated)",
    offsetMs: 90 * 60_000,
    durationMs: 90 * 60_000,
    names: ["A. Rahman", "S. Islam", "T. Hossain", "M. Akter", "R. Khan", "F. Chowdhury"],
    salt: 0x7e55,
  },
} as const;

export type OtherSport = keyof typeof SPORTS;

/** A number in [0, 1) from a seed and a stream index. */
const unit = (seed: number, i: number) => (Math.imul(seed ^ (i * 0x9e3779b9), 2654435761) >>> 0) / 2 ** 32;

/** The match of `sport` in a three-hour slot, as it stands at `now`. */
export function simulatedOtherEvent(sport: OtherSport, slot: number, now: number): FeedEvent {
  const s = SPORTS[sport];
  const seed = (Math.imul(slot, 2654435761) ^ s.salt) >>> 0;
  const a = Math.floor(unit(seed, 1) * s.names.length);
  const b = (a + 1 + Math.floor(unit(seed, 2) * (s.names.length - 1))) % s.names.length;
  const runners = sport === "soccer" ? [s.names[a]!, s.names[b]!, "The Draw"] : [s.names[a]!, s.names[b]!];
  // Opening chances: soccer home 30–50 %, away 20–40 %, the draw the rest; tennis 35–65 % for the first player.
  const opening =
    sport === "soccer"
      ? (() => {
          const home = 0.3 + unit(seed, 3) * 0.2;
          const away = 0.2 + unit(seed, 4) * 0.2;
          return [home, away, 1 - home - away];
        })()
      : (() => {
          const first = 0.35 + unit(seed, 3) * 0.3;
          return [first, 1 - first];
        })();
  // The winner is drawn with the opening chances.
  const draw = unit(seed, 5);
  let winner = 0;
  for (let acc = opening[0]!; draw >= acc && winner < opening.length - 1; acc += opening[++winner]!);
  const startsAt = slot * OTHER_SLOT_MS + s.offsetMs;
  const elapsed = now - startsAt;
  const over = elapsed >= s.durationMs;
  const inPlay = elapsed >= 0 && !over;
  // In play the chances move towards the winner, up to 85 % of the way by the end.
  const f = inPlay ? (elapsed / s.durationMs) * 0.85 : 0;
  const chances = opening.map((p, i) => p * (1 - f) + (i === winner ? f : 0));
  return {
    externalId: `sim-${sport}-${slot}`,
    sport,
    competition: s.competition,
    name: `${runners[0]} v ${runners[1]}`,
    startsAt: new Date(startsAt),
    runners,
    inPlay,
    ballRunning: false,
    chances: over ? undefined : chances,
    fancy: [],
    result: over ? { winner } : undefined,
  };
}

/** The soccer and tennis matches from six hours ago to two days ahead. */
export function simulatedOtherEvents(now: number): FeedEvent[] {
  const first = Math.floor((now - 6 * 3600_000) / OTHER_SLOT_MS);
  const last = Math.floor((now + 48 * 3600_000) / OTHER_SLOT_MS);
  const events: FeedEvent[] = [];
  for (let slot = first; slot <= last; slot++) {
    for (const sport of ["soccer", "tennis"] as const) events.push(simulatedOtherEvent(sport, slot, now));
  }
  return events;
}
