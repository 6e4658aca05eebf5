// The market page kept live in the browser: a pushed market (market-stream.server.ts) is applied to what the page
// shows, so thousands of viewers of a match cost no request per price change. Only what a push cannot tell — the
// player's own bets and P&L, a market the page does not show, a market closing or turning in play — asks the page to
// reload its data. Pure, so the page and its tests share it.
import { shownLevels } from "./kinds/match-odds.ts";
import { marketKind } from "./market-kinds.ts";
import type { MarketKind } from "./schema.ts";
import type { BallByBall, TrackerScore } from "./tracker.ts";

type Level = { tick: number; size: string };

/** A market as the live stream pushes it (sizes in poisha, prices as ticks). */
export type PushedMarket = {
  id: number;
  eventId: number;
  kind: MarketKind;
  version: number;
  status: string;
  inPlay: boolean;
  ballRunning: boolean;
  line: { no: number | null; yes: number | null; noRate: number | null; yesRate: number | null } | null;
  runners: {
    id: number;
    status: string;
    backRate: number | null;
    layRate: number | null;
    toBack: Level[];
    toLay: Level[];
    /** Match odds: the last traded price (a tick; null before the first fill) and the runner's matched total (poisha). */
    ltp: number | null;
    traded: string | null;
  }[];
  /** Match odds: the market's total matched (poisha); null for a kind without a book. */
  traded: string | null;
  /** The market that leads its event (match odds) only: the score as the feed sent it, ball by ball included when it has it (the tracker). */
  score: ({ innings: { team: number; runs: number; wickets: number; overs: string }[]; lastBall: string | null } & BallByBall) | null;
  /** The market that leads its event only: the event's markets not yet settled, so that a page and its stream learn of a new Fancy line. */
  markets: number[] | null;
};

type Shown = { price: string; size: string };
type Score = TrackerScore | null;

/** What of the market page a push can change (odds-view's loader data has these fields and more). */
export type LivePage = {
  event: { inPlay: boolean; score: Score };
  matchOdds?: {
    id: number;
    version: number;
    status: string;
    inPlay: boolean;
    /** The total matched, and the book percentage of each side (depth.ts's bookPercent). */
    traded: string;
    book: { back: string | null; lay: string | null };
    /** `spark`: the runner's last traded prices over time as ticks, oldest first (at most SPARK_POINTS). */
    /** `back`/`lay`: the best three levels as the tables show them; `toBack`/`toLay`: the book's depth as pushed (the Cash Out's). */
    runners: {
      id: number;
      name: string;
      status: string;
      back: Shown[];
      lay: Shown[];
      toBack: Level[];
      toLay: Level[];
      ltp: string | null;
      traded: string;
      spark: number[];
    }[];
  };
  bookmaker?: {
    id: number;
    version: number;
    status: string;
    ballRunning: boolean;
    runners: { id: number; status: string; back: number | null; lay: number | null }[];
  };
  fancy: {
    id: number;
    version: number;
    status: string;
    ballRunning: boolean;
    noLine: number | null;
    noRate: number | null;
    yesLine: number | null;
    yesRate: number | null;
  }[];
};

/** The market with this id as the page shows it (match odds, BookMaker or a Fancy line), if it does. */
export function shownMarket(page: LivePage, marketId: number) {
  return [page.matchOdds, page.bookmaker, ...page.fancy].find((m) => m?.id === marketId);
}

/**
 * Whether the page must reload its data for `push`, because it changes what only the server can work out: a market
 * closed, the match turned in play, or a market the page does not show. A push older than the page changes nothing.
 */
export function pushNeedsReload(page: LivePage, push: PushedMarket): boolean {
  const shownNow = shownMarket(page, push.id);
  if (!shownNow) return true;
  if (push.version < shownNow.version) return false;
  return push.status === "closed" || (page.matchOdds?.id === push.id && push.inPlay !== page.matchOdds.inPlay);
}

/**
 * The page with `push` applied by its market's kind, and whether it must reload (pushNeedsReload). A push older than
 * the page changes nothing.
 */
export function applyPush<P extends LivePage>(page: P, push: PushedMarket): { page: P; reload: boolean } {
  const reload = pushNeedsReload(page, push);
  return { page: marketKind(push.kind).applyPush(page, push) ?? page, reload };
}

/** What of a Multi Markets card (exchange-multi's loader data) a push can change: the best back and lay of each runner. */
export type PinnedCard = {
  marketId: number;
  version: number;
  status: string;
  inPlay: boolean;
  runners: { id: number; back: Shown | null; lay: Shown | null }[];
};

/** The card with `push` applied; a push of another market, or older than the card, changes nothing. */
export function applyPinnedPush<C extends PinnedCard>(card: C, push: PushedMarket): C {
  if (push.id !== card.marketId || push.version < card.version) return card;
  const runners = card.runners.map((r) => {
    const p = push.runners.find((x) => x.id === r.id);
    return p ? { ...r, back: shownLevels(p.toBack)[0] ?? null, lay: shownLevels(p.toLay)[0] ?? null } : r;
  });
  return { ...card, version: push.version, status: push.status, inPlay: push.inPlay, runners };
}
