// Market depth as traders read it: the book percentage, a runner's ladder, the price history thinned for a chart
// (pure), and the figures read from the fills (last traded price, matched per runner and market, volume per price) on
// the market page, in its push, in /api/match-odds and on the ladder page; a market with no fills and the Bookmaker
// and Fancy markets beside it show none and break nothing.
import { afterAll, describe, expect, it } from "vitest";
import { closeIdleConnections } from "#app/modules/ledger/test-helpers.ts";
import { apiMatchOdds } from "./api.server.ts";
import { bookPercent, downsampleHistory, type HistoryFill, ladderRows, LADDER_WINDOW, SPARK_POINTS } from "./depth.ts";
import { ladderPage, priceHistory, tradedAtPrices, tradedIn } from "./depth.server.ts";
import { parseOdds, priceAt } from "./ladder.ts";
import { applyPush } from "./live-page.ts";
import { publicMarket } from "./market-stream.server.ts";
import { placeOrder } from "./orders.server.ts";
import { oddsPage } from "./pages.server.ts";
import { placeBookmakerBet, placeFancyBet } from "./quoted-bets.server.ts";
import { createBookmakerMarket, createFancyMarket, createMatchOddsMarket, fundedPlayer, requestKey, taka } from "./test-helpers.ts";

afterAll(closeIdleConnections);

const tick = (odds: string) => parseOdds(odds)!;

describe("the book percentage", () => {
  it("sums 100 ÷ best price over the runners with a price, to a tenth; none without a price", () => {
    expect(bookPercent([tick("2"), tick("2")])).toBe("100.0");
    expect(bookPercent([tick("1.9"), tick("2.1"), null])).toBe("100.3");
    expect(bookPercent([tick("3"), tick("3"), tick("3"), undefined])).toBe("100.0");
    expect(bookPercent([tick("1.5"), tick("2.5")])).toBe("106.7");
    expect(bookPercent([null, undefined])).toBeNull();
    expect(bookPercent([])).toBeNull();
  });
});

describe("a runner's ladder", () => {
  it("shows every tick within the window of the best prices and last trade, and every tick with volume, highest first", () => {
    const rows = ladderRows({
      toBack: [
        { tick: tick("2"), size: 500n },
        { tick: tick("1.98"), size: 300n },
      ],
      toLay: [{ tick: tick("2.02"), size: 700n }],
      traded: [
        { tick: tick("2"), size: 100n },
        { tick: tick("5"), size: 50n },
      ],
      lastTick: tick("2"),
    });
    // The best back (2.00, the highest) − 10 ticks … the best lay (2.02, the next tick) + 10 ticks, and 5.0 on its own.
    expect(rows.map((r) => r.tick)).toEqual([
      tick("5"),
      ...Array.from({ length: 2 * LADDER_WINDOW + 2 }, (_, i) => tick("2.02") + LADDER_WINDOW - i),
    ]);
    expect(rows.find((r) => r.tick === tick("2"))).toEqual({ tick: tick("2"), toBack: 500n, toLay: 0n, traded: 100n });
    expect(rows.find((r) => r.tick === tick("2.02"))).toEqual({ tick: tick("2.02"), toBack: 0n, toLay: 700n, traded: 0n });
    expect(rows.find((r) => r.tick === tick("5"))?.traded).toBe(50n);
  });

  it("stays on the ladder at its ends, and is empty with no price and no trade", () => {
    const low = ladderRows({ toBack: [{ tick: 0, size: 1n }], toLay: [], traded: [], lastTick: null });
    expect(low.map((r) => r.tick)).toEqual(Array.from({ length: LADDER_WINDOW + 1 }, (_, i) => LADDER_WINDOW - i));
    const high = ladderRows({ toBack: [], toLay: [{ tick: 349, size: 1n }], traded: [], lastTick: null });
    expect(high[0]!.tick).toBe(349);
    expect(high).toHaveLength(LADDER_WINDOW + 1);
    expect(ladderRows({ toBack: [], toLay: [], traded: [], lastTick: null })).toEqual([]);
  });
});

