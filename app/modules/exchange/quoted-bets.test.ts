import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, expectInvariants } from "#app/modules/ledger/test-helpers.ts";
import { ExchangeError } from "./errors.ts";
import { placeBookmakerBet, placeFancyBet } from "./quoted-bets.server.ts";
import { exchangeMarkets, exchangeOrders, exchangeRunners } from "./schema.ts";
import { settleMarket } from "./settlement.server.ts";
import { createBookmakerMarket, createFancyMarket, fundedPlayer, mainOf, refusal, requestKey, taka } from "./test-helpers.ts";

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

describe("Bookmaker bets", () => {
  it("takes a bet only at the current DIGIT quote and holds the worst case of the player's book", async () => {
    const { market, home } = await createBookmakerMarket();
    const p = await fundedPlayer(taka(2000));
    const base = { playerId: p, marketId: market.id, runnerId: home.id };
    expect((await refusal(placeBookmakerBet({ ...base, side: "back", rate: 44, stake: taka(1000), requestKey: requestKey() }))).params.rate).toBe(
      "45",
    );
    const back = await placeBookmakerBet({ ...base, side: "back", rate: 45, stake: taka(1000), requestKey: requestKey() });
    expect(back.order).toMatchObject({ status: "matched", matched: taka(1000), rate: 45 });
    expect(back.exposure).toBe(taka(1000));
    // Laying the same team at 47: +450 - 470 if Dhaka wins, -1,000 + 1,000 if not: only 20 at risk.
    const lay = await placeBookmakerBet({ ...base, side: "lay", rate: 47, stake: taka(1000), requestKey: requestKey() });
    expect(lay.exposure).toBe(taka(20));
    expect((await mainOf(p)).available).toBe(taka(1980));

    await settleMarket(market.id, { winnerRunnerId: home.id });
    expect(await mainOf(p)).toEqual({ available: taka(1980), pending: 0n, posted: taka(1980) });
    const orders = await db.select().from(exchangeOrders).where(eq(exchangeOrders.marketId, market.id));
    expect(orders.map((o) => [o.side, o.status, o.profit]).sort()).toEqual([
      ["back", "won", taka(450)],
      ["lay", "lost", -taka(470)],
    ]);
  });

  it("refuses while the ball is running, without a quote, or when suspended", async () => {
    const { market, home, away } = await createBookmakerMarket();
    const p = await fundedPlayer(taka(1000));
    const bet = (runnerId: number, rate: number) =>
      placeBookmakerBet({ playerId: p, marketId: market.id, runnerId, side: "back", rate, stake: taka(100), requestKey: requestKey() });
    await db.update(exchangeRunners).set({ backRate: 0 }).where(eq(exchangeRunners.id, away.id));
    expect((await refusal(bet(away.id, 120))).code).toBe("market_suspended");
    await db.update(exchangeMarkets).set({ ballRunning: true }).where(eq(exchangeMarkets.id, market.id));
    expect((await refusal(bet(home.id, 45))).code).toBe("ball_running");
    await db.update(exchangeMarkets).set({ ballRunning: false, status: "suspended" }).where(eq(exchangeMarkets.id, market.id));
    expect((await refusal(bet(home.id, 45))).code).toBe("market_suspended");
    expect(await mainOf(p)).toEqual({ available: taka(1000), pending: 0n, posted: taka(1000) });
  });
});

