import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, expectInvariants } from "#app/modules/ledger/test-helpers.ts";
import { oddsText, priceAt } from "./ladder.ts";
import { ensureMarketMaker, fairTick, quotesAround, refreshLiquidity } from "./market-maker.server.ts";
import { OrderBook } from "./matching.ts";
import { placeOrder, restingOrders } from "./orders.server.ts";
import { createMatchOddsMarket, fundedPlayer, mainOf, requestKey, taka } from "./test-helpers.ts";

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

async function bookOf(marketId: number) {
  return OrderBook.from(await restingOrders(db, marketId));
}

describe("market-maker", () => {
  it("prices around the fair odds without crossing", () => {
    expect(oddsText(fairTick(0.5))).toBe("2.00");
    expect(oddsText(fairTick(0.25))).toBe("4.00");
    const quotes = quotesAround(0.5);
    const lays = quotes.filter((q) => q.side === "lay").map((q) => priceAt(q.tick));
    const backs = quotes.filter((q) => q.side === "back").map((q) => priceAt(q.tick));
    expect(lays).toEqual([199, 198, 197]);
    expect(backs).toEqual([202, 204, 206]);
    expect(Math.max(...lays)).toBeLessThan(Math.min(...backs));
  });

  it("keeps three prices a side for each runner, through the ledger, and moves them when the fair price moves", async () => {
    const { market, home, away } = await createMatchOddsMarket();
    await refreshLiquidity(
      market.id,
      new Map([
        [home.id, 0.6],
        [away.id, 0.4],
      ]),
    );
    const book = await bookOf(market.id);
    expect(book.depth(home.id).availableToBack.map((l) => oddsText(l.tick))).toEqual(["1.66", "1.65", "1.64"]);
    expect(book.depth(home.id).availableToLay.map((l) => oddsText(l.tick))).toEqual(["1.68", "1.69", "1.70"]);
    expect(book.depth(away.id).availableToBack).toHaveLength(3);
    const mm = await ensureMarketMaker();
    expect((await mainOf(mm)).pending).toBeGreaterThan(0n);

    // A player backs Dhaka at the best price offered and is matched by the market-maker.
    const p = await fundedPlayer(taka(1000));
    const back = await placeOrder({
      playerId: p,
      marketId: market.id,
      runnerId: home.id,
      side: "back",
      tick: book.depth(home.id).availableToBack[0]!.tick,
      stake: taka(100),
      requestKey: requestKey(),
    });
    expect(back.order.status).toBe("matched");

    // The price moves: the old quotes go, the new ones come, the consumed level is topped up.
    await refreshLiquidity(
      market.id,
      new Map([
        [home.id, 0.5],
        [away.id, 0.5],
      ]),
    );
    const moved = await bookOf(market.id);
    expect(moved.depth(home.id).availableToBack.map((l) => oddsText(l.tick))).toEqual(["1.99", "1.98", "1.97"]);
    expect(moved.depth(home.id).availableToLay.map((l) => oddsText(l.tick))).toEqual(["2.02", "2.04", "2.06"]);
    expect(moved.orders().every((o) => o.playerId === mm)).toBe(true);
    expect(moved.orders()).toHaveLength(12);
  });
});
