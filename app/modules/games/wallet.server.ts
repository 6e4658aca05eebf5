// The seamless wallet: the one path by which games (providers and our own) move a player's money.
// Contract: README.md in this folder. (Interface first; the implementation lands with the wallet part.)
import type { Executor } from "#app/db/db.server.ts";
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

const pending = (): WalletFailure => ({ ok: false, code: "invalid_request", message: "The wallet is not implemented yet" });

export async function walletBalance(_input: { platform: string; playerId: number }): Promise<WalletBalance | WalletFailure> {
  return pending();
}

export async function walletBet(_input: BetInput, _ex?: Executor): Promise<WalletSuccess | WalletFailure> {
  return pending();
}

export async function walletWin(_input: WinInput, _ex?: Executor): Promise<WalletSuccess | WalletFailure> {
  return pending();
}

export async function walletRollback(_input: RollbackInput, _ex?: Executor): Promise<WalletSuccess | WalletFailure> {
  return pending();
}
