import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { stopEventBus } from "#app/modules/events/bus.server.ts";
import { closeIdleConnections } from "#app/modules/ledger/test-helpers.ts";
import { placeFancyBet } from "../quoted-bets.server.ts";
import { marketView } from "../queries.server.ts";
import { exchangeEvents, exchangeMarkets, exchangeOrders } from "../schema.ts";
import { fundedPlayer, mainOf, requestKey, taka } from "../test-helpers.ts";
import { playMatch } from "./cricket-match.ts";
import type { FeedEvent } from "./feed.ts";
import { applyFeedEvent, type SyncOptions } from "./feed-sync.server.ts";
import { DEMO_TIMING, seedOf, simulatedEvent } from "./simulated-feed.ts";

afterAll(async () => {
  await stopEventBus();
  await closeIdleConnections();
});

const demo: SyncOptions = { settleMatches: true, marketMaker: false };
const SLOT = 493_817;
const kickOff = SLOT * DEMO_TIMING.slotMs;
const match = playMatch(seedOf(SLOT), Infinity);

/** The simulated match of SLOT at `at` ms after its start, under an id of this test's own (CI's database persists). */
function snapshot(id: string, at: number): FeedEvent {
  return { ...simulatedEvent(SLOT, kickOff + at), externalId: id };
}
/** When the n-th delivery (1-based) is complete. */
const afterBall = (n: number) => {
  const first = match.innings[0].deliveries;
  return (n - 1) * DEMO_TIMING.ballMs + DEMO_TIMING.ballRunningMs + (n > first ? DEMO_TIMING.breakMs : 0);
};

async function marketsOf(eventId: number) {
  return db.select().from(exchangeMarkets).where(eq(exchangeMarkets.eventId, eventId)).orderBy(exchangeMarkets.sortOrder);
}

