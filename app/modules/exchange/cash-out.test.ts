import { describe, expect, it } from "vitest";
import {
  type CashOutBasis,
  cashOutOn,
  cashOutQuote,
  cashOutValue,
  decodeBook,
  encodeBook,
  levelTolerance,
  notWorse,
  pnlAfter,
  type RunnerPrices,
} from "./cash-out.ts";
import { parseOdds } from "./ladder.ts";
import { oddsProfit, runnerBook, type RunnerPosition } from "./pnl.ts";
import { taka } from "#tests/kit/money.ts";

const T = (odds: string) => parseOdds(odds)!;
const H = 1;
const A = 2;
const D = 3;
const lots = taka(100_000);
const level = (odds: string, size = lots) => ({ tick: T(odds), size });
const bet = (runnerId: number, side: "back" | "lay", stake: number, odds: string): RunnerPosition => ({
  runnerId,
  side,
  stake: taka(stake),
  profit: oddsProfit(taka(stake), T(odds)),
});
const book = (runners: number[], ...bets: RunnerPosition[]) => runnerBook(runners, bets);
const spread = (after: Map<number, bigint>) => {
  const v = [...after.values()];
  return v.reduce((a, b) => (b > a ? b : a)) - v.reduce((a, b) => (b < a ? b : a));
};

