import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, expectInvariants } from "#app/modules/ledger/test-helpers.ts";
import { parseOdds } from "./ladder.ts";
import { cancelOrder, ExchangeError, lapseOrders, placeOrder, type PlaceOrderInput } from "./orders.server.ts";
import { exchangeExposures, exchangeFills, exchangeMarkets, exchangeOrders } from "./schema.ts";
import { createMatchOddsMarket, fundedPlayer, mainOf, refusal, requestKey, taka } from "./test-helpers.ts";

const T = (odds: string) => parseOdds(odds)!;
const order = (o: Omit<PlaceOrderInput, "requestKey"> & { requestKey?: string }) => placeOrder({ requestKey: requestKey(), ...o });

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

describe("match-odds orders", () => {
  it("matches a back against a resting lay at the lay's price, rests the remainder and holds each player's exposure", async () => {
    const { market, home } = await createMatchOddsMarket();
    const layer = await fundedPlayer(taka(1000));
    const backer = await fundedPlayer(taka(1000));
    const lay = await order({ playerId: layer, marketId: market.id, runnerId: home.id, side: "lay", tick: T("3"), stake: taka(100) });
    expect(lay.order.status).toBe("unmatched");
    expect(lay.exposure).toBe(taka(200)); // laying 100 at 3.0 risks 200
    expect((await mainOf(layer)).available).toBe(taka(800));

    const back = await order({ playerId: backer, marketId: market.id, runnerId: home.id, side: "back", tick: T("2.5"), stake: taka(150) });
    expect(back.order).toMatchObject({ status: "partially_matched", matched: taka(100) });
    const fills = await db.select().from(exchangeFills).where(eq(exchangeFills.takerOrderId, back.order.id));
    expect(fills.map((f) => [f.tick, f.size])).toEqual([[T("3"), taka(100)]]);
    // Backer: +200 if Dhaka wins (the unmatched 50's gain not counted), -150 if not.
    expect(back.exposure).toBe(taka(150));
    expect((await mainOf(backer)).available).toBe(taka(850));
    const [layRow] = await db.select().from(exchangeOrders).where(eq(exchangeOrders.id, lay.order.id));
    expect(layRow).toMatchObject({ status: "matched", matched: taka(100) });
    expect((await mainOf(layer)).available).toBe(taka(800));
  });

  it("refuses an order whose exposure does not fit the balance and writes nothing", async () => {
    const { market, home } = await createMatchOddsMarket();
    const poor = await fundedPlayer(taka(100));
    const e = await refusal(order({ playerId: poor, marketId: market.id, runnerId: home.id, side: "lay", tick: T("5"), stake: taka(100) }));
    expect(e.code).toBe("insufficient_funds");
    expect(e.params.available).toBe(String(taka(100)));
    expect(await db.select().from(exchangeOrders).where(eq(exchangeOrders.playerId, poor))).toEqual([]);
    expect(await mainOf(poor)).toEqual({ available: taka(100), pending: 0n, posted: taka(100) });
  });

  it("cancels and reduces unmatched stake, releasing exposure; another player's order is not found", async () => {
    const { market, away } = await createMatchOddsMarket();
    const p = await fundedPlayer(taka(500));
    const other = await fundedPlayer(taka(500));
    const placed = await order({ playerId: p, marketId: market.id, runnerId: away.id, side: "back", tick: T("2"), stake: taka(300) });
    expect((await mainOf(p)).available).toBe(taka(200));
    expect((await refusal(cancelOrder(other, placed.order.id))).code).toBe("order_not_found");
    const reduced = await cancelOrder(p, placed.order.id, taka(100));
    expect(reduced.order).toMatchObject({ status: "unmatched", cancelled: taka(100) });
    expect((await mainOf(p)).available).toBe(taka(300));
    const gone = await cancelOrder(p, placed.order.id);
    expect(gone.order.status).toBe("cancelled");
    expect(await mainOf(p)).toEqual({ available: taka(500), pending: 0n, posted: taka(500) });
    expect((await refusal(cancelOrder(p, placed.order.id))).code).toBe("order_not_open");
  });

  it("replays a retried request and refuses the same request id with other fields", async () => {
    const { market, home } = await createMatchOddsMarket();
    const p = await fundedPlayer(taka(500));
    const key = requestKey();
    const input = { playerId: p, marketId: market.id, runnerId: home.id, side: "back" as const, tick: T("1.5"), stake: taka(100), requestKey: key };
    const first = await placeOrder(input);
    const again = await placeOrder(input);
    expect(again).toMatchObject({ replayed: true, order: { id: first.order.id } });
    expect((await refusal(placeOrder({ ...input, stake: taka(200) }))).code).toBe("request_mismatch");
    expect((await mainOf(p)).available).toBe(taka(400));
  });

  it("refuses closed, suspended and unknown markets, inactive runners, bad prices and stakes out of range", async () => {
    const { market, home } = await createMatchOddsMarket({ minStake: taka(100), maxStake: taka(1000) });
    const other = await createMatchOddsMarket();
    const p = await fundedPlayer(taka(5000));
    const base = { playerId: p, marketId: market.id, runnerId: home.id, side: "back" as const, tick: T("2") };
    expect((await refusal(order({ ...base, stake: taka(50) }))).code).toBe("stake_range");
    expect((await refusal(order({ ...base, stake: taka(1100) }))).code).toBe("stake_range");
    expect((await refusal(order({ ...base, stake: taka(100) + 50n }))).code).toBe("stake_range");
    expect((await refusal(order({ ...base, tick: 350, stake: taka(100) }))).code).toBe("invalid_price");
    expect((await refusal(order({ ...base, runnerId: other.home.id, stake: taka(100) }))).code).toBe("runner_not_active");
    expect((await refusal(order({ ...base, marketId: 2_000_000_000, stake: taka(100) }))).code).toBe("market_not_found");
    await db.update(exchangeMarkets).set({ status: "suspended" }).where(eq(exchangeMarkets.id, market.id));
    expect((await refusal(order({ ...base, stake: taka(100) }))).code).toBe("market_suspended");
    await db.update(exchangeMarkets).set({ status: "closed" }).where(eq(exchangeMarkets.id, market.id));
    expect((await refusal(order({ ...base, stake: taka(100) }))).code).toBe("market_closed");
    expect(await mainOf(p)).toEqual({ available: taka(5000), pending: 0n, posted: taka(5000) });
  });

  it("lapses unmatched orders at turn-in-play except those kept, and releases their exposure", async () => {
    const { market, home } = await createMatchOddsMarket();
    const p = await fundedPlayer(taka(1000));
    const lapsing = await order({ playerId: p, marketId: market.id, runnerId: home.id, side: "back", tick: T("4"), stake: taka(200) });
    const kept = await order({ playerId: p, marketId: market.id, runnerId: home.id, side: "back", tick: T("4"), stake: taka(100), persist: true });
    expect((await mainOf(p)).available).toBe(taka(700));
    expect(await lapseOrders(market.id, { keepPersist: true })).toEqual([lapsing.order.id]);
    const rows = await db.select().from(exchangeOrders).where(eq(exchangeOrders.marketId, market.id));
    expect(rows.find((r) => r.id === lapsing.order.id)?.status).toBe("lapsed");
    expect(rows.find((r) => r.id === kept.order.id)?.status).toBe("unmatched");
    expect((await mainOf(p)).available).toBe(taka(900));
  });
});

