// A bet is shown at the prices it matched at, never at the price asked: a back at 2.38 that took a lay at 2.42 is a
// bet at 2.42 with profit ৳142 in the placement notice, My Bets, the exchange account, the betting record, the JSON
// API and settlement alike; a lay gets its better price the same way, and a bet matched at several prices shows their
// size-weighted average.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, expectInvariants } from "#app/modules/ledger/test-helpers.ts";
import { apiExchangeHub } from "./api.server.ts";
import { averagePriceText, betFigures } from "./bet-figures.ts";
import { noticeFor, placeBetFromForm } from "./bets.server.ts";
import { parseOdds } from "./ladder.ts";
import { cancelOrder, lapseOrders, placeOrder } from "./orders.server.ts";
import { accountPage, oddsPage } from "./pages.server.ts";
import { getExchangeRecord, listExchangeRecords } from "./records.server.ts";
import { exchangeOrders } from "./schema.ts";
import { settleMarket } from "./settlement.server.ts";
import { createMatchOddsMarket, fundedPlayer, requestKey, taka } from "./test-helpers.ts";

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

/** A resting order by a fresh, well-funded player (a lay is what a back takes, a back what a lay takes). */
async function offer(marketId: number, runnerId: number, side: "back" | "lay", odds: string, stake: number) {
  const playerId = await fundedPlayer(taka(10_000));
  return placeOrder({ playerId, marketId, runnerId, side, tick: parseOdds(odds)!, stake: taka(stake), requestKey: requestKey() });
}

async function orderRow(id: number) {
  const [row] = await db.select().from(exchangeOrders).where(eq(exchangeOrders.id, id));
  return row!;
}

/** What every reader shows of one of the player's bets. */
async function everyReader(playerId: number, orderId: number, marketId: number) {
  const page = await oddsPage(marketId, playerId, {});
  if (!page || page.redirectTo !== undefined) throw new Error("expected the market page");
  const hub = (await apiExchangeHub(playerId)).data.find((r) => r.transaction_id === `EX${String(orderId).padStart(8, "0")}`)!;
  return {
    notice: await noticeFor(playerId, orderId, "placed"),
    record: (await getExchangeRecord(playerId, orderId))!,
    listed: (await listExchangeRecords(playerId)).records.find((r) => r.id === orderId)!,
    hub,
    myBets: page.bets.matched.find((b) => b.id === orderId)!,
    account: (await accountPage(playerId, false)).bets.find((b) => b.id === orderId)!,
    page,
  };
}

