import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { getAccountByCode } from "#app/modules/ledger/queries.server.ts";
import { closeIdleConnections, expectInvariants } from "#app/modules/ledger/test-helpers.ts";
import { turnoverRequirements } from "#app/modules/turnover/schema.ts";
import { parseOdds } from "./ladder.ts";
import { placeOrder, type PlaceOrderInput } from "./orders.server.ts";
import { EXCHANGE_COMMISSION, settleMarket } from "./settlement.server.ts";
import { exchangeMarkets, exchangeOrders, exchangeRunners } from "./schema.ts";
import { createMatchOddsMarket, fundedPlayer, mainOf, requestKey, taka } from "./test-helpers.ts";

const T = (odds: string) => parseOdds(odds)!;
const order = (o: Omit<PlaceOrderInput, "requestKey">) => placeOrder({ requestKey: requestKey(), ...o });
const commissionBalance = async () => (await getAccountByCode(EXCHANGE_COMMISSION, "BDT"))?.posted ?? 0n;

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

/** Layer lays 100 at 3.0 on Dhaka; backer backs 150 at 2.5 (100 matched at 3.0, 50 unmatched). */
async function matchedPair() {
  const m = await createMatchOddsMarket();
  const layer = await fundedPlayer(taka(1000));
  const backer = await fundedPlayer(taka(1000));
  const lay = await order({ playerId: layer, marketId: m.market.id, runnerId: m.home.id, side: "lay", tick: T("3"), stake: taka(100) });
  const back = await order({ playerId: backer, marketId: m.market.id, runnerId: m.home.id, side: "back", tick: T("2.5"), stake: taka(150) });
  return { ...m, layer, backer, lay, back };
}

describe("match-odds settlement", () => {
  it("pays the winner from the loser, takes 2 % commission on net winnings, releases every hold and lapses the unmatched", async () => {
    const { market, home, away, layer, backer, lay, back } = await matchedPair();
    const before = await commissionBalance();
    const settled = await settleMarket(market.id, { winnerRunnerId: home.id });
    expect(settled.sort((a, b) => a.playerId - b.playerId)).toEqual(
      [
        { playerId: layer, net: -taka(200), commission: 0n },
        { playerId: backer, net: taka(200), commission: taka(4) },
      ].sort((a, b) => a.playerId - b.playerId),
    );
    expect(await mainOf(backer)).toEqual({ available: taka(1196), pending: 0n, posted: taka(1196) });
    expect(await mainOf(layer)).toEqual({ available: taka(800), pending: 0n, posted: taka(800) });
    expect((await commissionBalance()) - before).toBe(taka(4));
    const orders = await db.select().from(exchangeOrders).where(eq(exchangeOrders.marketId, market.id));
    expect(orders.find((o) => o.id === back.order.id)).toMatchObject({ status: "won", profit: taka(200), cancelled: taka(50) });
    expect(orders.find((o) => o.id === lay.order.id)).toMatchObject({ status: "lost", profit: -taka(200) });
    const runners = await db.select().from(exchangeRunners).where(eq(exchangeRunners.marketId, market.id));
    expect(runners.find((r) => r.id === home.id)?.status).toBe("winner");
    expect(runners.find((r) => r.id === away.id)?.status).toBe("loser");
    const [closed] = await db.select().from(exchangeMarkets).where(eq(exchangeMarkets.id, market.id));
    expect(closed).toMatchObject({ status: "closed", settleCount: 1, voided: false });
  });

  it("a void market returns everyone's money and charges nothing", async () => {
    const { market, layer, backer, lay, back } = await matchedPair();
    await settleMarket(market.id, { void: true });
    expect(await mainOf(backer)).toEqual({ available: taka(1000), pending: 0n, posted: taka(1000) });
    expect(await mainOf(layer)).toEqual({ available: taka(1000), pending: 0n, posted: taka(1000) });
    const orders = await db.select().from(exchangeOrders).where(eq(exchangeOrders.marketId, market.id));
    expect(orders.find((o) => o.id === back.order.id)?.status).toBe("void");
    expect(orders.find((o) => o.id === lay.order.id)?.status).toBe("void");
  });

  it("a correction reverses the first settlement before posting the second", async () => {
    const { market, home, away, layer, backer } = await matchedPair();
    await settleMarket(market.id, { winnerRunnerId: home.id });
    await settleMarket(market.id, { winnerRunnerId: away.id });
    // Away won after all: the backer lost their matched 100 and the layer won it, less 2 %.
    expect(await mainOf(backer)).toEqual({ available: taka(900), pending: 0n, posted: taka(900) });
    expect(await mainOf(layer)).toEqual({ available: taka(1098), pending: 0n, posted: taka(1098) });
    const [closed] = await db.select().from(exchangeMarkets).where(eq(exchangeMarkets.id, market.id));
    expect(closed?.settleCount).toBe(2);
  });

  it("counts each settled order's matched stake toward turnover, once", async () => {
    const { market, home, backer } = await matchedPair();
    const [req] = await db
      .insert(turnoverRequirements)
      .values({ playerId: backer, required: taka(1000), remaining: taka(1000) })
      .returning();
    await settleMarket(market.id, { winnerRunnerId: home.id });
    await settleMarket(market.id, { winnerRunnerId: home.id });
    const [after] = await db.select().from(turnoverRequirements).where(eq(turnoverRequirements.id, req!.id));
    expect(after?.remaining).toBe(taka(900));
  });
});
