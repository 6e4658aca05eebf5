// /betting-record?tab=unsettled: the player's open casino rounds (filtered and paged like Settled) and their exchange
// bets not settled yet, with the figures every other page shows; never another player's. The loader runs against the
// database behind the session and language middleware; its answer is rendered as the server renders the page.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { parseOdds } from "#app/modules/exchange/ladder.ts";
import { cancelOrder, placeOrder } from "#app/modules/exchange/orders.server.ts";
import { getExchangeRecord } from "#app/modules/exchange/records.server.ts";
import { createMatchOddsMarket, fundedPlayer, requestKey, taka } from "#app/modules/exchange/test-helpers.ts";
import { gameProviders, gameRounds, games } from "#app/modules/games/schema.ts";
import { createPlayer, createSite } from "#app/modules/payments/test-helpers.ts";
import * as page from "./betting-record.tsx";
import { renderRoute } from "#tests/support/render-route.tsx";
import { callRoute as call, sessionFor } from "#tests/support/route-call.ts";

let bettorId: number;
let cookie: string;
let otherCookie: string;
let openRoundId: number;
let otherRoundId: number;
let waitingId: number;
let matchedId: number;

type Data = {
  tab: string;
  filter: { day: string; platform?: string; page: number };
  pages: number;
  rows: unknown[];
  unsettled: {
    rows: Array<{ id: number; provider: string; gameType: string; game: string; stake: string; placedAt: string }>;
    totals: { count: number; stake: string };
    exchange: { records: Array<{ id: number; stake: string; potentialProfit: string; status: string }>; next: number | null };
  } | null;
};

beforeAll(async () => {
  await createSite();
  const bettor = { id: await fundedPlayer(taka(1_000)) };
  bettorId = bettor.id;
  const layer = await fundedPlayer(taka(1_000));
  const other = await createPlayer();
  cookie = (await sessionFor(bettor)).cookie;
  otherCookie = (await sessionFor(other)).cookie;

  const [provider] = await db.insert(gameProviders).values({ platform: "TG", name: "Tiger Games", sortOrder: 1 }).returning();
  const [game] = await db.insert(games).values({ code: "TG-SLOT-LUCK", name: "Lucky Luck", type: "SLOT", providerId: provider!.id }).returning();
  const now = Date.now();
  const base = { providerId: provider!.id, gameId: game!.id, gameCode: "TG-SLOT-LUCK", gameType: "SLOT", platform: "TG", currency: "BDT" };
  const rows = await db
    .insert(gameRounds)
    .values([
      { ...base, playerId: bettor.id, roundId: "u-open", stake: 25_000n, status: "open" as const, createdAt: new Date(now - 60_000) },
      {
        ...base,
        playerId: bettor.id,
        roundId: "u-settled",
        stake: 10_000n,
        payout: 0n,
        status: "settled" as const,
        createdAt: new Date(now - 30_000),
        settledAt: new Date(now - 20_000),
      },
      { ...base, playerId: bettor.id, roundId: "u-rolled", stake: 7_000n, status: "rolled_back" as const, createdAt: new Date(now - 10_000) },
      { ...base, playerId: other.id, roundId: "u-theirs", stake: 99_900n, status: "open" as const, createdAt: new Date(now - 5_000) },
    ])
    .returning({ id: gameRounds.id, roundId: gameRounds.roundId });
  openRoundId = rows.find((r) => r.roundId === "u-open")!.id;
  otherRoundId = rows.find((r) => r.roundId === "u-theirs")!.id;

  // Exchange: a bet matched against another player's lay (open until the market settles), one waiting unmatched,
  // one cancelled (not open).
  const { market, home, away } = await createMatchOddsMarket();
  await placeOrder({
    playerId: layer,
    marketId: market.id,
    runnerId: home.id,
    side: "lay",
    tick: parseOdds("2")!,
    stake: taka(40),
    requestKey: requestKey(),
  });
  const bet = (runnerId: number, odds: string, stake: number) =>
    placeOrder({
      playerId: bettor.id,
      marketId: market.id,
      runnerId,
      side: "back",
      tick: parseOdds(odds)!,
      stake: taka(stake),
      requestKey: requestKey(),
    });
  matchedId = (await bet(home.id, "2", 40)).order.id;
  waitingId = (await bet(away.id, "3", 100)).order.id;
  const cancelled = (await bet(home.id, "5", 20)).order.id;
  await cancelOrder(bettor.id, cancelled);
});

