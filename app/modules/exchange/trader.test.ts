import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections } from "#app/modules/ledger/test-helpers.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { placeBetFromForm } from "./bets.server.ts";
import { isExchangeError } from "./errors.ts";
import { parseOdds } from "./ladder.ts";
import { placeOrder } from "./orders.server.ts";
import { getExchangeRecord, listExchangeRecords } from "./records.server.ts";
import { exchangeEvents, exchangeMarkets } from "./schema.ts";
import { createBookmakerMarket, createFancyMarket, createMatchOddsMarket, fundedPlayer, mainOf, requestKey, taka } from "./test-helpers.ts";
import {
  addFancyLine,
  createTraderEvent,
  lineByTrader,
  quoteByTrader,
  setStatusByTrader,
  settleByTrader,
  traderEvent,
  turnInPlayByTrader,
} from "./trader.server.ts";

afterAll(closeIdleConnections);

const trader = { staffId: null as unknown as number, ip: "127.0.0.1" };

async function auditRows(entity: string, entityId: number) {
  return db
    .select({ action: auditLog.action, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId)), eq(auditLog.ip, "127.0.0.1")))
    .orderBy(auditLog.id);
}

describe("the trader's levers", () => {
  it("creates an event suspended, opens it, quotes it, turns it in play, each change audited", async () => {
    const eventId = await createTraderEvent(trader, {
      sport: "soccer",
      competition: "Bangladesh Premier League",
      name: `Abahani v Mohammedan ${requestKey()}`,
      startsAt: new Date(Date.now() + 86_400_000),
      runners: ["Abahani", "Mohammedan", "Draw"],
      bookmaker: true,
    });
    const view = await traderEvent(eventId);
    expect(view!.markets.map((m) => [m.kind, m.status, m.runners.length])).toEqual([
      ["match_odds", "suspended", 3],
      ["bookmaker", "suspended", 3],
    ]);
    const [odds, bookmaker] = view!.markets;
    await setStatusByTrader(trader, odds!.id, "open");
    await quoteByTrader(trader, bookmaker!.runners[0]!.id, 80, 85);
    await expect(quoteByTrader(trader, bookmaker!.runners[0]!.id, 90, 85)).rejects.toSatisfy((e) => isExchangeError(e) && e.code === "invalid_price");
    await turnInPlayByTrader(trader, eventId);
    const after = await traderEvent(eventId);
    expect(after!.event.inPlay).toBe(true);
    expect(after!.markets[0]!.status).toBe("open");
    expect(after!.markets[1]!.runners[0]).toMatchObject({ backRate: 80, layRate: 85 });
    expect((await auditRows("exchange_event", eventId)).map((r) => r.action).sort()).toEqual(["exchange.event.create", "exchange.event.inplay"]);
    expect((await auditRows("exchange_market", odds!.id)).map((r) => r.action)).toEqual(["exchange.market.open"]);
    expect((await auditRows("exchange_runner", bookmaker!.runners[0]!.id)).map((r) => r.after)).toEqual([{ backRate: 80, layRate: 85 }]);
  });

  it("settles match odds on a winner: P&L through the ledger, the record shows WON and LOST, the liability view sums players", async () => {
    const { event, market, home, away } = await createMatchOddsMarket();
    const backer = await fundedPlayer(taka(1_000));
    const layer = await fundedPlayer(taka(1_000));
    await placeOrder({
      playerId: layer,
      marketId: market.id,
      runnerId: home.id,
      side: "lay",
      tick: parseOdds("3")!,
      stake: taka(100),
      requestKey: requestKey(),
    });
    const { order } = await placeBetFromForm(backer, {
      market: market.id,
      runner: home.id,
      side: "back",
      price: "3",
      stake: "100",
      requestKey: requestKey(),
    });
    const live = await traderEvent(event.id);
    // Players bet against each other: no market-maker position either way.
    expect(live!.markets[0]!.runners.map((r) => r.pnl)).toEqual(["৳0.00", "৳0.00"]);
    expect(live!.markets[0]!.held).toBe("৳300.00");

    const settled = await settleByTrader(trader, market.id, { winnerRunnerId: home.id });
    expect(settled.map((s) => s.net).sort()).toEqual([taka(-200), taka(200)]);
    expect(await mainOf(backer)).toMatchObject({ pending: 0n, posted: taka(1_000) + taka(200) - taka(4) });
    const record = await getExchangeRecord(backer, order.id);
    expect(record).toMatchObject({ status: "WON", odds: "3.00", stake: "৳100.00", potentialProfit: "৳200.00", potentialLiability: "৳100.00" });
    expect(record!.net).toEqual({ text: "৳200.00", negative: false });
    expect((await listExchangeRecords(layer)).records.map((r) => [r.status, r.net?.text])).toEqual([["LOST", "−৳200.00"]]);
    expect(await getExchangeRecord(layer, order.id)).toBeNull();
    // Its only market settled: the event closes.
    const [closed] = await db.select().from(exchangeEvents).where(eq(exchangeEvents.id, event.id));
    expect(closed!.closed).toBe(true);

    // A correction reverses the first settlement before posting the new one.
    await settleByTrader(trader, market.id, { winnerRunnerId: away.id });
    expect(await mainOf(backer)).toMatchObject({ posted: taka(900) });
    expect((await auditRows("exchange_market", market.id)).map((r) => r.action)).toEqual(["exchange.market.settle", "exchange.market.correct"]);
  });

  it("settles a Fancy line at runs, sets a line by hand and adds one; a Bookmaker market voids", async () => {
    const fancy = await createFancyMarket();
    const player = await fundedPlayer(taka(1_000));
    await placeBetFromForm(player, { market: fancy.market.id, side: "yes", price: "100", line: 46, stake: "100", requestKey: requestKey() });
    await lineByTrader(trader, fancy.market.id, { noLine: 50, yesLine: 51, noRate: 100, yesRate: 100 });
    const [moved] = await db.select().from(exchangeMarkets).where(eq(exchangeMarkets.id, fancy.market.id));
    expect([moved!.noLine, moved!.yesLine]).toEqual([50, 51]);
    await settleByTrader(trader, fancy.market.id, { resultRuns: 46 });
    expect(await mainOf(player)).toMatchObject({ posted: taka(1_100), pending: 0n });

    const added = await addFancyLine(trader, fancy.event.id, { name: "10 over runs DHA", noLine: 70, yesLine: 72, noRate: 100, yesRate: 100 });
    const view = await traderEvent(fancy.event.id);
    expect(view!.markets.find((m) => m.id === added)).toMatchObject({ kind: "fancy", status: "suspended", line: { noLine: 70, yesLine: 72 } });
    await expect(addFancyLine(trader, fancy.event.id, { name: "bad", noLine: 72, yesLine: 70, noRate: 100, yesRate: 100 })).rejects.toSatisfy(
      (e) => isExchangeError(e) && e.code === "invalid_price",
    );

    const bm = await createBookmakerMarket();
    const bettor = await fundedPlayer(taka(500));
    await placeBetFromForm(bettor, { market: bm.market.id, runner: bm.home.id, side: "back", price: "45", stake: "100", requestKey: requestKey() });
    await settleByTrader(trader, bm.market.id, { void: true });
    expect(await mainOf(bettor)).toMatchObject({ posted: taka(500), pending: 0n });
    expect((await listExchangeRecords(bettor)).records[0]!.status).toBe("VOID");
  });
});
