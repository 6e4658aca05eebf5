import { describe, expect, it } from "vitest";
import {
  type CashOutBasis,
  cashOutQuote,
  decodeBook,
  encodeBook,
  levelTolerance,
  notWorse,
  pageCashOutValue,
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
    { runnerId: H, back: level("1.98"), lay: level("2") },
    { runnerId: A, back: level("1.98"), lay: level("2.02") },
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
      { runnerId: H, back: level("4"), lay: level("4.1") },
      { runnerId: A, back: level("1.33"), lay: level("1.34") },
    ];
    const q = cashOutQuote(book([H, A], bet(H, "lay", 100, "3")), prices);
    expect(q).toMatchObject({ ok: true, orders: [{ runnerId: H, side: "back", tick: T("4"), stake: taka(75) }], value: taka(25) });
  });

  it("mixed positions, a loss: levels within the stated tolerance and shows the worst runner", () => {
    const position = book([H, A], bet(H, "back", 230, "2.5"), bet(A, "lay", 70, "1.9"), bet(H, "lay", 40, "2.2"));
    const prices: RunnerPrices[] = [
      { runnerId: H, back: level("3.45"), lay: level("3.5") },
      { runnerId: A, back: level("1.4"), lay: level("1.41") },
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
      { runnerId: H, back: level("1.98"), lay: level("2") },
      { runnerId: A, back: level("4"), lay: level("4.2") },
      { runnerId: D, back: level("3.5"), lay: level("3.6") },
    ];
    const q = cashOutQuote(position, prices);
    expect(q).toMatchObject({ ok: true, orders: [{ runnerId: H, side: "lay", tick: T("2"), stake: taka(125) }], value: taka(25) });

    const noLay = cashOutQuote(position, [{ ...prices[0]!, lay: null }, prices[1]!, prices[2]!]);
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
      { runnerId: H, back: null, lay: null },
      { runnerId: A, back: null, lay: null },
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
    const thin: RunnerPrices[] = [{ runnerId: H, back: level("1.98"), lay: level("2", taka(100)) }, twoRunners[1]!];
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
        return { runnerId, back: { tick: b, size: lots }, lay: { tick: b + 1 + next(3), size: lots } };
      });
      const q = cashOutQuote(book(runners, ...bets), prices);
      if (!q.ok) continue;
      expect(spread(q.after) <= levelTolerance(q.orders)).toBe(true);
      expect(pnlAfter(q.before, q.orders)).toEqual(q.after);
    }
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
  it("works from the prices the page shows, leaving out the player's own resting orders", () => {
    const basis: CashOutBasis = {
      position: [
        [H, String(taka(200))],
        [A, String(-taka(100))],
      ],
      own: [],
    };
    const runners = [
      {
        id: H,
        back: [
          { price: "1.96", size: "৳900" },
          { price: "1.98", size: "৳1,000" },
        ],
        lay: [{ price: "2", size: "৳1,000" }],
      },
      { id: A, back: [{ price: "1.98", size: "৳500" }], lay: [{ price: "2.02", size: "৳500" }] },
    ];
    expect(pageCashOutValue(basis, runners)).toBe(taka(50));
    // The player's own back at 2.0 is the whole level: the cash out lays at the next price, or backs Chattogram.
    const own: CashOutBasis = { ...basis, own: [{ runnerId: H, side: "back", tick: T("2"), size: String(taka(1000)) }] };
    expect(pageCashOutValue(own, runners)).toBe(taka(48)); // back 152 on Chattogram at 1.98: ৳48 / ৳48.96
    expect(
      pageCashOutValue(
        basis,
        runners.map((r) => ({ ...r, back: [], lay: [] })),
      ),
    ).toBeNull();
  });
});
