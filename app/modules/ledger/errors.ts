export type LedgerErrorCode =
  | "invalid_amount"
  | "invalid_input"
  | "unknown_account"
  | "currency_mismatch"
  | "same_account"
  | "insufficient_funds"
  | "idempotency_conflict"
  | "hold_not_found"
  | "hold_already_resolved"
  | "not_reversible"
  | "already_reversed"
  | "balance_overflow";

/** Every refusal of the ledger; callers switch on `code`. Nothing has been written when one is thrown. */
export class LedgerError extends Error {
  readonly code: LedgerErrorCode;
  readonly details: Record<string, unknown>;

  constructor(code: LedgerErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = "LedgerError";
    this.code = code;
    this.details = details;
  }
}

export function isLedgerError(e: unknown, code?: LedgerErrorCode): e is LedgerError {
  return e instanceof LedgerError && (code === undefined || e.code === code);
}
