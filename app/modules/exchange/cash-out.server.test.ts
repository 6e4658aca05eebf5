import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, expectInvariants } from "#app/modules/ledger/test-helpers.ts";
import { autoCashOutOf, checkAutoCashOuts, setAutoCashOut } from "./auto-cash-out.server.ts";
import { executeCashOut, quoteCashOut } from "./cash-out.server.ts";
import { levelTolerance, pageCashOutValue } from "./cash-out.ts";
import { playerPositions } from "./exposure.server.ts";
import { parseOdds } from "./ladder.ts";
import { applyPush } from "./live-page.ts";
import { publicMarket } from "./market-stream.server.ts";
import { marketChecksIdle } from "./market-tx.server.ts";
import { cancelOrder, placeOrder, type PlaceOrderInput } from "./orders.server.ts";
import { oddsPage } from "./pages.server.ts";
import { runnerBook } from "./pnl.ts";
import { exchangeFills, exchangeMarkets, exchangeOrders, exchangeRunners } from "./schema.ts";
import { createMatchOddsMarket, fundedPlayer, mainOf, requestKey, taka } from "./test-helpers.ts";

const T = (odds: string) => parseOdds(odds)!;
type CashOutInput = Parameters<typeof executeCashOut>[0];
const order = (o: Omit<PlaceOrderInput, "requestKey">) => placeOrder({ requestKey: requestKey(), ...o });

afterAll(async () => {
  await marketChecksIdle();
  await expectInvariants();
  await closeIdleConnections();
});

/** A market where `player` backed Dhaka ৳100 at 3.0 (matched), and another player offers to back Dhaka at 2.0 (what a lay takes). */
async function shortenedMarket(backAt = "2") {
  const m = await createMatchOddsMarket();
  const [player, maker, backer] = await Promise.all([fundedPlayer(taka(1000)), fundedPlayer(taka(1000)), fundedPlayer(taka(5000))]);
  await order({ playerId: maker, marketId: m.market.id, runnerId: m.home.id, side: "lay", tick: T("3"), stake: taka(100) });
  await order({ playerId: player, marketId: m.market.id, runnerId: m.home.id, side: "back", tick: T("3"), stake: taka(100) });
  await order({ playerId: backer, marketId: m.market.id, runnerId: m.home.id, side: "back", tick: T(backAt), stake: taka(500) });
  return { ...m, player, maker, backer };
}

async function matchedBook(playerId: number, marketId: number, runnerIds: number[]) {
  const { matched } = await playerPositions(db as never, playerId, marketId);
  return runnerBook(runnerIds, matched);
}

const ordersOf = (playerId: number, marketId: number) =>
  db
    .select()
    .from(exchangeOrders)
    .where(and(eq(exchangeOrders.playerId, playerId), eq(exchangeOrders.marketId, marketId)));

/** Confirms the quote a refusal came back with: it goes through, with one order more than the player had. */
async function confirmNewQuote(playerId: number, marketId: number, shown: CashOutInput["shown"], ordersBefore: number) {
  const again = await executeCashOut({ playerId, marketId, percent: 100, shown, requestKey: requestKey() });
  expect(again.done).toBe(true);
  expect((await ordersOf(playerId, marketId)).length).toBe(ordersBefore + 1);
}

