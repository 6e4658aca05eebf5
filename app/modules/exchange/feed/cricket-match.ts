// The simulated cricket match of the demo feed: a T20 played ball by ball from a seed. Pure and deterministic: the
// state after n deliveries is a function of (seed, n), so whichever app instance drives the feed, and after any
// restart, replays the same match to the same ball. It also prices the match: win chances (match odds and
// Bookmaker) and the Fancy "runs after N overs" lines with their results.

export const OVERS = 20;
const BALLS = OVERS * 6;
/** The overs whose runs the Fancy lines offer, for each innings. */
export const FANCY_OVERS = [6, 10, 15, 20] as const;

export type Delivery = { runs: number; wicket: boolean; extra: "wide" | null };

export type Innings = {
  /** 0: the team listed first, 1: the other. */
  batting: 0 | 1;
  runs: number;
  wickets: number;
  legalBalls: number;
  /** Deliveries bowled, wides included. */
  deliveries: number;
  /** Runs at the end of each completed over. */
  overEnds: number[];
  /** The deliveries of the over being bowled (the last completed one until the next ball), wides included. */
  thisOver: Delivery[];
  done: boolean;
};

export type MatchState = {
  seed: number;
  delivered: number;
  innings: [Innings] | [Innings, Innings];
  /** Index of the winning team; null for a tie; undefined while it is being played. */
  winner?: 0 | 1 | null;
  last?: Delivery;
};

/** mulberry32: a small seeded generator, good enough for a simulation. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Outcomes of a delivery and their chances (a T20 scores about 8 an over and loses a wicket every 20 balls or so).
const OUTCOMES: readonly [Delivery, number][] = [
  [{ runs: 0, wicket: false, extra: null }, 0.33],
  [{ runs: 1, wicket: false, extra: null }, 0.34],
  [{ runs: 2, wicket: false, extra: null }, 0.08],
  [{ runs: 3, wicket: false, extra: null }, 0.01],
  [{ runs: 4, wicket: false, extra: null }, 0.12],
  [{ runs: 6, wicket: false, extra: null }, 0.055],
  [{ runs: 0, wicket: true, extra: null }, 0.045],
  [{ runs: 1, wicket: false, extra: "wide" }, 0.02],
];

const newInnings = (batting: 0 | 1): Innings => ({
  batting,
  runs: 0,
  wickets: 0,
  legalBalls: 0,
  deliveries: 0,
  overEnds: [],
  thisOver: [],
  done: false,
});

function pick(r: number): Delivery {
  let acc = 0;
  for (const [delivery, chance] of OUTCOMES) {
    acc += chance;
    if (r < acc) return delivery;
  }
  return OUTCOMES[0]![0];
}

/** The match after `deliveries` balls (capped at its end). */
export function playMatch(seed: number, deliveries: number): MatchState {
  const next = random(seed);
  const first = newInnings(next() < 0.5 ? 0 : 1);
  const state: MatchState = { seed, delivered: 0, innings: [first] };
  while (state.delivered < deliveries && state.winner === undefined) bowl(state, pick(next()));
  return state;
}

function bowl(state: MatchState, delivery: Delivery) {
  const innings = state.innings[state.innings.length - 1]!;
  state.delivered += 1;
  state.last = delivery;
  innings.deliveries += 1;
  // The first ball after six legal ones starts a new over.
  if (innings.thisOver.filter((d) => !d.extra).length === 6) innings.thisOver = [];
  innings.thisOver.push(delivery);
  innings.runs += delivery.runs;
  if (delivery.wicket) innings.wickets += 1;
  if (!delivery.extra) {
    innings.legalBalls += 1;
    if (innings.legalBalls % 6 === 0) innings.overEnds.push(innings.runs);
  }
  const target = state.innings.length === 2 ? state.innings[0].runs + 1 : null;
  const chased = target !== null && innings.runs >= target;
  if (innings.wickets < 10 && innings.legalBalls < BALLS && !chased) return;
  innings.done = true;
  if (state.innings.length === 1) {
    state.innings = [state.innings[0], newInnings(innings.batting === 0 ? 1 : 0)];
    return;
  }
  const [a, b] = state.innings;
  state.winner = a.runs === b.runs ? null : a.runs > b.runs ? a.batting : b.batting;
}