describe("cash-out quote", () => {
  const twoRunners: RunnerPrices[] = [
    { runnerId: H, back: [level("1.98")], lay: [level("2")] },
    { runnerId: A, back: [level("1.98")], lay: [level("2.02")] },
  ];

  it("two runners, back only: backed at 3.0, the price shortened to 2.0: lay 150 locks in ৳50 on both", () => {
    const q = cashOutQuote(book([H, A], bet(H, "back", 100, "3")), twoRunners);
    expect(q).toMatchObject({ ok: true, orders: [{ runnerId: H, side: "lay", tick: T("2"), stake: taka(150) }], value: taka(50) });
    if (!q.ok) return;
    expect([...q.after]).toEqual([
      [H, taka(50)],
      [A, taka(50)],
    ]);
  });

  it("two runners, lay only: laid at 3.0, the price drifted to 4.0: back 75 locks in ৳25", () => {
    const prices: RunnerPrices[] = [
      { runnerId: H, back: [level("4")], lay: [level("4.1")] },
      { runnerId: A, back: [level("1.33")], lay: [level("1.34")] },
    ];
    const q = cashOutQuote(book([H, A], bet(H, "lay", 100, "3")), prices);
    expect(q).toMatchObject({ ok: true, orders: [{ runnerId: H, side: "back", tick: T("4"), stake: taka(75) }], value: taka(25) });
  });

  it("mixed positions, a loss: levels within the stated tolerance and shows the worst runner", () => {
    const position = book([H, A], bet(H, "back", 230, "2.5"), bet(A, "lay", 70, "1.9"), bet(H, "lay", 40, "2.2"));
    const prices: RunnerPrices[] = [
      { runnerId: H, back: [level("3.45")], lay: [level("3.5")] },
      { runnerId: A, back: [level("1.4")], lay: [level("1.41")] },
    ];
    const q = cashOutQuote(position, prices);
    expect(q.ok).toBe(true);
    if (!q.ok) return;
    expect(q.value < 0n).toBe(true); // Dhaka drifted: cashing out takes a loss
    expect(q.value).toBe([...q.after.values()].reduce((a, b) => (b < a ? b : a)));
    expect(spread(q.after) <= levelTolerance(q.orders)).toBe(true);
    expect(q.orders.every((o) => o.stake % 100n === 0n)).toBe(true);
  });

  it("three runners with the draw: lays the backed team when it can, else backs the other two", () => {
    const position = book([H, A, D], bet(H, "back", 100, "2.5"));
    const prices: RunnerPrices[] = [
      { runnerId: H, back: [level("1.98")], lay: [level("2")] },
      { runnerId: A, back: [level("4")], lay: [level("4.2")] },
      { runnerId: D, back: [level("3.5")], lay: [level("3.6")] },
    ];
    const q = cashOutQuote(position, prices);
    expect(q).toMatchObject({ ok: true, orders: [{ runnerId: H, side: "lay", tick: T("2"), stake: taka(125) }], value: taka(25) });

    const noLay = cashOutQuote(position, [{ ...prices[0]!, lay: [] }, prices[1]!, prices[2]!]);
    expect(noLay.ok).toBe(true);
    if (!noLay.ok) return;
    expect(noLay.orders.map((o) => [o.runnerId, o.side, o.stake])).toEqual([
      [A, "back", taka(63)],
      [D, "back", taka(71)],
    ]);
    expect(noLay.value).toBe(taka(14.5)); // Dhaka +16, Chattogram +18, the draw +14.50, worse than laying
    expect(spread(noLay.after) <= levelTolerance(noLay.orders)).toBe(true);
  });

  it("no liquidity: no quote; no position or a level one: nothing to cash out", () => {
    const empty: RunnerPrices[] = [
      { runnerId: H, back: [], lay: [] },
      { runnerId: A, back: [], lay: [] },
    ];
    expect(cashOutQuote(book([H, A], bet(H, "back", 100, "3")), empty)).toEqual({ ok: false, reason: "no_prices" });
    expect(cashOutQuote(book([H, A]), twoRunners)).toEqual({ ok: false, reason: "no_position" });
    expect(
      cashOutQuote(
        new Map([
          [H, taka(50)],
          [A, taka(50)],
        ]),
        twoRunners,
      ),
    ).toEqual({ ok: false, reason: "no_position" });
  });

  it("a book too thin for the full hedge says so and how much of it the book takes; that partial quotes", () => {
    const thin: RunnerPrices[] = [
      { runnerId: H, back: [level("1.98")], lay: [level("2", taka(100))] },
      { runnerId: A, back: [], lay: [level("2.02")] },
    ];
    const position = book([H, A], bet(H, "back", 100, "3"));
    const q = cashOutQuote(position, thin);
    expect(q).toMatchObject({ ok: false, reason: "thin", maxPercent: 66, full: { value: taka(50) } });
    expect(cashOutQuote(position, thin, 66)).toMatchObject({ ok: true, orders: [{ stake: taka(99) }] });
  });

  it("a partial cash out hedges that percentage and leaves the rest of the position", () => {
    const q = cashOutQuote(book([H, A], bet(H, "back", 100, "3")), twoRunners, 50);
    expect(q).toMatchObject({ ok: true, percent: 50, orders: [{ side: "lay", stake: taka(75) }] });
    if (!q.ok) return;
    expect([...q.after]).toEqual([
      [H, taka(125)],
      [A, -taka(25)],
    ]);
    expect(() => cashOutQuote(q.before, twoRunners, 0)).toThrow(RangeError);
    expect(() => cashOutQuote(q.before, twoRunners, 101)).toThrow(RangeError);
  });

  it("over many positions and prices a full cash out is level within the tolerance and never above its P&L shown", () => {
    const odds = ["1.5", "1.83", "2", "2.5", "3.1", "4.4", "7.2", "12", "34"];
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let i = 0; i < 300; i++) {
      const runners = next(2) === 0 ? [H, A] : [H, A, D];
      const bets = Array.from({ length: 1 + next(3) }, () =>
        bet(runners[next(runners.length)]!, next(2) ? "back" : "lay", 10 * (1 + next(50)), odds[next(odds.length)]!),
      );
      const prices = runners.map((runnerId) => {
        const b = T(odds[next(odds.length)]!);
        return { runnerId, back: [{ tick: b, size: lots }], lay: [{ tick: b + 1 + next(3), size: lots }] };
      });
      const q = cashOutQuote(book(runners, ...bets), prices);
      if (!q.ok) continue;
      expect(spread(q.after) <= levelTolerance(q.orders)).toBe(true);
      expect(pnlAfter(q.before, q.orders)).toEqual(q.after);
    }
  });
});

