// The trader's figures per event and per market: matched volume, the players' exposure held in that market only (its
// ledger holds), the market-maker's position and the house's P&L on each outcome of Bookmaker and Fancy. They add up
// to what the ledger holds, and each event has its own.
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { getHold, getPlayerBalances } from "#app/modules/ledger/queries.server.ts";
import { parseTaka } from "#app/kernel/money.ts";
import { closeIdleConnections, expectInvariants } from "#app/modules/ledger/test-helpers.ts";
import { parseOdds } from "./ladder.ts";
import { ensureMarketMaker } from "./market-maker.server.ts";
import { placeOrder } from "./orders.server.ts";
import { placeBookmakerBet, placeFancyBet } from "./quoted-bets.server.ts";
import { exchangeExposures, exchangeFills, exchangeOrders } from "./schema.ts";
import { settleMarket } from "./settlement.server.ts";
import { createBookmakerMarket, createFancyMarket, createMatchOddsMarket, fundedPlayer, requestKey, taka } from "./test-helpers.ts";
import { traderEvent, traderEvents } from "./trader.server.ts";

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

const poisha = (text: string) => {
  const negative = text.startsWith("-");
  const value = parseTaka(text.replace(/^-?৳/, ""));
  if (value === undefined) throw new Error(`not an amount: ${text}`);
  return negative ? -value : value;
};

/**
 * What the ledger holds from players' main wallets (the test database has no other holds than exposure), after
 * checking that each exposure row names an open hold of its amount.
 */
async function ledgerHeld(): Promise<bigint> {
  const rows = await db.select().from(exchangeExposures);
  for (const x of rows.filter((r) => r.holdId !== null)) {
    const { hold, status } = await getHold(x.holdId!);
    expect([status, hold.amount]).toEqual(["open", x.amount]);
  }
  const playerIds = [...new Set((await db.select({ id: exchangeOrders.playerId }).from(exchangeOrders)).map((r) => r.id))];
  let pending = 0n;
  for (const id of playerIds) pending += (await getPlayerBalances(id)).main.pending;
  return pending;
}

const order = (playerId: number, marketId: number, runnerId: number, side: "back" | "lay", odds: string, stake: number) =>
  placeOrder({ playerId, marketId, runnerId, side, tick: parseOdds(odds)!, stake: taka(stake), requestKey: requestKey() });

/**
 * Event one: match odds (the market-maker lays 500 at 2.42, a player backs 100 at 2.38 and gets 2.42), Bookmaker (a
 * player backs at 45 with 200) and a Fancy line (a player's Yes at 46 with 150). Event two: match odds only (the
 * market-maker backs 300 at 3, a player lays 100 at 3.2 and gets 3).
 */
async function twoEvents() {
  const maker = await ensureMarketMaker();
  const one = await createBookmakerMarket();
  const { market: fancy } = await createFancyMarket({ eventId: one.event.id });
  await order(maker, one.oddsMarket.id, one.oddsHome.id, "lay", "2.42", 500);
  await order(await fundedPlayer(taka(1_000)), one.oddsMarket.id, one.oddsHome.id, "back", "2.38", 100);
  const bm = { playerId: await fundedPlayer(taka(1_000)), marketId: one.market.id, runnerId: one.home.id, side: "back" as const, rate: 45 };
  await placeBookmakerBet({ ...bm, stake: taka(200), requestKey: requestKey() });
  const yes = { playerId: await fundedPlayer(taka(1_000)), marketId: fancy.id, side: "yes" as const, line: 46, rate: 100 };
  await placeFancyBet({ ...yes, stake: taka(150), requestKey: requestKey() });

  const two = await createMatchOddsMarket();
  await order(maker, two.market.id, two.home.id, "back", "3", 300);
  await order(await fundedPlayer(taka(1_000)), two.market.id, two.home.id, "lay", "3.2", 100);
  return { maker, one, fancy, two };
}

describe("the trader's figures", () => {
  it("gives each event and market its own matched volume, players' exposure, market-maker's position and house P&L", async () => {
    const { one, fancy, two } = await twoEvents();
    const rows = await traderEvents();
    const first = rows.find((e) => e.id === one.event.id)!;
    const second = rows.find((e) => e.id === two.event.id)!;
    // 100 matched on match odds, 200 on Bookmaker, 150 on Fancy; players hold 100 + 200 + 150; the maker 710 (its lay
    // of 500 at 2.42 loses 710 if Dhaka wins).
    expect(first).toMatchObject({ matched: "৳450.00", bets: 3, held: "৳450.00", makerHeld: "৳710.00" });
    // 100 matched at 3: the layer holds 200; the maker's back of 300 at 3 loses 300 if Dhaka does not win.
    expect(second).toMatchObject({ matched: "৳100.00", bets: 1, held: "৳200.00", makerHeld: "৳300.00" });

    const view = (await traderEvent(one.event.id))!;
    expect(view.totals).toMatchObject({ matched: "৳450.00", bets: 3, held: "৳450.00", makerHeld: "৳710.00" });
    const [odds, bookmaker, line] = view.markets;
    expect(odds).toMatchObject({ kind: "match_odds", matched: "৳100.00", bets: 1, held: "৳100.00", makerHeld: "৳710.00", pnlOf: "maker" });
    // The market-maker laid 100 at 2.42 to the player: −142 if Dhaka wins, +100 if not.
    expect(odds!.runners.map((r) => r.pnl)).toEqual(["−৳142.00", "৳100.00"]);
    // The house took the Bookmaker back at 45: −90 if Dhaka wins, +200 if not.
    expect(bookmaker).toMatchObject({ kind: "bookmaker", matched: "৳200.00", bets: 1, held: "৳200.00", makerHeld: "৳0.00", pnlOf: "house" });
    expect(bookmaker!.runners.map((r) => r.pnl)).toEqual(["−৳90.00", "৳200.00"]);
    // And the Fancy Yes at 46: +150 up to 45 runs, −150 from 46.
    expect(line).toMatchObject({ id: fancy.id, kind: "fancy", matched: "৳150.00", held: "৳150.00", pnlOf: "house" });
    expect(line!.runs).toEqual([
      { from: 0, to: 45, pnl: "৳150.00" },
      { from: 46, to: null, pnl: "−৳150.00" },
    ]);
    // Volume counts each fill once.
    const [fills] = await db
      .select({ sum: sql<string>`sum(${exchangeFills.size})` })
      .from(exchangeFills)
      .where(eq(exchangeFills.marketId, one.oddsMarket.id));
    expect(poisha(odds!.matched)).toBe(BigInt(fills!.sum));
  });

  it("adds up, over every market, to the exposure the ledger holds, before and after a settlement", async () => {
    const { one } = await twoEvents();
    const total = async () => {
      let sum = 0n;
      for (const row of await traderEvents()) {
        const view = (await traderEvent(row.id))!;
        const markets = view.markets.reduce((s, m) => s + poisha(m.held) + poisha(m.makerHeld), 0n);
        // The event's row is its markets summed.
        expect(poisha(row.held) + poisha(row.makerHeld)).toBe(markets);
        sum += markets;
      }
      return sum;
    };
    const held = await ledgerHeld();
    expect(held).toBeGreaterThan(0n);
    expect(await total()).toBe(held);

    await settleMarket(one.market.id, { winnerRunnerId: one.home.id });
    const after = await ledgerHeld();
    expect(after).toBe(held - taka(200));
    expect(await total()).toBe(after);
    expect((await traderEvent(one.event.id))!.markets[1]).toMatchObject({ held: "৳0.00", matched: "৳200.00" });
  });
});
