import { afterAll, describe, expect, it } from "vitest";
import { closeIdleConnections } from "#app/modules/ledger/test-helpers.ts";
import { noticeFor, placeBetFromForm, cancelBet } from "./bets.server.ts";
import { ExchangeError, isExchangeError } from "./errors.ts";
import { parseOdds } from "./ladder.ts";
import { placeOrder } from "./orders.server.ts";
import { accountPage, activityLog, multiMarketsPage, oddsPage, profitAndLoss, setPinned } from "./pages.server.ts";
import { settleMarket } from "./settlement.server.ts";
import { setMarketStatus, turnInPlay } from "./trading.server.ts";
import { betFormSchema } from "#app/components/exchange/schemas.ts";
import { createSession } from "#app/modules/sessions/sessions.server.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import { slipFigures } from "./slip.ts";
import { createBookmakerMarket, createFancyMarket, createMatchOddsMarket, fundedPlayer, mainOf, requestKey, taka } from "./test-helpers.ts";
import { eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { exchangeMarkets } from "./schema.ts";

afterAll(closeIdleConnections);

const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (isExchangeError(e)) return e.code;
    throw e;
  }
  return "accepted";
};

describe("slip figures", () => {
  it("gives profit and liability for back, lay, Bookmaker and Fancy bets", () => {
    expect(slipFigures("match_odds", "back", 250, taka(100))).toEqual({ profit: taka(150), liability: taka(100) });
    expect(slipFigures("match_odds", "lay", 250, taka(100))).toEqual({ profit: taka(100), liability: taka(150) });
    expect(slipFigures("bookmaker", "back", 45, taka(100))).toEqual({ profit: taka(45), liability: taka(100) });
    expect(slipFigures("bookmaker", "lay", 47, taka(100))).toEqual({ profit: taka(100), liability: taka(47) });
    expect(slipFigures("fancy", "yes", 90, taka(100))).toEqual({ profit: taka(90), liability: taka(100) });
    expect(slipFigures("fancy", "no", 110, taka(100))).toEqual({ profit: taka(100), liability: taka(110) });
  });
});

