// Set-based reads of the ledger for the back-office reports (app/modules/reporting). Each returns a SELECT as a SQL
// fragment over the transfers created in [start, end) (the moment the money moved), for the reporting module to
// group or fold into its daily tables without naming the ledger's tables itself.
import { sql, type SQL } from "drizzle-orm";

/** Instants as SQL timestamptz literals. */
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Transfers of the given kinds created in [start, end): id, key, kind, amount, created_at, meta, the two account
 * codes, the player on either side (credit first), and for a reversal the reversed transfer's kind and meta.
 */
export function transfersInSql(start: Date, end: Date, kinds: readonly string[]): SQL {
  return sql`
    select t.id, t.key, t.kind, t.amount, t.created_at, t.meta, da.code as debit_code, ca.code as credit_code,
           coalesce(ca.player_id, da.player_id) as player_id, o.kind as reversed_kind, o.meta as reversed_meta
    from ledger_transfers t
    join ledger_accounts da on da.id = t.debit_account_id
    join ledger_accounts ca on ca.id = t.credit_account_id
    left join ledger_transfers o on o.id = t.reversal_of
    where t.created_at >= ${ts(start)} and t.created_at < ${ts(end)}
      and t.phase in ('single', 'post_pending')
      and t.kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`;
}

/**
 * The posted transfers in [start, end) with the account `code` on either side, as `t` with its debit account `da` and
 * credit account `ca` (a FROM … WHERE clause to select from).
 */
function touching(code: string, start: Date, end: Date): SQL {
  return sql`ledger_transfers t
    join ledger_accounts da on da.id = t.debit_account_id
    join ledger_accounts ca on ca.id = t.credit_account_id
    where t.created_at >= ${ts(start)} and t.created_at < ${ts(end)}
      and t.phase in ('single', 'post_pending')
      and (da.code = ${code} or ca.code = ${code})`;
}

/**
 * Bonus cost in [start, end) by promotion (0: none named): money paid out of expense:bonus less money returned to it
 * (forfeits, refunds, reversals).
 */
export function bonusCostSql(start: Date, end: Date): SQL {
  return sql`
    select coalesce(nullif(coalesce(t.meta, '{}'::jsonb)->>'promotionId', '')::int, 0) as promotion_id,
           sum(case when da.code = 'expense:bonus' then t.amount else -t.amount end)::bigint as cost
    from ${touching("expense:bonus", start, end)}
    group by 1`;
}

/**
 * Staff's manual balance adjustments in [start, end) by direction: `credit` (house:adjustments paid a player) and
 * `debit` (taken from a player into house:adjustments), with their count and amount.
 */
export function adjustmentsSql(start: Date, end: Date): SQL {
  return sql`
    select case when da.code = 'house:adjustments' then 'credit' else 'debit' end as direction, count(*)::int as count,
           sum(t.amount)::bigint as amount
    from ${touching("house:adjustments", start, end)}
    group by 1`;
}
