// What staff see about a player next to a deposit or withdrawal: money in and out so far, and AML hints.
import { sql } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";

export type PlayerMoneySummary = {
  approvedDeposits: number;
  approvedDepositTotal: bigint;
  pendingDeposits: number;
  rejectedDeposits: number;
  approvedWithdrawals: number;
  approvedWithdrawalTotal: bigint;
  pendingWithdrawals: number;
  lastDepositAt: Date | null;
};

const EMPTY: PlayerMoneySummary = {
  approvedDeposits: 0,
  approvedDepositTotal: 0n,
  pendingDeposits: 0,
  rejectedDeposits: 0,
  approvedWithdrawals: 0,
  approvedWithdrawalTotal: 0n,
  pendingWithdrawals: 0,
  lastDepositAt: null,
};

export async function playerMoneySummaries(playerIds: number[]): Promise<Map<number, PlayerMoneySummary>> {
  const ids = [...new Set(playerIds)];
  const result = new Map<number, PlayerMoneySummary>();
  if (ids.length === 0) return result;
  const list = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const rows = rowsOf<{
    player_id: number;
    ad: string;
    adt: string;
    pd: string;
    rd: string;
    aw: string;
    awt: string;
    pw: string;
    last_deposit_at: string | Date | null;
  }>(
    await db.execute(sql`
      select p.id as player_id,
        (select count(*) from deposits d where d.player_id = p.id and d.status = 'approved')::text as ad,
        (select coalesce(sum(d.amount), 0) from deposits d where d.player_id = p.id and d.status = 'approved')::text as adt,
        (select count(*) from deposits d where d.player_id = p.id and d.status = 'pending')::text as pd,
        (select count(*) from deposits d where d.player_id = p.id and d.status = 'rejected')::text as rd,
        (select count(*) from withdrawals w where w.player_id = p.id and w.status = 'approved')::text as aw,
        (select coalesce(sum(w.amount), 0) from withdrawals w where w.player_id = p.id and w.status = 'approved')::text as awt,
        (select count(*) from withdrawals w where w.player_id = p.id and w.status = 'pending')::text as pw,
        (select max(d.created_at) from deposits d where d.player_id = p.id) as last_deposit_at
      from players p where p.id in (${list})`),
  );
  for (const r of rows) {
    result.set(Number(r.player_id), {
      approvedDeposits: Number(r.ad),
      approvedDepositTotal: BigInt(r.adt),
      pendingDeposits: Number(r.pd),
      rejectedDeposits: Number(r.rd),
      approvedWithdrawals: Number(r.aw),
      approvedWithdrawalTotal: BigInt(r.awt),
      pendingWithdrawals: Number(r.pw),
      lastDepositAt: r.last_deposit_at ? new Date(r.last_deposit_at) : null,
    });
  }
  for (const id of ids) if (!result.has(id)) result.set(id, EMPTY);
  return result;
}

/** The member centre's money figures for one player: when they last asked to deposit / withdraw (a refused request
 * does not count) and what their pending withdrawals hold on the main wallet. */
export type PlayerPaymentActivity = {
  lastDepositAt: Date | null;
  lastWithdrawalAt: Date | null;
  pendingWithdrawals: number;
  pendingWithdrawalTotal: bigint;
};

export async function playerPaymentActivity(playerId: number): Promise<PlayerPaymentActivity> {
  const [row] = rowsOf<{ ld: string | Date | null; lw: string | Date | null; pw: string; pwt: string }>(
    await db.execute(sql`
      select
        (select max(d.created_at) from deposits d where d.player_id = ${playerId} and d.status <> 'rejected') as ld,
        (select max(w.created_at) from withdrawals w where w.player_id = ${playerId} and w.status <> 'rejected') as lw,
        (select count(*) from withdrawals w where w.player_id = ${playerId} and w.status = 'pending')::text as pw,
        (select coalesce(sum(w.amount), 0) from withdrawals w where w.player_id = ${playerId} and w.status = 'pending')::text as pwt`),
  );
  return {
    lastDepositAt: row?.ld ? new Date(row.ld) : null,
    lastWithdrawalAt: row?.lw ? new Date(row.lw) : null,
    pendingWithdrawals: Number(row?.pw ?? 0),
    pendingWithdrawalTotal: BigInt(row?.pwt ?? 0),
  };
}
