import { describe, expect, it } from "vitest";
import { takaTextField } from "./money-field.ts";
import { formatPoisha, fromWholeTaka, groupThousands, MAX_AMOUNT, MINUS, parseTaka, readTaka, takaInput, takaText } from "./money.ts";

const problem = (text: string) => {
  const r = readTaka(text);
  return r.ok ? r.poisha : r.problem;
};

describe("reading taka typed by a person", () => {
  it("reads plain amounts, decimals and thousands separators into poisha", () => {
    expect(parseTaka("1000")).toBe(100_000n);
    expect(parseTaka("1000.5")).toBe(100_050n);
    expect(parseTaka("1000.50")).toBe(100_050n);
    expect(parseTaka("1,000")).toBe(100_000n);
    expect(parseTaka(" 1,250.05 ")).toBe(125_005n);
    expect(parseTaka("0.01")).toBe(1n);
    expect(parseTaka("0")).toBe(0n);
    expect(parseTaka("007")).toBe(700n);
    expect(parseTaka("1.")).toBeUndefined();
    expect(parseTaka(".5")).toBeUndefined();
  });

  it("never rounds: a third decimal is refused, and 0.1 + 0.2 style floats never happen", () => {
    expect(problem("1.234")).toBe("fraction");
    expect(problem("1.001")).toBe("fraction");
    expect(parseTaka("1.10")).toBe(110n);
    expect(parseTaka("1.15")).toBe(115n);
    expect(parseTaka("0.29")).toBe(29n);
    expect(parseTaka("1.005")).toBeUndefined();
  });

  it("names what is wrong with text that is not an amount", () => {
    expect(problem("")).toBe("empty");
    expect(problem("   ")).toBe("empty");
    expect(problem(",")).toBe("empty");
    expect(problem("-5")).toBe("negative");
    expect(problem("-0.5")).toBe("negative");
    expect(problem("1e2")).toBe("invalid");
    expect(problem("0x10")).toBe("invalid");
    expect(problem("+5")).toBe("invalid");
    expect(problem("5 00")).toBe("invalid");
    expect(problem("Infinity")).toBe("invalid");
    expect(problem("NaN")).toBe("invalid");
    expect(problem("১০০")).toBe("invalid");
    expect(problem("12345678901234")).toBe("tooLarge");
  });

  it("reads the largest amounts exactly, in BigInt, where a float would lose poisha", () => {
    // 13 whole-taka digits at most: 9,999,999,999,999.99 taka is 999,999,999,999,999 poisha, under MAX_AMOUNT.
    expect(parseTaka("9,999,999,999,999.99")).toBe(999_999_999_999_999n);
    expect(parseTaka("1234567890123.45")).toBe(123_456_789_012_345n);
    expect(parseTaka("9007199254740.993")).toBeUndefined();
    expect(parseTaka("90071992547409.93")).toBeUndefined();
    expect(parseTaka("0000000000000001")).toBe(100n);
    expect(parseTaka("9999999999999.99")! < MAX_AMOUNT).toBe(true);
  });

  it("turns whole taka into poisha and refuses a fraction", () => {
    expect(fromWholeTaka(500)).toBe(50_000n);
    expect(fromWholeTaka("25")).toBe(2_500n);
    expect(fromWholeTaka(10n ** 14n)).toBe(10n ** 16n);
    expect(() => fromWholeTaka(1.5)).toThrow();
  });
});

describe("writing poisha", () => {
  it("writes the plain decimal of APIs: two decimals, a hyphen for a negative, no grouping", () => {
    expect(formatPoisha(125_050n)).toBe("1250.50");
    expect(formatPoisha(-7n)).toBe("-0.07");
    expect(formatPoisha(0n)).toBe("0.00");
    // Beyond Number.MAX_SAFE_INTEGER (9,007,199,254,740,991): BigInt all the way, no digit lost.
    expect(formatPoisha(999_999_999_999_999_999n)).toBe("9999999999999999.99");
    expect(formatPoisha(BigInt(Number.MAX_SAFE_INTEGER) + 2n)).toBe("90071992547409.93");
  });

  it("writes text for people: taka sign, grouping, two decimals, a real minus sign before the taka sign", () => {
    expect(takaText(125_050n)).toBe("৳1,250.50");
    expect(takaText(0n)).toBe("৳0.00");
    expect(takaText(-100_000n)).toBe(`${MINUS}৳1,000.00`);
    expect(takaText("-26600")).toBe(`${MINUS}৳266.00`);
    expect(takaText(123_456_789_012_345_678n)).toBe("৳1,234,567,890,123,456.78");
    expect(takaText(-5n)).not.toContain("-");
  });

  it("drops the taka sign, trims .00 of whole taka, or adds a plus, on request", () => {
    expect(takaText(125_050n, { symbol: false })).toBe("1,250.50");
    expect(takaText(-123_456_789n, { symbol: false })).toBe(`${MINUS}1,234,567.89`);
    expect(takaText(2_500_000n, { symbol: false, decimals: "trim" })).toBe("25,000");
    expect(takaText(50_050n, { symbol: false, decimals: "trim" })).toBe("500.50");
    expect(takaText(5n, { symbol: false, decimals: "trim" })).toBe("0.05");
    expect(takaText(10_000n, { decimals: "trim" })).toBe("৳100");
    expect(takaText(125_050n, { decimals: "trim" })).toBe("৳1,250.50");
    expect(takaText(7_000n, { plus: true })).toBe("+৳70.00");
    expect(takaText(-7_000n, { plus: true })).toBe(`${MINUS}৳70.00`);
    expect(takaText(0n, { plus: true })).toBe("৳0.00");
  });

  it("writes the value of a taka input so that it reads back to the same poisha", () => {
    expect(takaInput(50_000n)).toBe("500");
    expect(takaInput(50_050n)).toBe("500.50");
    expect(takaInput(5n)).toBe("0.05");
    expect(takaInput(0n)).toBe("0");
    expect(takaInput(null)).toBe("");
    for (const p of [0n, 1n, 10n, 99n, 100n, 123_456_789n, 999_999_999_999_999n]) expect(parseTaka(takaInput(p))).toBe(p);
    for (const p of [1n, 100_050n, 999_999_999_999_999n]) expect(parseTaka(takaText(p, { symbol: false }))).toBe(p);
  });

  it("groups digits in threes", () => {
    expect(groupThousands("1234567")).toBe("1,234,567");
    expect(groupThousands("999")).toBe("999");
    expect(groupThousands("1000")).toBe("1,000");
  });
});

describe("a taka form field", () => {
  const field = takaTextField("errors.amount", { min: 1n, max: 1_000_00n });
  const issue = (v: unknown) => {
    const r = field.safeParse(v);
    return r.success ? r.data : r.error.issues[0]!.message;
  };

  it("keeps the typed text (trimmed) when the kernel reads an amount within the bounds", () => {
    expect(issue(" 1,000 ")).toBe("1,000");
    expect(issue("0.01")).toBe("0.01");
    expect(issue("999.99")).toBe("999.99");
  });

  it("refuses with the one message anything else: out of bounds, not an amount, not text", () => {
    for (const v of ["0", "1000.01", "-5", "1e2", "0x10", "1.234", "", undefined, 5]) expect(issue(v)).toBe("errors.amount");
    expect(takaTextField("m").safeParse("0").success).toBe(true);
  });
});
