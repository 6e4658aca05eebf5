// The reconciliation proof, shared by the tests and `npm run ledger:check`. Read-only; runs in one snapshot.
import { sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { db, type Executor, type Tx } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";

export type InvariantResult = { name: string; ok: boolean; detail: string; violations: Record<string, unknown>[] };
export type InvariantReport = { ok: boolean; results: InvariantResult[]; counts: { accounts: number; transfers: number; entries: number } };

const SAMPLE = 20;

export async function checkLedgerInvariants(ex: Executor = db): Promise<InvariantReport> {
  // Repeatable read: every query sees the same snapshot even while transfers keep arriving (PostgreSQL).
  const run = async (tx: Tx): Promise<InvariantReport> => {
    const q = async (query: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await tx.execute(query));
    const results: InvariantResult[] = [];
    const add = (name: string, violations: Record<string, unknown>[], okDetail: string, badDetail: string) =>
      results.push({
        name,
        ok: violations.length === 0,
        detail: violations.length === 0 ? okDetail : badDetail,
        violations: violations.slice(0, SAMPLE),
      });

    const [counts] = await q(sql`select
        (select count(*) from ledger_accounts)::int as accounts,
        (select count(*) from ledger_transfers)::int as transfers,
        (select count(*) from ledger_entries)::int as entries`);

    const totals = await q(sql`
        select currency, sum(posted)::text as posted, (select coalesce(sum(amount), 0) from ledger_entries e
          join ledger_accounts x on x.id = e.account_id where x.currency = a.currency)::text as entries
        from ledger_accounts a group by currency order by currency`);
    const unbalanced = totals.filter((t) => t.posted !== "0" || t.entries !== "0");
    add(
      "balances sum to zero per currency",
      unbalanced,
      totals.length ? totals.map((t) => `${t.currency} 0`).join(", ") : "no accounts yet",
      unbalanced.map((t) => `${t.currency}: cached ${t.posted}, entries ${t.entries}`).join("; "),
    );

    const drift = await q(sql`
        select a.id, a.code, a.currency, a.posted::text as cached, coalesce(s.total, 0)::text as entries,
          (select e.balance_after from ledger_entries e where e.account_id = a.id order by e.id desc limit 1)::text as "lastBalanceAfter"
        from ledger_accounts a
        left join (select account_id, sum(amount) as total from ledger_entries group by account_id) s on s.account_id = a.id
        where a.posted <> coalesce(s.total, 0)
          or a.posted <> coalesce((select e.balance_after from ledger_entries e where e.account_id = a.id order by e.id desc limit 1), 0)
        order by a.id`);
    add(
      "every cached balance equals the sum of its entries",
      drift,
      `${counts!.accounts} accounts match their ${counts!.entries} entries`,
      `${drift.length} accounts differ from their entries`,
    );

    const pendingDrift = await q(sql`
        select a.id, a.code, a.pending::text as cached, coalesce(h.total, 0)::text as "openHolds"
        from ledger_accounts a
        left join (
          select p.debit_account_id as account_id, sum(p.amount) as total from ledger_transfers p
          where p.phase = 'pending' and not exists (select 1 from ledger_transfers r where r.pending_id = p.id)
          group by p.debit_account_id
        ) h on h.account_id = a.id
        where a.pending <> coalesce(h.total, 0)
        order by a.id`);
    add(
      "every cached pending amount equals its open holds",
      pendingDrift,
      "pending amounts match the open holds",
      `${pendingDrift.length} accounts' pending amounts differ from their open holds`,
    );

    const duplicateKeys = await q(sql`select key, count(*)::int as n from ledger_transfers group by key having count(*) > 1`);
    const badEntries = await q(sql`
        select t.id, t.key, t.phase, count(e.id)::int as entries
        from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id
        group by t.id
        having case when t.phase in ('single', 'post_pending')
          then not (count(e.id) = 2
            and count(*) filter (where e.account_id = t.debit_account_id and e.amount = -t.amount) = 1
            and count(*) filter (where e.account_id = t.credit_account_id and e.amount = t.amount) = 1)
          else count(e.id) <> 0 end
        order by t.id`);
    const badLinks = await q(sql`
        select r.id, r.key, r.phase from ledger_transfers r
        join ledger_transfers o on o.id = coalesce(r.pending_id, r.reversal_of)
        where (r.pending_id is not null and (o.phase <> 'pending' or r.debit_account_id <> o.debit_account_id
            or r.credit_account_id <> o.credit_account_id or r.amount > o.amount or r.currency <> o.currency
            or (r.phase = 'void_pending' and r.amount <> o.amount)))
          or (r.reversal_of is not null and (o.phase not in ('single', 'post_pending') or o.reversal_of is not null
            or r.debit_account_id <> o.credit_account_id or r.credit_account_id <> o.debit_account_id or r.amount <> o.amount))
        order by r.id`);
    const applied = [
      ...duplicateKeys.map((d) => ({ problem: "key used twice", ...d })),
      ...badEntries.map((d) => ({ problem: "entries do not match the transfer", ...d })),
      ...badLinks.map((d) => ({ problem: "hold resolution or reversal does not match its original", ...d })),
    ];
    add(
      "no idempotency key applied twice",
      applied,
      `${counts!.transfers} keys, each applied exactly once`,
      `${applied.length} transfers applied wrongly`,
    );

    const negative = await q(sql`
        select id, code, posted::text as posted, pending::text as pending, allow_negative as "allowNegative"
        from ledger_accounts
        where pending < 0 or (not allow_negative and posted - pending < 0) or (player_id is not null and allow_negative)
        order by id`);
    add("no player account negative", negative, "no guarded account below zero", `${negative.length} accounts below zero or unguarded`);

    return { ok: results.every((r) => r.ok), results, counts: counts as InvariantReport["counts"] };
  };
  return ex instanceof PgTransaction ? run(ex) : ex.transaction(run, { isolationLevel: "repeatable read", accessMode: "read only" });
}
