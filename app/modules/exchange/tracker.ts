// The market page's live match tracker, drawn from our own feed when an event has no stream: the score line, the over
// being bowled ball by ball, the runs of the last overs and the latest ball. Pure, for the server render and for the
// browser, which redraws it from the score each push carries.

/** What the feed's score board adds for the tracker (feed/feed.ts ScoreBoard); a provider may send none of it. */
export type BallByBall = {
  /** The over being bowled (the last completed one until the next ball), as the board shows each ball: "0", "4", "W", "1wd", "1nb". */
  thisOver?: string[];
  /** Runs of the innings' last completed overs (up to six), oldest first. */
  lastOvers?: number[];
  /** Overs per innings (a T20: 20), for the balls left and the required rate. */
  maxOvers?: number;
};

/** The score as the market page holds it: each innings with its team's name. */
export type TrackerScore = {
  innings: { team: string; runs: number; wickets: number; overs: string }[];
  lastBall: string | null;
} & BallByBall;

export type BallKind = "dot" | "run" | "four" | "six" | "wicket" | "wide" | "noball";
export type TrackerBall = { kind: BallKind; runs: number; label: string };

export type TrackerView = {
  batting: string;
  runs: number;
  wickets: number;
  overs: string;
  /** 1 or 2: the second innings chases `target`. */
  inningsNumber: number;
  target: number | null;
  needed: number | null;
  ballsLeft: number | null;
  /** Runs an over: so far, and needed (second innings, when the overs per innings are known). */
  currentRate: string;
  requiredRate: string | null;
  thisOver: TrackerBall[];
  lastOvers: number[];
  latest: TrackerBall | null;
};

/** A ball as the board writes it: "W" (a wicket, "1W" with a run), "2wd", "1nb", or the runs off the bat. */
export function classifyBall(text: string): TrackerBall {
  const t = text.trim().toLowerCase();
  const runs = Number.parseInt(t, 10);
  const n = Number.isFinite(runs) ? runs : 0;
  if (t.includes("w") && !t.includes("wd")) return { kind: "wicket", runs: n, label: "W" };
  if (t.includes("wd")) return { kind: "wide", runs: Number.isFinite(runs) ? runs : 1, label: n > 1 ? `${n}wd` : "wd" };
  if (t.includes("nb")) return { kind: "noball", runs: Number.isFinite(runs) ? runs : 1, label: n > 1 ? `${n}nb` : "nb" };
  if (n === 0) return { kind: "dot", runs: 0, label: "•" };
  if (n === 4) return { kind: "four", runs: 4, label: "4" };
  if (n === 6) return { kind: "six", runs: 6, label: "6" };
  return { kind: "run", runs: n, label: String(n) };
}

/** Legal balls of "12.3" overs (75); null when it is not an overs figure. */
export function ballsOf(overs: string): number | null {
  const m = /^(\d+)(?:\.([0-5]))?$/.exec(overs.trim());
  return m ? Number(m[1]) * 6 + Number(m[2] ?? 0) : null;
}

const rate = (runs: number, balls: number) => (balls > 0 ? ((runs * 6) / balls).toFixed(2) : "0.00");

/** The tracker of a cricket score; null before the first ball is due (no score yet). */
export function trackerView(score: TrackerScore | null): TrackerView | null {
  const now = score?.innings.at(-1);
  if (!score || !now) return null;
  const balls = ballsOf(now.overs) ?? 0;
  const chasing = score.innings.length >= 2;
  const target = chasing ? score.innings[0]!.runs + 1 : null;
  const needed = target === null ? null : Math.max(0, target - now.runs);
  const ballsLeft = score.maxOvers ? Math.max(0, score.maxOvers * 6 - balls) : null;
  return {
    batting: now.team,
    runs: now.runs,
    wickets: now.wickets,
    overs: now.overs,
    inningsNumber: score.innings.length,
    target,
    needed,
    ballsLeft: chasing ? ballsLeft : null,
    currentRate: rate(now.runs, balls),
    requiredRate: needed !== null && ballsLeft ? rate(needed, ballsLeft) : null,
    thisOver: (score.thisOver ?? []).map(classifyBall),
    lastOvers: score.lastOvers ?? [],
    latest: score.lastBall ? classifyBall(score.lastBall) : null,
  };
}
