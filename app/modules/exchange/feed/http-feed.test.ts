// The HTTP feed against msw handlers that answer like the original site's sports provider (tests/mocks/sports-feed.ts).
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { captureLogs } from "#app/kernel/log.server.ts";
import { stopEventBus } from "#app/modules/events/bus.server.ts";
import { closeIdleConnections } from "#app/modules/ledger/test-helpers.ts";
import { EXCHANGE_HOST_URL, resetSportsFeed, setSportsFeedMode, SPORTS_API_URL, sportsFeed } from "#tests/mocks/sports-feed.ts";
import { exchangeMarkets } from "../schema.ts";
import { applyFeedEvent } from "./feed-sync.server.ts";
import { httpFeed } from "./http-feed.server.ts";

afterEach(resetSportsFeed);
afterAll(async () => {
  await stopEventBus();
  await closeIdleConnections();
});

const feed = httpFeed({ sportsUrl: SPORTS_API_URL, exchangeUrl: `${EXCHANGE_HOST_URL}/`, timeoutMs: 500 });
const now = new Date("2026-11-25T10:00:00Z");

/** A cricket match in play with match odds, Bookmaker and two Fancy lines, and a soccer match with match odds only. */
function provide() {
  const id = randomBytes(4).toString("hex");
  const cricket = {
    EventId: `c${id}`,
    Event: "Bangladesh v India",
    MarketId: `1.${id}`,
    Fancy: true,
    Bookmaker: true,
    OpenDate: "2026-11-25T09:30:00Z",
    Competition: "T20 Series",
  };
  const soccer = { EventId: `s${id}`, Event: "Abahani v Mohammedan", MarketId: `2.${id}`, Fancy: false, Bookmaker: false };
  sportsFeed.events = { cricket: [cricket], soccer: [soccer], tennis: [] };
  sportsFeed.odds[cricket.MarketId] = [
    {
      marketId: cricket.MarketId,
      inplay: true,
      runners: [
        { SelectionName: "Bangladesh", ex: { availableToBack: [{ price: "2.5", size: "1200" }], availableToLay: [{ price: 2.54, size: 800 }] } },
        { SelectionName: "India", ex: { availableToBack: [{ price: 1.64, size: 5000 }], availableToLay: [{ price: 1.66, size: 300 }] } },
      ],
    },
  ];
  sportsFeed.odds[soccer.MarketId] = [
    {
      marketId: soccer.MarketId,
      inplay: false,
      runners: [
        { SelectionName: "Abahani", ex: { availableToBack: [], availableToLay: [] } },
        { SelectionName: "Mohammedan", ex: { availableToBack: [], availableToLay: [] } },
        { SelectionName: "The Draw", ex: { availableToBack: [], availableToLay: [] } },
      ],
    },
  ];
  sportsFeed.details[cricket.EventId] = {
    fancy2: [
      { title: "6 over runs BAN", no: 45, no_rate: 100, yes: 46, yes_rate: 100, suspended: 0, ball_running: 1 },
      { title: "10 over runs BAN", no: 72, no_rate: 110, yes: 72, yes_rate: 90, suspended: 1, ball_running: 0 },
    ],
    bookmaker: [
      { runner: "Bangladesh", backPrice: 140, layPrice: 145, suspended: 0, ball_running: 1 },
      { runner: "India", backPrice: 0, layPrice: 0, suspended: 1, ball_running: 1 },
    ],
  };
  return { cricket, soccer };
}

