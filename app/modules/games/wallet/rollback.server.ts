// A rollback cancels a bet (its stake goes back to the wallets it came from, and the turnover and race wagers it
// counted are given back) or a win (taken back from main). A rollback naming an unknown transaction leaves a tombstone, moves no
// money and answers OK; the bet arriving after it is refused (bet.server.ts).
import { sql } from "drizzle-orm";
import type { Tx } from "#app/db/db.server.ts";
import { reverseTransfer } from "#app/modules/ledger/index.server.ts";
import { rollbackTurnover } from "#app/modules/turnover/index.server.ts";
import { uncountWager } from "#app/modules/races/index.server.ts";
import { HOUSE_PLATFORM } from "../types.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { callJson, type CallContext, lockContext, toCall } from "./context.server.ts";
import { replay } from "./replay.server.ts";
import { refuse, success, TxnIdTaken } from "./run.server.ts";
import { walletLedgerKey } from "./shards.ts";
import type { RollbackInput, WalletSuccess } from "./types.ts";

type Leg = { id: string; key: string; amount: string; reversed: boolean };

export async function rollBack(tx: Tx, input: RollbackInput): Promise<WalletSuccess> {
  const { platform, txnId, playerId, roundId, gameCode, refTxnId } = input;
  const ctx = await lockContext(tx, input);
  if (!ctx.provider) refuse("unknown_provider", `Unknown provider ${platform}`);
  if (!ctx.player) refuse("unknown_player", `Unknown player ${playerId}`);
  if (ctx.call) return replay(ctx, ctx.call, { action: "rollback", txnId, playerId, roundId, gameCode, refTxnId });
  if (refTxnId === txnId) refuse("invalid_request", "A rollback cannot name itself", ctx.main + ctx.bonus);
  const provider = ctx.provider;
  const keys = { main: walletLedgerKey(provider.platform, refTxnId, "main"), bonus: walletLedgerKey(provider.platform, refTxnId, "bonus") };

  // Read after the lock: the referenced call, whether it was rolled back already, and its ledger legs.
  const [found] = rowsOf<{ ref: Record<string, unknown> | null; done: boolean; legs: Leg[] | null }>(
    await tx.execute(sql`
      select
        (select ${callJson("c")} from game_wallet_calls c where c.provider_id = ${provider.id} and c.txn_id = ${refTxnId}) as ref,
        exists (select 1 from game_wallet_calls x where x.provider_id = ${provider.id} and x.ref_txn_id = ${refTxnId}
          and x.action = 'rollback' and x.status = 'applied') as done,
        (select json_agg(json_build_object('id', t.id::text, 'key', t.key, 'amount', t.amount::text,
          'reversed', exists (select 1 from ledger_transfers r where r.reversal_of = t.id)))
          from ledger_transfers t where t.key in (${keys.main}, ${keys.bonus})) as legs`),
  );
  const ref = toCall(found!.ref);
  if (!ref) return storeCall(tx, ctx, input, { status: "tombstone", amount: 0n, roundDbId: null, after: ctx });

  const balance = ctx.main + ctx.bonus;
  if (ref.action === "rollback") refuse("invalid_request", `${refTxnId} is a rollback and cannot be rolled back`, balance);
  if (ref.playerId !== playerId || ref.roundId !== roundId)
    refuse("invalid_request", `${refTxnId} is not this player's transaction in round ${roundId}`, balance);
  const roundDbId = typeof ref.response.roundDbId === "number" ? ref.response.roundDbId : null;
  if (found!.done) return storeCall(tx, ctx, input, { status: "applied", amount: 0n, roundDbId, after: ctx });

  const legs = (found!.legs ?? []).filter((l) => !l.reversed);
  const legAmount = (wallet: "main" | "bonus") => BigInt(legs.find((l) => l.key === keys[wallet])?.amount ?? "0");
  let after: { main: bigint; bonus: bigint };
  if (ref.action === "win") {
    if (ctx.main < ref.amount) refuse("insufficient_funds", `Main balance cannot cover the rollback of win ${refTxnId}`, balance);
    after = { main: ctx.main - legAmount("main"), bonus: ctx.bonus };
  } else {
    after = { main: ctx.main + legAmount("main"), bonus: ctx.bonus + legAmount("bonus") };
  }
  for (const leg of legs) {
    const wallet = leg.key === keys.main ? "main" : "bonus";
    await reverseTransfer(
      {
        key: walletLedgerKey(provider.platform, txnId, wallet),
        transferId: Number(leg.id),
        kind: "rollback",
        memo: `${provider.platform} rollback ${txnId}`,
      },
      tx,
    );
  }

  // The round gives back the stake (or payout); it is rolled back once nothing is left in it.
  const stakeBack = ref.action === "bet" ? ref.amount : 0n;
  const payoutBack = ref.action === "win" ? ref.amount : 0n;
  const [round] = rowsOf<{ id: number; was: string; settled_at: string | null }>(
    await tx.execute(sql`
      update game_rounds r set
        stake = r.stake - ${String(stakeBack)}::bigint,
        payout = r.payout - ${String(payoutBack)}::bigint,
        status = case when r.stake - ${String(stakeBack)}::bigint = 0 and r.payout - ${String(payoutBack)}::bigint = 0 then 'rolled_back' else r.status end
      from (select id, status, settled_at from game_rounds where provider_id = ${provider.id} and player_id = ${playerId} and round_id = ${roundId}) o
      where r.id = o.id
      returning r.id, o.status as was, to_json(o.settled_at)#>>'{}' as settled_at`),
  );
  if (round && round.was === "settled" && ref.action === "bet") {
    await rollbackTurnover(tx, { key: `round:${round.id}` });
    // The races that counted the settled round's stake take this bet's part of it back.
    if (stakeBack > 0n && round.settled_at)
      await uncountWager(tx, {
        playerId,
        stake: stakeBack,
        product: provider.platform === HOUSE_PLATFORM ? "house" : "provider",
        at: new Date(round.settled_at),
      });
  }
  return storeCall(tx, ctx, input, { status: "applied", amount: ref.amount, roundDbId: round?.id ?? roundDbId, after });
}

async function storeCall(
  tx: Tx,
  ctx: CallContext,
  input: RollbackInput,
  {
    status,
    amount,
    roundDbId,
    after,
  }: { status: "applied" | "tombstone"; amount: bigint; roundDbId: number | null; after: { main: bigint; bonus: bigint } },
): Promise<WalletSuccess> {
  const currency = ctx.player!.currency;
  const response = {
    status: "OK",
    roundDbId,
    main: String(after.main),
    bonus: String(after.bonus),
    ...(status === "tombstone" ? { tombstone: true } : {}),
  };
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      insert into game_wallet_calls (provider_id, txn_id, action, player_id, round_id, game_code, amount, currency, ref_txn_id, status, response)
      values (${ctx.provider!.id}, ${input.txnId}, 'rollback', ${input.playerId}, ${input.roundId}, ${input.gameCode}, ${String(amount)}::bigint,
        ${currency}, ${input.refTxnId}, ${status}, ${JSON.stringify(response)}::jsonb)
      on conflict (provider_id, txn_id) do nothing
      returning id`),
  );
  if (!row) throw new TxnIdTaken();
  return success({ ...after, currency }, input.txnId, roundDbId);
}
