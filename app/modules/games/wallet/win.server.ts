// A win (amount 0 = a loss): credits main from the player's house shard and, unless roundClosed is false,
// settles the round, which then counts its stake toward the player's turnover requirements.
import { sql } from "drizzle-orm";
import type { Tx } from "#app/db/db.server.ts";
import { type GatedBy, getPlayerBalances, transferUnderPlayerLock } from "#app/modules/ledger/index.server.ts";
import { applyTurnover } from "#app/modules/turnover/index.server.ts";
import { countWager } from "#app/modules/races/index.server.ts";
import { HOUSE_PLATFORM } from "../types.ts";
import { preparedRows } from "#app/db/rows.server.ts";
import { lockContext } from "./context.server.ts";
import { replay } from "./replay.server.ts";
import { refuse, success, TxnIdTaken } from "./run.server.ts";
import { houseShardAccount, walletLedgerKey } from "./shards.ts";
import type { WalletSuccess, WinInput } from "./types.ts";

type Row = {
  round: { id: number; stake: string; status: string } | null;
  call: number | null;
  before: string | null;
  bet: "ok" | "missing" | "rolled_back";
};

export async function payWin(tx: Tx, input: WinInput): Promise<WalletSuccess> {
  const { platform, txnId, playerId, roundId, gameCode, amount } = input;
  const ctx = await lockContext(tx, input);
  if (!ctx.provider) refuse("unknown_provider", `Unknown provider ${platform}`);
  if (!ctx.player) refuse("unknown_player", `Unknown player ${playerId}`);
  if (ctx.call) return replay(ctx, ctx.call, { action: "win", txnId, playerId, roundId, gameCode, amount });
  const balance = ctx.main + ctx.bonus;
  const provider = ctx.provider;
  const close = input.roundClosed !== false;
  const currency = ctx.player.currency;
  const after = { main: ctx.main + amount, bonus: ctx.bonus, currency };
  const fairness = input.fairness === undefined ? null : JSON.stringify(input.fairness);
  const betTxnId = input.betTxnId ?? null;

  // The bet named by betTxnId (if any) must be this player's bet in this round and not rolled back.
  const bet = betTxnId
    ? sql`case
        when exists (select 1 from game_wallet_calls x where x.provider_id = ${provider.id} and x.ref_txn_id = ${betTxnId} and x.action = 'rollback') then 'rolled_back'
        when exists (select 1 from game_wallet_calls b where b.provider_id = ${provider.id} and b.txn_id = ${betTxnId} and b.action = 'bet'
          and b.player_id = ${playerId} and b.round_id = ${roundId}) then 'ok'
        else 'missing' end`
    : sql`'ok'`;
  const claim: GatedBy = {
    with: sql`
      b as (select ${bet} as bet), r as (
        update game_rounds set
          payout = payout + ${String(amount)}::bigint,
          status = case when ${close} then 'settled' else status end,
          settled_at = case when ${close} then now() else settled_at end,
          fairness = case when ${fairness}::jsonb is null then fairness else coalesce(fairness, '{}'::jsonb) || ${fairness}::jsonb end
        where provider_id = ${provider.id} and player_id = ${playerId} and round_id = ${roundId} and status = 'open'
          and (select bet from b) = 'ok'
        returning id, stake::text as stake, status
      ), c as (
        insert into game_wallet_calls (provider_id, txn_id, action, player_id, round_id, game_code, amount, currency, ref_txn_id, response)
        select ${provider.id}, ${txnId}, 'win', ${playerId}, ${roundId}, ${gameCode}, ${String(amount)}::bigint, ${currency}, ${betTxnId},
          jsonb_build_object('status', 'OK', 'roundDbId', r.id, 'main', ${String(after.main)}::text, 'bonus', ${String(after.bonus)}::text)
        from r
        on conflict (provider_id, txn_id) do nothing
        returning id
      )`,
    gate: sql`exists (select 1 from c)`,
    columns: sql`(select row_to_json(r) from r) as round, (select id from c) as call, (select bet from b) as bet,
      (select status from game_rounds where provider_id = ${provider.id} and player_id = ${playerId} and round_id = ${roundId}) as before`,
  };
  // A paying win posts to the ledger in the same statement, only if the call was claimed (under the player's lock).
  const row =
    amount > 0n
      ? (
          await transferUnderPlayerLock<Row>(
            tx,
            [
              {
                key: walletLedgerKey(provider.platform, txnId, "main"),
                debit: houseShardAccount(provider.platform, playerId),
                credit: `player:${playerId}:main`,
                amount,
                currency,
                kind: "win",
                memo: `${provider.platform} win ${txnId}`,
              },
            ],
            claim,
          )
        ).row
      : (await preparedRows<Row>(tx, sql`with ${claim.with} select ${claim.columns}`))[0]!;
  if (row.bet === "rolled_back") refuse("bet_rolled_back", `Bet ${betTxnId} was rolled back`, balance);
  if (row.bet === "missing") refuse("invalid_request", `Bet ${betTxnId} of round ${roundId} is unknown`, balance);
  if (!row.round) {
    if (row.before === null) refuse("invalid_request", `Round ${roundId} has no bet`, balance);
    refuse("round_closed", `Round ${roundId} is already ${row.before === "settled" ? "settled" : "rolled back"}`, balance);
  }
  if (row.call === null) throw new TxnIdTaken();
  const round = row.round;

  const stake = BigInt(round.stake);
  // A settled round's stake is the wager races count (a house game or a provider's), in this transaction.
  if (round.status === "settled" && stake > 0n)
    await countWager(tx, { playerId, stake, product: provider.platform === HOUSE_PLATFORM ? "house" : "provider" });
  if (round.status === "settled" && stake > 0n && ctx.hasActiveTurnover) {
    const applied = await applyTurnover(tx, { playerId, stake, key: `round:${round.id}` });
    // A completed requirement releases its bonus to main: the split changed.
    if (applied.completed.length > 0) {
      const now = await getPlayerBalances(playerId, tx);
      return success({ main: now.main.available, bonus: now.bonus.available, currency }, txnId, round.id);
    }
  }
  return success(after, txnId, round.id);
}
