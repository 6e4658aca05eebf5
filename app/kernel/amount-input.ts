// Amounts typed by people: taka text ("500", "500.5", "1,250.50") to integer poisha, with the catalogue's message key
// for each way it can be wrong (the texts live in the money area: payments.errors.*). Shared by the server and the
// browser; the zod form field built on it is money-field.ts's amountField.
import type { MessageKey } from "#app/i18n/message.ts";
import { MAX_AMOUNT, readTaka, type TakaProblem } from "./money.ts";

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

/** readTaka with this form's message key for each way it can be wrong. */
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

/** The message for an amount left empty on this form. */
export const amountRequiredKey = (purpose: AmountPurpose): AmountMessageKey => requiredKey[purpose];
