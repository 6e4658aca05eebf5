import { afterAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { eventBusReady, publish, stopEventBus } from "#app/modules/events/bus.server.ts";
import { closeIdleConnections } from "#app/modules/ledger/test-helpers.ts";
import { parseOdds } from "./ladder.ts";
import { publicMarket, watchMarkets, watchStats } from "./market-stream.server.ts";
import { placeOrder } from "./orders.server.ts";
import { exchangeEvents, exchangeMarkets } from "./schema.ts";
import { createBookmakerMarket, createFancyMarket, createMatchOddsMarket, fundedPlayer, requestKey, taka } from "./test-helpers.ts";
import { setFancyLine } from "./trading.server.ts";

afterAll(async () => {
  await stopEventBus();
  await closeIdleConnections();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Message = { at: number; market: { version: number; line: { no: number; yes: number } | null } & Record<string, unknown> };

function collect(marketIds: number[]) {
  const messages: Message[] = [];
  const stop = watchMarkets(marketIds, (_id, json) => messages.push({ at: Date.now(), market: JSON.parse(json) }));
  return { messages, stop };
}

describe("live market updates", () => {
  it("sends at most one message per market per 100 ms, and the last one shows the final state", async () => {
    const { market } = await createFancyMarket();
    const { messages, stop } = collect([market.id]);
    try {
      const started = Date.now();
      for (let i = 0; i < 30; i++) await setFancyLine(market.id, { noLine: 50 + i, yesLine: 51 + i, noRate: 100, yesRate: 100 });
      const elapsed = Date.now() - started;
      await sleep(400);
      expect(messages.length).toBeGreaterThanOrEqual(1);
      expect(messages.length).toBeLessThanOrEqual(Math.floor(elapsed / 100) + 2);
      for (let i = 1; i < messages.length; i++) expect(messages[i]!.at - messages[i - 1]!.at).toBeGreaterThanOrEqual(95);
      expect(messages.at(-1)!.market.line).toEqual({ no: 79, yes: 80, noRate: 100, yesRate: 100 });
    } finally {
      stop();
    }
  });

  it("sends nothing when a notice leaves what the page shows unchanged, and nothing after it stopped", async () => {
    const { market } = await createFancyMarket();
    const { messages, stop } = collect([market.id]);
    await setFancyLine(market.id, { noLine: 60, yesLine: 61, noRate: 100, yesRate: 100 });
    await sleep(250);
    expect(messages).toHaveLength(1);
    await publish({ kind: "market", marketId: market.id });
    await sleep(250);
    expect(messages).toHaveLength(1);
    stop();
    await setFancyLine(market.id, { noLine: 62, yesLine: 63, noRate: 100, yesRate: 100 });
    await sleep(250);
    expect(messages).toHaveLength(1);
  });

  it("shares one watcher per market between its pages: every page gets the same message, the last to leave stops it", async () => {
    const { market } = await createFancyMarket();
    const before = watchStats();
    const pages = [collect([market.id]), collect([market.id]), collect([market.id])];
    expect(watchStats()).toEqual({ markets: before.markets + 1, listeners: before.listeners + 3 });
    await setFancyLine(market.id, { noLine: 70, yesLine: 71, noRate: 100, yesRate: 100 });
    await sleep(250);
    expect(pages.map((p) => p.messages.map((m) => m.market.line))).toEqual(Array(3).fill([{ no: 70, yes: 71, noRate: 100, yesRate: 100 }]));
    pages[0]!.stop();
    await setFancyLine(market.id, { noLine: 72, yesLine: 73, noRate: 100, yesRate: 100 });
    await sleep(250);
    expect(pages.map((p) => p.messages.length)).toEqual([1, 2, 2]);
    pages[1]!.stop();
    pages[2]!.stop();
    expect(watchStats()).toEqual(before);
  });

  it("shows a player's unmatched back as money available to lay", async () => {
    const { market, home } = await createMatchOddsMarket();
    const player = await fundedPlayer(taka(500));
    const { messages, stop } = collect([market.id]);
    try {
      await placeOrder({
        playerId: player,
        marketId: market.id,
        runnerId: home.id,
        side: "back",
        tick: parseOdds("2.5")!,
        stake: taka(200),
        requestKey: requestKey(),
      });
      await sleep(300);
      const runner = (messages.at(-1)!.market.runners as { id: number; toLay: { tick: number; size: string }[] }[]).find((r) => r.id === home.id)!;
      expect(runner.toLay).toEqual([{ tick: parseOdds("2.5"), size: String(taka(200)) }]);
    } finally {
      stop();
    }
  });

  it("pushes what the page shows of each kind of market, and match odds name the event's markets still to settle", async () => {
    const { event, oddsMarket, market: bookmaker, home } = await createBookmakerMarket();
    const [open, closed, settled] = await db
      .insert(exchangeMarkets)
      .values([
        { eventId: event.id, kind: "fancy" as const, name: "6 over runs", noLine: 45, yesLine: 46 },
        { eventId: event.id, kind: "fancy" as const, name: "10 over runs", status: "closed" as const },
        { eventId: event.id, kind: "fancy" as const, name: "2 over runs", status: "closed" as const, settledAt: new Date() },
      ])
      .returning();
    const score = { innings: [{ team: 1, runs: 12, wickets: 0, overs: "1.2" }], lastBall: "4" };
    await db.update(exchangeEvents).set({ score }).where(eq(exchangeEvents.id, event.id));

    const odds = await publicMarket(oddsMarket.id);
    expect(odds?.markets).toEqual([oddsMarket.id, bookmaker.id, open!.id]);
    expect(odds?.markets).not.toContain(closed!.id);
    expect(odds?.markets).not.toContain(settled!.id);
    expect(odds?.score).toEqual(score);
    expect(odds?.runners).toHaveLength(2);

    const quotes = await publicMarket(bookmaker.id);
    expect(quotes).toMatchObject({ kind: "bookmaker", score: null, markets: null, line: null });
    expect(quotes?.runners[0]).toMatchObject({ id: home.id, backRate: 45, layRate: 47, toBack: [], toLay: [] });

    const line = await publicMarket(open!.id);
    expect(line).toMatchObject({ kind: "fancy", runners: [], line: { no: 45, yes: 46 }, markets: null });
    expect(await publicMarket(2_000_000_000)).toBeNull();
  });

  it.runIf(Boolean(process.env.DATABASE_URL))("pushes a change another instance made (its NOTIFY) to this instance's pages", async () => {
    const { market } = await createFancyMarket();
    const { messages, stop } = collect([market.id]);
    try {
      await eventBusReady();
      // Another instance moves the line in its own transaction and tells the others, as trading.server.ts does there.
      await db
        .update(exchangeMarkets)
        .set({ noLine: 88, yesLine: 90, version: sql`${exchangeMarkets.version} + 1` })
        .where(eq(exchangeMarkets.id, market.id));
      await db.execute(sql`select pg_notify('balance_changed', ${`other-instance:m${market.id}`})`);
      const deadline = Date.now() + 5_000;
      while (!messages.length && Date.now() < deadline) await sleep(20);
      expect(messages.at(-1)!.market.line).toMatchObject({ no: 88, yes: 90 });
    } finally {
      stop();
    }
  });
});
