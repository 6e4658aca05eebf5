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
  | "request_mismatch";

export class ExchangeError extends Error {
  readonly code: ExchangeErrorCode;
  readonly params: Record<string, string>;
  constructor(code: ExchangeErrorCode, params: Record<string, string> = {}) {
    super(code);
    this.code = code;
    this.params = params;
  }
}

export const isExchangeError = (e: unknown): e is ExchangeError => e instanceof ExchangeError;
