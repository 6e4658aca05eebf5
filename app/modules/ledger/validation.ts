// Input checks shared by the write functions; every refusal is a LedgerError thrown before any query runs.
import { currencies, type Currency } from "#app/modules/players/index.ts";
import { LedgerError } from "./errors.ts";
import type { Wallet } from "./schema.ts";

const HOUSE_CODE = /^(house|clearing|expense|game|payable|income):[a-z0-9][a-z0-9_.:-]{0,99}$/;
const PLAYER_CODE = /^player:([1-9]\d{0,9}):(main|bonus)$/;
const KIND = /^[a-z][a-z0-9_.:-]{0,39}$/;
const MAX_KEY_LENGTH = 200;
const MAX_MEMO_LENGTH = 500;

/** A number is an account id; a string is an account code (created on demand in the transfer's currency). */
export type AccountRef = number | string;

export function playerAccountCode(playerId: number, wallet: Wallet) {
  return `player:${playerId}:${wallet}`;
}

/** House codes: house:ggr, house:adjustments, clearing:deposits:bkash, clearing:payouts:nagad, expense:bonus, game:<provider>, ... (lower case). */
export function parseAccountCode(code: string): { player: { id: number; wallet: Wallet } } | { house: string } {
  const p = PLAYER_CODE.exec(code);
  if (p) return { player: { id: Number(p[1]), wallet: p[2] as Wallet } };
  if (HOUSE_CODE.test(code)) return { house: code };
  throw new LedgerError(
    "invalid_input",
    `Account code "${code}" is neither player:<id>:main|bonus nor <house|clearing|expense|game|payable|income>:<lower-case name>`,
    { code },
  );
}

export function assertAccountRef(ref: unknown, field: string): AccountRef {
  if (typeof ref === "number" && Number.isSafeInteger(ref) && ref > 0) return ref;
  if (typeof ref === "string") {
    parseAccountCode(ref);
    return ref;
  }
  throw new LedgerError("invalid_input", `${field} must be an account id or an account code`, { field, value: String(ref) });
}

export function assertId(id: unknown, field: string): number {
  if (typeof id === "number" && Number.isSafeInteger(id) && id > 0) return id;
  throw new LedgerError("invalid_input", `${field} must be a positive integer id`, { field, value: String(id) });
}

export function assertCurrency(currency: unknown): Currency {
  if (typeof currency === "string" && (currencies as readonly string[]).includes(currency)) return currency as Currency;
  throw new LedgerError("invalid_input", `Unknown currency ${String(currency)}; expected one of ${currencies.join(", ")}`, {
    currency,
  });
}

export function assertKey(key: unknown): string {
  if (typeof key === "string" && key.length > 0 && key.length <= MAX_KEY_LENGTH && key.trim() === key) return key;
  throw new LedgerError("invalid_input", `The idempotency key must be a non-empty string of at most ${MAX_KEY_LENGTH} characters`, {
    key,
  });
}

export function assertKind(kind: unknown): string {
  if (typeof kind === "string" && KIND.test(kind)) return kind;
  throw new LedgerError("invalid_input", `kind must be a short lower-case word such as deposit, bet, win or withdrawal`, { kind });
}

export function assertMemo(memo: unknown): string {
  if (memo === undefined) return "";
  if (typeof memo === "string" && memo.length <= MAX_MEMO_LENGTH) return memo;
  throw new LedgerError("invalid_input", `memo must be a string of at most ${MAX_MEMO_LENGTH} characters`);
}

export function assertMeta(meta: unknown): Record<string, unknown> | null {
  if (meta === undefined || meta === null) return null;
  if (typeof meta === "object" && !Array.isArray(meta)) {
    try {
      JSON.stringify(meta);
      return meta as Record<string, unknown>;
    } catch {
      // falls through: BigInt values or cycles cannot be stored as JSON
    }
  }
  throw new LedgerError("invalid_input", "meta must be a plain JSON object (no BigInt values: store amounts as strings)");
}
