// Input checks of the wallet calls; a refusal is an invalid_request failure, before any query runs.
import { MAX_AMOUNT } from "#app/kernel/money.ts";
import { isId } from "#app/utils/ids.ts";
import type { WalletFailure } from "./types.ts";

export const MAX_ID_LENGTH = 100;
const MAX_FAIRNESS_BYTES = 8 * 1024;
const PLATFORM = /^[A-Za-z0-9]{2,20}$/;
// Printable ASCII without spaces: transaction, round and game ids become parts of ledger keys.
const ID = /^[\x21-\x7e]+$/;

export const invalid = (message: string): WalletFailure => ({ ok: false, code: "invalid_request", message });

/** The platform code as stored (upper case), or a failure. */
export function checkPlatform(platform: unknown): string | WalletFailure {
  return typeof platform === "string" && PLATFORM.test(platform) ? platform.toUpperCase() : invalid("platform must be 2-20 letters or digits");
}

export function checkPlayerId(playerId: unknown): WalletFailure | undefined {
  return isId(playerId) ? undefined : invalid("playerId must be a positive integer");
}

export function checkId(value: unknown, field: string): WalletFailure | undefined {
  return typeof value === "string" && value.length > 0 && value.length <= MAX_ID_LENGTH && ID.test(value)
    ? undefined
    : invalid(`${field} must be 1-${MAX_ID_LENGTH} printable characters without spaces`);
}

/** Bets move at least 1 poisha; a win may be 0 (a loss). */
export function checkAmount(amount: unknown, min: 0n | 1n): WalletFailure | undefined {
  if (typeof amount !== "bigint") return invalid("amount must be a whole number of poisha");
  if (amount < min || amount > MAX_AMOUNT) return invalid(`amount must be between ${min} and ${MAX_AMOUNT} poisha`);
  return undefined;
}

export function checkFairness(fairness: unknown): WalletFailure | undefined {
  if (fairness === undefined) return undefined;
  if (typeof fairness !== "object" || fairness === null || Array.isArray(fairness)) return invalid("fairness must be a JSON object");
  try {
    if (JSON.stringify(fairness).length > MAX_FAIRNESS_BYTES) return invalid("fairness is too large");
  } catch {
    return invalid("fairness must be plain JSON (no BigInt values)");
  }
  return undefined;
}

export function firstFailure(...checks: Array<WalletFailure | undefined>): WalletFailure | undefined {
  return checks.find((c) => c !== undefined);
}
