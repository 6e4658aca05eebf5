import { describe, expect, it } from "vitest";
import { LADDER, moveTicks, oddsText, parseOdds, priceAt, tickOf, TICKS } from "./ladder.ts";

describe("price ladder", () => {
  it("has the 350 Betfair prices from 1.01 to 1000 with the band steps", () => {
    expect(TICKS).toBe(350);
    expect(LADDER[0]).toBe(101);
    expect(LADDER.at(-1)).toBe(100000);
    const count = (lo: number, hi: number) => LADDER.filter((p) => p > lo && p <= hi).length;
    expect(count(100, 200)).toBe(100);
    expect(count(200, 300)).toBe(50);
    expect(count(300, 400)).toBe(20);
    expect(count(400, 600)).toBe(20);
    expect(count(600, 1000)).toBe(20);
    expect(count(1000, 2000)).toBe(20);
    expect(count(2000, 3000)).toBe(10);
    expect(count(3000, 5000)).toBe(10);
    expect(count(5000, 10000)).toBe(10);
    expect(count(10000, 100000)).toBe(90);
    for (let i = 1; i < LADDER.length; i++) expect(LADDER[i]!).toBeGreaterThan(LADDER[i - 1]!);
  });

  it("refuses prices off the ladder", () => {
    for (const bad of ["2.21", "4.15", "22.5", "1.00", "1000.5", "0", "1,5", "", "abc", "1.015", "2.211"]) expect(parseOdds(bad), bad).toBeNull();
    expect(tickOf(221)).toBeNull();
  });

  it("reads and writes prices on the ladder", () => {
    expect(parseOdds("1.01")).toBe(0);
    expect(parseOdds("2")).toBe(99);
    expect(parseOdds("2.02")).toBe(100);
    expect(parseOdds("2.5")).toBe(124);
    expect(parseOdds("1000")).toBe(349);
    for (let tick = 0; tick < TICKS; tick++) expect(parseOdds(oddsText(tick))).toBe(tick);
    expect(oddsText(124)).toBe("2.50");
    expect(oddsText(349)).toBe("1000");
    expect(priceAt(99)).toBe(200);
    expect(() => priceAt(350)).toThrow(RangeError);
  });

  it("moves by ticks within the ladder", () => {
    expect(moveTicks(99, 1)).toBe(100);
    expect(priceAt(moveTicks(parseOdds("2")!, 1))).toBe(202);
    expect(moveTicks(0, -3)).toBe(0);
    expect(moveTicks(349, 5)).toBe(349);
  });
});
