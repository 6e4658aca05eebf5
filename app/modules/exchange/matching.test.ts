import { describe, expect, it } from "vitest";
import { prng } from "#app/modules/ledger/test-helpers.ts";
import { parseOdds } from "./ladder.ts";
import { type Fill, type IncomingOrder, OrderBook, type RestingOrder, type Side } from "./matching.ts";
import { taka } from "#tests/kit/money.ts";

const T = (odds: string) => parseOdds(odds)!;
let seq = 0;
const order = (o: Partial<IncomingOrder> & { side: Side; tick: number; size: bigint; playerId: number }): IncomingOrder => ({
  id: `o${++seq}`,
  runnerId: 1,
  seq,
  persist: false,
  ...o,
});

describe("matching", () => {
  it("fills a back at the resting lay's better price, best price first, and rests the remainder", () => {
    const book = new OrderBook();
    book.place(order({ playerId: 1, side: "lay", tick: T("2"), size: taka(100) }));
    book.place(order({ playerId: 2, side: "lay", tick: T("2.1"), size: taka(50) }));
    const r = book.place(order({ playerId: 3, side: "back", tick: T("1.8"), size: taka(200) }));
    expect(r.fills.map((f) => [f.tick, f.size])).toEqual([
      [T("2.1"), taka(50)],
      [T("2"), taka(100)],
    ]);
    expect(r.matched).toBe(taka(150));
    expect(r.rested).toMatchObject({ side: "back", tick: T("1.8"), remaining: taka(50) });
    expect(book.depth(1)).toEqual({ availableToBack: [], availableToLay: [{ tick: T("1.8"), size: taka(50) }] });
  });

  it("gives the first order at a price its fills first, and a reduced order keeps its place", () => {
    const book = new OrderBook();
    const a = order({ playerId: 1, side: "back", tick: T("3"), size: taka(100) });
    const b = order({ playerId: 2, side: "back", tick: T("3"), size: taka(100) });
    book.place(a);
    book.place(b);
    expect(book.cancel(a.id, taka(40))).toEqual({ cancelled: taka(40), remaining: taka(60) });
    const r = book.place(order({ playerId: 3, side: "lay", tick: T("3.05"), size: taka(80) }));
    expect(r.fills.map((f) => [f.makerOrderId, f.size, f.tick])).toEqual([
      [a.id, taka(60), T("3")],
      [b.id, taka(20), T("3")],
    ]);
    expect(book.get(a.id)).toBeNull();
    expect(book.get(b.id)?.remaining).toBe(taka(80));
  });

  it("never matches a player with their own orders", () => {
    const book = new OrderBook();
    book.place(order({ playerId: 7, side: "lay", tick: T("2"), size: taka(100) }));
    book.place(order({ playerId: 8, side: "lay", tick: T("1.9"), size: taka(100) }));
    const r = book.place(order({ playerId: 7, side: "back", tick: T("1.5"), size: taka(150) }));
    expect(r.fills).toEqual([expect.objectContaining({ makerPlayerId: 8, size: taka(100), tick: T("1.9") })]);
    expect(r.rested?.remaining).toBe(taka(50));
  });

  it("does not match across runners or at a worse price; lapses what is not kept in-play", () => {
    const book = new OrderBook();
    book.place(order({ playerId: 1, side: "lay", tick: T("2"), size: taka(100), runnerId: 2 }));
    book.place(order({ playerId: 1, side: "lay", tick: T("1.9"), size: taka(100), persist: true }));
    expect(book.place(order({ playerId: 2, side: "back", tick: T("2"), size: taka(100) })).fills).toEqual([]);
    const gone = book.lapse((o) => !o.persist);
    expect(gone.map((o) => o.runnerId).sort()).toEqual([1, 2]);
    expect(book.orders()).toEqual([expect.objectContaining({ persist: true, tick: T("1.9") })]);
  });

  it("refuses stakes that are not a positive whole number of taka", () => {
    const book = new OrderBook();
    for (const size of [0n, -100n, 150n]) expect(() => book.place(order({ playerId: 1, side: "back", tick: 10, size }))).toThrow(RangeError);
  });

  it("rebuilds the same book from its unmatched orders", () => {
    const book = new OrderBook();
    for (let i = 0; i < 20; i++) book.place(order({ playerId: i % 3, side: i % 2 ? "back" : "lay", tick: 90 + (i % 7), size: taka(10 + i) }));
    const copy = OrderBook.from(book.orders().reverse());
    expect(copy.orders()).toEqual(book.orders());
    expect(copy.depth(1, 10)).toEqual(book.depth(1, 10));
  });
});

