import { describe, expect, it } from "vitest";
import { depositFormSchema, withdrawalFormSchema } from "./validation.ts";

describe("payment form schemas", () => {
  it("form schemas carry the spec's messages", () => {
    const bad = depositFormSchema.safeParse({ methodId: "x", amount: "" });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => [i.path.join("."), i.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ["methodId", "payments.errors.methodInvalid"],
        ["channelType", "payments.errors.channelRequired"],
        ["amount", "payments.errors.amountRequired"],
      ]),
    );
    expect(depositFormSchema.parse({ methodId: "3", channelType: "Agent", amount: "500", promotionId: "none" })).toEqual({
      methodId: 3,
      channelType: "Agent",
      amount: 50_000n,
      promotionId: null,
    });
    const w = withdrawalFormSchema.safeParse({});
    expect(w.error!.issues.map((i) => i.message).sort()).toEqual([
      "payments.errors.withdrawAmountRequired",
      "payments.errors.withdrawMethodRequired",
    ]);
  });
});
