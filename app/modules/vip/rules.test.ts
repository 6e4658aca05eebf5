import { describe, expect, it } from "vitest";
import { accrue, conversion, conversionUnit, formatVp, levelFor, levelProgress } from "./rules.ts";

describe("accrual arithmetic", () => {
  it("gives 1 VP (100 cvp) per ৳100 and carries what is left, exactly", () => {
    expect(accrue(10_000n, 0n, 10_000n)).toEqual({ points: 100n, carry: 0n });
    expect(accrue(1_050n, 0n, 10_000n)).toEqual({ points: 10n, carry: 5_000n });
    // 0.5 cvp carried from before plus 0.5 cvp of this stake make one more cvp.
    expect(accrue(50n, 5_000n, 10_000n)).toEqual({ points: 1n, carry: 0n });
  });

  it("never loses or invents a fraction over many odd stakes, under an odd rule", () => {
    let carry = 0n;
    let points = 0n;
    let staked = 0n;
    const rule = 7_777n;
    for (let i = 1; i <= 1_000; i++) {
      const stake = BigInt((i * 7919) % 50_000) + 1n;
      staked += stake;
      const step = accrue(stake, carry, rule);
      points += step.points;
      carry = step.carry;
      expect(carry).toBeLessThan(rule);
    }
    expect(points * rule + carry).toBe(staked * 100n);
  });
});

describe("conversion arithmetic", () => {
  it("converts whole units into whole poisha and keeps the rest", () => {
    expect(conversionUnit(400)).toEqual({ vp: 1n, poisha: 25n });
    expect(conversion(10n, 400)).toEqual({ usedVp: 10n, poisha: 250n });
    expect(conversionUnit(300)).toEqual({ vp: 3n, poisha: 100n });
    expect(conversion(10n, 300)).toEqual({ usedVp: 9n, poisha: 300n });
    expect(conversion(10n, 333)).toEqual({ usedVp: 0n, poisha: 0n });
    expect(conversion(666n, 333)).toEqual({ usedVp: 666n, poisha: 20_000n });
    expect(conversion(7n, 100)).toEqual({ usedVp: 7n, poisha: 700n });
  });
});

describe("levels", () => {
  const levels = [
    { id: 3, name: "Elite II", experience: 500n, ratio: 250 },
    { id: 1, name: "Normal", experience: 0n, ratio: 400 },
    { id: 2, name: "Elite I", experience: 100n, ratio: 400 },
  ];
  it("is the highest level whose threshold is met, with the next one", () => {
    expect(levelFor(levels, 0n)).toMatchObject({ level: { name: "Normal" }, next: { name: "Elite I" } });
    expect(levelFor(levels, 9_999n)).toMatchObject({ level: { name: "Normal" }, next: { name: "Elite I" } });
    expect(levelFor(levels, 10_000n)).toMatchObject({ level: { name: "Elite I" }, next: { name: "Elite II" } });
    expect(levelFor(levels, 10n ** 9n)).toMatchObject({ level: { name: "Elite II" }, next: null });
  });
  it("shows the progress to the next level", () => {
    const { level, next } = levelFor(levels, 30_000n);
    expect(levelProgress(30_000n, level, next)).toBe(50);
    expect(levelProgress(10n ** 9n, levels[0]!, null)).toBe(100);
  });
  it("formats hundredths of a VP", () => {
    expect(formatVp(0n)).toBe("0");
    expect(formatVp(1_234_567n)).toBe("12,345.67");
    expect(formatVp(1_000n)).toBe("10");
    expect(formatVp(5n)).toBe("0.05");
  });
});
