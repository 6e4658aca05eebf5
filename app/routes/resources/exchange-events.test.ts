// /resources/exchange-events called the way React Router calls it: bad or unknown events are a 4xx; an event's
// stream carries a market's new state after it changed.
import { afterAll, describe, expect, it } from "vitest";
import { stopEventBus } from "#app/modules/events/bus.server.ts";
import { placeOrder } from "#app/modules/exchange/orders.server.ts";
import { addFancyLine, lineByTrader } from "#app/modules/exchange/trader.server.ts";
import { createFancyMarket, createMatchOddsMarket, fundedPlayer, requestKey, taka } from "#app/modules/exchange/test-helpers.ts";
import { setFancyLine } from "#app/modules/exchange/trading.server.ts";
import { settleMarket } from "#app/modules/exchange/settlement.server.ts";
import { watchStats } from "#app/modules/exchange/market-stream.server.ts";
import { closeIdleConnections } from "#app/modules/payments/test-helpers.ts";
import { callRoute as call, sessionFor } from "#tests/support/route-call.ts";
import * as events from "./exchange-events.ts";

afterAll(async () => {
  await stopEventBus();
  await closeIdleConnections();
});

describe("/resources/exchange-events", () => {
  it.each(["", "?event=", "?event=abc", "?event=-4", "?event=1.5", "?event=99999999999", "?event=%00"])("is a 400 for %s", async (query) => {
    const out = await call(events, `/resources/exchange-events${query}`);
    expect(out.status).toBe(400);
  });

  it.each(["?markets=", "?markets=1,", "?markets=a", "?markets=0", "?markets=99999999999", `?markets=${Array(21).fill(1).join(",")}`])(
    "is a 400 for %s",
    async (query) => {
      expect((await call(events, `/resources/exchange-events${query}`)).status).toBe(400);
    },
  );

  it("streams the pinned markets it is asked for (Multi Markets), and is a 404 when none of them is open", async () => {
    expect((await call(events, "/resources/exchange-events?markets=2147483647")).status).toBe(404);
    const { market } = await createFancyMarket();
    const other = await createFancyMarket();
    const abort = new AbortController();
    const out = await call(events, `/resources/exchange-events?markets=2147483647,${market.id}`, { signal: abort.signal });
    const reader = out.response!.body!.pipeThrough(new TextDecoderStream()).getReader();
    await setFancyLine(other.market.id, { noLine: 10, yesLine: 11, noRate: 100, yesRate: 100 });
    await setFancyLine(market.id, { noLine: 60, yesLine: 61, noRate: 100, yesRate: 100 });
    let text = "";
    while (!/event: market\ndata: .*\n\n/.test(text)) text += (await reader.read()).value ?? "";
    expect(JSON.parse(/event: market\ndata: (.*)\n\n/.exec(text)![1]!)).toMatchObject({ id: market.id, line: { no: 60, yes: 61 } });
    expect(text).not.toContain(`"id":${other.market.id},`);
    abort.abort();
  });

  it("is a 404 for an event that does not exist", async () => {
    expect((await call(events, "/resources/exchange-events?event=2147483647")).status).toBe(404);
  });

  it("streams a market's state after it changed", async () => {
    const { market } = await createFancyMarket();
    const abort = new AbortController();
    const out = await call(events, `/resources/exchange-events?event=${market.eventId}`, { signal: abort.signal });
    expect(out.response!.headers.get("content-type")).toBe("text/event-stream");
    const reader = out.response!.body!.pipeThrough(new TextDecoderStream()).getReader();
    await setFancyLine(market.id, { noLine: 70, yesLine: 71, noRate: 95, yesRate: 105 });
    let text = "";
    while (!/event: market\ndata: .*\n\n/.test(text)) text += (await reader.read()).value ?? "";
    const data = JSON.parse(/event: market\ndata: (.*)\n\n/.exec(text)![1]!);
    expect(data).toMatchObject({ id: market.id, kind: "fancy", status: "open", line: { no: 70, yes: 71, noRate: 95, yesRate: 105 } });
    abort.abort();
  });

  it("tells a logged-in player when their money moved, so the page reloads only then", async () => {
    const { market, home } = await createMatchOddsMarket();
    const player = await fundedPlayer(taka(1_000));
    const abort = new AbortController();
    const out = await call(events, `/resources/exchange-events?event=${market.eventId}`, {
      signal: abort.signal,
      cookie: (await sessionFor({ id: player })).cookie,
    });
    const reader = out.response!.body!.pipeThrough(new TextDecoderStream()).getReader();
    await placeOrder({ playerId: player, marketId: market.id, runnerId: home.id, side: "back", tick: 50, stake: taka(20), requestKey: requestKey() });
    let text = "";
    while (!/event: position\ndata: \d+\n\n/.test(text)) text += (await reader.read()).value ?? "";
    expect(text).toMatch(/event: position\ndata: \d+\n\n/);
    abort.abort();
  });

  it("takes on a Fancy line opened after the page connected: its new line reaches the page", async () => {
    const { market } = await createMatchOddsMarket();
    const trader = { staffId: null as unknown as number, ip: "127.0.0.1" };
    const abort = new AbortController();
    const out = await call(events, `/resources/exchange-events?event=${market.eventId}`, { signal: abort.signal });
    const reader = out.response!.body!.pipeThrough(new TextDecoderStream()).getReader();
    const fancy = await addFancyLine(trader, market.eventId, { name: "10 over runs", noLine: 80, yesLine: 81, noRate: 100, yesRate: 100 });
    let text = "";
    // The match odds' push names the new line...
    while (!new RegExp(`"markets":\\[[^\\]]*\\b${fancy}\\b`).test(text)) text += (await reader.read()).value ?? "";
    expect(text).toMatch(new RegExp(`"markets":\\[[^\\]]*\\b${fancy}\\b`));
    await lineByTrader(trader, fancy, { noLine: 84, yesLine: 86, noRate: 90, yesRate: 110 });
    // ...and the stream then carries the line's own changes.
    while (!new RegExp(`"id":${fancy},[^\\n]*"no":84`).test(text)) text += (await reader.read()).value ?? "";
    const lines = text.match(new RegExp(`data: \\{"id":${fancy},[^\\n]*"no":84`, "g")) ?? [];
    expect(lines.length).toBeGreaterThanOrEqual(1);
    abort.abort();
  });

  it("lets a settled Fancy line go after its closing push: a later correction of it is not sent", async () => {
    const { market } = await createMatchOddsMarket();
    const trader = { staffId: null as unknown as number, ip: "127.0.0.1" };
    const fancy = await addFancyLine(trader, market.eventId, { name: "6 over runs", noLine: 40, yesLine: 41, noRate: 100, yesRate: 100 });
    const watchedBefore = watchStats().markets;
    const abort = new AbortController();
    const out = await call(events, `/resources/exchange-events?event=${market.eventId}`, { signal: abort.signal });
    const reader = out.response!.body!.pipeThrough(new TextDecoderStream()).getReader();
    const closed = (id: number) => new RegExp(`data: \\{"id":${id},"eventId":\\d+,"kind":"\\w+","version":\\d+,"status":"closed"`);
    expect(watchStats().markets).toBe(watchedBefore + 2);
    await settleMarket(fancy, { resultRuns: 45 });
    let text = "";
    while (!closed(fancy).test(text)) text += (await reader.read()).value ?? "";
    expect(watchStats().markets).toBe(watchedBefore + 1);
    // A correction of the settled line, then the match odds settled: only the match odds' push arrives.
    text = "";
    await settleMarket(fancy, { resultRuns: 47 });
    await settleMarket(market.id, { void: true });
    while (!closed(market.id).test(text)) text += (await reader.read()).value ?? "";
    expect(text).not.toContain(`data: {"id":${fancy},`);
    abort.abort();
  });
});
