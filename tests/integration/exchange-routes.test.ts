// The exchange's JSON API (spec section 7, from our own data) and its pages' forms, called as the server calls them.
// Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
import { afterAll, describe, expect, it } from "vitest";
import { parseOdds } from "#app/modules/exchange/ladder.ts";
import { placeOrder } from "#app/modules/exchange/orders.server.ts";
import { createBookmakerMarket, createFancyMarket, fundedPlayer, requestKey, taka } from "#app/modules/exchange/test-helpers.ts";
import { closeIdleConnections } from "#app/modules/ledger/test-helpers.ts";
import * as eventRoute from "#app/routes/api/exchange-event.ts";
import * as hubRoute from "#app/routes/api/exchange-hub.ts";
import * as oddsRoute from "#app/routes/api/match-odds.ts";
import * as scoreRoute from "#app/routes/api/score-board.ts";
import * as sportsRoute from "#app/routes/api/sports-events.ts";
import * as oddsViewRoute from "#app/routes/exchange/odds-view.tsx";
import * as ladderRoute from "#app/routes/exchange/ladder.tsx";
import * as pinRoute from "#app/routes/exchange/pin.ts";
import { callRoute, sessionFor } from "../support/route-call.ts";

afterAll(closeIdleConnections);

async function market() {
  const bm = await createBookmakerMarket();
  const fancy = await createFancyMarket();
  const maker = await fundedPlayer(taka(10_000));
  await placeOrder({
    playerId: maker,
    marketId: bm.oddsMarket.id,
    runnerId: bm.oddsHome.id,
    side: "lay",
    tick: parseOdds("2.5")!,
    stake: taka(300),
    requestKey: requestKey(),
  });
  await placeOrder({
    playerId: maker,
    marketId: bm.oddsMarket.id,
    runnerId: bm.oddsHome.id,
    side: "back",
    tick: parseOdds("2.6")!,
    stake: taka(200),
    requestKey: requestKey(),
  });
  return { ...bm, fancy };
}

describe("the exchange's JSON API", () => {
  it("serves events by sport, a market's odds, an event's Bookmaker rows, its score; 400 and 404 for bad ids", async () => {
    const m = await market();
    const events = await callRoute(sportsRoute, "/api/sports-events/cricket", { params: { sport: "cricket" } });
    expect(events.status).toBe(200);
    expect(events.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ EventId: String(m.event.id), MarketId: String(m.oddsMarket.id), Bookmaker: true, Fancy: false, sport: "cricket" }),
      ]),
    );
    expect((await callRoute(sportsRoute, "/api/sports-events/golf", { params: { sport: "golf" } })).status).toBe(404);

    const odds = await callRoute(oddsRoute, `/api/match-odds/${m.oddsMarket.id}`, { params: { marketId: String(m.oddsMarket.id) } });
    expect(odds.status).toBe(200);
    const [first] = odds.data as [
      { inplay: boolean; runners: { SelectionName: string; ex: { availableToBack: unknown[]; availableToLay: unknown[] } }[] },
    ];
    expect(first.inplay).toBe(false);
    expect(first.runners[0]).toMatchObject({
      SelectionName: "Dhaka",
      ex: { availableToBack: [{ price: 2.5, size: 300 }], availableToLay: [{ price: 2.6, size: 200 }] },
    });
    expect((await callRoute(oddsRoute, "/api/match-odds/abc", { params: { marketId: "abc" } })).status).toBe(400);
    expect((await callRoute(oddsRoute, "/api/match-odds/2000000000", { params: { marketId: "2000000000" } })).status).toBe(404);
    // A Bookmaker market's id is not a match-odds market.
    expect((await callRoute(oddsRoute, `/api/match-odds/${m.market.id}`, { params: { marketId: String(m.market.id) } })).status).toBe(404);

    const detail = await callRoute(eventRoute, `/api/event/${m.event.id}`, { params: { eventId: String(m.event.id) } });
    expect(detail.data).toMatchObject({
      fancy2: [],
      bookmaker: [
        { runner: "Dhaka", backPrice: 45, layPrice: 47, suspended: 0, ball_running: 0, odd_type: "DIGIT" },
        { runner: "Chattogram", backPrice: 120, layPrice: 125, suspended: 0, ball_running: 0 },
      ],
    });
    const fancy = await callRoute(eventRoute, `/api/event/${m.fancy.event.id}`, { params: { eventId: String(m.fancy.event.id) } });
    expect(fancy.data).toMatchObject({ fancy2: [{ title: "6 over runs Dhaka", no: 45, yes: 46, suspended: 0, ball_running: 0 }], bookmaker: [] });

    const score = await callRoute(scoreRoute, `/api/score/board/${m.event.id}`, { params: { eventId: String(m.event.id) } });
    expect(score.data).toMatchObject({ eventId: String(m.event.id), inplay: false, innings: [], lastBall: null });
    expect((await callRoute(scoreRoute, "/api/score/board/0", { params: { eventId: "0" } })).status).toBe(400);
  });

  it("gives the player's own exchange records with the spec's fields, by bearer token only", async () => {
    const m = await market();
    const player = await fundedPlayer(taka(1_000));
    const { token, cookie } = await sessionFor({ id: player });
    await callRoute(oddsViewRoute, `/odds-view?market=${m.oddsMarket.id}`, {
      cookie,
      form: {
        intent: "bet",
        market: String(m.oddsMarket.id),
        runner: String(m.oddsHome.id),
        side: "back",
        price: "2.5",
        stake: "100",
        requestKey: requestKey(),
      },
    });
    expect((await callRoute(hubRoute, "/api/exchange-hub")).status).toBe(401);
    const hub = await callRoute(hubRoute, "/api/exchange-hub", { token });
    expect(hub.status).toBe(200);
    expect((hub.data as { data: unknown[] }).data).toEqual([
      expect.objectContaining({
        event_name: "Dhaka v Chattogram",
        market_name: "Match Odds",
        selection_name: "Dhaka",
        bet_type: "back",
        odds: "2.50",
        run: null,
        stake: "100.00",
        potential_profit: "150.00",
        potential_liability: "100.00",
        status: "open",
        net_profit_loss: null,
        // Matched whole at the odds asked (the maker's lay at 2.50).
        requested_odds: "2.50",
        average_matched_odds: "2.50",
        size: "100.00",
        size_matched: "100.00",
        size_remaining: "0.00",
        matched_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      }),
    ]);
    const stranger = await sessionFor({ id: await fundedPlayer(taka(1)) });
    expect((await callRoute(hubRoute, "/api/exchange-hub", { token: stranger.token })).data).toEqual({ data: [], next: null });
  });
});