describe("the market page", () => {
  it("shows the best three prices, the player's matched bet, P&L per runner and the exposure held", async () => {
    const { market, home, away } = await createMatchOddsMarket();
    const maker = await fundedPlayer(taka(10_000));
    const player = await fundedPlayer(taka(1_000));
    for (const odds of ["2.1", "2.08", "2.06", "2.04"]) {
      await placeOrder({
        playerId: maker,
        marketId: market.id,
        runnerId: home.id,
        side: "lay",
        tick: parseOdds(odds)!,
        stake: taka(50),
        requestKey: requestKey(),
      });
    }
    const { order, message } = await placeBetFromForm(player, {
      market: market.id,
      runner: home.id,
      side: "back",
      price: "2.1",
      stake: "20",
      requestKey: requestKey(),
    });
    expect(order.status).toBe("matched");
    expect(message).toEqual({ key: "exchange.notice.matched", params: { stake: "৳20.00", price: "2.10", profit: "৳22.00", liability: "৳20.00" } });

    const page = await oddsPage(market.id, player, { market: market.id, runner: away.id, side: "lay", price: "3", stake: "10" });
    if (!page || page.redirectTo !== undefined) throw new Error("expected the page");
    const runner = page.matchOdds!.runners.find((r) => r.id === home.id)!;
    // The best back price nearest the middle: 2.10 (৳30 left), then 2.08 and 2.06.
    expect(runner.back).toEqual([
      { price: "2.06", size: "৳50" },
      { price: "2.08", size: "৳50" },
      { price: "2.10", size: "৳30" },
    ]);
    expect(runner.pnl).toEqual({ text: "৳22.00", negative: false });
    expect(page.matchOdds!.runners.find((r) => r.id === away.id)!.pnl).toEqual({ text: "−৳20.00", negative: true });
    expect(page.bets.matched.map((b) => [b.side, b.selection, b.price, b.matched])).toEqual([["back", "Dhaka", "2.10", "৳20.00"]]);
    expect(page.exposure).toBe("৳20.00");
    expect(page.slip).toMatchObject({ kind: "match_odds", selection: "Chattogram", side: "lay", profit: "৳10.00", liability: "৳20.00" });
  });

  it("names the match odds' commission (none shown at 0 %) and each unmatched bet's choice at turn-in-play", async () => {
    const { market, home } = await createMatchOddsMarket();
    const player = await fundedPlayer(taka(1_000));
    const bet = (persist: boolean) =>
      placeOrder({
        playerId: player,
        marketId: market.id,
        runnerId: home.id,
        side: "back",
        tick: parseOdds("3")!,
        stake: taka(100),
        persist,
        requestKey: requestKey(),
      });
    const kept = await bet(true);
    const lapsing = await bet(false);
    const page = await oddsPage(market.id, player, {});
    if (!page || page.redirectTo !== undefined) throw new Error("expected the page");
    expect(page.matchOdds!.commissionPercent).toBe("2");
    expect(page.bets.unmatched.map((b) => [b.id, b.persist]).sort()).toEqual([
      [kept.order.id, true],
      [lapsing.order.id, false],
    ]);
    const free = await createMatchOddsMarket({ commissionBp: 0 });
    const freePage = await oddsPage(free.market.id, player, {});
    if (!freePage || freePage.redirectTo !== undefined) throw new Error("expected the page");
    expect(freePage.matchOdds!.commissionPercent).toBeNull();
  });

  it("leads from another market of the event to its match odds, and shows no slip for a price outside the event", async () => {
    const { oddsMarket, market } = await createBookmakerMarket();
    const player = await fundedPlayer(taka(100));
    expect(await oddsPage(market.id, player, {})).toEqual({ redirectTo: oddsMarket.id });
    expect(await oddsPage(2_000_000_000, player, {})).toBeNull();
    const other = await createFancyMarket();
    const page = await oddsPage(oddsMarket.id, player, { market: other.market.id, side: "yes", price: "100", line: 46 });
    expect(page && page.redirectTo === undefined && page.slip).toBeNull();
  });

  it("takes Bookmaker and Fancy bets at the quote and refuses a stale one with the new price", async () => {
    const bm = await createBookmakerMarket();
    const fancy = await createFancyMarket();
    const player = await fundedPlayer(taka(1_000));
    const taken = await placeBetFromForm(player, {
      market: bm.market.id,
      runner: bm.home.id,
      side: "back",
      price: "45",
      stake: "100",
      requestKey: requestKey(),
    });
    expect(taken.message).toEqual({
      key: "exchange.notice.taken",
      params: { stake: "৳100.00", price: "45", profit: "৳45.00", liability: "৳100.00" },
    });
    expect(
      await refusal(
        placeBetFromForm(player, { market: bm.market.id, runner: bm.home.id, side: "back", price: "44", stake: "100", requestKey: requestKey() }),
      ),
    ).toBe("price_changed");
    const yes = await placeBetFromForm(player, {
      market: fancy.market.id,
      side: "yes",
      price: "100",
      line: 46,
      stake: "50",
      requestKey: requestKey(),
    });
    expect(yes.order.side).toBe("yes");
    expect(
      await refusal(
        placeBetFromForm(player, { market: fancy.market.id, side: "back", price: "100", line: 46, stake: "50", requestKey: requestKey() }),
      ),
    ).toBe("runner_not_active");
  });

  it("keeps an unmatched bet in play when the slip's 'keep' box was ticked, and lapses the others", async () => {
    const { event, market, home } = await createMatchOddsMarket();
    const player = await fundedPlayer(taka(1_000));
    const form = { intent: "bet", market: String(market.id), runner: String(home.id), side: "back", price: "900", stake: "50" };
    const kept = betFormSchema.parse({ ...form, persist: "on", requestKey: requestKey() });
    const plain = betFormSchema.parse({ ...form, requestKey: requestKey() });
    expect([kept.persist, plain.persist]).toEqual([true, false]);
    const a = await placeBetFromForm(player, kept);
    const b = await placeBetFromForm(player, plain);
    expect((await oddsPage(market.id, player, {}))!.bets!.unmatched.map((r) => [r.id, r.persist])).toEqual([
      [b.order.id, false],
      [a.order.id, true],
    ]);
    await turnInPlay(event.id);
    const page = await oddsPage(market.id, player, {});
    expect(page!.bets!.unmatched.map((r) => r.id)).toEqual([a.order.id]);
  });

  it("words refusals with taka amounts, and cancels only the player's own unmatched bet", async () => {
    expect(new ExchangeError("stake_range", { min: "10000", max: "10000000" }).token).toBe(
      'exchange.errors.stake_range{"min":"৳100","max":"৳100,000"}',
    );
    expect(new ExchangeError("insufficient_funds", { available: "1050" }).token).toBe('exchange.errors.insufficient_funds{"available":"৳10.50"}');
    const { market, home } = await createMatchOddsMarket();
    const player = await fundedPlayer(taka(100));
    const stranger = await fundedPlayer(taka(100));
    const { order } = await placeBetFromForm(player, {
      market: market.id,
      runner: home.id,
      side: "back",
      price: "5",
      stake: "40",
      requestKey: requestKey(),
    });
    expect(await noticeFor(player, order.id, "placed")).toEqual({ key: "exchange.notice.unmatched", params: { stake: "৳40.00" } });
    expect(await noticeFor(stranger, order.id, "placed")).toBeNull();
    expect(await refusal(cancelBet(stranger, order.id))).toBe("order_not_found");
    await cancelBet(player, order.id, "15");
    expect(await noticeFor(player, order.id, "cancelled")).toEqual({ key: "exchange.notice.cancelled", params: { amount: "৳15.00" } });
    const reduced = (await oddsPage(market.id, player, {}))!;
    expect(reduced.bets!.unmatched.map((b) => b.waiting)).toEqual(["৳25.00"]);
    expect(reduced.exposure).toBe("৳25.00");
    expect(await refusal(cancelBet(player, order.id, "0"))).toBe("stake_range");
    await cancelBet(player, order.id);
    expect(await noticeFor(player, order.id, "cancelled")).toEqual({ key: "exchange.notice.cancelled", params: { amount: "৳40.00" } });
    expect(
      await refusal(
        placeBetFromForm(player, { market: market.id, runner: home.id, side: "back", price: "2.21", stake: "10", requestKey: requestKey() }),
      ),
    ).toBe("invalid_price");
  });
});