/** The innings being played (or the last one once the match is over). */
export const currentInnings = (state: MatchState) => state.innings[state.innings.length - 1]!;

/** "12.3": completed overs and balls of an innings. */
export const oversText = (i: Innings) => `${Math.floor(i.legalBalls / 6)}.${i.legalBalls % 6}`;

const logistic = (x: number) => 1 / (1 + Math.exp(-x));
const clamp = (p: number) => Math.min(0.98, Math.max(0.02, p));
// Runs a side is expected to add: the par rate, lowered as wickets fall.
const expectedRuns = (ballsLeft: number, wickets: number) => (ballsLeft / 6) * 8 * Math.max(0.25, 1 - wickets * 0.075);
const PAR = 160;

/** Each team's chance of winning, in the order of the runners (sums to 1; 1 and 0 once decided, 0.5 each for a tie). */
export function winChances(state: MatchState): [number, number] {
  if (state.winner !== undefined) return state.winner === null ? [0.5, 0.5] : state.winner === 0 ? [1, 0] : [0, 1];
  const innings = currentInnings(state);
  let battingWins: number;
  if (state.innings.length === 1) {
    const projected = innings.runs + expectedRuns(BALLS - innings.legalBalls, innings.wickets);
    battingWins = clamp(logistic((projected - PAR) / 30));
  } else {
    const needed = state.innings[0].runs + 1 - innings.runs;
    const ballsLeft = BALLS - innings.legalBalls;
    const spread = 6 + Math.sqrt(ballsLeft) * 2.5;
    battingWins = clamp(logistic((expectedRuns(ballsLeft, innings.wickets) - needed) / spread));
  }
  return innings.batting === 0 ? [battingWins, 1 - battingWins] : [1 - battingWins, battingWins];
}

/**
 * Bookmaker DIGIT rates (profit per 100) for a chance p: the back rate below the fair rate and the lay rate above it
 * (the gap is the house's margin); no quote when the price is too long or too short to offer.
 */
export function bookmakerRates(p: number): { back: number | null; lay: number | null } {
  const fair = (1 / p - 1) * 100;
  if (!Number.isFinite(fair) || fair < 3 || fair > 900) return { back: null, lay: null };
  const back = Math.max(1, Math.floor(fair * 0.96));
  return { back, lay: Math.max(back + 1, Math.ceil(fair * 1.04)) };
}

export type FancyQuote = {
  /** Which innings (0 or 1) and after how many overs. */
  innings: 0 | 1;
  overs: (typeof FANCY_OVERS)[number];
  /** The batting team's index. */
  team: 0 | 1;
  noLine: number;
  yesLine: number;
  /** The runs after those overs (the innings total when it ended sooner); null until known. */
  result: number | null;
  /** No quote yet: its innings has not started. */
  open: boolean;
};

/** The Fancy lines of both innings: projected runs after 6, 10, 15 and 20 overs, settled once those overs are bowled. */
export function fancyQuotes(state: MatchState): FancyQuote[] {
  const quotes: FancyQuote[] = [];
  const firstBatting = state.innings[0].batting;
  for (const index of [0, 1] as const) {
    const innings = state.innings[index];
    const team = innings?.batting ?? (firstBatting === 0 ? 1 : 0);
    for (const overs of FANCY_OVERS) {
      // The innings ended sooner (all out, or the target reached): the lines settle at its total.
      const result = !innings ? null : (innings.overEnds[overs - 1] ?? (innings.done ? innings.runs : null));
      const runs = innings?.runs ?? 0;
      const projected = Math.round(runs + expectedRuns(overs * 6 - (innings?.legalBalls ?? 0), innings?.wickets ?? 0));
      quotes.push({ innings: index, overs, team, noLine: projected, yesLine: projected + 1, result, open: Boolean(innings) && result === null });
    }
  }
  return quotes;
}
