// The two statements of a transfer, written by hand so a transfer costs four round trips (begin, read-and-lock,
// write, commit) and keeps accounts locked as briefly as possible.
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "#app/db/db.server.ts";
import { preparedRows } from "#app/db/rows.server.ts";
import type { Currency } from "#app/modules/players/index.ts";
import type { LedgerAccount, LedgerTransfer, TransferPhase, Wallet } from "./schema.ts";

export type RefRequest = { ref: number | string; currency: Currency };

/** What a transfer needs to know, read in one statement after locking the accounts that may not go negative. */
export type Snapshot = {
  accounts: LedgerAccount[];
  /** Transfers with one of the keys, or resolving one of the holds, or reversing one of the originals. */
  transfers: LedgerTransfer[];
};

/**
 * Locks the referenced accounts that may not go negative (FOR NO KEY UPDATE, in id order) and reads them, the
 * other referenced accounts, and the transfers that bear on idempotency and on hold/reversal state.
 * The locked rows are their latest versions; everything else comes from the statement's snapshot, taken
 * before any lock wait, so callers re-read (readTransfers) before trusting a refusal based on it.
 */
export async function readForTransfer(
  tx: Tx,
  refs: RefRequest[],
  { keys, holdIds, originalIds }: { keys: string[]; holdIds: number[]; originalIds: number[] },
): Promise<Snapshot> {
  const transferWhere = sql.join(
    [
      sql`t.key in (${list(keys)})`,
      ...(holdIds.length ? [sql`t.pending_id in (${list(holdIds)})`] : []),
      ...(originalIds.length ? [sql`t.reversal_of in (${list(originalIds)})`] : []),
    ],
    sql` or `,
  );
  const rows = await preparedRows<{ k: "account" | "transfer"; j: Record<string, unknown> }>(
    tx,
    sql`
      with g as (
        select a.* from ledger_accounts a where (${matchRefs("a", refs)}) and not a.allow_negative
        order by a.id for no key update
      )
      select 'account' as k, ${accountJson("g")} as j from g
      union all
      select 'account', ${accountJson("h")} from ledger_accounts h where (${matchRefs("h", refs)}) and h.allow_negative
      union all
      select 'transfer', ${transferJson("t")} from ledger_transfers t where ${transferWhere}`,
  );
  return {
    accounts: rows.filter((r) => r.k === "account").map((r) => toAccount(r.j)),
    transfers: rows.filter((r) => r.k === "transfer").map((r) => toTransfer(r.j)),
  };
}

/** A fresh read of transfers by key (a new statement sees everything committed so far). */
export async function readTransfers(tx: Tx, keys: string[]): Promise<LedgerTransfer[]> {
  const rows = await preparedRows<{ j: Record<string, unknown> }>(
    tx,
    sql`select ${transferJson("t")} as j from ledger_transfers t where t.key in (${list(keys)})`,
  );
  return rows.map((r) => toTransfer(r.j));
}

export type NewTransfer = Omit<LedgerTransfer, "id" | "createdAt">;
export type NewEntry = { key: string; accountId: number; amount: bigint };

/**
 * One statement: insert the transfers (ON CONFLICT on the key does nothing), and only if all were inserted apply the
 * balance deltas and insert the entries, each with the balance it leaves (the updated balance minus the later
 * entries of this batch on the same account). Returns the inserted transfers; fewer than given means a concurrent
 * call took a key first, and nothing else was changed.
 */
