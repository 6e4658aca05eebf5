// The exposure a placement holds is worked out from each player's matched stakes summed per runner and side plus
// their unmatched remainders (exposure.server.ts); here it is checked against the exposure worked out the long way,
// fill by fill from the fills table (README.md, "Exposure"), after many random orders, cancels included.
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, expectInvariants } from "#app/modules/ledger/test-helpers.ts";
import { priceAt, parseOdds } from "./ladder.ts";
import { cancelOrder, placeOrder } from "./orders.server.ts";
import { exposureOf, runnerBook, type RunnerPosition } from "./pnl.ts";
import { exchangeExposures, exchangeFills, exchangeOrders } from "./schema.ts";
import { createMatchOddsMarket, fundedPlayer, mainOf, requestKey, taka } from "./test-helpers.ts";

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

/** The player's exposure from the fills one by one, at each fill's price, and the unmatched remainders' losses. */
async function exposureFillByFill(playerId: number, marketId: number, runnerIds: number[]) {
  const orders = await db
    .select()
    .from(exchangeOrders)
    .where(and(eq(exchangeOrders.marketId, marketId), eq(exchangeOrders.playerId, playerId)));
  const mine = new Map(orders.map((o) => [o.id, o]));
  const fills = await db.select().from(exchangeFills).where(eq(exchangeFills.marketId, marketId));
  const matched: RunnerPosition[] = [];
  for (const f of fills) {
    const order = mine.get(f.takerOrderId) ?? mine.get(f.makerOrderId);
    if (!order) continue;
    matched.push({
      runnerId: f.runnerId,
      side: order.side as "back" | "lay",
      stake: f.size,
      profit: (f.size * BigInt(priceAt(f.tick) - 100)) / 100n,
    });
  }
  const unmatched: RunnerPosition[] = orders
    .filter((o) => o.status === "unmatched" || o.status === "partially_matched")
    .map((o) => {
      const stake = o.size - o.matched - o.cancelled;
      return { runnerId: o.runnerId!, side: o.side as "back" | "lay", stake, profit: (stake * BigInt(priceAt(o.tick!) - 100)) / 100n };
    });
  return exposureOf(runnerBook(runnerIds, matched, unmatched).values());
}

describe("exposure held per placement", () => {
  it("equals the exposure worked out fill by fill, for every player, after 120 random orders and cancels", async () => {
    const { market, home, away } = await createMatchOddsMarket();
    const players = await Promise.all(Array.from({ length: 5 }, () => fundedPlayer(taka(1_000_000))));
    let seed = 7;
    const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const base = parseOdds("2")!;
    const placed: { id: number; playerId: number }[] = [];
    for (let i = 0; i < 120; i++) {
      const playerId = players[Math.floor(rand() * players.length)]!;
      if (rand() < 0.15 && placed.length > 0) {
        const o = placed[Math.floor(rand() * placed.length)]!;
        await cancelOrder(o.playerId, o.id).catch(() => undefined); // already matched or cancelled: nothing to cancel
        continue;
      }
      const { order } = await placeOrder({
        playerId,
        marketId: market.id,
        runnerId: rand() < 0.5 ? home.id : away.id,
        side: rand() < 0.5 ? "back" : "lay",
        tick: base - 4 + Math.floor(rand() * 9),
        stake: taka(10 + Math.floor(rand() * 200)),
        requestKey: requestKey(),
      });
      placed.push({ id: order.id, playerId });
    }
    const fills = await db.select().from(exchangeFills).where(eq(exchangeFills.marketId, market.id));
    expect(fills.length).toBeGreaterThan(20);
    for (const playerId of players) {
      const [held] = await db
        .select()
        .from(exchangeExposures)
        .where(and(eq(exchangeExposures.playerId, playerId), eq(exchangeExposures.marketId, market.id)));
      const expected = await exposureFillByFill(playerId, market.id, [home.id, away.id]);
      expect(held?.amount ?? 0n).toBe(expected);
      expect((await mainOf(playerId)).pending).toBe(expected);
    }
  });
});
