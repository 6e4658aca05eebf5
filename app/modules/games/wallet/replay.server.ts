// A call whose (provider, txn id) is already stored: the same call replays the first answer with the balances of
// now; the same id with other fields is refused.
import type { CallContext, StoredCall } from "./context.server.ts";
import { refuse, success } from "./run.server.ts";
import type { WalletSuccess } from "./types.ts";

export type CallFields = {
  action: StoredCall["action"];
  txnId: string;
  playerId: number;
  roundId: string;
  gameCode: string;
  /** Bets and wins: the amount. Rollbacks: the transaction rolled back. */
  amount?: bigint;
  refTxnId?: string;
};

export function replay(ctx: CallContext, call: StoredCall, wanted: CallFields): WalletSuccess {
  const differs: string[] = [];
  if (call.action !== wanted.action) differs.push("action");
  if (call.playerId !== wanted.playerId) differs.push("player");
  if (call.roundId !== wanted.roundId) differs.push("round");
  if (call.gameCode !== wanted.gameCode) differs.push("game");
  if (wanted.amount !== undefined && call.amount !== wanted.amount) differs.push("amount");
  if (wanted.refTxnId !== undefined && call.refTxnId !== wanted.refTxnId) differs.push("reference");
  const balances = { main: ctx.main, bonus: ctx.bonus, currency: ctx.player!.currency };
  if (differs.length > 0) {
    // The balance is the requested player's (ctx), never that of the player the stored call belongs to.
    refuse(
      "duplicate_mismatch",
      `Transaction ${wanted.txnId} was already used with a different ${differs.join(", ")}`,
      balances.main + balances.bonus,
    );
  }
  const roundDbId = typeof call.response.roundDbId === "number" ? call.response.roundDbId : null;
  return success(balances, wanted.txnId, roundDbId, true);
}
