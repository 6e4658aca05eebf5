// Reads: balances, entries and transfers, paged newest first by id (keyset paging: pass `before` = the last id seen).
import { and, desc, eq, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import type { Currency } from "#app/modules/players/index.ts";
import { LedgerError } from "./errors.ts";
import { type LedgerTransfer, ledgerAccounts, ledgerTransfers, type TransferPhase, type Wallet } from "./schema.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { TOTALS_CAP } from "#app/kernel/list-totals.ts";
import { pastCap, rowsCap } from "#app/kernel/list-totals.server.ts";
import { assertId } from "./validation.ts";

export type Balance = { posted: bigint; pending: bigint; available: bigint };
export type AccountBalance = Balance & { accountId: number; code: string; currency: Currency };
export type PlayerBalances = { currency: Currency; main: Balance; bonus: Balance };
export type HoldStatus = "open" | "posted" | "voided";
export type Page<T> = { items: T[]; nextBefore: number | null };
export type PageOptions = { limit?: number; before?: number; from?: Date; to?: Date };

const balanceOf = (posted: bigint, pending: bigint): Balance => ({ posted, pending, available: posted - pending });
const ZERO = balanceOf(0n, 0n);

export async function getAccountBalance(accountId: number, ex: Executor = db): Promise<AccountBalance> {
  assertId(accountId, "accountId");
  const [a] = await ex.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId));
  if (!a) throw new LedgerError("unknown_account", `Account ${accountId} does not exist`, { accountId });
  return { accountId: a.id, code: a.code, currency: a.currency as Currency, ...balanceOf(a.posted, a.pending) };
}

export async function getAccountByCode(code: string, currency: Currency, ex: Executor = db) {
  const [a] = await ex
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.code, code), eq(ledgerAccounts.currency, currency)));
  return a;
}

/** The player's main and bonus balances in the player's currency (zero before the first transfer). */
export async function getPlayerBalances(playerId: number, ex: Executor = db): Promise<PlayerBalances> {
  assertId(playerId, "playerId");
  const rows = rowsOf<{ currency: Currency; wallet: Wallet | null; posted: string | null; pending: string | null }>(
    await ex.execute(sql`
      select p.currency, a.wallet, a.posted::text as posted, a.pending::text as pending
      from players p left join ledger_accounts a on a.player_id = p.id and a.currency = p.currency
      where p.id = ${playerId}`),
  );
  if (rows.length === 0) throw new LedgerError("unknown_account", `Player ${playerId} does not exist`, { playerId });
  const pick = (w: Wallet) => {
    const r = rows.find((x) => x.wallet === w);
    return r ? balanceOf(BigInt(r.posted!), BigInt(r.pending!)) : ZERO;
  };
  return { currency: rows[0]!.currency, main: pick("main"), bonus: pick("bonus") };
}

export type EntryRow = {
  id: number;
  transferId: number;
  accountId: number;
  /** The account's code (a player's wallet or a house account). */
  accountCode: string;
  wallet: Wallet | null;
  /** The player the account belongs to; null for a house account. */
  playerId: number | null;
  username: string | null;
  /** Signed: positive money in, negative money out. */
  amount: bigint;
  balanceAfter: bigint;
  createdAt: Date;
  kind: string;
  memo: string;
  key: string;
  phase: TransferPhase;
  reversalOf: number | null;
  counterparty: string;
};

type RawEntry = Omit<EntryRow, "amount" | "balanceAfter" | "createdAt" | "id" | "transferId" | "reversalOf"> & {
  id: string | number;
  transferId: string | number;
  reversalOf: string | number | null;
  amount: string;
  balanceAfter: string;
  createdAt: string | Date;
};

/** Entries of one account, newest first. */
export async function listAccountEntries(accountId: number, options: PageOptions = {}, ex: Executor = db): Promise<Page<EntryRow>> {
  assertId(accountId, "accountId");
  return listEntries(sql`e.account_id = ${accountId}`, options, ex);
}

/** The kinds of account the back office filters entries by: a player's main or bonus wallet, or a house account. */
export const entryAccountTypes = ["main", "bonus", "house"] as const;
export type EntryAccountType = (typeof entryAccountTypes)[number];

/**
 * The back office's filter of ledger entries: one player or everyone, the transfer's kind, the account's type, and the
 * time posted in [start, end).
 */
export type EntryListFilter = { playerId?: number; kind?: string; accountType?: EntryAccountType; start?: Date; end?: Date };

