// The seamless wallet's public types (re-exported by ../wallet.server.ts). Amounts are poisha.
import type { Currency } from "#app/modules/players/index.ts";
import type { LimitRefusal } from "#app/modules/protection/index.ts";

export type WalletErrorCode =
  | "invalid_request"
  | "unknown_provider"
  | "unknown_player"
  | "unknown_game"
  | "player_blocked"
  | "insufficient_funds"
  | "duplicate_mismatch"
  | "bet_rolled_back"
  | "round_closed"
  /** A provider's bet without a live launch session of this player and provider for its token. */
  | "invalid_token"
  /** A provider's bet with the token of a session that has ended (GAME_SESSION_HOURS after it was opened). */
  | "session_expired"
  /** The bet would break one of the player's stake or loss limits (`limit` says which). */
  | "limit_exceeded"
  /** Real-money mode: the player has not completed the identity checks the operator requires. */
  | "verification_needed";

export type WalletBalance = { ok: true; balance: bigint; main: bigint; bonus: bigint; currency: Currency };
export type WalletSuccess = WalletBalance & { txnId: string; replayed: boolean; roundDbId: number | null };
export type WalletFailure = { ok: false; code: WalletErrorCode; message: string; balance?: bigint; limit?: LimitRefusal };

type CallBase = { platform: string; txnId: string; playerId: number; roundId: string; gameCode: string };
export type BetInput = CallBase & {
  amount: bigint;
  fairness?: Record<string, unknown>;
  /**
   * The launch token the provider got at launch (its session token). Every provider's bet needs one of a live
   * session of this player and provider; only our own house games (HOUSE_PLATFORM), whose bets come from the
   * player's signed-in requests, need none.
   */
  token?: string;
};
export type WinInput = CallBase & { amount: bigint; betTxnId?: string; roundClosed?: boolean; fairness?: Record<string, unknown> };
export type RollbackInput = CallBase & { refTxnId: string };