describe("the price history", () => {
  const fills = (n: number): HistoryFill[] =>
    Array.from({ length: n }, (_, i) => ({ tick: 100 + (i % 7), size: BigInt(i + 1), at: new Date(1_700_000_000_000 + i * 1000) }));

  it("keeps every fill up to the limit", () => {
    const points = downsampleHistory(fills(5), 200);
    expect(points.map((p) => p.tick)).toEqual([100, 101, 102, 103, 104]);
    expect(points.every((p) => p.low === p.tick && p.high === p.tick)).toBe(true);
    expect(downsampleHistory([], 200)).toEqual([]);
  });

  it("thins a long history to at most the limit, from the first trade to the last, keeping the volume and range", () => {
    const all = fills(10_001);
    const points = downsampleHistory(all, 200);
    expect(points).toHaveLength(200);
    expect(points[0]).toMatchObject({ tick: all[0]!.tick, at: all[0]!.at, size: 1n });
    expect(points.at(-1)).toMatchObject({ tick: all.at(-1)!.tick, at: all.at(-1)!.at });
    expect(points.reduce((s, p) => s + p.size, 0n)).toBe(all.reduce((s, f) => s + f.size, 0n));
    expect(points.slice(1).every((p) => p.low === 100 && p.high === 106)).toBe(true);
    for (let i = 1; i < points.length; i++) expect(points[i]!.at.getTime()).toBeGreaterThan(points[i - 1]!.at.getTime());
    expect(downsampleHistory(fills(201), 200)).toHaveLength(200);
  });
});

async function tradedMarket() {
  const m = await createBookmakerMarket();
  const fancy = await createFancyMarket({ eventId: m.event.id });
  const maker = await fundedPlayer(taka(10_000));
  const taker = await fundedPlayer(taka(10_000));
  const order = (playerId: number, runnerId: number, side: "back" | "lay", odds: string, stake: number) =>
    placeOrder({ playerId, marketId: m.oddsMarket.id, runnerId, side, tick: tick(odds), stake: taka(stake), requestKey: requestKey() });
  // Home: 200 matched at 2.50 (a lay resting, a back taking it), then 100 at 2.40; 50 more of the lay at 2.40 rests.
  await order(maker, m.oddsHome.id, "lay", "2.5", 200);
  await order(taker, m.oddsHome.id, "back", "2.5", 200);
  await order(maker, m.oddsHome.id, "lay", "2.4", 150);
  await order(taker, m.oddsHome.id, "back", "2.4", 100);
  // Away: a back resting at 1.8 taken by a lay: 60 at 1.80.
  await order(maker, m.oddsAway.id, "back", "1.8", 60);
  await order(taker, m.oddsAway.id, "lay", "1.8", 60);
  // A resting back on home at 2.6 (available to lay), and quoted bets beside.
  await order(maker, m.oddsHome.id, "back", "2.6", 80);
  await placeBookmakerBet({
    playerId: taker,
    marketId: m.market.id,
    runnerId: m.home.id,
    side: "back",
    rate: 45,
    stake: taka(100),
    requestKey: requestKey(),
  });
  await placeFancyBet({ playerId: taker, marketId: fancy.market.id, side: "yes", line: 46, rate: 100, stake: taka(100), requestKey: requestKey() });
  return { ...m, fancy: fancy.market, maker, taker };
}

const load = async (marketId: number, playerId: number) => {
  const page = await oddsPage(marketId, playerId, {});
  if (!page || page.redirectTo !== undefined) throw new Error("no market page");
  return page;
};

