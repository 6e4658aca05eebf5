// A bet: main first, then bonus, into the provider's house shard; opens (or adds to) the player's round.
import { sql } from "drizzle-orm";
import type { Tx } from "#app/db/db.server.ts";
import { type TransferInput, transferUnderPlayerLock } from "#app/modules/ledger/index.server.ts";
import { lockContext } from "./context.server.ts";
import { replay } from "./replay.server.ts";
import { Refusal, refuse, success, TxnIdTaken } from "./run.server.ts";
import { checkBeforeStake } from "#app/modules/protection/index.server.ts";
import { limitText } from "#app/modules/protection/index.ts";
import { HOUSE_PLATFORM } from "../types.ts";
import { houseShardAccount, walletLedgerKey } from "./shards.ts";
import type { BetInput, WalletSuccess } from "./types.ts";

export async function placeBet(tx: Tx, input: BetInput): Promise<WalletSuccess> {
  const { platform, txnId, playerId, roundId, gameCode, amount } = input;
  const ctx = await lockContext(tx, input);
  if (!ctx.provider) refuse("unknown_provider", `Unknown provider ${platform}`);
  if (!ctx.player) refuse("unknown_player", `Unknown player ${playerId}`);
  if (ctx.call) return replay(ctx, ctx.call, { action: "bet", txnId, playerId, roundId, gameCode, amount });
  const balance = ctx.main + ctx.bonus;
  if (!ctx.provider.active) refuse("unknown_provider", `Provider ${platform} is not active`, balance);
  if (ctx.player.blocked) refuse("player_blocked", "The player is blocked and cannot bet", balance);
  const game = ctx.game;
  if (!game || game.providerId !== ctx.provider.id || !game.active) refuse("unknown_game", `Unknown game ${gameCode}`, balance);
  // A provider bets only for a player who launched one of its games (aggregators' wallet contracts: the session
  // token it got at launch), so a signed call cannot spend the balance of any other player, the market-maker's
  // included. A retried bet was replayed above; wins and rollbacks of its rounds need no session.
  if (ctx.provider.platform !== HOUSE_PLATFORM && ctx.session !== "live") {
    if (ctx.session === "expired") refuse("session_expired", "The player's game session has ended", balance);
    refuse("invalid_token", "No game session of this player and provider for this token: the player must launch the game", balance);
  }
  if (balance < amount) refuse("insufficient_funds", "Insufficient funds", balance);
  // Player protection: under the player's lock, so parallel bets cannot together pass a stake or loss limit. The
  // exclusion, the mode and the limits come with the context, so a demo player without limits costs no query.
  const refusal = await checkBeforeStake(tx, playerId, amount, { known: ctx });
  if (refusal?.reason === "excluded") refuse("player_blocked", "The player is under a time-out, self-exclusion or closure", balance);
  if (refusal?.reason === "identity") {
    throw new Refusal({ ok: false, code: "verification_needed", message: `Verification needed: ${refusal.missing.join(", ")}`, balance });
  }
  if (refusal?.reason === "limit")
    throw new Refusal({ ok: false, code: "limit_exceeded", message: limitText(refusal.limit), balance, limit: refusal.limit });

  const fromMain = ctx.main < amount ? ctx.main : amount;
  const fromBonus = amount - fromMain;
  const currency = ctx.player.currency;
  const after = { main: ctx.main - fromMain, bonus: ctx.bonus - fromBonus, currency };
  const fairness = input.fairness === undefined ? null : JSON.stringify(input.fairness);

  const provider = ctx.provider;
  const house = houseShardAccount(provider.platform, playerId);
  const memo = `${provider.platform} bet ${txnId}`;
  const leg = (wallet: "main" | "bonus", part: bigint): TransferInput[] =>
    part > 0n
      ? [
          {
            key: walletLedgerKey(provider.platform, txnId, wallet),
            debit: `player:${playerId}:${wallet}`,
            credit: house,
            amount: part,
            currency,
            kind: "bet",
            memo,
          },
        ]
      : [];

  // One statement: refuse a bet that a rollback already cancelled (tombstone), open or add to the round unless it
  // is settled, claim the transaction id (a concurrent twin makes the insert come back empty: retry, replay) and,
  // only if the claim was made, post the bet to the ledger (under the player's lock taken by lockContext).
  const { row } = await transferUnderPlayerLock<{ tomb: boolean; round: number | null; call: number | null }>(
    tx,
    [...leg("main", fromMain), ...leg("bonus", fromBonus)],
    {
      with: sql`
        tomb as (
          select 1 from game_wallet_calls where provider_id = ${ctx.provider.id} and ref_txn_id = ${txnId} and status = 'tombstone' limit 1
        ), r as (
          insert into game_rounds (provider_id, player_id, round_id, game_id, game_code, game_type, platform, currency, stake, fairness)
          select ${ctx.provider.id}, ${playerId}, ${roundId}, ${game.id}, ${gameCode}, ${game.type}, ${ctx.provider.platform}, ${currency},
            ${String(amount)}::bigint, ${fairness}::jsonb
          where not exists (select 1 from tomb)
          on conflict (provider_id, player_id, round_id) do update set
            stake = game_rounds.stake + excluded.stake,
            status = 'open',
            fairness = case when excluded.fairness is null then game_rounds.fairness else coalesce(game_rounds.fairness, '{}'::jsonb) || excluded.fairness end
          where game_rounds.status <> 'settled'
          returning id
        ), c as (
          insert into game_wallet_calls (provider_id, txn_id, action, player_id, round_id, game_code, amount, currency, response)
          select ${ctx.provider.id}, ${txnId}, 'bet', ${playerId}, ${roundId}, ${gameCode}, ${String(amount)}::bigint, ${currency},
            jsonb_build_object('status', 'OK', 'roundDbId', r.id, 'main', ${String(after.main)}::text, 'bonus', ${String(after.bonus)}::text)
          from r
          on conflict (provider_id, txn_id) do nothing
          returning id
        )`,
      gate: sql`exists (select 1 from c)`,
      columns: sql`exists (select 1 from tomb) as tomb, (select id from r) as round, (select id from c) as call`,
    },
  );
  if (row.tomb) refuse("bet_rolled_back", `Bet ${txnId} was already rolled back`, balance);
  if (row.round === null) refuse("round_closed", `Round ${roundId} is already settled`, balance);
  if (row.call === null) throw new TxnIdTaken();
  return success(after, txnId, Number(row.round));
}
