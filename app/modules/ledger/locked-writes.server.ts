// A transfer's write without its read, for a caller that already holds the player's account locks (the seamless
// wallet): one statement instead of two, optionally behind the caller's own statement in the same round trip.
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "#app/db/db.server.ts";
import { preparedRows } from "#app/db/rows.server.ts";
import { LedgerError } from "./errors.ts";
import { toTransfer, transferJson } from "./statements.server.ts";
import { execute, type Spec, type TransferInput, type TransferResult, translateDbError, validateSpec } from "./transfers.server.ts";
import { assertMemo, assertMeta, parseAccountCode } from "./validation.ts";

const jsonOrNull = (v: Record<string, unknown> | null) => (v === null ? null : JSON.stringify(v));

/**
 * The caller's part of the statement: `with` is its CTEs (run first, whatever happens), the transfers are written
 * only when `gate` (a boolean expression over them) is true, and `columns` is its select list, returned as `row`.
 */
export type GatedBy = { with: SQL; gate: SQL; columns: SQL };

/**
 * Immediate transfers between one player's accounts (`player:<id>:main|bonus`, already locked FOR NO KEY UPDATE by
 * the caller's transaction) and one other account (e.g. a house shard), written in one statement without reading
 * balances first. The guarantees stay with the database: the balance CHECK refuses a negative available balance and
 * the unique key refuses a reused key, each by throwing a LedgerError (the caller then rolls back all of `tx`, as
 * with runsWithoutSavepoints). Only the one other account is locked here, by its update, so the lock order is that
 * of transfer(): guarded accounts first. When an account does not exist yet, nothing is written by this statement
 * (the caller's CTEs still ran) and the transfers go through transferLinked, which creates it.
 * `transfers` is null when the gate was closed. The caller's columns must not be named gated, found, transfers,
 * entries or accounts.
 */
