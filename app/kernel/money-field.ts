// Form fields of typed taka for zod schemas (conform reads them in the browser and on the server). Apart from the
// kernel's money.ts so that a page which only writes amounts does not load zod.
import { z } from "zod";
import { type AmountPurpose, amountRequiredKey, parseAmountInput } from "./amount-input.ts";
import { parseTaka, type Poisha } from "./money.ts";

/**
 * A taka field that stays text (the form shows it back as typed) and is refused with `message` unless the kernel
 * reads it (parseTaka) as an amount within min .. max poisha (min 0, max none, by default).
 */
export function takaTextField(message: string, { min = 0n, max }: { min?: Poisha; max?: Poisha } = {}) {
  return z
    .string({ error: message })
    .trim()
    .refine((v) => {
      const poisha = parseTaka(v);
      return poisha !== undefined && poisha >= min && (max === undefined || poisha <= max);
    }, message);
}

/** A conform/zod field: taka text in, poisha out; each problem is a money.errors key. */
export function amountField(purpose: AmountPurpose) {
  return z.string({ error: amountRequiredKey(purpose) }).transform((value, ctx) => {
    const result = parseAmountInput(value, purpose);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.messageKey });
      return z.NEVER;
    }
    return result.amount;
  });
}
