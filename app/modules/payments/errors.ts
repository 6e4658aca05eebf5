import { DomainError } from "#app/kernel/domain-error.ts";
import type { MessageKey } from "#app/i18n/message.ts";

// Refusals a player or staff member can cause. Each carries an i18n key under payments.errors (the text shown),
// the form field it belongs to when there is one, and interpolation values (ranges as taka text).
export type PaymentErrorCode =
  | "invalid_input"
  | "invalid_amount"
  | "amount_out_of_range"
  | "invalid_method"
  | "invalid_channel"
  | "invalid_wallet_number"
  | "no_wallet_number"
  | "invalid_promotion"
  | "invalid_sender"
  | "invalid_trx"
  | "trx_used"
  | "invalid_proof"
  | "insufficient_balance"
  | "withdrawals_closed"
  | "verification_needed"
  | "turnover_incomplete"
  | "player_blocked"
  | "underage"
  /** Over one of the player's deposit limits (the message names it and when it frees up). */
  | "limit_exceeded"
  | "already_reviewed"
  /** Four-eyes payouts: the staff member who gave a withdrawal its first approval cannot give the second. */
  | "same_approver"
  /** The player tried to cancel a request that is no longer pending, or that staff have already taken. */
  | "not_revertible"
  /** The deposit cannot be edited and resubmitted (not a rejected manual deposit, already resubmitted, or too early). */
  | "not_resubmittable"
  | "under_review"
  | "reason_required"
  | "not_found"
  /** The payment gateway did not answer or refused to open a checkout. */
  | "gateway_unavailable"
  /** A time-out, self-exclusion or closure is active. */
  | "excluded";

export type PaymentErrorField =
  | "amount"
  | "methodId"
  | "channelType"
  | "walletNumberId"
  | "promotionId"
  | "categoryIds"
  | "senderNumber"
  | "trxId"
  | "proof"
  | "reason"
  | "payoutReference"
  | "accountNumber"
  | "minAmount"
  | "maxAmount"
  | "dailyCap"
  | "name"
  | "icon"
  | "tag"
  | "nameEn"
  | "nameBn"
  | "bonusPercent"
  | "turnoverMultiplier"
  | "maxBonus"
  | "startsAt"
  | "endsAt";

/** Catalogue keys a payment refusal may carry (checked against the English catalogue). */
export type PaymentMessageKey = Extract<MessageKey, `payments.errors.${string}` | `risk.errors.${string}` | "protectionLimits.refused">;

/** The API's status for a refusal where it is not the default (404 for not_found, else 422): who may not, what exists already, what is missing first. */
const statusOf: Partial<Record<PaymentErrorCode, number>> = {
  player_blocked: 403,
  trx_used: 409,
  turnover_incomplete: 400,
  verification_needed: 400,
  withdrawals_closed: 400,
};

export class PaymentError extends DomainError<PaymentErrorCode> {
  /** Full i18n key, e.g. "payments.errors.trxUsed" (a limit refusal: "protectionLimits.refused"; the AML review hold's is under risk.errors). */
  declare readonly messageKey: PaymentMessageKey;
  declare readonly field: PaymentErrorField | undefined;
  declare readonly params: Record<string, string>;

  constructor(
    code: PaymentErrorCode,
    messageKey: PaymentMessageKey,
    { field, params = {} }: { field?: PaymentErrorField; params?: Record<string, string> } = {},
  ) {
    super(code, messageKey, { field, params, status: statusOf[code] });
    this.name = "PaymentError";
  }
}

export function isPaymentError(e: unknown, code?: PaymentErrorCode): e is PaymentError {
  return e instanceof PaymentError && (code === undefined || e.code === code);
}