function entryListWhere(f: EntryListFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.playerId !== undefined) {
    // The player's accounts first, then their entries by the (account, id) index: never a walk through everyone's.
    const wallet = f.accountType && f.accountType !== "house" ? sql` and pa.wallet = ${f.accountType}` : sql``;
    parts.push(sql`e.account_id in (select pa.id from ledger_accounts pa where pa.player_id = ${assertId(f.playerId, "playerId")}${wallet})`);
  }
  if (f.accountType === "house") parts.push(sql`a.player_id is null`);
  else if (f.accountType) parts.push(sql`a.wallet = ${f.accountType}`);
  if (f.kind) parts.push(sql`t.kind = ${f.kind}`);
  if (f.start) parts.push(sql`e.created_at >= ${f.start.toISOString()}::timestamptz`);
  if (f.end) parts.push(sql`e.created_at < ${f.end.toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

/**
 * The back office's ledger entries for the filter (the player 360's statement passes its player and wallet,
 * /admin/ledger anyone), newest first, keyset paging by id. Pass readDb for an export.
 */
export async function listLedgerEntries(
  filter: EntryListFilter,
  options: Omit<PageOptions, "from" | "to"> = {},
  ex: Executor = db,
): Promise<Page<EntryRow>> {
  return listEntries(entryListWhere(filter), options, ex);
}

export type EntryTotals = {
  count: number;
  credits: bigint;
  debits: bigint;
  /** "Any day" matched more than TOTALS_CAP entries: count is the cap and no sum is given (kernel/list-totals.ts). */
  capped: boolean;
};

/**
 * The totals of what the filter shows: entries, money in (credits, positive) and money out (debits, as a positive sum).
 * The transfers are joined only for a kind: without one a day's totals read that day's entries by their time index
 * instead of hashing every transfer ever posted.
 */
export async function entryTotals(filter: EntryListFilter, ex: Executor = db): Promise<EntryTotals> {
  // Without a date range: at most TOTALS_CAP + 1 entries (sums shown only when that was all).
  const [t] = rowsOf<{ n: string | number; credits: string; debits: string }>(
    await ex.execute(sql`
      select count(*) as n, coalesce(sum(amount) filter (where amount > 0), 0)::text as credits,
        coalesce(-sum(amount) filter (where amount < 0), 0)::text as debits
      from (select e.amount from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        ${filter.kind ? sql`join ledger_transfers t on t.id = e.transfer_id` : sql``}
        where ${entryListWhere(filter)}${rowsCap(filter)}) r`),
  );
  if (pastCap(filter, Number(t?.n ?? 0))) return { count: TOTALS_CAP, credits: 0n, debits: 0n, capped: true };
  return { count: Number(t?.n ?? 0), credits: BigInt(t?.credits ?? "0"), debits: BigInt(t?.debits ?? "0"), capped: false };
}

/** Entries of a player's main and bonus accounts (or one wallet), newest first: the transaction record. */
export async function listPlayerEntries(
  playerId: number,
  options: PageOptions & { wallet?: Wallet } = {},
  ex: Executor = db,
): Promise<Page<EntryRow>> {
  assertId(playerId, "playerId");
  const { wallet, from, to, ...page } = options;
  return listLedgerEntries({ playerId, accountType: wallet, start: from, end: to }, page, ex);
}

async function listEntries(where: ReturnType<typeof sql>, options: PageOptions, ex: Executor): Promise<Page<EntryRow>> {
  const limit = clampLimit(options.limit);
  const rows = rowsOf<RawEntry>(
    await ex.execute(sql`
      select e.id, e.transfer_id as "transferId", e.account_id as "accountId", a.code as "accountCode", a.wallet,
        a.player_id as "playerId", p.username,
        e.amount::text as amount, e.balance_after::text as "balanceAfter", e.created_at as "createdAt",
        t.kind, t.memo, t.key, t.phase, t.reversal_of as "reversalOf", c.code as counterparty
      from ledger_entries e
      join ledger_accounts a on a.id = e.account_id
      left join players p on p.id = a.player_id
      join ledger_transfers t on t.id = e.transfer_id
      join ledger_accounts c on c.id = case when e.amount < 0 then t.credit_account_id else t.debit_account_id end
      where ${where}${pageFilter(sql`e`, options)}
      order by e.id desc
      limit ${limit + 1}`),
  );
  const items = rows.slice(0, limit).map((r): EntryRow => ({
    ...r,
    id: Number(r.id),
    transferId: Number(r.transferId),
    reversalOf: r.reversalOf === null ? null : Number(r.reversalOf),
    amount: BigInt(r.amount),
    balanceAfter: BigInt(r.balanceAfter),
    createdAt: new Date(r.createdAt),
  }));
  return { items, nextBefore: rows.length > limit ? items.at(-1)!.id : null };
}

export type TransferRow = LedgerTransfer & { direction: "in" | "out"; holdStatus: HoldStatus | null };

/** Transfers touching an account, newest first, including holds with their status. */
export async function listAccountTransfers(accountId: number, options: PageOptions = {}, ex: Executor = db): Promise<Page<TransferRow>> {
  assertId(accountId, "accountId");
  const limit = clampLimit(options.limit);
  const t = ledgerTransfers;
  const rows = await ex
    .select({
      transfer: t,
      // Qualified by hand: Drizzle renders ${t.id} unqualified, which would bind to the inner r.
      resolution: sql<string | null>`(select r.phase from ledger_transfers r where r.pending_id = "ledger_transfers"."id")`,
    })
    .from(t)
    .where(
      and(
        or(eq(t.debitAccountId, accountId), eq(t.creditAccountId, accountId)),
        options.before === undefined ? undefined : lt(t.id, assertId(options.before, "before")),
        options.from ? gte(t.createdAt, options.from) : undefined,
        options.to ? lt(t.createdAt, options.to) : undefined,
      ),
    )
    .orderBy(desc(t.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map(({ transfer, resolution }): TransferRow => ({
    ...transfer,
    direction: transfer.creditAccountId === accountId ? "in" : "out",
    holdStatus: transfer.phase === "pending" ? statusOf(resolution) : null,
  }));
  return { items, nextBefore: rows.length > limit ? items.at(-1)!.id : null };
}

export async function getTransferByKey(key: string, ex: Executor = db): Promise<LedgerTransfer | undefined> {
  const [t] = await ex.select().from(ledgerTransfers).where(eq(ledgerTransfers.key, key));
  return t;
}

/** The transfers with these keys (a key with none is left out). */
export async function getTransfersByKeys(keys: readonly string[], ex: Executor = db): Promise<LedgerTransfer[]> {
  if (keys.length === 0) return [];
  return ex
    .select()
    .from(ledgerTransfers)
    .where(inArray(ledgerTransfers.key, [...keys]));
}

/**
 * Of these holds, the ones still open (neither posted nor voided) and their amounts: what the ledger actually reserves
 * for them, for a reconciliation against what another module believes it holds. One statement however many.
 */
export async function openHoldAmounts(holdIds: readonly number[], ex: Executor = db): Promise<Map<number, bigint>> {
  if (holdIds.length === 0) return new Map();
  for (const id of holdIds) assertId(id, "holdId");
  const rows = await ex
    .select({ id: ledgerTransfers.id, amount: ledgerTransfers.amount })
    .from(ledgerTransfers)
    .where(
      and(
        inArray(ledgerTransfers.id, [...holdIds]),
        eq(ledgerTransfers.phase, "pending"),
        sql`not exists (select 1 from ledger_transfers r where r.pending_id = ${ledgerTransfers.id})`,
      ),
    );
  return new Map(rows.map((r) => [r.id, r.amount]));
}

/** A hold and whether it is still open, or was posted or voided (and by which transfer). */
export async function getHold(holdId: number, ex: Executor = db) {
  assertId(holdId, "holdId");
  const [hold] = await ex.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, holdId));
  if (!hold || hold.phase !== "pending") throw new LedgerError("hold_not_found", `Hold ${holdId} does not exist`, { holdId });
  const [resolution] = await ex.select().from(ledgerTransfers).where(eq(ledgerTransfers.pendingId, holdId));
  return { hold, status: statusOf(resolution?.phase ?? null), resolution: resolution ?? null };
}

function statusOf(phase: string | null): HoldStatus {
  return phase === "post_pending" ? "posted" : phase === "void_pending" ? "voided" : "open";
}

function clampLimit(limit = 50) {
  return Math.min(Math.max(Math.trunc(limit) || 1, 1), 200);
}

function pageFilter(alias: ReturnType<typeof sql>, { before, from, to }: PageOptions) {
  const parts = [];
  if (before !== undefined) parts.push(sql` and ${alias}.id < ${assertId(before, "before")}`);
  if (from) parts.push(sql` and ${alias}.created_at >= ${from.toISOString()}::timestamptz`);
  if (to) parts.push(sql` and ${alias}.created_at < ${to.toISOString()}::timestamptz`);
  return sql.join(parts, sql``);
}

/**
 * For the back office's player list (one statement over many players), as a table to join (`player_id`, `currency`,
 * `available`): every player account of one wallet.
 * Joined on player and currency, PostgreSQL picks per query: a hash join when the whole list is filtered or sorted by
 * balance (one pass over the accounts instead of one index probe per player), index probes for a short page.
 */
export const playerWalletBalancesSql = (wallet: Wallet = "main"): SQL =>
  sql`(select la.player_id, la.currency, la.posted - la.pending as available from ledger_accounts la where la.wallet = ${wallet})`;