describe("what traded, from the fills", () => {
  it("gives each runner's last traded price and matched total and the market's total", async () => {
    const m = await tradedMarket();
    const traded = await tradedIn(m.oddsMarket.id);
    expect(traded.total).toBe(taka(360));
    expect(traded.runners.get(m.oddsHome.id)).toEqual({ matched: taka(300), lastTick: tick("2.4") });
    expect(traded.runners.get(m.oddsAway.id)).toEqual({ matched: taka(60), lastTick: tick("1.8") });
    expect(await tradedAtPrices(m.oddsMarket.id, m.oddsHome.id)).toEqual(
      expect.arrayContaining([
        { tick: tick("2.5"), size: taka(200) },
        { tick: tick("2.4"), size: taka(100) },
      ]),
    );
    expect((await priceHistory(m.oddsMarket.id, m.oddsHome.id)).map((p) => [p.tick, p.size])).toEqual([
      [tick("2.5"), taka(200)],
      [tick("2.4"), taka(100)],
    ]);
    // Later fills are added to what was counted, once, however many read at the same time.
    await placeOrder({
      playerId: m.maker,
      marketId: m.oddsMarket.id,
      runnerId: m.oddsHome.id,
      side: "lay",
      tick: tick("2.3"),
      stake: taka(40),
      requestKey: requestKey(),
    });
    await placeOrder({
      playerId: m.taker,
      marketId: m.oddsMarket.id,
      runnerId: m.oddsHome.id,
      side: "back",
      tick: tick("2.3"),
      stake: taka(40),
      requestKey: requestKey(),
    });
    const reads = await Promise.all(Array.from({ length: 10 }, () => tradedIn(m.oddsMarket.id)));
    for (const later of [...reads, await tradedIn(m.oddsMarket.id)]) {
      expect(later.total).toBe(taka(400));
      expect(later.runners.get(m.oddsHome.id)).toEqual({ matched: taka(340), lastTick: tick("2.4") });
    }
    // Quoted markets write no fills.
    expect(await tradedIn(m.market.id)).toEqual({ total: 0n, runners: new Map(), lastId: 0 });
    expect(await tradedIn(m.fancy.id)).toEqual({ total: 0n, runners: new Map(), lastId: 0 });
  });

  it("shows them on the market page with the book percentage, and the push brings a page as loaded to them", async () => {
    const m = await createBookmakerMarket();
    await createFancyMarket({ eventId: m.event.id });
    const viewer = await fundedPlayer(taka(100));
    const before = await load(m.oddsMarket.id, viewer);
    expect(before.matchOdds).toMatchObject({ traded: "৳0", book: { back: null, lay: null } });
    expect(before.matchOdds!.runners.map((r) => [r.ltp, r.traded])).toEqual([
      [null, "৳0"],
      [null, "৳0"],
    ]);
    const market = await publicMarket(m.oddsMarket.id);
    expect(market).toMatchObject({
      traded: "0",
      runners: [
        { ltp: null, traded: "0" },
        { ltp: null, traded: "0" },
      ],
    });

    const maker = await fundedPlayer(taka(10_000));
    const taker = await fundedPlayer(taka(10_000));
    const order = (playerId: number, runnerId: number, side: "back" | "lay", odds: string, stake: number) =>
      placeOrder({ playerId, marketId: m.oddsMarket.id, runnerId, side, tick: tick(odds), stake: taka(stake), requestKey: requestKey() });
    await order(maker, m.oddsHome.id, "lay", "2.5", 1500);
    await order(taker, m.oddsHome.id, "back", "2.5", 1000);
    await order(maker, m.oddsAway.id, "lay", "1.6", 100);
    await order(maker, m.oddsHome.id, "back", "2.6", 100);
    await order(maker, m.oddsAway.id, "back", "1.7", 100);

    const after = await load(m.oddsMarket.id, viewer);
    expect(after.matchOdds).toMatchObject({ traded: "৳1,000", book: { back: "102.5", lay: "97.3" } });
    expect(after.matchOdds!.runners.map((r) => [r.ltp, r.traded])).toEqual([
      ["2.50", "৳1,000"],
      [null, "৳0"],
    ]);
    const pushed = (await publicMarket(m.oddsMarket.id))!;
    expect(pushed.traded).toBe(String(taka(1000)));
    expect(pushed.runners[0]).toMatchObject({ ltp: tick("2.5"), traded: String(taka(1000)) });
    const { page, reload } = applyPush(before, pushed);
    expect(reload).toBe(false);
    expect(page.matchOdds).toEqual(after.matchOdds);

    // The spec's MarketBook-like figures.
    const [api] = (await apiMatchOdds(m.oddsMarket.id))!;
    expect(api).toMatchObject({
      totalMatched: 1000,
      runners: [
        { lastPriceTraded: 2.5, totalMatched: 1000 },
        { lastPriceTraded: null, totalMatched: 0 },
      ],
    });
  });

  it("gives each runner a sparkline on the market page: at most SPARK_POINTS ticks, first to last trade, extended by the push", async () => {
    const m = await createMatchOddsMarket();
    const viewer = await fundedPlayer(taka(100));
    expect((await load(m.market.id, viewer)).matchOdds!.runners.map((r) => r.spark)).toEqual([[], []]);
    const maker = await fundedPlayer(taka(100_000));
    const taker = await fundedPlayer(taka(100_000));
    const trade = async (odds: string) => {
      await placeOrder({
        playerId: maker,
        marketId: m.market.id,
        runnerId: m.home.id,
        side: "lay",
        tick: tick(odds),
        stake: taka(10),
        requestKey: requestKey(),
      });
      await placeOrder({
        playerId: taker,
        marketId: m.market.id,
        runnerId: m.home.id,
        side: "back",
        tick: tick(odds),
        stake: taka(10),
        requestKey: requestKey(),
      });
    };
    const prices = Array.from({ length: 60 }, (_, i) => tick("2") + (i % 7));
    for (const p of prices) await trade(String(priceAt(p) / 100));
    const before = await load(m.market.id, viewer);
    const [home, away] = before.matchOdds!.runners;
    expect(home!.spark).toHaveLength(SPARK_POINTS);
    expect(home!.spark[0]).toBe(prices[0]);
    expect(home!.spark.at(-1)).toBe(prices.at(-1));
    expect(home!.spark).toEqual((await priceHistory(m.market.id, m.home.id, SPARK_POINTS)).map((p) => p.tick));
    expect(away!.spark).toEqual([]);

    await trade("2.5");
    const { page } = applyPush(before, (await publicMarket(m.market.id))!);
    expect(page.matchOdds!.runners[0]!.spark).toHaveLength(SPARK_POINTS);
    expect(page.matchOdds!.runners[0]!.spark.at(-1)).toBe(tick("2.5"));
    expect(page.matchOdds!.runners[0]!.spark.slice(0, -1)).toEqual(home!.spark.slice(1));
    // A push that traded nothing new leaves the line as it is.
    expect(applyPush(page, (await publicMarket(m.market.id))!).page.matchOdds!.runners[0]!.spark).toEqual(page.matchOdds!.runners[0]!.spark);
  });

  it("pushes no figures for Bookmaker and Fancy markets, and their bets leave the match odds untraded", async () => {
    const m = await tradedMarket();
    for (const id of [m.market.id, m.fancy.id]) {
      const pushed = (await publicMarket(id))!;
      expect(pushed.traded).toBeNull();
      expect(pushed.runners.every((r) => r.ltp === null && r.traded === null)).toBe(true);
    }
    const page = await load(m.oddsMarket.id, m.taker);
    expect(page.bookmaker).toBeDefined();
    expect(page.fancy).toHaveLength(1);
    expect(page.matchOdds!.traded).toBe("৳360");
  });
});

