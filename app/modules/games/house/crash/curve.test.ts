import { describe, expect, it } from "vitest";
import { msToReach, multiplierAt, multiplierText, payoutAt } from "./curve.ts";
import { maskName, parseCrashEvent } from "./events.ts";

describe("the multiplier curve", () => {
  it("starts at 1.00x and follows floor(100 e^(0.00006 t))", () => {
    expect(multiplierAt(0)).toBe(100);
    expect(multiplierAt(-5)).toBe(100);
    expect(multiplierAt(11_552)).toBe(199);
    expect(multiplierAt(11_553)).toBe(200);
    expect(multiplierAt(38_376)).toBe(999);
    expect(multiplierAt(38_377)).toBe(1000);
  });

  it("msToReach is the first millisecond at which the multiplier reaches a value", () => {
    expect(msToReach(100)).toBe(0);
    for (const h of [101, 150, 199, 200, 201, 333, 1000, 12_345, 1_000_000, 2_147_483_648, 10 ** 12]) {
      const t = msToReach(h);
      expect(multiplierAt(t)).toBeGreaterThanOrEqual(h);
      expect(multiplierAt(t - 1)).toBeLessThan(h);
    }
  });

  it("formats hundredths and pays rounded down to the poisha", () => {
    expect(multiplierText(100)).toBe("1.00");
    expect(multiplierText(153)).toBe("1.53");
    expect(multiplierText(123_456_78)).toBe("123,456.78");
    expect(payoutAt(1000n, 153)).toBe(1530n);
    expect(payoutAt(333n, 150)).toBe(499n);
  });
});

describe("events", () => {
  it("masks names and parses only well-formed events", () => {
    expect(maskName("rahim99")).toBe("ra***9");
    expect(maskName("ab")).toBe("a***");
    expect(parseCrashEvent('{"t":"tick","r":3,"m":150,"e":6758,"ts":1}')).toEqual({ t: "tick", r: 3, m: 150, e: 6758, ts: 1 });
    expect(parseCrashEvent('{"t":"boom","r":3}')).toBeUndefined();
    expect(parseCrashEvent('{"t":"tick","r":"3"}')).toBeUndefined();
    expect(parseCrashEvent("not json")).toBeUndefined();
  });
});