describe("match-odds orders under 50 parallel requests", () => {
  it("lets one player's parallel orders hold no more than the balance", async () => {
    const { market, home } = await createMatchOddsMarket();
    const p = await fundedPlayer(taka(1000));
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => order({ playerId: p, marketId: market.id, runnerId: home.id, side: "back", tick: T("3"), stake: taka(100) })),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected").map((r) => (r.reason as ExchangeError).code);
    expect(ok).toHaveLength(10);
    expect(new Set(refused)).toEqual(new Set(["insufficient_funds"]));
    expect(await db.select().from(exchangeOrders).where(eq(exchangeOrders.playerId, p))).toHaveLength(10);
    expect(await mainOf(p)).toEqual({ available: 0n, pending: taka(1000), posted: taka(1000) });
  });

  it("matches 50 parallel backers against one lay without over-filling it", async () => {
    const { market, home } = await createMatchOddsMarket();
    const layer = await fundedPlayer(taka(10_000));
    const lay = await order({ playerId: layer, marketId: market.id, runnerId: home.id, side: "lay", tick: T("2"), stake: taka(1000) });
    const backers = await Promise.all(Array.from({ length: 50 }, () => fundedPlayer(taka(500))));
    const placed = await Promise.all(
      backers.map((playerId) => order({ playerId, marketId: market.id, runnerId: home.id, side: "back", tick: T("2"), stake: taka(100) })),
    );
    expect(placed.filter((r) => r.order.status === "matched")).toHaveLength(10);
    expect(placed.filter((r) => r.order.status === "unmatched")).toHaveLength(40);
    const fills = await db.select().from(exchangeFills).where(eq(exchangeFills.makerOrderId, lay.order.id));
    expect(fills.reduce((s, f) => s + f.size, 0n)).toBe(taka(1000));
    const [layRow] = await db.select().from(exchangeOrders).where(eq(exchangeOrders.id, lay.order.id));
    expect(layRow).toMatchObject({ status: "matched", matched: taka(1000) });
    // The layer risks 1,000 if Dhaka wins; every backer holds their 100 stake.
    expect((await mainOf(layer)).pending).toBe(taka(1000));
    for (const b of backers) expect((await mainOf(b)).pending).toBe(taka(100));
  });
});