describe("the ladder page", () => {
  it("shows a runner's ladder with money available and traded at each price, and its price history", async () => {
    const m = await tradedMarket();
    const page = (await ladderPage(m.oddsMarket.id, m.oddsHome.id))!;
    expect(page).toMatchObject({ ltp: "2.40", matched: "৳300", marketMatched: "৳360", runner: { name: "Dhaka" } });
    const at = (price: string) => page.rows.find((r) => r.price === price);
    expect(at("2.40")).toMatchObject({ toBack: "৳50", toLay: "", traded: "৳100", last: true, bestBack: true });
    expect(at("2.50")).toMatchObject({ toBack: "", traded: "৳200", last: false });
    expect(at("2.60")).toMatchObject({ toLay: "৳80", bestLay: true });
    expect(page.rows[0]!.price).toBe("2.80"); // 2.60 + 10 ticks
    expect(page.history.map((p) => [p.price, p.volume])).toEqual([
      ["2.50", "৳200"],
      ["2.40", "৳100"],
    ]);
    // A later trade reaches the ladder and the history read again; a price that moves without one keeps them.
    await placeOrder({
      playerId: m.maker,
      marketId: m.oddsMarket.id,
      runnerId: m.oddsHome.id,
      side: "lay",
      tick: tick("2.2"),
      stake: taka(30),
      requestKey: requestKey(),
    });
    const moved = (await ladderPage(m.oddsMarket.id, m.oddsHome.id))!;
    expect(moved.history).toHaveLength(2);
    expect(moved.rows.find((r) => r.price === "2.20")).toMatchObject({ toBack: "৳30", traded: "" });
    await placeOrder({
      playerId: m.taker,
      marketId: m.oddsMarket.id,
      runnerId: m.oddsHome.id,
      side: "back",
      tick: tick("2.4"),
      stake: taka(50),
      requestKey: requestKey(),
    });
    const later = (await ladderPage(m.oddsMarket.id, m.oddsHome.id))!;
    expect(later).toMatchObject({ ltp: "2.40", matched: "৳350" });
    expect(later.rows.find((r) => r.price === "2.40")).toMatchObject({ traded: "৳150", toBack: "" });
    expect(later.history.map((p) => [p.price, p.volume])).toEqual([
      ["2.50", "৳200"],
      ["2.40", "৳100"],
      ["2.40", "৳50"],
    ]);
  });

  it("shows an untraded runner with no history, and is none for another market's runner or a quoted market", async () => {
    const m = await tradedMarket();
    const other = await createMatchOddsMarket();
    const fresh = (await ladderPage(other.market.id, other.home.id))!;
    expect(fresh).toMatchObject({ ltp: null, matched: "৳0", rows: [], history: [] });
    expect(await ladderPage(m.oddsMarket.id, other.home.id)).toBeNull();
    expect(await ladderPage(m.market.id, m.home.id)).toBeNull();
    expect(await ladderPage(m.fancy.id, m.home.id)).toBeNull();
    expect(await ladderPage(2_000_000_000, m.oddsHome.id)).toBeNull();
  });
});
