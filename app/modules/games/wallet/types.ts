// The seamless wallet's public types (re-exported by ../wallet.server.ts). Amounts are poisha.
import type { Currency } from "#app/modules/players/schema.ts";

export type WalletErrorCode =
  | "invalid_request"
  | "unknown_provider"
  | "unknown_player"
  | "unknown_game"
  | "player_blocked"
  | "insufficient_funds"
  | "duplicate_mismatch"
  | "bet_rolled_back"
  | "round_closed";

export type WalletBalance = { ok: true; balance: bigint; main: bigint; bonus: bigint; currency: Currency };
export type WalletSuccess = WalletBalance & { txnId: string; replayed: boolean; roundDbId: number | null };
export type WalletFailure = { ok: false; code: WalletErrorCode; message: string; balance?: bigint };

type CallBase = { platform: string; txnId: string; playerId: number; roundId: string; gameCode: string };
export type BetInput = CallBase & { amount: bigint; fairness?: Record<string, unknown> };
export type WinInput = CallBase & { amount: bigint; betTxnId?: string; roundClosed?: boolean; fairness?: Record<string, unknown> };
export type RollbackInput = CallBase & { refTxnId: string };
