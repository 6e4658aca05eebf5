import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { stopEventBus, subscribeMarket } from "#app/modules/events/bus.server.ts";
import { closeIdleConnections } from "#app/modules/ledger/test-helpers.ts";
import { parseOdds } from "./ladder.ts";
import { placeOrder } from "./orders.server.ts";
import { placeBookmakerBet, placeFancyBet } from "./quoted-bets.server.ts";
import { exchangeMarkets, exchangeOrders } from "./schema.ts";
import { createBookmakerMarket, createFancyMarket, createMatchOddsMarket, fundedPlayer, mainOf, refusal, requestKey, taka } from "./test-helpers.ts";
import { setBallRunning, setBookmakerQuote, setFancyLine, setMarketStatus, turnInPlay } from "./trading.server.ts";

const T = (odds: string) => parseOdds(odds)!;
afterAll(async () => {
  await stopEventBus();
  await closeIdleConnections();
});

describe("trading", () => {
  it("turning in-play lapses unmatched orders not kept, releases their exposure and tells the market's pages", async () => {
    const { event, market, home } = await createMatchOddsMarket();
    const p = await fundedPlayer(taka(1000));
    const heard: number[] = [];
    const off = subscribeMarket(market.id, (id) => heard.push(id));
    const lapsing = await placeOrder({
      playerId: p,
      marketId: market.id,
      runnerId: home.id,
      side: "back",
      tick: T("3"),
      stake: taka(300),
      requestKey: requestKey(),
    });
    await placeOrder({
      playerId: p,
      marketId: market.id,
      runnerId: home.id,
      side: "back",
      tick: T("3"),
      stake: taka(100),
      persist: true,
      requestKey: requestKey(),
    });
    await turnInPlay(event.id);
    off();
    const [lapsed] = await db.select().from(exchangeOrders).where(eq(exchangeOrders.id, lapsing.order.id));
    expect(lapsed?.status).toBe("lapsed");
    expect((await mainOf(p)).available).toBe(taka(900));
    const [m] = await db.select().from(exchangeMarkets).where(eq(exchangeMarkets.id, market.id));
    expect(m?.inPlay).toBe(true);
    expect(heard.length).toBeGreaterThanOrEqual(3);
  });

  it("suspends and reopens; ball running stops Bookmaker and Fancy bets until the ball is bowled", async () => {
    const bm = await createBookmakerMarket();
    const p = await fundedPlayer(taka(1000));
    const bet = () =>
      placeBookmakerBet({
        playerId: p,
        marketId: bm.market.id,
        runnerId: bm.home.id,
        side: "back",
        rate: 45,
        stake: taka(100),
        requestKey: requestKey(),
      });
    await setMarketStatus(bm.market.id, "suspended");
    expect((await refusal(bet())).code).toBe("market_suspended");
    await setMarketStatus(bm.market.id, "open");
    await setBallRunning(bm.event.id, true);
    expect((await refusal(bet())).code).toBe("ball_running");
    await setBallRunning(bm.event.id, false);
    expect((await bet()).order.status).toBe("matched");
  });

  it("moves quotes and lines; a bet at the old quote is refused with the new one", async () => {
    const bm = await createBookmakerMarket();
    const fancy = await createFancyMarket();
    const p = await fundedPlayer(taka(1000));
    await setBookmakerQuote(bm.home.id, 50, 52);
    expect((await refusal(setBookmakerQuote(bm.home.id, 52, 50))).code).toBe("invalid_price");
    expect(
      (
        await refusal(
          placeBookmakerBet({
            playerId: p,
            marketId: bm.market.id,
            runnerId: bm.home.id,
            side: "back",
            rate: 45,
            stake: taka(100),
            requestKey: requestKey(),
          }),
        )
      ).code,
    ).toBe("price_changed");
    await setFancyLine(fancy.market.id, { noLine: 50, yesLine: 51, noRate: 100, yesRate: 100 });
    expect((await refusal(setFancyLine(fancy.market.id, { noLine: 52, yesLine: 51, noRate: 100, yesRate: 100 }))).code).toBe("invalid_price");
    expect(
      (
        await refusal(
          placeFancyBet({ playerId: p, marketId: fancy.market.id, side: "yes", line: 46, rate: 100, stake: taka(100), requestKey: requestKey() }),
        )
      ).code,
    ).toBe("price_changed");
    expect(
      (await placeFancyBet({ playerId: p, marketId: fancy.market.id, side: "yes", line: 51, rate: 100, stake: taka(100), requestKey: requestKey() }))
        .order.line,
    ).toBe(51);
  });

  it("suspending for settlement lapses every unmatched order", async () => {
    const { market, home } = await createMatchOddsMarket();
    const p = await fundedPlayer(taka(1000));
    await placeOrder({
      playerId: p,
      marketId: market.id,
      runnerId: home.id,
      side: "back",
      tick: T("3"),
      stake: taka(100),
      persist: true,
      requestKey: requestKey(),
    });
    await setMarketStatus(market.id, "suspended", { forSettlement: true });
    expect(await mainOf(p)).toEqual({ available: taka(1000), pending: 0n, posted: taka(1000) });
  });
});
