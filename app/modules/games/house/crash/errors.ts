// Refusals of Crash bets and cash-outs. `code` names the string in the crash locale area (crash.errors.<code>);
// params fill its placeholders (amounts are already formatted taka).
import { DomainError } from "#app/kernel/domain-error.ts";
export type CrashErrorCode =
  | "game_unavailable"
  | "stake_invalid"
  | "stake_range"
  | "auto_invalid"
  | "betting_closed"
  | "round_full"
  | "already_bet"
  | "no_bet"
  | "already_cashed"
  | "crashed"
  | "not_running"
  | "insufficient_funds"
  | "player_blocked"
  | "limit_exceeded"
  | "verification_needed"
  | "wallet_refused";

export class CrashError extends DomainError<CrashErrorCode> {
  declare readonly params: Record<string, string>;
  constructor(code: CrashErrorCode, message: string, params: Record<string, string> = {}) {
    super(code, `crash.errors.${code}`, { params, detail: message });
    this.name = "CrashError";
  }
}

export const isCrashError = (e: unknown): e is CrashError => e instanceof CrashError;
