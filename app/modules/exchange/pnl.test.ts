import { describe, expect, it } from "vitest";
import { parseOdds } from "./ladder.ts";
import { stakeAtRisk } from "./market-kinds.ts";
import { commissionOn, digitProfit, exposureOf, fancyBook, fancyOutcome, fillReturn, oddsProfit, type RunnerPosition, runnerBook } from "./pnl.ts";
import { taka } from "#tests/kit/money.ts";

const T = (odds: string) => parseOdds(odds)!;

describe("match odds and Bookmaker P&L", () => {
  it("laying 100 at 4.0 risks 300 to win 100; backing wins S(O-1)", () => {
    const profit = oddsProfit(taka(100), T("4"));
    expect(profit).toBe(taka(300));
    const lay: RunnerPosition = { runnerId: 1, side: "lay", stake: taka(100), profit };
    const book = runnerBook([1, 2], [lay]);
    expect(book.get(1)).toBe(-taka(300));
    expect(book.get(2)).toBe(taka(100));
    expect(exposureOf(book.values())).toBe(taka(300));
    expect(oddsProfit(taka(10), T("1.01"))).toBe(taka(0.1));
  });

  it("holds only the worst outcome: two lays on different teams count the larger loss", () => {
    const lays: RunnerPosition[] = [
      { runnerId: 1, side: "lay", stake: taka(100), profit: oddsProfit(taka(100), T("3")) },
      { runnerId: 2, side: "lay", stake: taka(100), profit: oddsProfit(taka(100), T("5")) },
    ];
    const book = runnerBook([1, 2, 3], lays);
    expect([...book.values()]).toEqual([taka(-100), taka(-300), taka(200)]);
    expect(exposureOf(book.values())).toBe(taka(300));
  });

  it("counts unmatched orders' losses but never their gains", () => {
    const matchedBack: RunnerPosition = { runnerId: 1, side: "back", stake: taka(100), profit: oddsProfit(taka(100), T("2")) };
    const unmatchedLay: RunnerPosition = { runnerId: 1, side: "lay", stake: taka(100), profit: oddsProfit(taka(100), T("2.5")) };
    // Matched only: +100 if 1 wins, -100 otherwise. The unmatched lay adds its -150 if 1 wins and not its +100 if not.
    const book = runnerBook([1, 2], [matchedBack], [unmatchedLay]);
    expect(book.get(1)).toBe(taka(100 - 150));
    expect(book.get(2)).toBe(taka(-100));
    expect(exposureOf(book.values())).toBe(taka(100));
  });

  it("reads DIGIT rates as profit per 100: back at 45 wins 450 or loses 1,000; lay at 47 wins 1,000 or loses 470", () => {
    const back: RunnerPosition = { runnerId: 1, side: "back", stake: taka(1000), profit: digitProfit(taka(1000), 45) };
    const lay: RunnerPosition = { runnerId: 1, side: "lay", stake: taka(1000), profit: digitProfit(taka(1000), 47) };
    expect([...runnerBook([1, 2], [back]).values()]).toEqual([taka(450), taka(-1000)]);
    expect([...runnerBook([1, 2], [lay]).values()]).toEqual([taka(-470), taka(1000)]);
    expect(() => digitProfit(taka(1), 0)).toThrow(RangeError);
  });
});

describe("what a bet risks (stake and loss limits)", () => {
  const lay = { kind: "match_odds" as const, side: "lay", tick: T("3"), rate: null, size: taka(100), cancelled: taka(10) };
  it("counts a lay's matched part at the prices it matched at and only the rest at the price asked", () => {
    expect(stakeAtRisk(lay)).toBe(taka(180));
    // ৳60 matched at 2.00 and ৳20 at 2.50 (risk 60 + 30); ৳10 unmatched at 3.00 (risk 20).
    const matchedReturn = fillReturn(taka(60), T("2")) + fillReturn(taka(20), T("2.5"));
    expect(stakeAtRisk({ ...lay, matched: taka(80), matchedReturn })).toBe(taka(110));
  });
  it("counts a back's stake whatever it matched at, and Bookmaker and Fancy at their rate", () => {
    expect(stakeAtRisk({ ...lay, side: "back", matched: taka(90), matchedReturn: taka(180) })).toBe(taka(90));
    expect(stakeAtRisk({ kind: "bookmaker", side: "lay", tick: null, rate: 47, size: taka(100), cancelled: 0n })).toBe(taka(47));
  });
});

describe("Fancy P&L", () => {
  it("settles Yes at or above the line and No below it, a result of 0 included", () => {
    const yes = { side: "yes" as const, line: 45, rate: 100, stake: taka(1000) };
    const no = { side: "no" as const, line: 45, rate: 100, stake: taka(1000) };
    expect(fancyOutcome(yes, 45)).toBe(taka(1000));
    expect(fancyOutcome(yes, 44)).toBe(taka(-1000));
    expect(fancyOutcome(no, 44)).toBe(taka(1000));
    expect(fancyOutcome(no, 45)).toBe(taka(-1000));
    expect(fancyOutcome(no, 0)).toBe(taka(1000));
    // No at 40 and Yes at 48 with a final score of 38: No won.
    expect(fancyOutcome({ side: "no", line: 40, rate: 100, stake: taka(100) }, 38)).toBe(taka(100));
    expect(fancyOutcome({ side: "yes", line: 48, rate: 100, stake: taka(100) }, 38)).toBe(taka(-100));
    // Unequal rates on one line: Yes at 90 pays 90 per 100; No at 110 loses 110 per 100.
    expect(fancyOutcome({ side: "yes", line: 45, rate: 90, stake: taka(100) }, 50)).toBe(taka(90));
    expect(fancyOutcome({ side: "no", line: 45, rate: 110, stake: taka(100) }, 50)).toBe(taka(-110));
  });

  it("finds the worst case over the results that matter: Yes 45 and No 50 at evens expose nothing", () => {
    const book = fancyBook([
      { side: "yes", line: 45, rate: 100, stake: taka(1000) },
      { side: "no", line: 50, rate: 100, stake: taka(1000) },
    ]);
    expect(book.get(0)).toBe(0n);
    expect(book.get(44)).toBe(0n);
    expect(book.get(45)).toBe(taka(2000));
    expect(book.get(49)).toBe(taka(2000));
    expect(book.get(50)).toBe(0n);
    expect(exposureOf(book.values())).toBe(0n);
    // No 45 / Yes 46 both lose when the result is 45: the worst case is found there.
    const spread = fancyBook([
      { side: "no", line: 45, rate: 100, stake: taka(100) },
      { side: "yes", line: 46, rate: 100, stake: taka(100) },
    ]);
    expect(spread.get(45)).toBe(taka(-100 - 100));
    expect(exposureOf(spread.values())).toBe(taka(200));
  });
});

describe("commission", () => {
  it("is charged on net winnings only, rounded down", () => {
    expect(commissionOn(taka(1000), 200)).toBe(taka(20));
    expect(commissionOn(taka(1000), 500)).toBe(taka(50));
    expect(commissionOn(-taka(1000), 200)).toBe(0n);
    expect(commissionOn(0n, 200)).toBe(0n);
    expect(commissionOn(99n, 200)).toBe(1n);
    expect(() => commissionOn(1n, -1)).toThrow(RangeError);
  });
});
