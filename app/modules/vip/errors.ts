// Refusals of the VIP module. `code` names the string in the vip locale area (vip.errors.<code>); params fill it.
import { DomainError } from "#app/kernel/domain-error.ts";
export type VipErrorCode = "below_minimum" | "not_enough" | "below_unit" | "request_invalid" | "no_level" | "player_blocked";

export class VipError extends DomainError<VipErrorCode> {
  constructor(code: VipErrorCode, message: string, params: Record<string, string | number> = {}) {
    super(code, `vip.errors.${code}`, { params, detail: message });
    this.name = "VipError";
  }
}

export const isVipError = (e: unknown): e is VipError => e instanceof VipError;