describe("Multi Markets and the exchange account", () => {
  it("pins a match-odds market once (not another kind), unpins it, and shows the balance with the exposure held", async () => {
    const { oddsMarket, market: bookmaker, home } = await createBookmakerMarket();
    const player = await fundedPlayer(taka(500));
    await Promise.all(Array.from({ length: 10 }, () => setPinned(player, oddsMarket.id, true)));
    await setPinned(player, bookmaker.id, true);
    expect((await multiMarketsPage(player)).map((m) => m.marketId)).toEqual([oddsMarket.id]);
    await setPinned(player, oddsMarket.id, false);
    expect(await multiMarketsPage(player)).toEqual([]);

    await placeBetFromForm(player, { market: bookmaker.id, runner: home.id, side: "back", price: "45", stake: "100", requestKey: requestKey() });
    const account = await accountPage(player, false);
    expect(account.balance).toEqual({ main: "৳500.00", exposure: "৳100.00", available: "৳400.00", bonus: "৳0.00" });
    expect(account.bets.map((b) => [b.selection, b.side, b.price, b.stake, b.status])).toEqual([["Dhaka", "back", "45", "৳100.00", "matched"]]);
    expect((await accountPage(player, true)).bets).toEqual([]);
  });
});

describe("Profit & Loss and the Activity Log", () => {
  it("sums each settled market's bets, takes the commission on a net win, and keeps to the chosen Dhaka days", async () => {
    const { market, home } = await createMatchOddsMarket();
    const winner = await fundedPlayer(taka(1_000));
    const loser = await fundedPlayer(taka(1_000));
    await placeOrder({
      playerId: loser,
      marketId: market.id,
      runnerId: home.id,
      side: "lay",
      tick: parseOdds("2")!,
      stake: taka(300),
      requestKey: requestKey(),
    });
    await placeBetFromForm(winner, { market: market.id, runner: home.id, side: "back", price: "2", stake: "100", requestKey: requestKey() });
    await placeBetFromForm(winner, { market: market.id, runner: home.id, side: "back", price: "2", stake: "200", requestKey: requestKey() });
    await setMarketStatus(market.id, "suspended", { forSettlement: true });
    await settleMarket(market.id, { winnerRunnerId: home.id });
    const today = formatDhaka(new Date(), "YYYY-MM-DD");
    const won = await profitAndLoss(winner, today, today);
    expect(won.markets).toEqual([
      expect.objectContaining({
        marketId: market.id,
        bets: 2,
        gross: { text: "৳300.00", negative: false },
        commission: "৳6.00",
        net: { text: "৳294.00", negative: false },
      }),
    ]);
    expect(won.total).toEqual({ text: "৳294.00", negative: false });
    expect((await profitAndLoss(loser, today, today)).total).toEqual({ text: "−৳300.00", negative: true });
    expect((await profitAndLoss(winner, "2020-01-01", "2020-01-31")).markets).toEqual([]);
  });

  it("shows gross, commission and net as the ledger posted them: gross − commission = net = the player's settlement postings", async () => {
    const { market, home, away } = await createMatchOddsMarket({ commissionBp: 500 });
    const winner = await fundedPlayer(taka(1_000));
    const layer = await fundedPlayer(taka(1_000));
    await placeOrder({
      playerId: layer,
      marketId: market.id,
      runnerId: home.id,
      side: "lay",
      tick: parseOdds("2.5")!,
      stake: taka(333),
      requestKey: requestKey(),
    });
    await placeBetFromForm(winner, { market: market.id, runner: home.id, side: "back", price: "2.5", stake: "333", requestKey: requestKey() });
    const before = (await mainOf(winner)).posted;
    await setMarketStatus(market.id, "suspended", { forSettlement: true });
    await settleMarket(market.id, { winnerRunnerId: home.id });
    const posted = (await mainOf(winner)).posted - before;
    // A later change of the market's rate does not change what was charged.
    await db.update(exchangeMarkets).set({ commissionBp: 0 }).where(eq(exchangeMarkets.id, market.id));
    const today = formatDhaka(new Date(), "YYYY-MM-DD");
    const [row] = (await profitAndLoss(winner, today, today)).markets;
    // 333 at 2.5 wins 499.50; 5 % of it is 24.975, rounded down to 24.97.
    expect(row).toMatchObject({ gross: { text: "৳499.50" }, commission: "৳24.97", net: { text: "৳474.53", negative: false } });
    expect(posted).toBe(taka(499.5) - taka(24.97));
    expect(taka(474.53)).toBe(posted);
    // A correction (the other team won) reverses those postings: the row shows the last settlement's figures.
    await settleMarket(market.id, { winnerRunnerId: away.id });
    const [corrected] = (await profitAndLoss(winner, today, today)).markets;
    expect(corrected).toMatchObject({ gross: { text: "−৳333.00" }, commission: "৳0.00", net: { text: "−৳333.00", negative: true } });
    expect((await mainOf(winner)).posted - before).toBe(-taka(333));
  });

  it("lists the player's own signed-in devices, newest first", async () => {
    const player = await fundedPlayer(taka(1));
    await createSession(player, {
      ip: "203.0.113.9",
      userAgent: "Mozilla/5.0 (Linux; Android 12; SM-A127F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36",
    });
    const rows = await activityLog(player);
    expect(rows).toEqual([expect.objectContaining({ ip: "203.0.113.9", device: "Mobile Chrome · Android" })]);
    expect(await activityLog(await fundedPlayer(taka(1)))).toEqual([]);
  });
});
