// The seamless wallet: the one path by which games (providers and our own) move a player's money.
// Contract: README.md in this folder. Each money call is one transaction (or a savepoint in the caller's `ex`):
// lock the player's accounts, claim the (provider, txn id) in game_wallet_calls, update the round, post the ledger
// transfers. Internals: wallet/.
import { sql } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { ensureHouseAccounts } from "#app/modules/ledger/index.server.ts";
import type { Currency } from "#app/modules/players/index.ts";
import { placeBet } from "./wallet/bet.server.ts";
import { rollBack } from "./wallet/rollback.server.ts";
import { runCall } from "./wallet/run.server.ts";
import type { BetInput, RollbackInput, WalletBalance, WalletFailure, WalletSuccess, WinInput } from "./wallet/types.ts";
import { checkAmount, checkFairness, checkId, checkPlatform, checkPlayerId, firstFailure, invalid } from "./wallet/validate.ts";
import { payWin } from "./wallet/win.server.ts";

export type { BetInput, RollbackInput, WalletBalance, WalletErrorCode, WalletFailure, WalletSuccess, WinInput } from "./wallet/types.ts";
import { HOUSE_SHARDS, houseShardAccount } from "./wallet/shards.ts";
export { HOUSE_SHARDS, houseShardAccount };

/** Creates a provider's house shard accounts up front, so no player's first bet waits while one is created. */
export async function openHouseShards(platform: string, currency: Currency = "BDT", ex: Executor = db): Promise<void> {
  const codes = Array.from({ length: HOUSE_SHARDS }, (_, shard) => houseShardAccount(platform, shard));
  await ensureHouseAccounts(codes, currency, ex);
}

/** The player's playable balance (main + bonus, available). Works for blocked players and inactive providers. */
export async function walletBalance(input: { platform: string; playerId: number }): Promise<WalletBalance | WalletFailure> {
  const platform = checkPlatform(input?.platform);
  if (typeof platform !== "string") return platform;
  const bad = checkPlayerId(input.playerId);
  if (bad) return bad;
  const [row] = rowsOf<{ provider: boolean; currency: Currency | null; main: string; bonus: string }>(
    await db.execute(sql`
      select exists (select 1 from game_providers where platform = ${platform}) as provider, p.currency,
        coalesce(sum(a.posted - a.pending) filter (where a.wallet = 'main'), 0)::text as main,
        coalesce(sum(a.posted - a.pending) filter (where a.wallet = 'bonus'), 0)::text as bonus
      from (select ${input.playerId}::int as id) q
      left join players p on p.id = q.id
      left join ledger_accounts a on a.player_id = p.id and a.currency = p.currency
      group by p.currency`),
  );
  if (!row?.provider) return { ok: false, code: "unknown_provider", message: `Unknown provider ${platform}` };
  if (!row.currency) return { ok: false, code: "unknown_player", message: `Unknown player ${input.playerId}` };
  const main = BigInt(row.main);
  const bonus = BigInt(row.bonus);
  return { ok: true, balance: main + bonus, main, bonus, currency: row.currency };
}

function checkCall(input: { platform: string; txnId: string; playerId: number; roundId: string; gameCode: string }) {
  const platform = checkPlatform(input?.platform);
  if (typeof platform !== "string") return { failure: platform };
  const failure = firstFailure(
    checkPlayerId(input.playerId),
    checkId(input.txnId, "txnId"),
    checkId(input.roundId, "roundId"),
    checkId(input.gameCode, "gameCode"),
  );
  return failure ? { failure } : { platform };
}

/**
 * Takes `amount` from main, then bonus. Refused for blocked players, inactive providers, unknown games, settled rounds,
 * and (every provider but HOUSE) without `token` of the player's live launch session of the provider.
 */
export async function walletBet(input: BetInput, ex?: Executor): Promise<WalletSuccess | WalletFailure> {
  const checked = checkCall(input);
  if (checked.failure) return checked.failure;
  const failure = firstFailure(
    checkAmount(input.amount, 1n),
    checkFairness(input.fairness),
    input.token === undefined || typeof input.token === "string" ? undefined : invalid("token must be a string"),
  );
  if (failure) return failure;
  return runCall(ex, input.playerId, (tx) => placeBet(tx, { ...input, platform: checked.platform! }));
}

/** Credits main (0 = a loss); settles the round unless roundClosed is false. Needs an open round (a bet first). */
export async function walletWin(input: WinInput, ex?: Executor): Promise<WalletSuccess | WalletFailure> {
  const checked = checkCall(input);
  if (checked.failure) return checked.failure;
  const failure = firstFailure(
    checkAmount(input.amount, 0n),
    checkFairness(input.fairness),
    input.betTxnId === undefined ? undefined : checkId(input.betTxnId, "betTxnId"),
    input.roundClosed === undefined || typeof input.roundClosed === "boolean" ? undefined : invalid("roundClosed must be true or false"),
  );
  if (failure) return failure;
  return runCall(ex, input.playerId, (tx) => payWin(tx, { ...input, platform: checked.platform! }));
}

/** Cancels a bet or a win; an unknown refTxnId leaves a tombstone (no money moves) that refuses the late bet. */
export async function walletRollback(input: RollbackInput, ex?: Executor): Promise<WalletSuccess | WalletFailure> {
  const checked = checkCall(input);
  if (checked.failure) return checked.failure;
  const failure = checkId(input.refTxnId, "refTxnId");
  if (failure) return failure;
  return runCall(ex, input.playerId, (tx) => rollBack(tx, { ...input, platform: checked.platform! }));
}
