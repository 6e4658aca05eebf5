// Refusals of the VIP module. `code` names the string in the vip locale area (vip.errors.<code>); params fill it.
export type VipErrorCode = "below_minimum" | "not_enough" | "below_unit" | "request_invalid" | "no_level" | "player_blocked";

export class VipError extends Error {
  readonly code: VipErrorCode;
  readonly params: Record<string, string | number>;

  constructor(code: VipErrorCode, message: string, params: Record<string, string | number> = {}) {
    super(message);
    this.name = "VipError";
    this.code = code;
    this.params = params;
  }
}

export const isVipError = (e: unknown): e is VipError => e instanceof VipError;