describe("cash-out quote over the book's depth", () => {
  // Backed Dhaka ৳100 at 3.0 (Dhaka +200, Chattogram −100); Dhaka's lay side is thin at the best price.
  const position = book([H, A], bet(H, "back", 100, "3"));
  const deep: RunnerPrices[] = [
    { runnerId: H, back: [level("1.98")], lay: [level("2", taka(50)), level("2.02", taka(50)), level("2.04", taka(100))] },
    { runnerId: A, back: [], lay: [level("2.06")] },
  ];

  it("a full cash out spreads one hedge order over three levels, its limit the worst price used", () => {
    const q = cashOutQuote(position, deep);
    expect(q.ok).toBe(true);
    if (!q.ok) return;
    // 300 of outcome to lay away: 50 × 2 + 50 × 2.02 = 201 at the first two levels, 99 / 2.04 = 48.53 at the third:
    // ৳148.53 in all, rounded to ৳149 at the third level.
    expect(q.orders).toEqual([
      {
        runnerId: H,
        side: "lay",
        tick: T("2.04"),
        stake: taka(149),
        fills: [
          { tick: T("2"), size: taka(50) },
          { tick: T("2.02"), size: taka(50) },
          { tick: T("2.04"), size: taka(49) },
        ],
      },
    ]);
    // Dhaka: 200 − 50 − 51 − 50.96 = 48.04; Chattogram: −100 + 149 = 49.
    expect([...q.after]).toEqual([
      [H, taka(48.04)],
      [A, taka(49)],
    ]);
    expect(q.value).toBe(taka(48.04));
    expect(q.value).toBe([...q.after.values()].reduce((a, b) => (b < a ? b : a)));
    expect(spread(q.after) <= levelTolerance(q.orders)).toBe(true);
    expect(levelTolerance(q.orders)).toBe(102n); // ৳0.50 × 2.04
    expect(pnlAfter(q.before, q.orders)).toEqual(q.after);
  });

  it("at the best level alone the same book is thin; a level too few for the full hedge is thin too", () => {
    const bestOnly = deep.map((r) => ({ ...r, lay: r.lay.slice(0, 1) }));
    expect(cashOutQuote(position, bestOnly)).toMatchObject({ ok: false, reason: "thin", maxPercent: 33 });
    const twoLevels = deep.map((r) => ({ ...r, lay: r.lay.slice(0, 2) }));
    const q = cashOutQuote(position, twoLevels);
    expect(q).toMatchObject({ ok: false, reason: "thin", maxPercent: 67 });
    expect(cashOutQuote(position, twoLevels, 67)).toMatchObject({ ok: true, orders: [{ tick: T("2.02"), stake: taka(100) }] });
  });

  it("takes deeper levels on one runner or backs the others, whichever leaves more", () => {
    // Chattogram's back side is deep at 1.98: levelling lower on Dhaka and backing Chattogram beats laying deeper.
    const prices: RunnerPrices[] = [
      { runnerId: H, back: [level("1.98")], lay: [level("2", taka(50)), level("2.5", taka(1000))] },
      { runnerId: A, back: [level("1.98")], lay: [level("2.02")] },
    ];
    const q = cashOutQuote(position, prices);
    expect(q.ok).toBe(true);
    if (!q.ok) return;
    // Lay ৳50 at 2 (Dhaka 150, Chattogram −50), then back Chattogram 200 / 1.98 = ৳101: Dhaka 49, Chattogram 48.98.
    // Laying the rest at 2.5 instead would leave ৳30.
    expect(q.orders.map((o) => [o.runnerId, o.side, o.tick, o.stake])).toEqual([
      [H, "lay", T("2"), taka(50)],
      [A, "back", T("1.98"), taka(101)],
    ]);
    expect(q.value).toBe(taka(48.98));
    expect(spread(q.after) <= levelTolerance(q.orders)).toBe(true);
  });

  it("over many positions and multi-level books: level within the tolerance, fills within each level, never below the value shown", () => {
    const odds = ["1.5", "1.83", "2", "2.5", "3.1", "4.4", "7.2", "12", "34"];
    let seed = 11;
    // A 32-bit LCG in integer arithmetic, its high bits used (the low bits of a float product repeat).
    const next = (n: number) => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0), (seed >>> 8) % n);
    let full = 0;
    let multi = 0;
    for (let i = 0; i < 400; i++) {
      const runners = next(2) === 0 ? [H, A] : [H, A, D];
      const bets = Array.from({ length: 1 + next(3) }, () =>
        bet(runners[next(runners.length)]!, next(2) ? "back" : "lay", 10 * (1 + next(50)), odds[next(odds.length)]!),
      );
      const prices = runners.map((runnerId) => {
        const b = T(odds[next(odds.length)]!);
        const levels = (from: number, step: number) => {
          let tick = from;
          return Array.from({ length: 1 + next(4) }, (_, j) => ({
            tick: j === 0 ? tick : (tick += step * (1 + next(2))),
            size: taka(5 + 5 * next(40)),
          })).filter((l) => l.tick >= 0 && l.tick < 350);
        };
        return { runnerId, back: levels(b, -1), lay: levels(b + 1 + next(3), 1) };
      });
      const q = cashOutQuote(book(runners, ...bets), prices);
      if (!q.ok) continue;
      full++;
      for (const o of q.orders) {
        const levels = prices.find((p) => p.runnerId === o.runnerId)![o.side];
        expect(o.fills.reduce((s, f) => s + f.size, 0n)).toBe(o.stake);
        expect(o.stake % 100n).toBe(0n);
        for (const f of o.fills) expect(f.size <= levels.find((l) => l.tick === f.tick)!.size).toBe(true);
        // No fill at a price worse than the order's limit.
        for (const f of o.fills) expect(o.side === "back" ? f.tick >= o.tick : f.tick <= o.tick).toBe(true);
        if (o.fills.length > 1) multi++;
      }
      expect(spread(q.after) <= levelTolerance(q.orders)).toBe(true);
      expect(pnlAfter(q.before, q.orders)).toEqual(q.after);
      expect(q.value).toBe([...q.after.values()].reduce((a, b) => (b < a ? b : a)));
    }
    expect(full).toBeGreaterThan(150);
    expect(multi).toBeGreaterThan(100);
  });
});

