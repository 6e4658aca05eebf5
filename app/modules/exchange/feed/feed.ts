// What a feed tells the exchange about an event, whichever feed it is (the simulated match or a provider over
// HTTP): a full snapshot each time, which feed-sync.server.ts applies to the markets idempotently.
import type { EventSpec, FancyLineSpec } from "../events.server.ts";
import type { BallByBall } from "../tracker.ts";

/** A Fancy line as the exchange keeps it (its name is unique within its event: "6 over runs DHA"), and its state. */
export type FeedFancyLine = FancyLineSpec & {
  /** No bets on it for now (its innings has not started, or the provider says so). */
  suspended: boolean;
  /** The result in runs once known (0 is a result); null while open. */
  result: number | null;
};

export type ScoreBoard = {
  innings: { team: number; runs: number; wickets: number; overs: string }[];
  /** The last delivery, as the board shows it ("4", "W", "1wd"). */
  lastBall: string | null;
} & BallByBall;

/** The event as the exchange creates it, and its state now. */
export type FeedEvent = Pick<EventSpec, "externalId" | "sport" | "competition" | "name" | "startsAt" | "runners"> & {
  inPlay: boolean;
  /** A delivery is being bowled: Bookmaker and Fancy take no bets. */
  ballRunning: boolean;
  /** Each runner's chance of winning, which the demo's market-maker quotes around; absent when the feed has none. */
  chances?: number[];
  /** Bookmaker DIGIT rates per runner (null: no quote); absent when the event has no Bookmaker market. */
  bookmaker?: { back: number | null; lay: number | null }[];
  fancy: FeedFancyLine[];
  score?: ScoreBoard;
  /** Once decided: the winning runner's index, or null when the match is void (a tie, an abandonment). */
  result?: { winner: number | null };
};

export interface ExchangeFeed {
  /** The events to show now, in play and coming, with the ones that just ended. */
  events(now: Date): Promise<FeedEvent[]>;
}
