// Set-based reads of deposits and withdrawals for the back-office reports (app/modules/reporting): SELECTs as SQL
// fragments. Money counts on the moment the ledger moved it (a deposit's credit, a withdrawal's posted hold), so a
// deposit submitted yesterday and approved today is paid today; requests count on the moment they were submitted.
import { inArray, sql, type SQL } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { paymentMethods } from "./schema.ts";
import { transfersInSql } from "#app/modules/ledger/index.server.ts";

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The deposits the ledger credited in [start, end): deposit_id, player_id, method_id, channel, amount, created_at. */
export function paidDepositsSql(start: Date, end: Date): SQL {
  return sql`
    select d.id as deposit_id, d.player_id, d.method_id, d.channel_type as channel, t.amount, t.created_at
    from (${transfersInSql(start, end, ["deposit"])}) t
    join deposits d on d.id = (t.meta->>'depositId')::int
    where t.key = 'deposit:' || d.id || ':main'`;
}

/**
 * By (kind deposit / withdrawal, method, channel) in [start, end): requests submitted (count, amount) and money paid
 * (count, amount: deposits credited less gateway refunds posted, withdrawals whose hold was posted).
 */
export function paymentsDailySql(start: Date, end: Date): SQL {
  return sql`
    with rows as (
      select 'deposit' as kind, d.method_id, d.channel_type as channel, 1 as requested_count, d.amount as requested_amount,
             0 as paid_count, 0::bigint as paid_amount
      from deposits d where d.created_at >= ${ts(start)} and d.created_at < ${ts(end)}
      union all
      select 'deposit', p.method_id, p.channel, 0, 0, 1, p.amount from (${paidDepositsSql(start, end)}) p
      union all
      -- A gateway refund takes the money back on the day it was posted: paid amount less, the count unchanged.
      select 'deposit', d.method_id, d.channel_type, 0, 0, 0, -t.amount
      from (${transfersInSql(start, end, ["deposit_refund"])}) t
      join deposits d on d.id = (t.meta->>'depositId')::int
      union all
      select 'withdrawal', w.method_id, '', 1, w.amount, 0, 0 from withdrawals w
      where w.created_at >= ${ts(start)} and w.created_at < ${ts(end)}
      union all
      select 'withdrawal', w.method_id, '', 0, 0, 1, t.amount
      from (${transfersInSql(start, end, ["withdrawal"])}) t
      join withdrawals w on w.id = nullif(split_part(t.key, ':', 2), '')::int
      where t.key = 'withdrawal:' || w.id || ':post'
    )
    select kind, method_id, channel, sum(requested_count)::int as requested_count, sum(requested_amount)::bigint as requested_amount,
           sum(paid_count)::int as paid_count, sum(paid_amount)::bigint as paid_amount
    from rows group by 1, 2, 3`;
}

/** The players the ledger credited a deposit in [start, end): player_id, first (no deposit credited before start). */
export function depositorsSql(start: Date, end: Date): SQL {
  return sql`
    select p.player_id, bool_and(not exists (
      select 1 from deposits d2 where d2.player_id = p.player_id and d2.status = 'approved' and d2.reviewed_at < ${ts(start)}
        and d2.id <> p.deposit_id
    )) as first
    from (${paidDepositsSql(start, end)}) p group by 1`;
}

/** The review queues: pending deposits and withdrawals, each with how many and the oldest's submission time. */
export function paymentQueuesSql(): SQL {
  return sql`
    select 'deposits' as queue, count(*)::int as n, min(created_at) as oldest from deposits where status = 'pending'
    union all
    select 'withdrawals', count(*)::int, min(created_at) from withdrawals where status = 'pending'`;
}

/** Payment method names by id, for the reports' rows. */
export async function methodNamesOf(ids: readonly number[], ex: Executor = db): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await ex
    .select({ id: paymentMethods.id, name: paymentMethods.name })
    .from(paymentMethods)
    .where(inArray(paymentMethods.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
