// The trader's P&L per outcome, computed once per market: it must equal the players' own books summed, leave the
// market-maker out, and value Fancy bets on different lines at every result that matters.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections } from "#app/modules/ledger/test-helpers.ts";
import { marketLiability, playerPositions } from "./exposure.server.ts";
import { parseOdds } from "./ladder.ts";
import { placeOrder } from "./orders.server.ts";
import { placeFancyBet } from "./quoted-bets.server.ts";
import { fancyBook, runnerBook } from "./pnl.ts";
import { createFancyMarket, createMatchOddsMarket, fundedPlayer, requestKey, taka } from "./test-helpers.ts";
import { setFancyLine } from "./trading.server.ts";

afterAll(closeIdleConnections);

describe("marketLiability", () => {
  it("equals the players' matched books summed, without the market-maker's side", async () => {
    const { market, home, away } = await createMatchOddsMarket();
    const maker = await fundedPlayer(taka(100_000));
    const players = [await fundedPlayer(taka(5_000)), await fundedPlayer(taka(5_000)), await fundedPlayer(taka(5_000))];
    const order = (playerId: number, runnerId: number, side: "back" | "lay", odds: string, stake: number) =>
      placeOrder({ playerId, marketId: market.id, runnerId, side, tick: parseOdds(odds)!, stake: taka(stake), requestKey: requestKey() });
    await order(maker, home.id, "lay", "2.2", 1_000);
    await order(maker, away.id, "back", "1.8", 1_000);
    await order(players[0]!, home.id, "back", "2.2", 300);
    await order(players[1]!, home.id, "lay", "2.5", 200);
    await order(players[2]!, home.id, "back", "2.5", 150);
    await order(players[2]!, away.id, "lay", "1.8", 120);
    await order(players[0]!, away.id, "back", "3", 50); // waits unmatched: not counted

    const ids = [home.id, away.id];
    const { all, summed } = await db.transaction(async (tx) => {
      const summed = new Map(ids.map((id) => [id, 0n]));
      for (const p of players) {
        for (const [id, pnl] of runnerBook(ids, (await playerPositions(tx, p, market.id)).matched)) summed.set(id, summed.get(id)! + pnl);
      }
      return { all: (await marketLiability(tx, market.id, "match_odds", ids, maker)).book, summed };
    });
    expect(all).toEqual(summed);
    expect([...all.values()].some((v) => v !== 0n)).toBe(true);
  });

  it("values Fancy bets on different lines at every result that matters", async () => {
    const { market } = await createFancyMarket();
    const a = await fundedPlayer(taka(5_000));
    const b = await fundedPlayer(taka(5_000));
    await placeFancyBet({ playerId: a, marketId: market.id, side: "yes", line: 46, rate: 100, stake: taka(100), requestKey: requestKey() });
    await setFancyLine(market.id, { noLine: 50, yesLine: 51, noRate: 100, yesRate: 100 });
    await placeFancyBet({ playerId: b, marketId: market.id, side: "no", line: 50, rate: 100, stake: taka(100), requestKey: requestKey() });
    const book = await db.transaction(async (tx) => (await marketLiability(tx, market.id, "fancy", [])).book);
    const positions = [
      { side: "yes" as const, line: 46, rate: 100, stake: taka(100) },
      { side: "no" as const, line: 50, rate: 100, stake: taka(100) },
    ];
    expect(book).toEqual(fancyBook(positions));
    // Between the lines (46 to 49 runs) both players win.
    expect([...book.values()]).toContain(taka(200));
  });
});
