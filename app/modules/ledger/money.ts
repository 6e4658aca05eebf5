// Money is integer poisha (1 BDT = 100 poisha) held in BigInt; never a float.
import { LedgerError } from "./errors.ts";

export const POISHA_PER_TAKA = 100n;
/** The largest amount one transfer may move: 10^15 poisha (10 trillion taka). */
export const MAX_AMOUNT = 10n ** 15n;

export function assertAmount(amount: unknown, field = "amount"): bigint {
  if (typeof amount !== "bigint") {
    throw new LedgerError("invalid_amount", `${field} must be a BigInt number of poisha, got ${typeof amount} ${String(amount)}`, { field });
  }
  if (amount <= 0n) throw new LedgerError("invalid_amount", `${field} must be greater than zero, got ${amount}`, { field });
  if (amount > MAX_AMOUNT) throw new LedgerError("invalid_amount", `${field} ${amount} exceeds the maximum of ${MAX_AMOUNT} poisha`, { field });
  return amount;
}

/** "1,250.5" or "1250.50" taka -> 125050n poisha; undefined for anything that is not a plain amount with at most 2 decimals. */
export function parseTaka(text: string): bigint | undefined {
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim().replaceAll(",", ""));
  if (!m) return undefined;
  return BigInt(m[1]!) * POISHA_PER_TAKA + BigInt((m[2] ?? "").padEnd(2, "0"));
}

/** 125050n -> "1250.50"; negative amounts keep their sign. No currency sign or grouping: the UI adds those. */
export function formatPoisha(poisha: bigint): string {
  const sign = poisha < 0n ? "-" : "";
  const abs = poisha < 0n ? -poisha : poisha;
  return `${sign}${abs / POISHA_PER_TAKA}.${(abs % POISHA_PER_TAKA).toString().padStart(2, "0")}`;
}