describe("matching properties (random order flows)", () => {
  const SEEDS = 200;
  const STEPS = 150;

  it("conserves stake, never leaves the book crossed between players, fills at or better than the limit, FIFO within a price", () => {
    for (let s = 1; s <= SEEDS; s++) {
      const rnd = prng(s).next;
      const pick = (n: number) => Math.floor(rnd() * n);
      const book = new OrderBook();
      const placed = new Map<string, IncomingOrder>();
      const matchedOf = new Map<string, bigint>();
      const cancelledOf = new Map<string, bigint>();
      const add = (m: Map<string, bigint>, id: string, v: bigint) => m.set(id, (m.get(id) ?? 0n) + v);
      let n = 0;
      for (let step = 0; step < STEPS; step++) {
        const before = book.orders();
        const op = rnd();
        if (op < 0.8 || before.length === 0) {
          const o: IncomingOrder = {
            id: `s${s}o${++n}`,
            playerId: pick(4),
            runnerId: 1 + pick(2),
            side: rnd() < 0.5 ? "back" : "lay",
            tick: 95 + pick(10),
            size: taka(1 + pick(300)),
            seq: n,
            persist: false,
          };
          placed.set(o.id, o);
          const r = book.place(o, { rest: rnd() < 0.9 });
          const ctx = `seed ${s} step ${step}`;
          checkFills(o, r.fills, before, ctx);
          for (const f of r.fills) {
            add(matchedOf, f.takerOrderId, f.size);
            add(matchedOf, f.makerOrderId, f.size);
          }
          expect(r.matched + r.remaining, ctx).toBe(o.size);
          if (!r.rested) add(cancelledOf, o.id, r.remaining);
        } else if (op < 0.95) {
          const victim = before[pick(before.length)]!;
          const by = rnd() < 0.5 ? undefined : taka(1 + pick(Number(victim.remaining / 100n)));
          add(cancelledOf, victim.id, book.cancel(victim.id, by)!.cancelled);
        } else {
          for (const o of book.lapse(() => rnd() < 0.3)) add(cancelledOf, o.id, o.remaining);
        }
        expectUncrossed(book.orders(), `seed ${s} step ${step}`);
      }
      // Stake conservation: every order's size is exactly its matched + unmatched + cancelled parts.
      const resting = new Map(book.orders().map((o) => [o.id, o.remaining]));
      for (const o of placed.values()) {
        expect((matchedOf.get(o.id) ?? 0n) + (resting.get(o.id) ?? 0n) + (cancelledOf.get(o.id) ?? 0n), `seed ${s} ${o.id}`).toBe(o.size);
      }
    }
  });

  function checkFills(o: IncomingOrder, fills: Fill[], before: RestingOrder[], ctx: string) {
    const restingBefore = new Map(before.map((r) => [r.id, r]));
    const taken = new Map<string, bigint>();
    for (const f of fills) {
      const maker = restingBefore.get(f.makerOrderId)!;
      expect(maker, ctx).toBeDefined();
      expect(f.makerPlayerId, ctx).not.toBe(o.playerId);
      expect(maker.side, ctx).not.toBe(o.side);
      expect(maker.runnerId, ctx).toBe(o.runnerId);
      // At the maker's price, and at least as good as the taker's limit.
      expect(f.tick, ctx).toBe(maker.tick);
      if (o.side === "back") expect(f.tick, ctx).toBeGreaterThanOrEqual(o.tick);
      else expect(f.tick, ctx).toBeLessThanOrEqual(o.tick);
      taken.set(maker.id, (taken.get(maker.id) ?? 0n) + f.size);
      expect(taken.get(maker.id)! <= maker.remaining, ctx).toBe(true);
    }
    // Price priority: no better-priced eligible order from another player was left unfilled while a worse one filled.
    // Time priority: at a price, an order only fills once every earlier eligible order there is used up.
    const eligible = before
      .filter((r) => r.runnerId === o.runnerId && r.side !== o.side && r.playerId !== o.playerId)
      .filter((r) => (o.side === "back" ? r.tick >= o.tick : r.tick <= o.tick))
      .sort((a, b) => (o.side === "back" ? b.tick - a.tick : a.tick - b.tick) || a.seq - b.seq);
    const filledSum = fills.reduce((sum, f) => sum + f.size, 0n);
    let expectRemaining = filledSum;
    for (const r of eligible) {
      const want = r.remaining < expectRemaining ? r.remaining : expectRemaining;
      expect(taken.get(r.id) ?? 0n, `${ctx} priority of ${r.id}`).toBe(want);
      expectRemaining -= want;
    }
    expect(expectRemaining, ctx).toBe(0n);
    const eligibleTotal = eligible.reduce((sum, r) => sum + r.remaining, 0n);
    expect(filledSum, ctx).toBe(eligibleTotal < o.size ? eligibleTotal : o.size);
  }

  function expectUncrossed(orders: RestingOrder[], ctx: string) {
    for (const back of orders.filter((o) => o.side === "back")) {
      const crossing = orders.find(
        (lay) => lay.side === "lay" && lay.runnerId === back.runnerId && lay.tick >= back.tick && lay.playerId !== back.playerId,
      );
      expect(crossing, `${ctx}: back ${back.id} crossed by lay ${crossing?.id}`).toBeUndefined();
    }
  }
});
