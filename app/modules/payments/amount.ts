// Amounts typed by people: taka text ("500", "500.5", "1,250.50") to integer poisha, with a message key for
// each way it can be wrong. Shared by the server and the browser (no server imports).
import type { MessageKey } from "#app/i18n/message.ts";
import { z } from "zod";
import { MAX_AMOUNT, readTaka, type TakaProblem } from "#app/kernel/money.ts";

export const DEPOSIT_MIN = 100_00n;
export const DEPOSIT_MAX = 25_000_00n;
export const WITHDRAW_MIN = 500_00n;
export const WITHDRAW_MAX = 25_000_00n;
/** The largest amount one staff adjustment may move (10 million taka): a typo guard, far below the ledger's limit. */
export const ADJUSTMENT_MAX = 10_000_000_00n;

type AmountMessageKey = Extract<MessageKey, `payments.errors.${string}`>;

/** Which form the amount comes from: the spec words the empty-amount message differently on each. */
export type AmountPurpose = "deposit" | "withdraw" | "other";

const requiredKey: Record<AmountPurpose, AmountMessageKey> = {
  deposit: "payments.errors.amountRequired",
  withdraw: "payments.errors.withdrawAmountRequired",
  other: "payments.errors.amountMissing",
};

export type AmountResult = { ok: true; amount: bigint } | { ok: false; messageKey: AmountMessageKey };

const problemKey: Record<Exclude<TakaProblem, "empty">, AmountMessageKey> = {
  negative: "payments.errors.amountNegative",
  invalid: "payments.errors.amountInvalid",
  fraction: "payments.errors.amountFraction",
  tooLarge: "payments.errors.amountTooLarge",
};

/** The kernel's reading of typed taka (readTaka), with this form's message key for each way it can be wrong. */
export function parseAmountInput(input: unknown, purpose: AmountPurpose = "other"): AmountResult {
  if (input === undefined || input === null) return { ok: false, messageKey: requiredKey[purpose] };
  if (typeof input !== "string") return { ok: false, messageKey: "payments.errors.amountInvalid" };
  const r = readTaka(input);
  if (!r.ok) return { ok: false, messageKey: r.problem === "empty" ? requiredKey[purpose] : problemKey[r.problem] };
  return checkAmount(r.poisha);
}

/** Amounts already in poisha (from a caller, never trusted either). */
export function checkAmount(amount: unknown): AmountResult {
  if (typeof amount !== "bigint") return { ok: false, messageKey: "payments.errors.amountInvalid" };
  if (amount < 0n) return { ok: false, messageKey: "payments.errors.amountNegative" };
  if (amount === 0n) return { ok: false, messageKey: "payments.errors.amountZero" };
  if (amount > MAX_AMOUNT) return { ok: false, messageKey: "payments.errors.amountTooLarge" };
  return { ok: true, amount };
}

/** A conform/zod field: taka text in, poisha out; each problem is a money.errors key. */
export function amountField(purpose: AmountPurpose) {
  return z.string({ error: requiredKey[purpose] }).transform((value, ctx) => {
    const result = parseAmountInput(value, purpose);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.messageKey });
      return z.NEVER;
    }
    return result.amount;
  });
}