describe("a bet's price and profit come from its fills", () => {
  it("a back at 2.38 that took a lay at 2.42 is a bet at 2.42 with profit ৳142 everywhere, and settlement pays ৳142", async () => {
    const { market, home } = await createMatchOddsMarket();
    const layer = await offer(market.id, home.id, "lay", "2.42", 500);
    const backer = await fundedPlayer(taka(1_000));
    const { order, message } = await placeBetFromForm(backer, {
      market: market.id,
      runner: home.id,
      side: "back",
      price: "2.38",
      stake: "100",
      requestKey: requestKey(),
    });
    expect(order).toMatchObject({ status: "matched", tick: parseOdds("2.38"), matched: taka(100), matchedReturn: taka(242) });
    expect(order.matchedAt).toBeInstanceOf(Date);
    const figures = { price: "2.42", profit: "৳142.00", liability: "৳100.00" };
    expect(message).toEqual({ key: "exchange.notice.matched", params: { stake: "৳100.00", ...figures } });

    const seen = await everyReader(backer, order.id, market.id);
    expect(seen.notice).toEqual(message);
    for (const record of [seen.record, seen.listed]) {
      expect(record).toMatchObject({
        odds: "2.42",
        requestedOdds: "2.38",
        stake: "৳100.00",
        potentialProfit: "৳142.00",
        potentialLiability: "৳100.00",
        unmatched: null,
        status: "open",
      });
      expect(record.matchedAt).not.toBeNull();
    }
    expect(seen.hub).toMatchObject({
      odds: "2.42",
      requested_odds: "2.38",
      average_matched_odds: "2.42",
      stake: "100.00",
      potential_profit: "142.00",
      potential_liability: "100.00",
      size: "100.00",
      size_matched: "100.00",
      size_remaining: "0.00",
      size_cancelled: "0.00",
      size_lapsed: "0.00",
      size_voided: "0.00",
      matched_at: order.matchedAt!.toISOString(),
    });
    expect(seen.myBets).toMatchObject({ price: "2.38", matchedPrice: "2.42", matched: "৳100.00", profit: "৳142.00", liability: "৳100.00" });
    expect(seen.account).toMatchObject({ price: "2.42", requested: "2.38", stake: "৳100.00", profit: "৳142.00", liability: "৳100.00" });
    // The runner's P&L on the page is the same ৳142.
    expect(seen.page.matchOdds!.runners.find((r) => r.id === home.id)!.pnl).toEqual({ text: "৳142.00", negative: false });
    // The ladder at 2.42 went from ৳500 to ৳400.
    expect(seen.page.matchOdds!.runners.find((r) => r.id === home.id)!.back.at(-1)).toEqual({ price: "2.42", size: "৳400" });

    // The layer matched at their own price: 2.42, liability ৳142.
    const layerRecord = (await getExchangeRecord(layer.order.playerId, layer.order.id))!;
    expect(layerRecord).toMatchObject({ odds: "2.42", requestedOdds: null, stake: "৳100.00", potentialLiability: "৳142.00", unmatched: "৳400.00" });

    await settleMarket(market.id, { winnerRunnerId: home.id });
    expect((await orderRow(order.id)).profit).toBe(taka(142));
    expect((await getExchangeRecord(backer, order.id))!).toMatchObject({ status: "WON", odds: "2.42", potentialProfit: "৳142.00" });
    expect((await getExchangeRecord(backer, order.id))!.net).toEqual({ text: "৳142.00", negative: false });
    // The layer's unmatched ৳400 lapsed at settlement; their matched ৳100 lost ৳142.
    expect((await getExchangeRecord(layer.order.playerId, layer.order.id))!).toMatchObject({
      status: "LOST",
      potentialLiability: "৳142.00",
      unmatched: null,
      lapsed: "৳400.00",
      cancelled: null,
    });
  });

  it("a back at 5.60 that took 5.80 shows ৳480, the figure of the runner's P&L", async () => {
    const { market, home } = await createMatchOddsMarket();
    await offer(market.id, home.id, "lay", "5.8", 300);
    const backer = await fundedPlayer(taka(1_000));
    const { order, message } = await placeBetFromForm(backer, {
      market: market.id,
      runner: home.id,
      side: "back",
      price: "5.6",
      stake: "100",
      requestKey: requestKey(),
    });
    expect(message.params).toMatchObject({ price: "5.80", profit: "৳480.00" });
    const seen = await everyReader(backer, order.id, market.id);
    expect(seen.record).toMatchObject({ odds: "5.80", requestedOdds: "5.60", potentialProfit: "৳480.00" });
    expect(seen.hub).toMatchObject({ odds: "5.80", potential_profit: "480.00" });
    expect(seen.account).toMatchObject({ price: "5.80", profit: "৳480.00" });
    expect(seen.myBets).toMatchObject({ matchedPrice: "5.80", profit: "৳480.00" });
    expect(seen.page.matchOdds!.runners.find((r) => r.id === home.id)!.pnl).toEqual({ text: "৳480.00", negative: false });
  });

  it("a lay at 5.80 that took a back at 5.60 risks ৳460, not ৳480, everywhere and at settlement", async () => {
    const { market, home } = await createMatchOddsMarket();
    await offer(market.id, home.id, "back", "5.6", 300);
    const layer = await fundedPlayer(taka(1_000));
    const { order, message } = await placeBetFromForm(layer, {
      market: market.id,
      runner: home.id,
      side: "lay",
      price: "5.8",
      stake: "100",
      requestKey: requestKey(),
    });
    expect(message).toEqual({ key: "exchange.notice.matched", params: { stake: "৳100.00", price: "5.60", profit: "৳100.00", liability: "৳460.00" } });
    const seen = await everyReader(layer, order.id, market.id);
    expect(seen.record).toMatchObject({ odds: "5.60", requestedOdds: "5.80", potentialProfit: "৳100.00", potentialLiability: "৳460.00" });
    expect(seen.hub).toMatchObject({ odds: "5.60", requested_odds: "5.80", potential_profit: "100.00", potential_liability: "460.00" });
    expect(seen.myBets).toMatchObject({ price: "5.80", matchedPrice: "5.60", profit: "৳100.00", liability: "৳460.00" });
    expect(seen.account).toMatchObject({ price: "5.60", requested: "5.80", profit: "৳100.00", liability: "৳460.00" });
    expect(seen.page.matchOdds!.runners.find((r) => r.id === home.id)!.pnl).toEqual({ text: "−৳460.00", negative: true });
    expect(seen.page.exposure).toBe("৳460.00");
    await settleMarket(market.id, { winnerRunnerId: home.id });
    expect((await orderRow(order.id)).profit).toBe(taka(-460));
  });

  it("a bet matched at two prices shows their size-weighted average, and the profit of its fills", async () => {
    const { market, home } = await createMatchOddsMarket();
    await offer(market.id, home.id, "lay", "2.42", 100);
    await offer(market.id, home.id, "lay", "2.4", 100);
    const backer = await fundedPlayer(taka(1_000));
    const even = await placeBetFromForm(backer, {
      market: market.id,
      runner: home.id,
      side: "back",
      price: "2.38",
      stake: "200",
      requestKey: requestKey(),
    });
    // 100 at 2.42 and 100 at 2.40: 2.41 on average, profit 142 + 140.
    expect(even.message.params).toMatchObject({ stake: "৳200.00", price: "2.41", profit: "৳282.00" });
    const seen = await everyReader(backer, even.order.id, market.id);
    expect(seen.record).toMatchObject({ odds: "2.41", potentialProfit: "৳282.00" });
    expect(seen.hub).toMatchObject({ odds: "2.41", average_matched_odds: "2.41", potential_profit: "282.00" });
    expect(seen.account).toMatchObject({ price: "2.41", profit: "৳282.00" });

    // 100 at 2.42 and 200 at 2.40 weigh 2.4067 (shown 2.41); the profit is the fills' ৳422, as settlement pays it.
    await offer(market.id, home.id, "lay", "2.42", 100);
    await offer(market.id, home.id, "lay", "2.4", 200);
    const uneven = await placeBetFromForm(backer, {
      market: market.id,
      runner: home.id,
      side: "back",
      price: "2.38",
      stake: "400",
      requestKey: requestKey(),
    });
    // 100 more waits at 2.38: partly matched, and the notice says at which prices.
    expect(uneven.message).toEqual({
      key: "exchange.notice.partly",
      params: { matched: "৳300.00", price: "2.41", profit: "৳422.00", liability: "৳300.00", remaining: "৳100.00", requested: "2.38" },
    });
    const partly = await everyReader(backer, uneven.order.id, market.id);
    expect(partly.record).toMatchObject({ odds: "2.41", requestedOdds: "2.38", stake: "৳300.00", potentialProfit: "৳422.00", unmatched: "৳100.00" });
    expect(partly.hub).toMatchObject({ size: "400.00", size_matched: "300.00", size_remaining: "100.00", potential_profit: "422.00" });
    expect(partly.account).toMatchObject({ price: "2.41", stake: "৳300.00", waiting: "৳100.00", status: "partially_matched" });
    expect(partly.page.bets.unmatched.find((b) => b.id === uneven.order.id)).toMatchObject({ price: "2.38", waiting: "৳100.00" });

    // The rest is cancelled in part and lapses in part: each is kept apart.
    await cancelOrder(backer, uneven.order.id, taka(40));
    await lapseOrders(market.id, { keepPersist: false });
    expect((await getExchangeRecord(backer, uneven.order.id))!).toMatchObject({
      unmatched: null,
      cancelled: "৳40.00",
      lapsed: "৳60.00",
      odds: "2.41",
    });
    expect((await apiExchangeHub(backer)).data.find((r) => r.transaction_id.endsWith(String(uneven.order.id)))).toMatchObject({
      size_cancelled: "40.00",
      size_lapsed: "60.00",
      size_matched: "300.00",
    });

    await settleMarket(market.id, { winnerRunnerId: home.id });
    expect((await orderRow(uneven.order.id)).profit).toBe(taka(422));
    expect((await orderRow(even.order.id)).profit).toBe(taka(282));
  });

  it("a void market keeps the bet's price and shows its matched stake as voided", async () => {
    const { market, home } = await createMatchOddsMarket();
    await offer(market.id, home.id, "lay", "3", 100);
    const backer = await fundedPlayer(taka(1_000));
    const { order } = await placeBetFromForm(backer, {
      market: market.id,
      runner: home.id,
      side: "back",
      price: "2.9",
      stake: "100",
      requestKey: requestKey(),
    });
    await settleMarket(market.id, { void: true });
    expect((await getExchangeRecord(backer, order.id))!).toMatchObject({ status: "VOID", odds: "3.00", voided: "৳100.00" });
    expect((await apiExchangeHub(backer)).data[0]).toMatchObject({ size_voided: "100.00", odds: "3.00" });
  });
});