describe("/betting-record?tab=unsettled", () => {
  it("lists the player's open rounds only, with the Settled tab's filter, and their open exchange bets", async () => {
    const out = await call(page, "/betting-record?tab=unsettled", { cookie });
    expect(out.status).toBe(200);
    const d = out.data as Data;
    expect(d.tab).toBe("unsettled");
    expect(d.unsettled!.rows).toEqual([
      {
        id: openRoundId,
        provider: "Tiger Games",
        gameType: "Slot",
        game: "Lucky Luck",
        stake: "250.00",
        placedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      },
    ]);
    expect(d.unsettled!.totals).toEqual({ count: 1, stake: "250.00" });
    expect(d.unsettled!.exchange.records.map((r) => [r.id, r.status])).toEqual([
      [waitingId, "open"],
      [matchedId, "open"],
    ]);
    // The figures are those of the bet's details (bet-figures.ts), as on every other page.
    for (const r of d.unsettled!.exchange.records) expect(r).toEqual(await getExchangeRecord(bettorId, r.id));

    const settled = (await call(page, "/betting-record", { cookie })).data as Data;
    expect(settled.unsettled).toBeNull();
    expect(settled.rows).toHaveLength(1);

    expect(((await call(page, "/betting-record?tab=unsettled&day=yesterday", { cookie })).data as Data).unsettled!.rows).toEqual([]);
    expect(((await call(page, "/betting-record?tab=unsettled&platform=KA", { cookie })).data as Data).unsettled!.rows).toEqual([]);
    expect(((await call(page, "/betting-record?tab=unsettled&type=SLOT&page=3", { cookie })).data as Data).filter.page).toBe(1);
  });

  it("filters the exchange bets too: by the day they were placed, the Exchange platform and the sports type", async () => {
    const exchangeIds = async (query: string) =>
      ((await call(page, `/betting-record?tab=unsettled${query}`, { cookie })).data as Data).unsettled!.exchange.records.map((r) => r.id);
    expect(await exchangeIds("&platform=EXCHANGE")).toEqual([waitingId, matchedId]);
    expect(await exchangeIds("&type=SPORTS")).toEqual([waitingId, matchedId]);
    expect(await exchangeIds("&platform=EXCHANGE&type=SPORTS&day=last7")).toEqual([waitingId, matchedId]);
    // Placed today: none yesterday; a casino platform or another game type leaves them out.
    expect(await exchangeIds("&day=yesterday")).toEqual([]);
    expect(await exchangeIds("&platform=TG")).toEqual([]);
    expect(await exchangeIds("&type=SLOT")).toEqual([]);
    // The Exchange platform has no casino rounds, and is offered on this tab only.
    const exchangeOnly = (await call(page, "/betting-record?tab=unsettled&platform=EXCHANGE", { cookie })).data as Data & {
      platforms: Array<{ value: string }>;
    };
    expect(exchangeOnly.unsettled!.rows).toEqual([]);
    expect(exchangeOnly.platforms.map((p) => p.value)).toContain("EXCHANGE");
    const settled = (await call(page, "/betting-record", { cookie })).data as { platforms: Array<{ value: string }> };
    expect(settled.platforms.map((p) => p.value)).not.toContain("EXCHANGE");
  });

  it("never shows another player's rounds or bets", async () => {
    const d = (await call(page, "/betting-record?tab=unsettled", { cookie: otherCookie })).data as Data;
    expect(d.unsettled!.rows.map((r) => r.id)).toEqual([otherRoundId]);
    expect(d.unsettled!.exchange.records).toEqual([]);
  });

  it("sends a guest to log in and back", async () => {
    const out = await call(page, "/betting-record?tab=unsettled");
    expect(out.status).toBe(302);
    expect(out.response!.headers.get("location")).toBe("/login?redirectTo=%2Fbetting-record%3Ftab%3Dunsettled");
  });

  it.each([
    ["en", "Unsettled", "Placed", "Exchange bets not settled"],
    ["bn", "অনিষ্পন্ন", "রাখার সময়", "নিষ্পন্ন না হওয়া এক্সচেঞ্জ বেট"],
  ])("renders the tab without JavaScript in %s", async (lng, tab, placed, exchangeTitle) => {
    const path = "/betting-record?tab=unsettled";
    const out = await call(page, path, { cookie, headers: { "accept-language": lng } });
    const html = await renderRoute(lng, path, page.default, out.data);
    expect(html).toMatch(new RegExp(`href="/betting-record\\?tab=unsettled"[^>]*aria-current="page"[^>]*>${tab}<`));
    // The Settled tab's filter form, keeping the tab.
    expect(html).toContain('data-testid="record-filters"');
    expect(html).toContain('<input type="hidden" name="tab" value="unsettled"/>');
    expect(html).toContain('name="day"');
    expect(html).toContain('data-testid="open-rounds"');
    expect(html).toContain(placed);
    expect(html).toContain("Lucky Luck");
    expect(html).toContain("Tiger Games");
    expect(html).toMatch(/৳(<!-- -->)?250\.00/);
    expect(html).toContain(`href="/betting-record/${openRoundId}"`);
    expect(html).toContain(exchangeTitle);
    expect(html).toContain(`href="/betting-record?tab=exchange&amp;bet=${waitingId}"`);
    expect(html).toContain("Dhaka v Chattogram");
    expect(html).not.toContain("999.00");
    expect(html).not.toMatch(/records\.[a-z]/);
  });
});
