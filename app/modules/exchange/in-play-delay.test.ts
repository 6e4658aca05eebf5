// The in-play bet delay (README.md, "In-play delay"): only an order that would match at once waits; a suspension
// during the wait refuses it even when the market reopened before the wait ended. `wait` is injected: no real sleeps.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, expectInvariants } from "#app/modules/ledger/test-helpers.ts";
import { parseOdds } from "./ladder.ts";
import { placeOrder, submitOrder, wouldMatch } from "./orders.server.ts";
import { exchangeMarkets } from "./schema.ts";
import { createMatchOddsMarket, fundedPlayer, mainOf, refusal, requestKey, taka } from "./test-helpers.ts";
import { setMarketStatus } from "./trading.server.ts";

const T = (odds: string) => parseOdds(odds)!;
const noWait = async () => {
  throw new Error("no wait expected");
};

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

/** An in-play market (5 s delay) with a lay of 100 resting at 2.0 on the home runner, from another player. */
async function inPlayBook() {
  const made = await createMatchOddsMarket({ inPlay: true, inPlayDelayMs: 5000 });
  const maker = await fundedPlayer(taka(5000));
  await placeOrder({
    playerId: maker,
    marketId: made.market.id,
    runnerId: made.home.id,
    side: "lay",
    tick: T("2"),
    stake: taka(100),
    requestKey: requestKey(),
  });
  const p = await fundedPlayer(taka(1000));
  const back = (odds: string, extra: { playerId?: number } = {}) => ({
    playerId: p,
    marketId: made.market.id,
    runnerId: made.home.id,
    side: "back" as const,
    tick: T(odds),
    stake: taka(100),
    requestKey: requestKey(),
    ...extra,
  });
  return { ...made, maker, p, back };
}

describe("in-play delay only for orders that would match at once", () => {
  it("an order that crosses nothing rests at once, without the delay", async () => {
    const { p, back } = await inPlayBook();
    expect(await wouldMatch(back("2.02"))).toBe(false);
    const placed = await submitOrder(back("2.02"), noWait);
    expect(placed.delayMs).toBe(0);
    expect(placed.order).toMatchObject({ status: "unmatched", matched: 0n });
    expect((await mainOf(p)).available).toBe(taka(900));
  });

  it("an order placed as passive that finds a match under the lock writes nothing (submitOrder then waits the delay)", async () => {
    const { p, back } = await inPlayBook();
    const input = back("2");
    await expect(placeOrder({ ...input, passive: true })).rejects.toThrow();
    expect((await mainOf(p)).available).toBe(taka(1000));
    // The same order placed after its delay matches.
    const placed = await placeOrder(input);
    expect(placed.order).toMatchObject({ status: "matched", matched: taka(100) });
  });

  it("an order that would match waits the delay, then matches against the book as it is after the wait", async () => {
    const { market, home, maker, back } = await inPlayBook();
    expect(await wouldMatch(back("2"))).toBe(true);
    const waited: number[] = [];
    // During the wait the maker adds a better lay (2.2): the order takes it, as the book is after the wait.
    const placed = await submitOrder(back("2"), async (ms) => {
      waited.push(ms);
      await placeOrder({
        playerId: maker,
        marketId: market.id,
        runnerId: home.id,
        side: "lay",
        tick: T("2.2"),
        stake: taka(100),
        requestKey: requestKey(),
      });
    });
    expect(waited).toEqual([5000]);
    expect(placed.delayMs).toBe(5000);
    expect(placed.order).toMatchObject({ status: "matched", matched: taka(100), matchedReturn: taka(220) });
  });

  it("the player's own resting order does not count: it would not match it", async () => {
    const { maker, back } = await inPlayBook();
    expect(await wouldMatch(back("2", { playerId: maker }))).toBe(false);
    const placed = await submitOrder(back("2", { playerId: maker }), noWait);
    expect(placed.delayMs).toBe(0);
  });

  it("no delay before the market is in play, even for an order that matches", async () => {
    const { market, back } = await inPlayBook();
    await db.update(exchangeMarkets).set({ inPlay: false }).where(eq(exchangeMarkets.id, market.id));
    expect((await submitOrder(back("2"), noWait)).order.status).toBe("matched");
  });
});

describe("a suspension during the delay voids the pending order", () => {
  it("refuses it when the market was suspended and reopened before the delay ended; nothing is held", async () => {
    const { market, p, back } = await inPlayBook();
    const blip = async () => {
      await setMarketStatus(market.id, "suspended");
      await setMarketStatus(market.id, "open");
    };
    expect((await refusal(submitOrder(back("2"), blip))).code).toBe("market_suspended");
    expect(await mainOf(p)).toEqual({ available: taka(1000), pending: 0n, posted: taka(1000) });
  });

  it("refuses it when the market is still suspended at the end of the delay", async () => {
    const { market, back } = await inPlayBook();
    const suspend = async () => void (await setMarketStatus(market.id, "suspended"));
    expect((await refusal(submitOrder(back("2"), suspend))).code).toBe("market_suspended");
  });

  it("a suspension before the order was submitted does not refuse it", async () => {
    const { market, back } = await inPlayBook();
    await setMarketStatus(market.id, "suspended");
    await setMarketStatus(market.id, "open");
    const [m] = await db.select({ suspensions: exchangeMarkets.suspensions }).from(exchangeMarkets).where(eq(exchangeMarkets.id, market.id));
    expect(m!.suspensions).toBe(1);
    const placed = await submitOrder(back("2"), async () => {});
    expect(placed).toMatchObject({ delayMs: 5000, order: { status: "matched" } });
  });
});
