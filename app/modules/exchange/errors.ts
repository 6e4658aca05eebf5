import { DomainError } from "#app/kernel/domain-error.ts";
import { takaText } from "#app/kernel/money.ts";

// Why an exchange operation was refused. `params` fill the player's message (amounts in poisha).
export type ExchangeErrorCode =
  | "market_not_found"
  | "market_closed"
  | "market_suspended"
  | "ball_running"
  | "runner_not_active"
  | "invalid_price"
  | "price_changed"
  | "stake_range"
  | "insufficient_funds"
  | "player_blocked"
  | "limit_exceeded"
  | "verification_needed"
  | "order_not_found"
  | "order_not_open"
  | "request_mismatch"
  | "preset_unknown"
  | "not_filled";

export class ExchangeError extends DomainError<ExchangeErrorCode> {
  declare readonly params: Record<string, string>;
  constructor(code: ExchangeErrorCode, params: Record<string, string> = {}) {
    // A moved quote is shown next to the slip's price field.
    super(code, `exchange.errors.${code}`, { params, detail: code, field: code === "price_changed" ? "price" : undefined });
    this.name = "ExchangeError";
  }

  /** Amounts travel in poisha; the player reads them in taka (limits in whole taka, a balance to the poisha). */
  override shownParams(): Record<string, string> {
    const params: Record<string, string> = { ...this.params };
    for (const key of ["min", "max", "available"] as const) {
      if (params[key] !== undefined && /^-?\d+$/.test(params[key]))
        params[key] = takaText(BigInt(params[key]), { decimals: key === "available" ? "fixed" : "trim" });
    }
    return params;
  }
}

export const isExchangeError = (e: unknown): e is ExchangeError => e instanceof ExchangeError;