describe("the market page's forms", () => {
  it("places a bet (redirect with its notice), refuses a bad stake next to the field with a 400, and pins only with a session", async () => {
    const m = await market();
    const player = await fundedPlayer(taka(1_000));
    const { cookie } = await sessionFor({ id: player });
    const path = `/odds-view?market=${m.oddsMarket.id}&bet=${m.oddsMarket.id}&runner=${m.oddsHome.id}&side=back&price=2.5`;
    const form = {
      intent: "bet",
      market: String(m.oddsMarket.id),
      runner: String(m.oddsHome.id),
      side: "back",
      price: "2.5",
      requestKey: requestKey(),
    };
    const bad = await callRoute(oddsViewRoute, path, { cookie, form: { ...form, stake: "10.5" } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain("exchange.errors.stakeWhole");
    const over = await callRoute(oddsViewRoute, path, { cookie, form: { ...form, stake: "5000" } });
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.data)).toContain("exchange.errors.insufficient_funds");
    const placed = await callRoute(oddsViewRoute, path, { cookie, form: { ...form, stake: "100" } });
    expect(placed.status).toBe(302);
    expect(placed.headers.get("location")).toMatch(new RegExp(`^/odds-view\\?market=${m.oddsMarket.id}&placed=\\d+$`));
    const page = await callRoute(oddsViewRoute, placed.headers.get("location")!, { cookie });
    expect((page.data as { notice: string }).notice).toBe("Bet matched: ৳100.00 at 2.50. Profit ৳150.00, liability ৳100.00.");

    expect((await callRoute(oddsViewRoute, "/odds-view?market=x", { cookie })).status).toBe(404);
    expect((await callRoute(oddsViewRoute, `/odds-view?market=${m.market.id}`, { cookie })).headers.get("location")).toBe(
      `/odds-view?market=${m.oddsMarket.id}`,
    );
    const guest = await callRoute(pinRoute, "/exchange/pin", { form: { market: String(m.oddsMarket.id), pin: "1" } });
    expect(guest.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    const pinned = await callRoute(pinRoute, "/exchange/pin", {
      cookie,
      form: { market: String(m.oddsMarket.id), pin: "1", redirectTo: "//evil.example" },
    });
    expect(pinned.headers.get("location")).toBe("/exchange-multi");
  });

  it("a Bookmaker bet at a moved rate: refused next to the price field with the new rate, or taken at it when the player accepts changes", async () => {
    const m = await market();
    const player = await fundedPlayer(taka(1_000));
    const { cookie } = await sessionFor({ id: player });
    const path = `/odds-view?market=${m.oddsMarket.id}&bet=${m.market.id}&runner=${m.home.id}&side=back&price=48`;
    const form = { intent: "bet", market: String(m.market.id), runner: String(m.home.id), side: "back", price: "48", stake: "100" };
    const refused = await callRoute(oddsViewRoute, path, { cookie, form: { ...form, requestKey: requestKey() } });
    expect(refused.status).toBe(400);
    const errors = (refused.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors.price).toHaveLength(1);
    expect(errors.price![0]).toContain("exchange.errors.price_changed");
    expect(errors.price![0]).toContain("45");
    const taken = await callRoute(oddsViewRoute, path, { cookie, form: { ...form, acceptChanges: "on", requestKey: requestKey() } });
    expect(taken.status).toBe(302);
    const page = await callRoute(oddsViewRoute, taken.headers.get("location")!, { cookie });
    expect((page.data as { notice: string }).notice).toBe("Bet accepted: ৳100.00 at 45. Profit ৳45.00, liability ৳100.00.");
    // Beyond the tolerance (5 points): refused even when accepting changes.
    const far = await callRoute(oddsViewRoute, path.replace("price=48", "price=51"), {
      cookie,
      form: { ...form, price: "51", acceptChanges: "on", requestKey: requestKey() },
    });
    expect(far.status).toBe(400);
  });
});

describe("a runner's ladder page", () => {
  it("shows the runner's ladder and history to a player; 400 for bad ids, 404 for another market's runner or a quoted market", async () => {
    const m = await market();
    const other = await market();
    const player = await fundedPlayer(taka(1_000));
    const { cookie } = await sessionFor({ id: player });
    const url = (marketId: number | string, runnerId: number | string) => `/exchange-ladder?market=${marketId}&runner=${runnerId}`;
    const guest = await callRoute(ladderRoute, url(m.oddsMarket.id, m.oddsHome.id));
    expect(guest.headers.get("location")).toMatch(/^\/login\?redirectTo=/);

    // The player's back at 2.5 takes the maker's lay: the runner traded ৳100 at 2.50.
    await callRoute(oddsViewRoute, `/odds-view?market=${m.oddsMarket.id}`, {
      cookie,
      form: {
        intent: "bet",
        market: String(m.oddsMarket.id),
        runner: String(m.oddsHome.id),
        side: "back",
        price: "2.5",
        stake: "100",
        requestKey: requestKey(),
      },
    });
    const page = await callRoute(ladderRoute, url(m.oddsMarket.id, m.oddsHome.id), { cookie });
    expect(page.status).toBe(200);
    const data = page.data as { ltp: string; matched: string; rows: { price: string; traded: string; toBack: string }[]; history: unknown[] };
    expect(data).toMatchObject({ ltp: "2.50", matched: "৳100" });
    expect(data.rows.find((r) => r.price === "2.50")).toMatchObject({ traded: "৳100", toBack: "৳200" });
    expect(data.history).toHaveLength(1);

    for (const [marketId, runnerId] of [
      ["x", m.oddsHome.id],
      [m.oddsMarket.id, ""],
      [m.oddsMarket.id, "0"],
      [m.oddsMarket.id, "2147483648"],
      ["-1", "1e3"],
    ] as const) {
      expect((await callRoute(ladderRoute, url(marketId, runnerId), { cookie })).status, `${marketId} ${runnerId}`).toBe(400);
    }
    expect((await callRoute(ladderRoute, "/exchange-ladder", { cookie })).status).toBe(400);
    expect((await callRoute(ladderRoute, url(2_000_000_000, m.oddsHome.id), { cookie })).status).toBe(404);
    expect((await callRoute(ladderRoute, url(m.oddsMarket.id, other.oddsHome.id), { cookie })).status).toBe(404);
    expect((await callRoute(ladderRoute, url(m.market.id, m.home.id), { cookie })).status).toBe(404);
  });
});