describe("betFigures", () => {
  const base = { side: "back" as const, tick: parseOdds("2")!, line: null, rate: null, size: taka(100), cancelled: 0n, lapsed: 0n };
  it("shows an unmatched bet at its requested price and a taken-off one without profit", () => {
    expect(betFigures({ ...base, matched: 0n, matchedReturn: 0n, status: "unmatched" })).toMatchObject({
      price: "2.00",
      averagePrice: null,
      stake: taka(100),
      profit: taka(100),
      liability: taka(100),
      remaining: taka(100),
    });
    expect(betFigures({ ...base, matched: 0n, matchedReturn: 0n, cancelled: taka(100), lapsed: taka(100), status: "lapsed" })).toMatchObject({
      stake: taka(100),
      profit: 0n,
      liability: 0n,
      remaining: 0n,
      cancelled: 0n,
      lapsed: taka(100),
    });
  });

  it("rounds the average half up to the ladder's two decimals, and whole odds from 100", () => {
    expect(averagePriceText(taka(722), taka(300))).toBe("2.41"); // 2.40667
    expect(averagePriceText(taka(241.5), taka(100))).toBe("2.42"); // 2.415
    expect(averagePriceText(taka(101), taka(100))).toBe("1.01");
    expect(averagePriceText(taka(110_500), taka(1_000))).toBe("111"); // 110.5
    expect(averagePriceText(taka(100_000), taka(100))).toBe("1000");
  });

  it("takes a Bookmaker or Fancy bet's figures from its rate", () => {
    const bm = { side: "lay" as const, tick: null, line: null, rate: 47, size: taka(100), matched: taka(100), matchedReturn: taka(147) };
    expect(betFigures({ ...bm, cancelled: 0n, lapsed: 0n, status: "matched" })).toMatchObject({
      price: "47",
      profit: taka(100),
      liability: taka(47),
    });
    const no = { ...bm, side: "no" as const, line: 45, rate: 110, matchedReturn: taka(210), cancelled: 0n, lapsed: 0n, status: "matched" as const };
    expect(betFigures(no)).toMatchObject({ price: "45 / 110", profit: taka(100), liability: taka(110) });
  });
});
