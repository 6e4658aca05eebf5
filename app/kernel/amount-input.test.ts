import { describe, expect, it } from "vitest";
import { takaText } from "./money.ts";
import { parseAmountInput } from "./amount-input.ts";

/** Poisha in messages and labels: the kernel's takaText without the taka sign or the .00 of whole taka. */
const formatTaka = (poisha: bigint) => takaText(poisha, { symbol: false, decimals: "trim" });

describe("parseAmountInput", () => {
  it("reads taka text into poisha", () => {
    expect(parseAmountInput("500")).toEqual({ ok: true, amount: 50_000n });
    expect(parseAmountInput("500.5")).toEqual({ ok: true, amount: 50_050n });
    expect(parseAmountInput("500.50")).toEqual({ ok: true, amount: 50_050n });
    expect(parseAmountInput(" 1,250.05 ")).toEqual({ ok: true, amount: 125_005n });
    expect(parseAmountInput("0.01")).toEqual({ ok: true, amount: 1n });
    expect(parseAmountInput("007")).toEqual({ ok: true, amount: 700n });
  });

  it("names what is wrong", () => {
    const key = (v: unknown, p?: "deposit" | "withdraw") => {
      const r = parseAmountInput(v, p);
      return r.ok ? "ok" : r.messageKey;
    };
    expect(key("", "deposit")).toBe("payments.errors.amountRequired");
    expect(key(undefined, "withdraw")).toBe("payments.errors.withdrawAmountRequired");
    expect(key("-5")).toBe("payments.errors.amountNegative");
    expect(key("0")).toBe("payments.errors.amountZero");
    expect(key("0.00")).toBe("payments.errors.amountZero");
    expect(key("1.001")).toBe("payments.errors.amountFraction");
    expect(key("12345678901234")).toBe("payments.errors.amountTooLarge");
    expect(key("abc")).toBe("payments.errors.amountInvalid");
    expect(key("1e5")).toBe("payments.errors.amountInvalid");
    expect(key("5 00")).toBe("payments.errors.amountInvalid");
    expect(key("Infinity")).toBe("payments.errors.amountInvalid");
    expect(key(500)).toBe("payments.errors.amountInvalid");
  });

  it("formats poisha for messages", () => {
    expect(formatTaka(2_500_000n)).toBe("25,000");
    expect(formatTaka(50_050n)).toBe("500.50");
    expect(formatTaka(5n)).toBe("0.05");
  });
});
