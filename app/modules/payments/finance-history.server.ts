// The back office's finance history: deposits, withdrawals, adjustments and gateway checkouts found by Dhaka date range,
// a search text (reference, TRX ID, username, phone; checkouts also invoice and gateway payment id), an exact amount, a
// status and a method; the totals of what a filter shows; and the filtered rows read page by page (keyset) from the
// reporting database for CSV exports.
//
// Which index serves which search (PostgreSQL, checked with EXPLAIN on 100,000 rows in finance-history.test.ts):
//   reference "D12" / "W7" / "A3"      the primary key
//   TRX ID prefix                      deposits_trx_prefix_idx: upper(trx_id) text_pattern_ops;
//                                      withdrawals_payout_prefix_idx: upper(payout_reference) text_pattern_ops
//   username prefix                    players_username_prefix_idx (lower(username) text_pattern_ops) finds the players,
//                                      then deposits_player_idx / withdrawals_player_idx / adjustments_player_idx
//   phone prefix                       players_phone_prefix_idx (phone text_pattern_ops) finds the players as above; on
//                                      deposits also deposits_sender_prefix_idx (the sending number), on withdrawals
//                                      withdrawals_account_prefix_idx (the number paid to)
//   Dhaka date range                   *_created_idx (created_at, id), which also orders the export's keyset
//   status, method, amount             filters on the rows the above found (status alone: *_status_idx)
//   checkouts (gateway_payments)       invoice, gateway payment id and TRX ID prefixes: gateway_payments_invoice_prefix_idx,
//                                      _gateway_id_prefix_idx, _trx_prefix_idx (upper(...) text_pattern_ops); "D12" the
//                                      deposit it credited (gateway_payments_deposit_idx); players as above through
//                                      gateway_payments_player_idx; dates gateway_payments_created_idx (created_at, id)
import { and, eq, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, type Db, readDb } from "#app/db/db.server.ts";
import { keysetRows } from "#app/db/keyset.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { TOTALS_CAP } from "#app/kernel/list-totals.ts";
import { isUnbounded, pastCap, rowsCap } from "#app/kernel/list-totals.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { staffUsers } from "#app/modules/staff/index.server.ts";
import { adjustments, deposits, gatewayPayments, type GatewayPaymentState, paymentMethods, withdrawals } from "./schema.ts";

export const financeLists = ["deposits", "withdrawals", "adjustments", "checkouts"] as const;
export type FinanceList = (typeof financeLists)[number];

/** A finance list's filter, already read and checked (the back office's search params are parsed by the route). */
export type FinanceFilter = {
  /** [start, end) as UTC instants (Dhaka days resolved by the caller); either may be absent. */
  start?: Date;
  end?: Date;
  /** Search text: a reference (D12, W7, A3), a TRX ID, a username or a phone number, each matched by prefix. */
  q?: string;
  /** Exact amount in poisha. */
  amount?: bigint;
  /** Deposits and withdrawals: pending, approved, rejected, cancelled; adjustments: credit, debit; checkouts: theirs. */
  status?: string;
  /** Any of these statuses (a page's tab that groups several: the checkouts' "Needs attention"); with `status`, both. */
  statuses?: readonly string[];
  methodId?: number;
};

/** How many players a username or phone prefix may name before the search asks for more letters. */
const PLAYER_MATCH_LIMIT = 500;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Players whose username or phone starts with the text (prefix searches on the two pattern indexes). */
async function playersMatching(q: string, reader: Db): Promise<number[]> {
  const prefix = `${escapeLike(q.toLowerCase())}%`;
  const digits = /^\+?\d{3,15}$/.test(q);
  const phone = digits ? q.replace(/^\+?880/, "0") : null;
  const rows = await reader
    .select({ id: players.id })
    .from(players)
    .where(
      phone
        ? or(sql`lower(${players.username}) like ${prefix}`, sql`${players.phone} like ${`${escapeLike(phone)}%`}`)
        : sql`lower(${players.username}) like ${prefix}`,
    )
    .limit(PLAYER_MATCH_LIMIT);
  return rows.map((r) => r.id);
}

const REF = /^([DWA])(\d{1,10})$/i;

const tables = { deposits, withdrawals, adjustments, checkouts: gatewayPayments };

/** The column a list's status filter and its totals read (adjustments: the direction). */
const statusColumn = (list: FinanceList) =>
  list === "adjustments" ? adjustments.direction : list === "checkouts" ? gatewayPayments.status : tables[list].status;

