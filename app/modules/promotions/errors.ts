// Refusals of the back office's promotion form. The texts are the money area's (payments.errors.*), which the
// deposit pages share.
import { DomainError } from "#app/kernel/domain-error.ts";
import type { MessageKey } from "#app/i18n/message.ts";

export type PromotionErrorCode = "invalid_input" | "not_found";
export type PromotionField = "nameEn" | "nameBn" | "bonusPercent" | "turnoverMultiplier" | "maxBonus" | "startsAt" | "endsAt" | "categoryIds";

export class PromotionError extends DomainError<PromotionErrorCode> {
  declare readonly field: PromotionField | undefined;

  constructor(code: PromotionErrorCode, messageKey: Extract<MessageKey, `payments.errors.${string}`>, field?: PromotionField) {
    super(code, messageKey, { field, status: code === "not_found" ? 404 : 400 });
  }
}

export const isPromotionError = (e: unknown): e is PromotionError => e instanceof PromotionError;