export async function transferUnderPlayerLock<Row>(
  tx: Tx,
  inputs: TransferInput[],
  gatedBy?: GatedBy,
): Promise<{ row: Row; transfers: TransferResult[] | null }> {
  const specs: Spec[] = inputs.map((input) => validateSpec({ op: "transfer", input }));
  const keys = inputs.map((i) => i.key);
  const { currency, codes } = checkShape(inputs);
  if (new Set(keys).size !== keys.length) throw new LedgerError("invalid_input", "Linked transfers need distinct keys", { keys });

  const deltas = new Map<string, bigint>();
  const entries: Array<{ key: string; code: string; amount: bigint }> = [];
  for (const i of inputs) {
    deltas.set(i.debit as string, (deltas.get(i.debit as string) ?? 0n) - i.amount);
    deltas.set(i.credit as string, (deltas.get(i.credit as string) ?? 0n) + i.amount);
    entries.push({ key: i.key, code: i.debit as string, amount: -i.amount }, { key: i.key, code: i.credit as string, amount: i.amount });
  }
  const moved = [...deltas].filter(([, d]) => d !== 0n);

  const values = sql.join(
    inputs.map(
      (i, ord) =>
        sql`(${i.key}, ${i.debit}, ${i.credit}, ${String(i.amount)}::bigint, ${i.kind}, ${assertMemo(i.memo)}, ${jsonOrNull(assertMeta(i.meta))}::jsonb, ${ord}::int)`,
    ),
    sql`, `,
  );
  const entryRows = sql.join(
    entries.map((e, i) => {
      // The balance an entry leaves: the updated balance minus the later entries of this statement on that account.
      const later = entries.slice(i + 1).reduce((s, x) => (x.code === e.code ? s + x.amount : s), 0n);
      return sql`(${e.key}, ${e.code}, ${String(e.amount)}::bigint, ${String(later)}::bigint, ${i}::int)`;
    }),
    sql`, `,
  );
  const deltaRows = sql.join(
    moved.map(([code, d]) => sql`(${code}, ${String(d)}::bigint)`),
    sql`, `,
  );
  const accountList = sql.join(
    codes.map((c) => sql`(${c}, ${currency})`),
    sql`, `,
  );
  const gate = gatedBy?.gate ?? sql`true`;
  type Result = { gated: boolean; found: boolean; transfers: Array<Record<string, unknown>>; entries: number | string; accounts: number | string };
  let result: Result & Row;
  try {
    [result] = (await preparedRows<Result & Row>(
      tx,
      sql`
        with ${gatedBy ? sql`${gatedBy.with}, ` : sql``}acc as (
          select id, code from ledger_accounts where (code, currency) in (${accountList})
        ), ok as (
          select (${gate}) as gated, (select count(*) from acc) = ${codes.length} as found
        ), t as (
          insert into ledger_transfers (key, phase, debit_account_id, credit_account_id, amount, currency, kind, memo, meta)
          select v.key, 'single', d.id, c.id, v.amount, ${currency}, v.kind, v.memo, v.meta
          from (values ${values}) as v(key, debit, credit, amount, kind, memo, meta, ord)
          join acc d on d.code = v.debit join acc c on c.code = v.credit
          where (select gated and found from ok)
          order by v.ord
          on conflict (key) do nothing
          returning *
        ), u as (
          update ledger_accounts a set posted = a.posted + d.dp, updated_at = now()
          from (values ${deltaRows}) as d(code, dp)
          where a.code = d.code and a.currency = ${currency} and (select count(*) from t) = ${inputs.length}
          returning a.id, a.code, a.posted
        ), e as (
          insert into ledger_entries (transfer_id, account_id, amount, balance_after)
          select t.id, u.id, v.amount, u.posted - v.later
          from (values ${entryRows}) as v(key, code, amount, later, ord)
          join t on t.key = v.key join u on u.code = v.code
          order by v.ord
          returning id
        )
        select (select gated from ok) as gated, (select found from ok) as found,
          (select coalesce(json_agg(${transferJson("t")}), '[]'::json) from t) as transfers,
          (select count(*) from e)::int as entries, (select count(*) from u)::int as accounts
          ${gatedBy ? sql`, ${gatedBy.columns}` : sql``}`,
    )) as [Result & Row];
  } catch (e) {
    throw translateDbError(e, keys);
  }
  const row = result as Row;
  if (!result.gated) return { row, transfers: null };
  // An account was missing: the full path creates it (in this transaction) and writes.
  if (!result.found) return { row, transfers: await execute(specs, tx) };
  if (result.transfers.length !== inputs.length) throw new LedgerError("idempotency_conflict", "Key already used", { keys });
  if (Number(result.entries) !== entries.length || Number(result.accounts) !== moved.length) {
    throw new Error("ledger: a balance update or entry went missing; the transaction is rolled back");
  }
  const written = result.transfers.map(toTransfer);
  return { row, transfers: inputs.map((i) => ({ transfer: written.find((t) => t.key === i.key)!, replayed: false })) };
}

/** One currency, codes only, every transfer between the same player's account and one same other account. */
function checkShape(inputs: TransferInput[]): { currency: string; codes: string[] } {
  if (inputs.length === 0 || inputs.length > 20) throw new LedgerError("invalid_input", "transferUnderPlayerLock takes 1 to 20 transfers");
  const currency = inputs[0]!.currency;
  const players = new Set<number>();
  const others = new Set<string>();
  for (const i of inputs) {
    if (i.pending) throw new LedgerError("invalid_input", "transferUnderPlayerLock moves money at once; holds use transfer()");
    if (i.currency !== currency) throw new LedgerError("currency_mismatch", "transferUnderPlayerLock takes one currency", { key: i.key });
    if (typeof i.debit !== "string" || typeof i.credit !== "string") {
      throw new LedgerError("invalid_input", "transferUnderPlayerLock takes account codes", { key: i.key });
    }
    const sides = [parseAccountCode(i.debit), parseAccountCode(i.credit)];
    const player = sides.filter((s) => "player" in s);
    const other = [i.debit, i.credit].filter((_, n) => !("player" in sides[n]!));
    if (player.length !== 1 || other.length !== 1) {
      throw new LedgerError("invalid_input", "Each transfer is between the player's account and one other account", { key: i.key });
    }
    players.add((player[0] as { player: { id: number } }).player.id);
    others.add(other[0]!);
  }
  if (players.size !== 1 || others.size !== 1) {
    throw new LedgerError("invalid_input", "transferUnderPlayerLock takes one player and one other account");
  }
  return { currency, codes: [...new Set(inputs.flatMap((i) => [i.debit as string, i.credit as string]))] };
}
