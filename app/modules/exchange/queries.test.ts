import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections } from "#app/modules/ledger/test-helpers.ts";
import { parseOdds } from "./ladder.ts";
import { placeOrder } from "./orders.server.ts";
import { listEvents, listPlayerOrders, marketView } from "./queries.server.ts";
import { exchangeEvents, exchangeMarkets } from "./schema.ts";
import { createFancyMarket, createMatchOddsMarket, fundedPlayer, requestKey, taka } from "./test-helpers.ts";

const T = (odds: string) => parseOdds(odds)!;
afterAll(closeIdleConnections);

describe("event lists", () => {
  it("puts events under In-Play, Today and Tomorrow by the Dhaka calendar day, grouped by sport, with badges", async () => {
    const tag = requestKey();
    // 2026-03-10 20:00 in Dhaka is 14:00 UTC; Dhaka's next day starts at 18:00 UTC.
    const now = new Date("2026-03-10T14:00:00Z");
    const make = async (name: string, startsAt: string, values: Partial<typeof exchangeEvents.$inferInsert> = {}) => {
      const { event } = await createMatchOddsMarket();
      await db
        .update(exchangeEvents)
        .set({ name: `${name} ${tag}`, startsAt: new Date(startsAt), ...values })
        .where(eq(exchangeEvents.id, event.id));
      return event;
    };
    const live = await make("Live", "2026-03-10T13:00:00Z", { inPlay: true });
    const tonight = await make("Tonight", "2026-03-10T17:59:00Z");
    const tomorrow = await make("Tomorrow", "2026-03-10T18:00:00Z", { sport: "soccer" });
    const done = await make("Done", "2026-03-09T10:00:00Z", { closed: true });
    const fancy = await createFancyMarket();
    await db.update(exchangeMarkets).set({ eventId: live.id }).where(eq(exchangeMarkets.id, fancy.market.id));

    const ids = async (tab: "inplay" | "today" | "tomorrow" | "result") =>
      (await listEvents({ tab, search: tag, now })).flatMap((g) => g.events.map((e) => [g.sport, e.id]));
    expect(await ids("inplay")).toEqual([["cricket", live.id]]);
    expect(await ids("today")).toEqual([
      ["cricket", live.id],
      ["cricket", tonight.id],
    ]);
    expect(await ids("tomorrow")).toEqual([["soccer", tomorrow.id]]);
    expect(await ids("result")).toEqual([["cricket", done.id]]);
    const [group] = await listEvents({ tab: "inplay", search: tag, now });
    expect(group!.events[0]).toMatchObject({ hasFancy: true, hasBookmaker: false });
    expect(group!.events[0]!.matchOddsId).toBeGreaterThan(0);
    expect(await listEvents({ tab: "today", search: "%_nothing-like-this", now })).toEqual([]);
  });
});

describe("market view", () => {
  it("shows the best prices, the player's own bets and P&L only, and no other player's", async () => {
    const { market, home, away } = await createMatchOddsMarket();
    const a = await fundedPlayer(taka(1000));
    const b = await fundedPlayer(taka(1000));
    await placeOrder({ playerId: a, marketId: market.id, runnerId: home.id, side: "lay", tick: T("2"), stake: taka(100), requestKey: requestKey() });
    await placeOrder({
      playerId: b,
      marketId: market.id,
      runnerId: home.id,
      side: "back",
      tick: T("1.9"),
      stake: taka(60),
      requestKey: requestKey(),
    });
    const view = await marketView(market.id, b);
    const runner = view!.matchOdds[0]!.runners.find((r) => r.id === home.id)!;
    expect(runner.availableToBack).toEqual([{ tick: T("2"), size: taka(40) }]);
    expect(view!.player!.matched.map((o) => o.playerId)).toEqual([b]);
    expect(view!.player!.unmatched).toEqual([]);
    expect(view!.player!.books.get(market.id)).toEqual(
      new Map([
        [home.id, taka(60)],
        [away.id, -taka(60)],
      ]),
    );
    expect(await marketView(2_000_000_000)).toBeNull();
    const history = await listPlayerOrders(b, { settled: false });
    expect(history.map((h) => [h.runner, h.order.status])).toEqual([["Dhaka", "matched"]]);
    expect(await listPlayerOrders(b, { settled: false, before: history[0]!.order.id })).toEqual([]);
  });
});