export async function writeTransfers(
  tx: Tx,
  transfers: NewTransfer[],
  deltas: Array<{ accountId: number; posted: bigint; pending: bigint }>,
  entries: NewEntry[],
): Promise<LedgerTransfer[]> {
  const values = sql.join(
    transfers.map(
      (t) =>
        sql`(${t.key}, ${t.phase}, ${t.debitAccountId}::int, ${t.creditAccountId}::int, ${String(t.amount)}::bigint, ${t.currency}, ${t.kind},
          ${t.pendingId}::bigint, ${t.reversalOf}::bigint, ${t.memo}, ${t.meta === null ? null : JSON.stringify(t.meta)}::jsonb)`,
    ),
    sql`, `,
  );
  const deltaRows = sql.join(
    deltas.map((d) => sql`(${d.accountId}::int, ${String(d.posted)}::bigint, ${String(d.pending)}::bigint)`),
    sql`, `,
  );
  const entryRows = sql.join(
    entries.map((e, i) => {
      const later = entries.slice(i + 1).reduce((s, x) => (x.accountId === e.accountId ? s + x.amount : s), 0n);
      return sql`(${e.key}, ${e.accountId}::int, ${String(e.amount)}::bigint, ${String(later)}::bigint, ${i}::int)`;
    }),
    sql`, `,
  );
  const insertEntries = entries.length
    ? sql`, e as (
        insert into ledger_entries (transfer_id, account_id, amount, balance_after)
        select t.id, v.account_id, v.amount, u.posted - v.later
        from (values ${entryRows}) as v(key, account_id, amount, later, ord)
        join t on t.key = v.key join u on u.id = v.account_id
        order by v.ord
        returning id)`
    : sql``;
  const rows = await preparedRows<{ j: Record<string, unknown>; entries: number | string }>(
    tx,
    sql`
      with t as (
        insert into ledger_transfers (key, phase, debit_account_id, credit_account_id, amount, currency, kind, pending_id, reversal_of, memo, meta)
        values ${values}
        on conflict (key) do nothing
        returning *
      ), u as (
        update ledger_accounts a set posted = a.posted + d.dp, pending = a.pending + d.dq, updated_at = now()
        from (values ${deltaRows}) as d(id, dp, dq)
        where a.id = d.id and (select count(*) from t) = ${transfers.length}
        returning a.id, a.posted
      )${insertEntries}
      select ${transferJson("t")} as j, ${entries.length ? sql`(select count(*) from e)` : sql`0`}::int as entries,
        (select count(*) from u)::int as accounts
      from t`,
  );
  if (rows.length === transfers.length) {
    const accounts = Number((rows[0] as unknown as { accounts: number | string }).accounts);
    if (Number(rows[0]!.entries) !== entries.length || accounts !== deltas.length) {
      throw new Error("ledger: a balance update or entry went missing; the transaction is rolled back");
    }
  }
  return rows.map((r) => toTransfer(r.j));
}

function list(values: Array<string | number>): SQL {
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
}

function matchRefs(alias: string, refs: RefRequest[]): SQL {
  const a = sql.raw(alias);
  const ids = [...new Set(refs.flatMap((r) => (typeof r.ref === "number" ? [r.ref] : [])))];
  const codes = refs.filter((r) => typeof r.ref === "string");
  const parts = [
    ...(ids.length ? [sql`${a}.id in (${list(ids)})`] : []),
    ...(codes.length
      ? [
          sql`(${a}.code, ${a}.currency) in (${sql.join(
            codes.map((c) => sql`(${c.ref}, ${c.currency})`),
            sql`, `,
          )})`,
        ]
      : []),
  ];
  return parts.length ? sql.join(parts, sql` or `) : sql`false`;
}

// Bigints travel as text inside JSON so no precision is lost.
const accountJson = (a: string) =>
  sql.raw(`json_build_object('id', ${a}.id, 'code', ${a}.code, 'currency', ${a}.currency, 'playerId', ${a}.player_id,
    'wallet', ${a}.wallet, 'allowNegative', ${a}.allow_negative, 'posted', ${a}.posted::text, 'pending', ${a}.pending::text,
    'createdAt', ${a}.created_at, 'updatedAt', ${a}.updated_at)`);

export const transferJson = (t: string) =>
  sql.raw(`json_build_object('id', ${t}.id::text, 'key', ${t}.key, 'phase', ${t}.phase, 'debitAccountId', ${t}.debit_account_id,
    'creditAccountId', ${t}.credit_account_id, 'amount', ${t}.amount::text, 'currency', ${t}.currency, 'kind', ${t}.kind,
    'pendingId', ${t}.pending_id::text, 'reversalOf', ${t}.reversal_of::text, 'memo', ${t}.memo, 'meta', ${t}.meta,
    'createdAt', ${t}.created_at)`);

function toAccount(j: Record<string, unknown>): LedgerAccount {
  return {
    id: Number(j.id),
    code: String(j.code),
    currency: String(j.currency),
    playerId: j.playerId === null ? null : Number(j.playerId),
    wallet: (j.wallet ?? null) as Wallet | null,
    allowNegative: Boolean(j.allowNegative),
    posted: BigInt(j.posted as string),
    pending: BigInt(j.pending as string),
    createdAt: new Date(j.createdAt as string),
    updatedAt: new Date(j.updatedAt as string),
  };
}

export function toTransfer(j: Record<string, unknown>): LedgerTransfer {
  return {
    id: Number(j.id),
    key: String(j.key),
    phase: j.phase as TransferPhase,
    debitAccountId: Number(j.debitAccountId),
    creditAccountId: Number(j.creditAccountId),
    amount: BigInt(j.amount as string),
    currency: String(j.currency),
    kind: String(j.kind),
    pendingId: j.pendingId === null ? null : Number(j.pendingId),
    reversalOf: j.reversalOf === null ? null : Number(j.reversalOf),
    memo: String(j.memo),
    meta: (j.meta ?? null) as Record<string, unknown> | null,
    createdAt: new Date(j.createdAt as string),
  };
}