describe("the HTTP feed", () => {
  it("turns the provider's events, odds, Fancy and Bookmaker rows into snapshots", async () => {
    const { cricket, soccer } = provide();
    const events = await feed.events(now);
    expect(events.map((e) => e.externalId)).toEqual([`http-cricket-${cricket.EventId}`, `http-soccer-${soccer.EventId}`]);
    const [c, s] = events;
    expect(c).toMatchObject({
      sport: "cricket",
      competition: "T20 Series",
      name: "Bangladesh v India",
      startsAt: new Date("2026-11-25T09:30:00Z"),
      runners: ["Bangladesh", "India"],
      inPlay: true,
      ballRunning: true,
      bookmaker: [
        { back: 140, lay: 145 },
        { back: null, lay: null },
      ],
      fancy: [
        { name: "6 over runs BAN", noLine: 45, yesLine: 46, noRate: 100, yesRate: 100, suspended: false, result: null },
        { name: "10 over runs BAN", noLine: 72, yesLine: 72, noRate: 110, yesRate: 90, suspended: true, result: null },
      ],
    });
    expect(c!.chances![0]! + c!.chances![1]!).toBeCloseTo(1, 9);
    expect(c!.chances![1]!).toBeGreaterThan(c!.chances![0]!);
    expect(c!.result).toBeUndefined();
    // No Fancy or Bookmaker: the exchange host is not asked; no start time: now; no prices: no chances.
    expect(s).toMatchObject({
      sport: "soccer",
      competition: "soccer",
      startsAt: now,
      runners: ["Abahani", "Mohammedan", "The Draw"],
      inPlay: false,
      fancy: [],
    });
    expect(s!.bookmaker).toBeUndefined();
    expect(s!.chances).toBeUndefined();
  });

  it("reads decimal Bookmaker prices (odd_type ODDS) as DIGIT rates", async () => {
    const { cricket } = provide();
    sportsFeed.details[cricket.EventId]!.bookmaker = [
      { runner: "Bangladesh", backPrice: 2.4, layPrice: 2.45, suspended: 0, ball_running: 0, odd_type: "ODDS" },
      { runner: "India", backPrice: 1.62, layPrice: 1.65, suspended: 0, ball_running: 0, odd_type: "ODDS" },
    ];
    const [c] = await feed.events(now);
    expect(c!.bookmaker).toEqual([
      { back: 140, lay: 145 },
      { back: 62, lay: 65 },
    ]);
  });

  it.each(["server_error", "malformed", "slow"] as const)("gives no snapshot, and does not throw, when the provider is %s", async (mode) => {
    provide();
    setSportsFeedMode(mode);
    const logs = captureLogs({ level: "error" });
    try {
      const started = Date.now();
      expect(await feed.events(now)).toEqual([]);
      expect(Date.now() - started).toBeLessThan(5_000); // the time-out, not the provider's 6 s
    } finally {
      logs.restore();
    }
    // Each sport that could not be read is logged as an error, for the operators.
    expect(logs.messages("error")).toEqual(["cricket", "soccer", "tennis"].map((sport) => `the ${sport} events could not be read`));
  });

  it("leaves out only the event whose odds the provider cannot give", async () => {
    const { cricket, soccer } = provide();
    delete sportsFeed.odds[cricket.MarketId];
    expect((await feed.events(now)).map((e) => e.externalId)).toEqual([`http-soccer-${soccer.EventId}`]);
    sportsFeed.odds[cricket.MarketId] = [{ marketId: cricket.MarketId, inplay: true, runners: [] }];
    expect((await feed.events(now)).map((e) => e.externalId)).toEqual([`http-soccer-${soccer.EventId}`]);
  });

  it("drives the exchange's markets; its matches wait for a trader to settle them", async () => {
    const { cricket } = provide();
    const [c] = await feed.events(now);
    const eventId = await applyFeedEvent(c!, { settleMatches: false, marketMaker: false });
    const markets = await db.select().from(exchangeMarkets).where(eq(exchangeMarkets.eventId, eventId)).orderBy(exchangeMarkets.sortOrder);
    expect(markets.map((m) => [m.kind, m.name, m.status, m.inPlay, m.ballRunning])).toEqual([
      ["match_odds", "Match Odds", "open", true, false],
      ["bookmaker", "Bookmaker", "open", true, true],
      ["fancy", "6 over runs BAN", "open", true, true],
      ["fancy", "10 over runs BAN", "suspended", true, true],
    ]);
    // The line moves and the ball is bowled.
    sportsFeed.details[cricket.EventId]!.fancy2![0] = {
      title: "6 over runs BAN",
      no: 49,
      no_rate: 100,
      yes: 50,
      yes_rate: 100,
      suspended: 0,
      ball_running: 0,
    };
    sportsFeed.details[cricket.EventId]!.bookmaker = sportsFeed.details[cricket.EventId]!.bookmaker!.map((b) => ({ ...b, ball_running: 0 as const }));
    await applyFeedEvent((await feed.events(now))[0]!, { settleMatches: false, marketMaker: false });
    const line = (await db.select().from(exchangeMarkets).where(eq(exchangeMarkets.id, markets[2]!.id)))[0]!;
    expect(line).toMatchObject({ noLine: 49, yesLine: 50, ballRunning: false, status: "open" });
  });
});
