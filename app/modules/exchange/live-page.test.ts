// The market page's live updates applied in the browser: a page as loaded, with the pushes of what changed since,
// must equal the page loaded afresh — prices and sizes, BookMaker quotes, Fancy lines, ball running and the score —
// and only what a push cannot tell asks for a reload.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections } from "#app/modules/ledger/test-helpers.ts";
import { parseOdds } from "./ladder.ts";
import { applyPinnedPush, applyPush, type LivePage, type PushedMarket } from "./live-page.ts";
import { publicMarket } from "./market-stream.server.ts";
import { placeOrder } from "./orders.server.ts";
import { multiMarketsPage, oddsPage, setPinned } from "./pages.server.ts";
import { exchangeEvents, exchangeMarkets } from "./schema.ts";
import { createBookmakerMarket, fundedPlayer, requestKey, taka } from "./test-helpers.ts";
import { setBallRunning, setBookmakerQuote, setFancyLine, setMarketStatus } from "./trading.server.ts";

afterAll(closeIdleConnections);

async function matchWithEveryMarket() {
  const made = await createBookmakerMarket();
  const [fancy] = await db
    .insert(exchangeMarkets)
    .values({ eventId: made.event.id, kind: "fancy", name: "6 over runs Dhaka", commissionBp: 0, noLine: 45, yesLine: 46, noRate: 100, yesRate: 100 })
    .returning();
  return { ...made, fancy: fancy! };
}

const load = async (marketId: number, playerId: number) => {
  const page = await oddsPage(marketId, playerId, {});
  if (!page || page.redirectTo !== undefined) throw new Error("no market page");
  return page;
};

const pushed = async (marketId: number) => (await publicMarket(marketId))!;

const live = (p: LivePage) => ({ event: p.event, matchOdds: p.matchOdds, bookmaker: p.bookmaker, fancy: p.fancy });

describe("the market page's pushes", () => {
  it("bring a page as loaded to the page loaded afresh, with no reload asked", async () => {
    const m = await matchWithEveryMarket();
    const viewer = await fundedPlayer(taka(100));
    const maker = await fundedPlayer(taka(10_000));
    const before = await load(m.oddsMarket.id, viewer);

    for (const [odds, side, runner] of [
      ["2.1", "lay", m.oddsHome.id],
      ["2.08", "lay", m.oddsHome.id],
      ["1.9", "back", m.oddsAway.id],
      ["1.5", "back", m.oddsHome.id],
    ] as const) {
      await placeOrder({
        playerId: maker,
        marketId: m.oddsMarket.id,
        runnerId: runner,
        side,
        tick: parseOdds(odds)!,
        stake: taka(75),
        requestKey: requestKey(),
      });
    }
    await setBookmakerQuote(m.home.id, 60, 64);
    await setFancyLine(m.fancy.id, { noLine: 52, yesLine: 54, noRate: 90, yesRate: 110 });
    await setBallRunning(m.event.id, true);
    await db
      .update(exchangeEvents)
      .set({ score: { innings: [{ team: 1, runs: 37, wickets: 2, overs: "4.3" }], lastBall: "4" } })
      .where(eq(exchangeEvents.id, m.event.id));

    let page = before;
    for (const id of [m.oddsMarket.id, m.market.id, m.fancy.id]) {
      const out = applyPush(page, await pushed(id));
      expect(out.reload).toBe(false);
      page = out.page;
    }
    const after = await load(m.oddsMarket.id, viewer);
    expect(live(page)).toEqual(live(after));
    expect(page.matchOdds!.runners[0]!.back.at(-1)).toEqual({ price: "2.10", size: "৳75" });
    expect(page.matchOdds!.runners[0]!.lay[0]).toEqual({ price: "1.50", size: "৳75" });
    expect(page.event.score?.innings[0]?.team).toBe("Chattogram");
  });

  it("ignore a push older than what the page shows", async () => {
    const m = await matchWithEveryMarket();
    const viewer = await fundedPlayer(taka(100));
    const old = await pushed(m.fancy.id);
    await setFancyLine(m.fancy.id, { noLine: 60, yesLine: 61, noRate: 100, yesRate: 100 });
    const page = await load(m.oddsMarket.id, viewer);
    const out = applyPush(page, old);
    expect(out.page).toBe(page);
    expect(out.page.fancy[0]!.noLine).toBe(60);
  });

  it("ask for a reload when a market closes, turns in play or is not on the page", async () => {
    const m = await matchWithEveryMarket();
    const viewer = await fundedPlayer(taka(100));
    const page = await load(m.oddsMarket.id, viewer);
    const mo: PushedMarket = await pushed(m.oddsMarket.id);
    expect(applyPush(page, { ...mo, inPlay: true }).reload).toBe(true);
    expect(applyPush(page, { ...mo, status: "closed" }).reload).toBe(true);
    expect(applyPush(page, { ...(await pushed(m.fancy.id)), status: "closed" }).reload).toBe(true);
    expect(applyPush(page, { ...mo, id: 2_147_483_647 }).reload).toBe(true);
    await setMarketStatus(m.market.id, "suspended");
    const suspended = applyPush(page, await pushed(m.market.id));
    expect(suspended.reload).toBe(false);
    expect(suspended.page.bookmaker!.status).toBe("suspended");
  });
});

describe("the Multi Markets page's pushes", () => {
  it("bring a pinned card as loaded to the card loaded afresh, and an older push changes nothing", async () => {
    const { oddsMarket, oddsHome } = await createBookmakerMarket();
    const player = await fundedPlayer(taka(1_000));
    await setPinned(player, oddsMarket.id, true);
    const [card] = await multiMarketsPage(player);
    const stale = await pushed(oddsMarket.id);
    await placeOrder({
      playerId: player,
      marketId: oddsMarket.id,
      runnerId: oddsHome.id,
      side: "back",
      tick: parseOdds("2.5")!,
      stake: taka(40),
      requestKey: requestKey(),
    });
    await setMarketStatus(oddsMarket.id, "suspended");
    const fresh = await pushed(oddsMarket.id);
    const [afresh] = await multiMarketsPage(player);
    const applied = applyPinnedPush(card!, fresh);
    expect(applied).toEqual(afresh);
    expect(applied.runners[0]!.lay).toEqual({ price: "2.50", size: "৳40" });
    expect(applied.status).toBe("suspended");
    expect(applyPinnedPush(applied, stale)).toBe(applied);
    expect(applyPinnedPush(applied, { ...fresh, id: fresh.id + 1 })).toBe(applied);
  });
});