describe("applying the feed", () => {
  it("creates the event with match odds, Bookmaker and the Fancy lines, and a second identical snapshot changes nothing", async () => {
    const id = `feed-test-${randomBytes(6).toString("hex")}`;
    const before = snapshot(id, -3600_000);
    const eventId = await applyFeedEvent(before, demo);
    const markets = await marketsOf(eventId);
    expect(markets.map((m) => m.kind)).toEqual(["match_odds", "bookmaker", ...Array(8).fill("fancy")]);
    expect(markets.filter((m) => m.kind === "fancy").map((m) => m.name)).toEqual(before.fancy.map((f) => f.name));
    // Before the start every Fancy line is suspended; Bookmaker quotes are up.
    expect(markets.filter((m) => m.kind === "fancy").every((m) => m.status === "suspended")).toBe(true);
    const view = await marketView(markets[0]!.id);
    expect(view!.bookmaker[0]!.runners.map((r) => [r.backRate, r.layRate])).toEqual(before.bookmaker!.map((q) => [q.back, q.lay]));

    await applyFeedEvent(before, demo);
    expect((await marketsOf(eventId)).map((m) => m.version)).toEqual(markets.map((m) => m.version));
  });

  it("plays the match: in play, the ball running, lines moving, each Fancy line settled at its over, then the match settled", async () => {
    const id = `feed-test-${randomBytes(6).toString("hex")}`;
    const eventId = await applyFeedEvent(snapshot(id, -60_000), demo);
    const sixOvers = (await marketsOf(eventId)).find((m) => m.kind === "fancy" && m.name.startsWith("6 over runs"))!;

    // Ball 1 is running: the event is in play, Bookmaker and Fancy take no bets.
    await applyFeedEvent(snapshot(id, 1000), demo);
    const [event] = await db.select().from(exchangeEvents).where(eq(exchangeEvents.id, eventId));
    expect(event!.inPlay).toBe(true);
    expect((await marketsOf(eventId)).filter((m) => m.kind !== "match_odds").every((m) => m.ballRunning)).toBe(true);

    // Ball 1 bowled: the first innings' lines open; a player backs Yes on "6 over runs" at the current line.
    const afterFirst = snapshot(id, afterBall(1));
    await applyFeedEvent(afterFirst, demo);
    const open = (await marketsOf(eventId)).find((m) => m.id === sixOvers.id)!;
    expect(open).toMatchObject({ status: "open", ballRunning: false, noLine: afterFirst.fancy[0]!.noLine });
    const player = await fundedPlayer(taka(1000));
    await placeFancyBet({
      playerId: player,
      marketId: open.id,
      side: "yes",
      line: open.yesLine!,
      rate: open.yesRate!,
      stake: taka(100),
      requestKey: requestKey(),
    });

    // Six overs later the line is settled at the runs after 6 overs, and the bet with it.
    const ballsToSix = match.innings[0].legalBalls >= 36 ? 36 + countWides(36) : match.innings[0].deliveries;
    await applyFeedEvent(snapshot(id, afterBall(ballsToSix) + 1000), demo);
    const settled = (await marketsOf(eventId)).find((m) => m.id === sixOvers.id)!;
    const runsAfterSix = match.innings[0].overEnds[5] ?? match.innings[0].runs;
    expect(settled).toMatchObject({ status: "closed", resultRuns: runsAfterSix });
    const won = runsAfterSix >= open.yesLine!;
    expect(await mainOf(player)).toMatchObject({ available: won ? taka(1100) : taka(900), pending: 0n });
    const [bet] = await db.select().from(exchangeOrders).where(eq(exchangeOrders.playerId, player));
    expect(bet!.status).toBe(won ? "won" : "lost");

    // The end: match odds and Bookmaker settled on the winner, the event closed; a late snapshot changes nothing.
    const end = snapshot(id, afterBall(match.delivered) + 1000);
    expect(end.result).toBeDefined();
    await applyFeedEvent(end, demo);
    const final = await marketsOf(eventId);
    expect(final.every((m) => m.status === "closed" && m.settledAt)).toBe(true);
    const view = await marketView(final[0]!.id);
    const statuses = view!.matchOdds[0]!.runners.map((r) => r.status);
    expect(statuses).toEqual(match.winner === null ? ["removed", "removed"] : match.winner === 0 ? ["winner", "loser"] : ["loser", "winner"]);
    const [closed] = await db.select().from(exchangeEvents).where(eq(exchangeEvents.id, eventId));
    expect(closed).toMatchObject({ closed: true, inPlay: false });
    expect(closed!.score).toEqual(end.score);
    await applyFeedEvent(end, demo);
    expect((await marketsOf(eventId)).map((m) => m.version)).toEqual(final.map((m) => m.version));
  });

  it("leaves the match's markets suspended for a trader when the feed is not trusted to settle them", async () => {
    const id = `feed-test-${randomBytes(6).toString("hex")}`;
    const options = { settleMatches: false, marketMaker: false };
    await applyFeedEvent(snapshot(id, -60_000), options);
    const eventId = await applyFeedEvent(snapshot(id, afterBall(match.delivered) + 1000), options);
    const markets = await marketsOf(eventId);
    const main = markets.filter((m) => m.kind !== "fancy");
    expect(main.map((m) => [m.status, m.settledAt])).toEqual([
      ["suspended", null],
      ["suspended", null],
    ]);
    expect(markets.filter((m) => m.kind === "fancy").every((m) => m.status === "closed")).toBe(true);
  });

  it("has the market-maker quote back and lay prices around the feed's chances", async () => {
    const id = `feed-test-${randomBytes(6).toString("hex")}`;
    const feed = snapshot(id, -3600_000);
    const eventId = await applyFeedEvent(feed, { settleMatches: true, marketMaker: true });
    const [odds] = await marketsOf(eventId);
    const view = await marketView(odds!.id);
    for (const runner of view!.matchOdds[0]!.runners) {
      expect(runner.availableToBack).toHaveLength(3);
      expect(runner.availableToLay).toHaveLength(3);
      expect(runner.availableToBack![0]!.tick).toBeLessThan(runner.availableToLay![0]!.tick);
    }
  });
});

/** Deliveries that were wides among the first `legal` legal balls of the first innings (the sim's replay tells). */
function countWides(legal: number) {
  for (let n = legal; n < legal + 60; n++) {
    const state = playMatch(seedOf(SLOT), n);
    if (state.innings[0].legalBalls >= legal) return n - legal;
  }
  return 0;
}