describe("cash out through the book", () => {
  it("a full cash out levels the P&L on every runner within the stated bound and releases the exposure", async () => {
    const { market, home, away, player } = await shortenedMarket();
    const { quote } = await quoteCashOut(db, player, market.id);
    expect(quote).toMatchObject({ ok: true, value: taka(50), orders: [{ runnerId: home.id, side: "lay", tick: T("2"), stake: taka(150) }] });
    if (!quote.ok) return;
    const done = await executeCashOut({ playerId: player, marketId: market.id, percent: 100, shown: quote.after, requestKey: requestKey() });
    expect(done.done).toBe(true);
    const after = await matchedBook(player, market.id, [home.id, away.id]);
    const values = [...after.values()];
    expect(values[0]! - values[1]! <= levelTolerance(quote.orders) && values[1]! - values[0]! <= levelTolerance(quote.orders)).toBe(true);
    expect(after).toEqual(quote.after);
    expect(await mainOf(player)).toEqual({ available: taka(1000), pending: 0n, posted: taka(1000) });
    const rows = await ordersOf(player, market.id);
    expect(rows.map((o) => [o.side, o.status, o.size])).toEqual([
      ["back", "matched", taka(100)],
      ["lay", "matched", taka(150)],
    ]);
    // Level now: nothing left to cash out; another player holding nothing here has nothing either.
    expect((await quoteCashOut(db, player, market.id)).quote).toEqual({ ok: false, reason: "no_position" });
    const stranger = await fundedPlayer(taka(10));
    expect((await quoteCashOut(db, stranger, market.id)).quote).toEqual({ ok: false, reason: "no_position" });
  });

  it("a partial cash out hedges its percentage and leaves the rest of the position, which cashes out later", async () => {
    const { market, home, away, player } = await shortenedMarket();
    const { quote } = await quoteCashOut(db, player, market.id, 50);
    if (!quote.ok) throw new Error("no quote");
    expect(quote.orders).toMatchObject([{ side: "lay", stake: taka(75) }]);
    expect((await executeCashOut({ playerId: player, marketId: market.id, percent: 50, shown: quote.after, requestKey: requestKey() })).done).toBe(
      true,
    );
    expect(await matchedBook(player, market.id, [home.id, away.id])).toEqual(
      new Map([
        [home.id, taka(125)],
        [away.id, -taka(25)],
      ]),
    );
    expect((await mainOf(player)).available).toBe(taka(975));
    const rest = await quoteCashOut(db, player, market.id);
    if (!rest.quote.ok) throw new Error("no quote");
    expect(rest.quote).toMatchObject({ value: taka(50), orders: [{ stake: taka(75) }] });
  });

  it("a moved book refuses with the new quote and writes nothing; the new quote confirmed goes through", async () => {
    const { market, home, player, backer } = await shortenedMarket();
    const shown = (await quoteCashOut(db, player, market.id)).quote;
    if (!shown.ok) throw new Error("no quote");
    // Someone takes the liquidity at 2.0; the next best back is at 2.2.
    const other = await fundedPlayer(taka(5000));
    await order({ playerId: other, marketId: market.id, runnerId: home.id, side: "back", tick: T("2.2"), stake: taka(500) });
    const taker = await fundedPlayer(taka(5000));
    await order({ playerId: taker, marketId: market.id, runnerId: home.id, side: "lay", tick: T("2"), stake: taka(500) });
    const before = { orders: (await ordersOf(player, market.id)).length, main: await mainOf(player), backer: await mainOf(backer) };

    const key = requestKey();
    const refused = await executeCashOut({ playerId: player, marketId: market.id, percent: 100, shown: shown.after, requestKey: key });
    expect(refused.done).toBe(false);
    expect(refused.state.quote).toMatchObject({ ok: true, orders: [{ tick: T("2.2") }] });
    if (!refused.state.quote.ok) return;
    expect(refused.state.quote.value < shown.value).toBe(true);
    expect((await ordersOf(player, market.id)).length).toBe(before.orders);
    expect(await mainOf(player)).toEqual(before.main);

    await confirmNewQuote(player, market.id, refused.state.quote.after, before.orders);
  });

  it("a retried confirm (same request id) does not cash out twice", async () => {
    const { market, player } = await shortenedMarket();
    const { quote } = await quoteCashOut(db, player, market.id, 40);
    if (!quote.ok) throw new Error("no quote");
    const input = { playerId: player, marketId: market.id, percent: 40, shown: quote.after, requestKey: requestKey() };
    const results = await Promise.all([executeCashOut(input), executeCashOut(input)]);
    expect(results.every((r) => r.done)).toBe(true);
    expect((await ordersOf(player, market.id)).length).toBe(2);
  });
});

/**
 * A market where `player` backed Dhaka ৳100 at 3.0 and the lay side is thin at the best price: other players offer to
 * back Dhaka at 2.0 (৳50), 2.02 (৳50) and 2.04 (৳500); Chattogram has no prices.
 */
async function thinMarket() {
  const m = await createMatchOddsMarket();
  const [player, maker, a, b, c] = await Promise.all([
    fundedPlayer(taka(1000)),
    fundedPlayer(taka(1000)),
    fundedPlayer(taka(1000)),
    fundedPlayer(taka(1000)),
    fundedPlayer(taka(1000)),
  ]);
  await order({ playerId: maker, marketId: m.market.id, runnerId: m.home.id, side: "lay", tick: T("3"), stake: taka(100) });
  await order({ playerId: player, marketId: m.market.id, runnerId: m.home.id, side: "back", tick: T("3"), stake: taka(100) });
  await order({ playerId: a, marketId: m.market.id, runnerId: m.home.id, side: "back", tick: T("2"), stake: taka(50) });
  const second = await order({ playerId: b, marketId: m.market.id, runnerId: m.home.id, side: "back", tick: T("2.02"), stake: taka(50) });
  await order({ playerId: c, marketId: m.market.id, runnerId: m.home.id, side: "back", tick: T("2.04"), stake: taka(500) });
  return { ...m, player, second: { playerId: b, orderId: second.order.id } };
}

