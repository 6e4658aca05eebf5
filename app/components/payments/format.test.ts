import { describe, expect, it } from "vitest";
import { minutesLeft } from "./Countdown.tsx";
import { takaText } from "#app/kernel/money.ts";
import { addTaka, groupTaka, groupWhole } from "./format.ts";
import { readBalance } from "./live-balance.ts";

/** Money in or out, as records write it (the kernel's takaText with a plus). */
const signedTakaText = (poisha: bigint) => takaText(poisha, { plus: true });

describe("money on screen", () => {
  it("groups taka with two decimals and leaves anything else alone", () => {
    expect(groupTaka("1250.5")).toBe("1,250.50");
    expect(groupTaka("0.00")).toBe("0.00");
    // A negative amount never shows a hyphen: the real minus sign (U+2212), as takaText writes it.
    expect(groupTaka("-1234567.89")).toBe("\u22121,234,567.89");
    expect(groupTaka("-2000")).toBe("\u22122,000.00");
    expect(groupTaka("007")).toBe("7.00");
    expect(groupTaka("12e3")).toBe("12e3");
    expect(groupWhole(25000)).toBe("25,000");
  });

  it("writes a negative amount one way: a real minus sign (U+2212) before the taka sign", () => {
    expect(takaText(-100_000n)).toBe("\u2212৳1,000.00");
    expect(takaText("-26600")).toBe("\u2212৳266.00");
    expect(takaText(125_050n)).toBe("৳1,250.50");
    expect(takaText(0n)).toBe("৳0.00");
    expect(signedTakaText(-100_000n)).toBe("\u2212৳1,000.00");
    expect(signedTakaText(125_050n)).toBe("+৳1,250.50");
    expect(signedTakaText(0n)).toBe("৳0.00");
    for (const text of [groupTaka("-5"), takaText(-5n), signedTakaText(-5n)]) expect(text).not.toContain("-");
  });

  it("adds a quick amount to what was typed, in whole poisha", () => {
    expect(addTaka("", 500)).toBe("500");
    expect(addTaka("100", 500)).toBe("600");
    expect(addTaka("1,000.50", 100)).toBe("1100.50");
    expect(addTaka("0.1", 100)).toBe("100.10");
    expect(addTaka("abc", 1000)).toBe("1000");
  });

  it("reads the stream's (and /resources/balance's) answer and POST /api/balance's", () => {
    expect(readBalance({ main: "1234.5", bonus: "0.00" })).toEqual({ main: "1,234.50", bonus: "0.00" });
    expect(readBalance({ balance: "1234.50", bonus_balance: "10.00", currency: "BDT" })).toEqual({ main: "1,234.50", bonus: "10.00" });
    expect(readBalance({ balance: "1,234.50" })).toEqual({ main: "1,234.50", bonus: null });
    expect(readBalance({ message: "Unauthenticated." })).toBeNull();
    expect(readBalance(null)).toBeNull();
  });

  it("counts the payment request down from 30 minutes, one per minute, never below 0", () => {
    const start = Date.UTC(2026, 0, 1);
    expect(minutesLeft(start, start)).toBe(30);
    expect(minutesLeft(start, start + 59_999)).toBe(30);
    expect(minutesLeft(start, start + 60_000)).toBe(29);
    expect(minutesLeft(start, start + 29 * 60_000 + 1)).toBe(1);
    expect(minutesLeft(start, start + 3 * 3_600_000)).toBe(0);
    expect(minutesLeft(start, start - 60_000)).toBe(30);
  });
});
