import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { players } from "#app/modules/players/schema.ts";

export const wallets = ["main", "bonus"] as const;
export type Wallet = (typeof wallets)[number];

/**
 * single: moves money at once. pending: a hold that reserves the amount on the debit account.
 * post_pending / void_pending: resolve a hold (pending_id); each hold resolves at most once.
 */
export const transferPhases = ["single", "pending", "post_pending", "void_pending"] as const;
export type TransferPhase = (typeof transferPhases)[number];

/**
 * Cached balances, changed only by the ledger in the same transaction as the entries.
 * posted = sum of this account's entries (credits positive); pending = sum of its open holds as debit account.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull(),
    currency: text().notNull(),
    playerId: integer().references(() => players.id),
    wallet: text().$type<Wallet>(),
    allowNegative: boolean().notNull().default(false),
    posted: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`0`),
    pending: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_accounts_code_currency_idx").on(t.code, t.currency),
    uniqueIndex("ledger_accounts_player_wallet_idx").on(t.playerId, t.wallet, t.currency),
    check("ledger_accounts_available_check", sql`${t.allowNegative} or ${t.posted} - ${t.pending} >= 0`),
    check("ledger_accounts_pending_check", sql`${t.pending} >= 0`),
    check("ledger_accounts_player_check", sql`(${t.playerId} is null) = (${t.wallet} is null) and (${t.playerId} is null or not ${t.allowNegative})`),
    check("ledger_accounts_currency_check", sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/** Immutable (a trigger refuses UPDATE and DELETE). The idempotency key is unique across the whole ledger. */
export const ledgerTransfers = pgTable(
  "ledger_transfers",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    key: text().notNull(),
    phase: text().$type<TransferPhase>().notNull(),
    debitAccountId: integer()
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: integer()
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint({ mode: "bigint" }).notNull(),
    currency: text().notNull(),
    kind: text().notNull(),
    pendingId: bigint({ mode: "number" }).references((): AnyPgColumn => ledgerTransfers.id),
    reversalOf: bigint({ mode: "number" }).references((): AnyPgColumn => ledgerTransfers.id),
    memo: text().notNull().default(""),
    meta: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_transfers_key_idx").on(t.key),
    uniqueIndex("ledger_transfers_pending_idx").on(t.pendingId),
    uniqueIndex("ledger_transfers_reversal_idx").on(t.reversalOf),
    index("ledger_transfers_debit_idx").on(t.debitAccountId, t.id),
    index("ledger_transfers_credit_idx").on(t.creditAccountId, t.id),
    // The daily reports read a day's transfers (app/modules/reporting).
    index("ledger_transfers_created_idx").on(t.createdAt),
    check("ledger_transfers_amount_check", sql`${t.amount} > 0 and ${t.amount} <= 1000000000000000`),
    check("ledger_transfers_accounts_check", sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check("ledger_transfers_phase_check", sql`${t.phase} in ('single', 'pending', 'post_pending', 'void_pending')`),
    check("ledger_transfers_pending_ref_check", sql`(${t.phase} in ('post_pending', 'void_pending')) = (${t.pendingId} is not null)`),
    check("ledger_transfers_reversal_check", sql`${t.reversalOf} is null or ${t.phase} = 'single'`),
  ],
);

/** Append-only, one per side of a posted transfer: the debit side negative, the credit side positive. */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    transferId: bigint({ mode: "number" })
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: integer()
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint({ mode: "bigint" }).notNull(),
    balanceAfter: bigint({ mode: "bigint" }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ledger_entries_account_idx").on(t.accountId, t.id),
    index("ledger_entries_transfer_idx").on(t.transferId),
    // The back office's site-wide ledger list by Dhaka day (/admin/ledger): a day's entries without walking all history.
    index("ledger_entries_created_idx").on(t.createdAt),
    check("ledger_entries_amount_check", sql`${t.amount} <> 0`),
  ],
);

export type LedgerAccount = typeof ledgerAccounts.$inferSelect;
export type LedgerTransfer = typeof ledgerTransfers.$inferSelect;
export type LedgerEntry = typeof ledgerEntries.$inferSelect;