describe("cash out over the book's depth", () => {
  it("a full cash out spreads its hedge over three levels: one fill-or-kill order limited at the worst, filled as quoted", async () => {
    const { market, home, away, player } = await thinMarket();
    const { quote } = await quoteCashOut(db, player, market.id);
    expect(quote).toMatchObject({ ok: true, value: taka(48.04), orders: [{ runnerId: home.id, side: "lay", tick: T("2.04"), stake: taka(149) }] });
    if (!quote.ok) return;
    const done = await executeCashOut({ playerId: player, marketId: market.id, percent: 100, shown: quote.after, requestKey: requestKey() });
    expect(done.done).toBe(true);
    const after = await matchedBook(player, market.id, [home.id, away.id]);
    expect(after).toEqual(quote.after);
    expect(after).toEqual(
      new Map([
        [home.id, taka(48.04)],
        [away.id, taka(49)],
      ]),
    );
    const rows = await ordersOf(player, market.id);
    expect(rows.map((o) => [o.side, o.status, o.tick, o.size, o.matched])).toEqual([
      ["back", "matched", T("3"), taka(100), taka(100)],
      ["lay", "matched", T("2.04"), taka(149), taka(149)],
    ]);
    const fills = await db.select().from(exchangeFills).where(eq(exchangeFills.takerOrderId, rows[1]!.id));
    expect(fills.map((f) => [f.tick, f.size]).sort((x, y) => Number(x[0]) - Number(y[0]))).toEqual([
      [T("2"), taka(50)],
      [T("2.02"), taka(50)],
      [T("2.04"), taka(49)],
    ]);
    expect(await mainOf(player)).toEqual({ available: taka(1000), pending: 0n, posted: taka(1000) });
  });

  it("a level taken away between quote and confirm: nothing is written, the new quote comes back and goes through", async () => {
    const { market, player, second } = await thinMarket();
    const shown = (await quoteCashOut(db, player, market.id)).quote;
    if (!shown.ok) throw new Error("no quote");
    await cancelOrder(second.playerId, second.orderId); // the 2.02 level goes
    const before = { orders: await ordersOf(player, market.id), main: await mainOf(player) };

    const refused = await executeCashOut({ playerId: player, marketId: market.id, percent: 100, shown: shown.after, requestKey: requestKey() });
    expect(refused.done).toBe(false);
    // 50 at 2.0, then 200 / 2.04 = 98.04 at 2.04: ৳148 (Dhaka 200 − 50 − 98 × 1.04 = 48.08, Chattogram 48).
    expect(refused.state.quote).toMatchObject({ ok: true, value: taka(48), orders: [{ tick: T("2.04"), stake: taka(148) }] });
    if (!refused.state.quote.ok) return;
    expect(refused.state.quote.orders[0]!.fills).toEqual([
      { tick: T("2"), size: taka(50) },
      { tick: T("2.04"), size: taka(98) },
    ]);
    expect(await ordersOf(player, market.id)).toEqual(before.orders);
    expect(await mainOf(player)).toEqual(before.main);

    await confirmNewQuote(player, market.id, refused.state.quote.after, before.orders.length);
  });

  it("50 parallel confirms of the same quote cash out once, with one request id or with 50", async () => {
    for (const sameKey of [true, false]) {
      const { market, home, away, player } = await thinMarket();
      const { quote } = await quoteCashOut(db, player, market.id);
      if (!quote.ok) throw new Error("no quote");
      const key = requestKey();
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          executeCashOut({ playerId: player, marketId: market.id, percent: 100, shown: quote.after, requestKey: sameKey ? key : requestKey() }),
        ),
      );
      // With one id every confirm answers done (the replays see the first); with 50 the rest find nothing left to level.
      expect(results.filter((r) => r.done).length).toBe(sameKey ? 50 : 1);
      const rows = await ordersOf(player, market.id);
      expect(rows.map((o) => [o.side, o.size])).toEqual([
        ["back", taka(100)],
        ["lay", taka(149)],
      ]);
      expect(await matchedBook(player, market.id, [home.id, away.id])).toEqual(quote.after);
    }
  });
});

