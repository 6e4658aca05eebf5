import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, expectInvariants } from "#app/modules/ledger/test-helpers.ts";
import { autoCashOutOf, checkAutoCashOuts, setAutoCashOut } from "./auto-cash-out.server.ts";
import { executeCashOut, quoteCashOut } from "./cash-out.server.ts";
import { levelTolerance } from "./cash-out.ts";
import { playerPositions } from "./exposure.server.ts";
import { parseOdds } from "./ladder.ts";
import { marketChecksIdle } from "./market-tx.server.ts";
import { placeOrder, type PlaceOrderInput } from "./orders.server.ts";
import { runnerBook } from "./pnl.ts";
import { exchangeMarkets, exchangeOrders, exchangeRunners } from "./schema.ts";
import { createMatchOddsMarket, fundedPlayer, mainOf, requestKey, taka } from "./test-helpers.ts";

const T = (odds: string) => parseOdds(odds)!;
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

    const again = await executeCashOut({
      playerId: player,
      marketId: market.id,
      percent: 100,
      shown: refused.state.quote.after,
      requestKey: requestKey(),
    });
    expect(again.done).toBe(true);
    expect((await ordersOf(player, market.id)).length).toBe(before.orders + 1);
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