describe("Fancy bets", () => {
  it("takes Yes at the yes line and No at the no line; both lose when the result falls between", async () => {
    const { market } = await createFancyMarket();
    const p = await fundedPlayer(taka(5000));
    const base = { playerId: p, marketId: market.id, stake: taka(1000) };
    expect((await refusal(placeFancyBet({ ...base, side: "yes", line: 45, rate: 100, requestKey: requestKey() }))).code).toBe("price_changed");
    await placeFancyBet({ ...base, side: "yes", line: 46, rate: 100, requestKey: requestKey() });
    const no = await placeFancyBet({ ...base, side: "no", line: 45, rate: 100, requestKey: requestKey() });
    expect(no.exposure).toBe(taka(2000)); // a result of exactly 45 loses both
    await settleMarket(market.id, { resultRuns: 45 });
    expect(await mainOf(p)).toEqual({ available: taka(3000), pending: 0n, posted: taka(3000) });
    const [closed] = await db.select().from(exchangeMarkets).where(eq(exchangeMarkets.id, market.id));
    expect(closed).toMatchObject({ status: "closed", resultRuns: 45 });
  });

  it("settles a result of 0 as a result (No wins), and a void refunds", async () => {
    const zero = await createFancyMarket({ noLine: 5, yesLine: 5, noRate: 110, yesRate: 90 });
    const p = await fundedPlayer(taka(1000));
    await placeFancyBet({ playerId: p, marketId: zero.market.id, side: "no", line: 5, rate: 110, stake: taka(100), requestKey: requestKey() });
    expect((await mainOf(p)).available).toBe(taka(890)); // No at 110 risks 110
    await settleMarket(zero.market.id, { resultRuns: 0 });
    expect((await mainOf(p)).posted).toBe(taka(1100));

    const voided = await createFancyMarket();
    await placeFancyBet({ playerId: p, marketId: voided.market.id, side: "yes", line: 46, rate: 100, stake: taka(100), requestKey: requestKey() });
    await settleMarket(voided.market.id, { void: true });
    expect(await mainOf(p)).toEqual({ available: taka(1100), pending: 0n, posted: taka(1100) });
    expect((await refusal(settleMarket(voided.market.id, { resultRuns: -1 }))).code).toBe("invalid_price");
  });

  it("lets 50 parallel bets of one player hold no more than the balance", async () => {
    const { market } = await createFancyMarket();
    const p = await fundedPlayer(taka(1000));
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        placeFancyBet({ playerId: p, marketId: market.id, side: "yes", line: 46, rate: 100, stake: taka(100), requestKey: requestKey() }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    expect(new Set(results.filter((r) => r.status === "rejected").map((r) => (r.reason as ExchangeError).code))).toEqual(
      new Set(["insufficient_funds"]),
    );
    expect(await mainOf(p)).toEqual({ available: 0n, pending: taka(1000), posted: taka(1000) });
  });
});

describe("accepting odds changes", () => {
  it("off: a moved quote is refused with the new rate, on the slip's price field; on: taken within 5 points and recorded at the rate taken", async () => {
    const { market, home } = await createBookmakerMarket();
    const p = await fundedPlayer(taka(5000));
    const bet = (side: "back" | "lay", rate: number, acceptChanges?: boolean) =>
      placeBookmakerBet({
        playerId: p,
        marketId: market.id,
        runnerId: home.id,
        side,
        rate,
        stake: taka(100),
        requestKey: requestKey(),
        acceptChanges,
      });
    // The player saw 50 to back; the quote is 45 now (5 points worse), and 47 to lay (they saw 42: 5 worse).
    const off = await refusal(bet("back", 50));
    expect(off).toMatchObject({ code: "price_changed", field: "price", params: { rate: "45", now: "45" } });
    const back = await bet("back", 50, true);
    expect(back.order).toMatchObject({ rate: 45, matchedReturn: taka(145) });
    expect((await refusal(bet("back", 51, true))).params.now).toBe("45");
    expect((await bet("lay", 42, true)).order.rate).toBe(47);
    expect((await refusal(bet("lay", 41, true))).code).toBe("price_changed");
    // Better than seen: taken at the better quote.
    expect((await bet("back", 40, true)).order.rate).toBe(45);
    expect((await bet("lay", 60, true)).order.rate).toBe(47);
    const orders = await db.select().from(exchangeOrders).where(eq(exchangeOrders.marketId, market.id));
    expect(orders.map((o) => o.rate).sort()).toEqual([45, 45, 47, 47]);
  });

  it("a retry of an accepted bet finds the bet taken at the moved quote", async () => {
    const { market, home } = await createBookmakerMarket();
    const p = await fundedPlayer(taka(1000));
    const input = {
      playerId: p,
      marketId: market.id,
      runnerId: home.id,
      side: "back" as const,
      rate: 48,
      stake: taka(100),
      requestKey: requestKey(),
    };
    const first = await placeBookmakerBet({ ...input, acceptChanges: true });
    const again = await placeBookmakerBet({ ...input, acceptChanges: true });
    expect(again).toMatchObject({ replayed: true, order: { id: first.order.id, rate: 45 } });
  });

  it("Fancy: takes a line moved in the player's favour and records it; refuses a line moved against them", async () => {
    const { market } = await createFancyMarket({ noLine: 47, yesLine: 48, noRate: 100, yesRate: 100 });
    const p = await fundedPlayer(taka(5000));
    const bet = (side: "yes" | "no", line: number, rate: number, acceptChanges = true) =>
      placeFancyBet({ playerId: p, marketId: market.id, side, line, rate, stake: taka(100), requestKey: requestKey(), acceptChanges });
    const off = await refusal(bet("yes", 50, 100, false));
    expect(off.params).toEqual({ rate: "100", line: "48", now: "48 @ 100" });
    expect((await bet("yes", 50, 100)).order).toMatchObject({ line: 48, rate: 100 }); // Yes line 48 < 50 seen: better
    expect((await refusal(bet("yes", 47, 100))).code).toBe("price_changed"); // 48 > 47 seen: worse
    expect((await bet("no", 45, 104)).order).toMatchObject({ line: 47, rate: 100 }); // No line 47 > 45 seen, rate better
    expect((await refusal(bet("no", 48, 100))).code).toBe("price_changed"); // 47 < 48 seen: worse
    expect((await refusal(bet("yes", 46, 106))).code).toBe("price_changed"); // better line, rate 6 points worse
  });
});