describe("auto cash-out", () => {
  it("50 parallel price changes fire it exactly once", async () => {
    const m = await createMatchOddsMarket();
    const [player, maker] = await Promise.all([fundedPlayer(taka(1000)), fundedPlayer(taka(1000))]);
    await order({ playerId: maker, marketId: m.market.id, runnerId: m.home.id, side: "lay", tick: T("3"), stake: taka(100) });
    await order({ playerId: player, marketId: m.market.id, runnerId: m.home.id, side: "back", tick: T("3"), stake: taka(100) });
    await setAutoCashOut(player, m.market.id, taka(40), null);
    await marketChecksIdle();
    expect((await autoCashOutOf(player, m.market.id))?.status).toBe("armed"); // no price to lay at yet

    const backers = await Promise.all(Array.from({ length: 5 }, () => fundedPlayer(taka(10_000))));
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        order({ playerId: backers[i % 5]!, marketId: m.market.id, runnerId: m.home.id, side: "back", tick: T("2"), stake: taka(200) }),
      ),
    );
    await marketChecksIdle();
    expect((await autoCashOutOf(player, m.market.id))?.status).toBe("fired");
    const rows = await ordersOf(player, m.market.id);
    expect(rows.map((o) => [o.side, o.size])).toEqual([
      ["back", taka(100)],
      ["lay", taka(150)],
    ]);
    expect(await matchedBook(player, m.market.id, [m.home.id, m.away.id])).toEqual(
      new Map([
        [m.home.id, taka(50)],
        [m.away.id, taka(50)],
      ]),
    );
  });

  it("50 parallel checks of a triggered row claim it once; a loss limit fires too; a target not reached waits", async () => {
    const { market, player } = await shortenedMarket();
    await setAutoCashOut(player, market.id, taka(60), null);
    expect(await checkAutoCashOuts(market.id)).toEqual([]); // value ৳50 < ৳60
    await setAutoCashOut(player, market.id, taka(500), taka(10));
    expect(await checkAutoCashOuts(market.id)).toEqual([]); // ৳50 is above −৳10
    await setAutoCashOut(player, market.id, taka(50), null);
    const fired = (await Promise.all(Array.from({ length: 50 }, () => checkAutoCashOuts(market.id)))).flat();
    expect(fired).toEqual([player]);
    expect((await ordersOf(player, market.id)).length).toBe(2);

    const lost = await shortenedMarket("3.5"); // Dhaka drifted: laying 86 at 3.5 leaves −৳15 / −৳14
    await setAutoCashOut(lost.player, lost.market.id, taka(500), taka(20));
    expect(await checkAutoCashOuts(lost.market.id)).toEqual([]);
    await setAutoCashOut(lost.player, lost.market.id, taka(500), taka(14));
    expect(await checkAutoCashOuts(lost.market.id)).toEqual([lost.player]);
  });
});

describe("cash out in play", () => {
  it("waits the market's bet delay, then quotes again", async () => {
    const { market, player } = await shortenedMarket();
    const { quote } = await quoteCashOut(db, player, market.id);
    if (!quote.ok) throw new Error("no quote");
    await db.update(exchangeMarkets).set({ inPlay: true, inPlayDelayMs: 5000 }).where(eq(exchangeMarkets.id, market.id));
    const waited: number[] = [];
    const done = await executeCashOut(
      { playerId: player, marketId: market.id, percent: 100, shown: quote.after, requestKey: requestKey() },
      undefined,
      async (ms) => {
        waited.push(ms);
      },
    );
    expect(waited).toEqual([5000]);
    expect(done.done).toBe(true);
  });
});