/** The conditions of a filter on one list; the search reads the players it names first. */
async function whereOf(list: FinanceList, f: FinanceFilter, reader: Db): Promise<SQL | undefined> {
  const table = tables[list];
  const status = statusColumn(list);
  const parts: Array<SQL | undefined> = [];
  if (f.start) parts.push(gte(table.createdAt, f.start));
  if (f.end) parts.push(lt(table.createdAt, f.end));
  if (f.amount !== undefined) parts.push(eq(table.amount, f.amount));
  if (f.status) parts.push(sql`${status} = ${f.status}`);
  if (f.statuses)
    parts.push(
      f.statuses.length
        ? sql`${status} in (${sql.join(
            f.statuses.map((s) => sql`${s}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  if (f.methodId && list !== "adjustments") parts.push(eq((table as typeof deposits).methodId, f.methodId));
  const q = f.q?.trim();
  if (q) {
    const ref = REF.exec(q);
    const letter = { deposits: "D", withdrawals: "W", adjustments: "A", checkouts: "" }[list];
    const refId = ref && Number(ref[2]) <= 2_147_483_647 ? Number(ref[2]) : null;
    if (refId !== null && ref![1]!.toUpperCase() === letter) parts.push(eq(table.id, refId));
    // A checkout's "D12" is the deposit it credited.
    else if (list === "checkouts" && refId !== null && ref![1]!.toUpperCase() === "D") parts.push(eq(gatewayPayments.depositId, refId));
    else {
      const ids = await playersMatching(q, reader);
      const upperPrefix = `${escapeLike(q.toUpperCase())}%`;
      const digits = /^\+?\d{3,15}$/.test(q) ? `${escapeLike(q.replace(/^\+?880/, "0"))}%` : null;
      const byPlayer = ids.length ? inArray(table.playerId, ids) : undefined;
      if (list === "deposits")
        parts.push(
          or(sql`upper(${deposits.trxId}) like ${upperPrefix}`, digits ? sql`${deposits.senderNumber} like ${digits}` : undefined, byPlayer),
        );
      else if (list === "withdrawals")
        parts.push(
          or(
            sql`upper(${withdrawals.payoutReference}) like ${upperPrefix}`,
            digits ? sql`${withdrawals.accountNumber} like ${digits}` : undefined,
            byPlayer,
          ),
        );
      else if (list === "checkouts")
        parts.push(
          or(
            sql`upper(${gatewayPayments.invoice}) like ${upperPrefix}`,
            sql`upper(${gatewayPayments.gatewayPaymentId}) like ${upperPrefix}`,
            sql`upper(${gatewayPayments.trxId}) like ${upperPrefix}`,
            byPlayer,
          ),
        );
      else parts.push(byPlayer ?? sql`false`);
    }
  }
  return and(...parts);
}

export type FinanceTotals = {
  count: number;
  amount: bigint;
  /** Per status (deposits, withdrawals) or direction (adjustments), in a fixed order; only those with rows. */
  byStatus: Array<{ status: string; count: number; amount: bigint }>;
  /** "Any day" matched more than TOTALS_CAP rows: count is the cap and no sum is given (kernel/list-totals.ts). */
  capped: boolean;
};

const statusOrder = [
  ...["pending", "approved", "rejected", "cancelled", "credit", "debit"],
  ...["initiated", "completed", "refunded", "mismatch", "refused", "failed", "expired"],
];

/** The totals' query, wrapped so that awaiting this does not run it (a test EXPLAINs it). */
export async function totalsQuery(list: FinanceList, f: FinanceFilter, reader: Db) {
  const where = await whereOf(list, f, reader);
  const table = tables[list];
  const key = statusColumn(list);
  return {
    query: reader
      .select({ status: key, n: sql<number>`count(*)::int`, sum: sql<string>`coalesce(sum(${table.amount}), 0)::text` })
      .from(table)
      .where(where)
      .groupBy(key),
  };
}

/** The totals of a filter without a date range, over at most TOTALS_CAP + 1 of its rows (any of them). */
async function cappedTotalsRows(list: FinanceList, f: FinanceFilter, reader: Db) {
  const where = (await whereOf(list, f, reader)) ?? sql`true`;
  const table = tables[list];
  return rowsOf<{ status: string; n: number; sum: string }>(
    await reader.execute(sql`select status, count(*)::int as n, coalesce(sum(amount), 0)::text as sum
      from (select ${statusColumn(list)} as status, ${table.amount} as amount from ${table} where ${where}${rowsCap(f)}) r
      group by status`),
  );
}

/**
 * Count and sum of the rows a filter shows, and the same per status. Without a date range ("Any day", the checkouts'
 * "All") at most TOTALS_CAP + 1 rows are read: past the cap the totals say so and give no sums.
 */
export async function financeTotals(list: FinanceList, f: FinanceFilter, reader: Db = db): Promise<FinanceTotals> {
  const rows = isUnbounded(f) ? await cappedTotalsRows(list, f, reader) : await (await totalsQuery(list, f, reader)).query;
  const read = rows.reduce((s, r) => s + Number(r.n), 0);
  if (pastCap(f, read)) return { count: TOTALS_CAP, amount: 0n, byStatus: [], capped: true };
  const byStatus = rows
    .map((r) => ({ status: r.status as string, count: Number(r.n), amount: BigInt(r.sum) }))
    .sort((a, b) => statusOrder.indexOf(a.status) - statusOrder.indexOf(b.status));
  return {
    count: byStatus.reduce((s, r) => s + r.count, 0),
    amount: byStatus.reduce((s, r) => s + r.amount, 0n),
    byStatus,
    capped: false,
  };
}

/** The queue pages' own conditions from a filter (used by listDepositQueue, listWithdrawalQueue, listGatewayCheckouts). */
export async function financeWhere(list: Exclude<FinanceList, "adjustments">, f: FinanceFilter): Promise<SQL | undefined> {
  return whereOf(list, f, db);
}

const reviewers = alias(staffUsers, "reviewers");
const firstApprovers = alias(staffUsers, "first_approvers");

export type DepositExportRow = {
  id: number;
  createdAt: Date;
  username: string;
  phone: string;
  method: string;
  channelType: string;
  amount: bigint;
  bonusAmount: bigint | null;
  senderNumber: string;
  trxId: string;
  status: string;
  reviewer: string | null;
  reviewedAt: Date | null;
  rejectReason: string | null;
  cancelledAt: Date | null;
};

export type WithdrawalExportRow = {
  id: number;
  createdAt: Date;
  username: string;
  phone: string;
  method: string;
  amount: bigint;
  accountNumber: string;
  payoutReference: string | null;
  status: string;
  firstApprover: string | null;
  reviewer: string | null;
  reviewedAt: Date | null;
  rejectReason: string | null;
  cancelledAt: Date | null;
};

export type AdjustmentExportRow = {
  id: number;
  createdAt: Date;
  username: string;
  phone: string;
  direction: "credit" | "debit";
  amount: bigint;
  reason: string;
  staff: string;
};

/**
 * Keyset on (created_at, id), the order of the *_created_idx index. The cursor is the last row's id and its exact
 * created_at is read back in SQL: a JavaScript Date keeps milliseconds, PostgreSQL keeps microseconds, so comparing
 * against the Date would read the last row of each page again.
 */
function after(table: (typeof tables)[FinanceList], id: number | undefined): SQL | undefined {
  if (id === undefined) return undefined;
  // A row of two scalar subqueries (each run once, as an init plan), not a subquery returning a row: only the former is
  // a row comparison PostgreSQL can start an index scan at; the latter re-reads the index from the start every page.
  return sql`(${table.createdAt}, ${table.id}) > ((select c.created_at from ${table} c where c.id = ${id}), ${id})`;
}

/** The rows of a filter oldest first, read `pageSize` at a time from the reporting database (flat memory). */
export async function* depositExportRows(f: FinanceFilter, pageSize = 1000, reader: Db = readDb): AsyncGenerator<DepositExportRow> {
  const where = await whereOf("deposits", f, reader);
  yield* keysetRows(
    (last: number | undefined, limit) =>
      reader
        .select({
          id: deposits.id,
          createdAt: deposits.createdAt,
          username: players.username,
          phone: players.phone,
          method: paymentMethods.name,
          channelType: deposits.channelType,
          amount: deposits.amount,
          bonusAmount: deposits.bonusAmount,
          senderNumber: deposits.senderNumber,
          trxId: deposits.trxId,
          status: deposits.status,
          reviewer: reviewers.username,
          reviewedAt: deposits.reviewedAt,
          rejectReason: deposits.rejectReason,
          cancelledAt: deposits.cancelledAt,
        })
        .from(deposits)
        .innerJoin(players, eq(players.id, deposits.playerId))
        .innerJoin(paymentMethods, eq(paymentMethods.id, deposits.methodId))
        .leftJoin(reviewers, eq(reviewers.id, deposits.reviewedBy))
        .where(and(where, after(deposits, last)))
        .orderBy(deposits.createdAt, deposits.id)
        .limit(limit),
    (row) => row.id,
    pageSize,
  );
}

export async function* withdrawalExportRows(f: FinanceFilter, pageSize = 1000, reader: Db = readDb): AsyncGenerator<WithdrawalExportRow> {
  const where = await whereOf("withdrawals", f, reader);
  yield* keysetRows(
    (last: number | undefined, limit) =>
      reader
        .select({
          id: withdrawals.id,
          createdAt: withdrawals.createdAt,
          username: players.username,
          phone: players.phone,
          method: paymentMethods.name,
          amount: withdrawals.amount,
          accountNumber: withdrawals.accountNumber,
          payoutReference: withdrawals.payoutReference,
          status: withdrawals.status,
          firstApprover: firstApprovers.username,
          reviewer: reviewers.username,
          reviewedAt: withdrawals.reviewedAt,
          rejectReason: withdrawals.rejectReason,
          cancelledAt: withdrawals.cancelledAt,
        })
        .from(withdrawals)
        .innerJoin(players, eq(players.id, withdrawals.playerId))
        .innerJoin(paymentMethods, eq(paymentMethods.id, withdrawals.methodId))
        .leftJoin(reviewers, eq(reviewers.id, withdrawals.reviewedBy))
        .leftJoin(firstApprovers, eq(firstApprovers.id, withdrawals.firstApprovedBy))
        .where(and(where, after(withdrawals, last)))
        .orderBy(withdrawals.createdAt, withdrawals.id)
        .limit(limit),
    (row) => row.id,
    pageSize,
  );
}

export async function* adjustmentExportRows(f: FinanceFilter, pageSize = 1000, reader: Db = readDb): AsyncGenerator<AdjustmentExportRow> {
  const where = await whereOf("adjustments", f, reader);
  yield* keysetRows(
    (last: number | undefined, limit) =>
      reader
        .select({
          id: adjustments.id,
          createdAt: adjustments.createdAt,
          username: players.username,
          phone: players.phone,
          direction: adjustments.direction,
          amount: adjustments.amount,
          reason: adjustments.reason,
          staff: staffUsers.username,
        })
        .from(adjustments)
        .innerJoin(players, eq(players.id, adjustments.playerId))
        .innerJoin(staffUsers, eq(staffUsers.id, adjustments.staffId))
        .where(and(where, after(adjustments, last)))
        .orderBy(adjustments.createdAt, adjustments.id)
        .limit(limit),
    (row) => row.id,
    pageSize,
  );
}

export type AdjustmentListRow = AdjustmentExportRow & { playerId: number };

/** /admin/finance/adjustments: every adjustment, newest first, a numbered page of a filter. */
export async function listAdjustments(f: FinanceFilter, { page = 1, pageSize = 20 }: { page?: number; pageSize?: number } = {}) {
  const where = await whereOf("adjustments", f, db);
  const size = Math.max(1, Math.min(100, Math.trunc(pageSize) || 20));
  const rows = await db
    .select({
      id: adjustments.id,
      playerId: adjustments.playerId,
      createdAt: adjustments.createdAt,
      username: players.username,
      phone: players.phone,
      direction: adjustments.direction,
      amount: adjustments.amount,
      reason: adjustments.reason,
      staff: staffUsers.username,
    })
    .from(adjustments)
    .innerJoin(players, eq(players.id, adjustments.playerId))
    .innerJoin(staffUsers, eq(staffUsers.id, adjustments.staffId))
    .where(where)
    .orderBy(sql`${adjustments.createdAt} desc, ${adjustments.id} desc`)
    .limit(size + 1)
    .offset((Math.max(1, Math.trunc(page) || 1) - 1) * size);
  return { items: rows.slice(0, size) as AdjustmentListRow[], hasMore: rows.length > size };
}

export type CheckoutExportRow = {
  id: number;
  invoice: string;
  createdAt: Date;
  username: string;
  phone: string;
  method: string;
  gateway: string;
  amount: bigint;
  status: GatewayPaymentState;
  gatewayPaymentId: string | null;
  trxId: string | null;
  payer: string | null;
  failureReason: string | null;
  depositId: number | null;
  finishedAt: Date | null;
  checks: number;
};

export async function* checkoutExportRows(f: FinanceFilter, pageSize = 1000, reader: Db = readDb): AsyncGenerator<CheckoutExportRow> {
  const where = await whereOf("checkouts", f, reader);
  yield* keysetRows(
    (last: number | undefined, limit) =>
      reader
        .select({
          id: gatewayPayments.id,
          invoice: gatewayPayments.invoice,
          createdAt: gatewayPayments.createdAt,
          username: players.username,
          phone: players.phone,
          method: paymentMethods.name,
          gateway: gatewayPayments.gateway,
          amount: gatewayPayments.amount,
          status: gatewayPayments.status,
          gatewayPaymentId: gatewayPayments.gatewayPaymentId,
          trxId: gatewayPayments.trxId,
          payer: gatewayPayments.payer,
          failureReason: gatewayPayments.failureReason,
          depositId: gatewayPayments.depositId,
          finishedAt: gatewayPayments.finishedAt,
          checks: gatewayPayments.checks,
        })
        .from(gatewayPayments)
        .innerJoin(players, eq(players.id, gatewayPayments.playerId))
        .innerJoin(paymentMethods, eq(paymentMethods.id, gatewayPayments.methodId))
        .where(and(where, after(gatewayPayments, last)))
        .orderBy(gatewayPayments.createdAt, gatewayPayments.id)
        .limit(limit),
    (row) => row.id,
    pageSize,
  );
}