describe("the confirm form's P&L", () => {
  it("round-trips and refuses anything worse on any runner", () => {
    const shown = new Map([
      [H, taka(50)],
      [A, -taka(1.25)],
    ]);
    expect(decodeBook(encodeBook(shown))).toEqual(shown);
    expect(decodeBook("1:x")).toBeNull();
    expect(decodeBook("")).toBeNull();
    expect(notWorse(shown, shown)).toBe(true);
    expect(
      notWorse(
        new Map([
          [H, taka(51)],
          [A, -taka(1.25)],
        ]),
        shown,
      ),
    ).toBe(true);
    expect(
      notWorse(
        new Map([
          [H, taka(51)],
          [A, -taka(1.26)],
        ]),
        shown,
      ),
    ).toBe(false);
    expect(notWorse(new Map([[H, taka(51)]]), shown)).toBe(false);
  });
});

describe("the market page's Cash Out value", () => {
  it("is the quote over the book's depth, leaving out the player's own resting orders", () => {
    const basis: CashOutBasis = {
      position: [
        [H, String(taka(200))],
        [A, String(-taka(100))],
      ],
      own: [],
    };
    const lvl = (odds: string, size: number) => ({ tick: T(odds), size: String(taka(size)) });
    const depth = [
      { runnerId: H, toBack: [lvl("1.98", 1000), lvl("1.96", 900)], toLay: [lvl("2", 1000)] },
      { runnerId: A, toBack: [lvl("1.98", 500)], toLay: [lvl("2.02", 500)] },
    ];
    expect(cashOutValue(cashOutOn(basis, depth))).toBe(taka(50));
    // The player's own back at 2.0 is the whole level: the cash out lays at the next price, or backs Chattogram.
    const own: CashOutBasis = { ...basis, own: [{ runnerId: H, side: "back", tick: T("2"), size: String(taka(1000)) }] };
    expect(cashOutValue(cashOutOn(own, depth))).toBe(taka(48)); // back 152 on Chattogram at 1.98: ৳48 / ৳48.96
    expect(
      cashOutValue(
        cashOutOn(
          basis,
          depth.map((r) => ({ ...r, toBack: [], toLay: [] })),
        ),
      ),
    ).toBeNull();
  });
});