describe("a three-runner cash out", () => {
  it("backs the other two runners in one transaction, for a player with no free balance (the holds are of the end)", async () => {
    const m = await createMatchOddsMarket();
    const [draw] = await db.insert(exchangeRunners).values({ marketId: m.market.id, name: "The Draw", sortOrder: 3 }).returning();
    const [player, maker, layers] = await Promise.all([fundedPlayer(taka(100)), fundedPlayer(taka(1000)), fundedPlayer(taka(5000))]);
    await order({ playerId: maker, marketId: m.market.id, runnerId: m.home.id, side: "lay", tick: T("2.5"), stake: taka(100) });
    await order({ playerId: player, marketId: m.market.id, runnerId: m.home.id, side: "back", tick: T("2.5"), stake: taka(100) });
    expect((await mainOf(player)).available).toBe(0n);
    // Lays to back into on the other two; nothing to lay Dhaka at.
    await order({ playerId: layers, marketId: m.market.id, runnerId: m.away.id, side: "lay", tick: T("4"), stake: taka(500) });
    await order({ playerId: layers, marketId: m.market.id, runnerId: draw!.id, side: "lay", tick: T("3.5"), stake: taka(500) });
    const { quote } = await quoteCashOut(db, player, m.market.id);
    expect(quote).toMatchObject({ ok: true, value: taka(14.5) });
    if (!quote.ok) return;
    expect(quote.orders.map((o) => [o.runnerId, o.side, o.stake])).toEqual([
      [m.away.id, "back", taka(63)],
      [draw!.id, "back", taka(71)],
    ]);
    const done = await executeCashOut({ playerId: player, marketId: m.market.id, percent: 100, shown: quote.after, requestKey: requestKey() });
    expect(done.done).toBe(true);
    expect(await matchedBook(player, m.market.id, [m.home.id, m.away.id, draw!.id])).toEqual(quote.after);
    expect(await mainOf(player)).toEqual({ available: taka(100), pending: 0n, posted: taka(100) });
  });
});

describe("the market page's Cash Out value and the Cash Out page's quote", () => {
  it("are equal on a book whose best three levels cannot take the hedge, as loaded and after a push", async () => {
    const m = await createMatchOddsMarket();
    const [player, maker, backers] = await Promise.all([fundedPlayer(taka(1000)), fundedPlayer(taka(1000)), fundedPlayer(taka(5000))]);
    await order({ playerId: maker, marketId: m.market.id, runnerId: m.home.id, side: "lay", tick: T("3"), stake: taka(100) });
    await order({ playerId: player, marketId: m.market.id, runnerId: m.home.id, side: "back", tick: T("3"), stake: taka(100) });
    // What a lay on Dhaka takes: ৳10 at each of the three best prices, the money from the fourth level on; the
    // player's own back at 2.1 is in the book but never matches them.
    for (const [odds, stake] of [
      ["2", 10],
      ["2.02", 10],
      ["2.04", 10],
      ["2.06", 60],
      ["2.08", 500],
    ] as const) {
      await order({ playerId: backers, marketId: m.market.id, runnerId: m.home.id, side: "back", tick: T(odds), stake: taka(stake) });
    }
    await order({ playerId: player, marketId: m.market.id, runnerId: m.home.id, side: "back", tick: T("2.1"), stake: taka(40) });
    await order({ playerId: backers, marketId: m.market.id, runnerId: m.home.id, side: "back", tick: T("2.1"), stake: taka(100) });

    const quoted = async () => {
      const { quote } = await quoteCashOut(db, player, m.market.id);
      if (!quote.ok) throw new Error(`no quote: ${quote.reason}`);
      return quote;
    };
    const page = await oddsPage(m.market.id, player, {});
    if (!page || page.redirectTo !== undefined || !page.cashOut || !page.matchOdds) throw new Error("no market page with a Cash Out");
    const quote = await quoted();
    // The hedge goes past the third level (a full cash out needs the fourth and fifth).
    expect(quote.orders).toMatchObject([{ runnerId: m.home.id, side: "lay", tick: T("2.08") }]);
    expect(pageCashOutValue(page.cashOut, page.matchOdds.runners)).toBe(quote.value);
    // The page's tables still show three levels a side; from those alone the value would differ (the old button's).
    const shown = page.matchOdds.runners.map((r) => ({ ...r, toBack: r.toBack.slice(0, 3), toLay: r.toLay.slice(0, 3) }));
    expect(page.matchOdds.runners[0]!.lay).toHaveLength(3);
    expect(pageCashOutValue(page.cashOut, shown)).not.toBe(quote.value);

    // The book moves (the fourth level is taken, a better one comes in): the push brings the page's value to the new quote.
    const taker = await fundedPlayer(taka(1000));
    await order({ playerId: taker, marketId: m.market.id, runnerId: m.home.id, side: "lay", tick: T("2.06"), stake: taka(90) });
    await order({ playerId: backers, marketId: m.market.id, runnerId: m.home.id, side: "back", tick: T("2.04"), stake: taka(30) });
    const { page: live, reload } = applyPush(page, (await publicMarket(m.market.id))!);
    expect(reload).toBe(false);
    const moved = await quoted();
    expect(moved.value).not.toBe(quote.value);
    expect(pageCashOutValue(page.cashOut, live.matchOdds!.runners)).toBe(moved.value);
  });
});