describe("a busy market", () => {
  it("takes 200 concurrent orders from 20 players: the book is left uncrossed, fills add up, exposure holds match", async () => {
    const { market, home, away } = await createMatchOddsMarket();
    const players = await Promise.all(Array.from({ length: 20 }, () => fundedPlayer(taka(100_000))));
    let seed = 7;
    const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const inputs = Array.from({ length: 200 }, (_, i) => ({
      playerId: players[i % 20]!,
      marketId: market.id,
      runnerId: rand() < 0.5 ? home.id : away.id,
      side: rand() < 0.5 ? ("back" as const) : ("lay" as const),
      tick: T("2") - 3 + Math.floor(rand() * 7),
      stake: taka(10 * (1 + Math.floor(rand() * 20))),
    }));
    const placed = await Promise.all(inputs.map((o) => order(o)));
    expect(placed).toHaveLength(200);

    const rows = await db.select().from(exchangeOrders).where(eq(exchangeOrders.marketId, market.id));
    const fills = await db.select().from(exchangeFills).where(eq(exchangeFills.marketId, market.id));
    expect(fills.length).toBeGreaterThan(0);
    // Every order's matched stake is the sum of its fills, as taker or maker.
    for (const o of rows) {
      const filled = fills.filter((f) => f.takerOrderId === o.id || f.makerOrderId === o.id).reduce((sum, f) => sum + f.size, 0n);
      expect(filled).toBe(o.matched);
    }
    // Uncrossed: a resting back and a resting lay on one runner that would match belong to the same player.
    const resting = rows.filter((o) => o.status === "unmatched" || o.status === "partially_matched");
    for (const b of resting.filter((o) => o.side === "back")) {
      for (const l of resting.filter((o) => o.side === "lay" && o.runnerId === b.runnerId && o.tick! >= b.tick!)) {
        expect(l.playerId).toBe(b.playerId);
      }
    }
    // Each player's held exposure is what the ledger holds from their main wallet.
    const held = await db.select().from(exchangeExposures).where(eq(exchangeExposures.marketId, market.id));
    for (const p of players) {
      expect((await mainOf(p)).pending).toBe(held.find((h) => h.playerId === p)?.amount ?? 0n);
    }
    await expectInvariants();
  });
});
