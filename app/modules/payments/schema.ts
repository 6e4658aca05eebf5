import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ledgerTransfers } from "#app/modules/ledger/schema.ts";
import { players } from "#app/modules/players/schema.ts";
import { promotions } from "#app/modules/promotions/schema.ts";
import { playerExclusions } from "#app/modules/protection/schema.ts";
import { staffUsers } from "#app/modules/staff/schema.ts";
import { type ChannelType, type DepositChannelType, METHOD_TAG_MAX, type ReviewStatus } from "./constants.ts";
import type { GatewayCredentials, GatewayKind } from "./gateway/types.ts";

/** Payment methods (bKash, Nagad, ...). The footer shows their logos; deposits and withdrawals go through them. */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    icon: text().notNull(),
    status: text().$type<"active" | "inactive">().notNull().default("active"),
    sortOrder: integer().notNull().default(0),
    /** A short badge staff put on the deposit page's tile ("+2%" for a fee or bonus the method carries); null: none. */
    tag: text(),
    /** Deposits through a merchant checkout (credited with no staff step); null: manual transfers only. */
    gateway: text().$type<GatewayKind>(),
    /** The merchant credentials for the gateway (secrets: never shown back, never audited). */
    gatewayCredentials: jsonb().$type<GatewayCredentials>(),
    /** Poisha: what one checkout may take. */
    gatewayMin: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`50000`),
    gatewayMax: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`2500000`),
  },
  (t) => [
    check("payment_methods_gateway_check", sql`${t.gateway} is null or ${t.gateway} in ('simulated', 'bkash')`),
    check("payment_methods_gateway_range_check", sql`${t.gatewayMin} > 0 and ${t.gatewayMax} >= ${t.gatewayMin}`),
    check("payment_methods_tag_check", sql`${t.tag} is null or char_length(${t.tag}) between 1 and ${sql.raw(String(METHOD_TAG_MAX))}`),
  ],
);

export { type ChannelType, channelTypes, type ReviewStatus, reviewStatuses } from "./constants.ts";

/** The platform's receiving accounts per method: players send money to one of these, assigned in rotation. */
export const walletNumbers = pgTable(
  "wallet_numbers",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    methodId: integer()
      .notNull()
      .references(() => paymentMethods.id),
    channelType: text().$type<ChannelType>().notNull(),
    accountNumber: text().notNull(),
    /** Poisha, per deposit. */
    minAmount: bigint({ mode: "bigint" }).notNull(),
    maxAmount: bigint({ mode: "bigint" }).notNull(),
    /** Poisha of pending and approved deposits per Asia/Dhaka day; null = no cap. */
    dailyCap: bigint({ mode: "bigint" }),
    active: boolean().notNull().default(true),
    lastAssignedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("wallet_numbers_method_type_number_idx").on(t.methodId, t.channelType, t.accountNumber),
    index("wallet_numbers_rotation_idx").on(t.methodId, t.channelType, t.active, t.lastAssignedAt),
    check("wallet_numbers_type_check", sql`${t.channelType} in ('Agent', 'Personal')`),
    check("wallet_numbers_number_check", sql`${t.accountNumber} ~ '^[0-9]{11}$'`),
    check("wallet_numbers_range_check", sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount}`),
    check("wallet_numbers_cap_check", sql`${t.dailyCap} is null or ${t.dailyCap} > 0`),
  ],
);

export const deposits = pgTable(
  "deposits",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    playerId: integer()
      .notNull()
      .references(() => players.id),
    methodId: integer()
      .notNull()
      .references(() => paymentMethods.id),
    /** The receiving number of a manual transfer; null for a gateway checkout. */
    walletNumberId: integer().references(() => walletNumbers.id),
    channelType: text().$type<DepositChannelType>().notNull(),
    /** Poisha. */
    amount: bigint({ mode: "bigint" }).notNull(),
    currency: text().notNull(),
    senderNumber: text().notNull(),
    trxId: text().notNull(),
    promotionId: integer().references(() => promotions.id),
    /** The file's name in the upload store, as "proofs/<name>" (random; the player's own name is never used). */
    proofFile: text(),
    proofMime: text(),
    status: text().$type<ReviewStatus>().notNull().default("pending"),
    /** Set on approval: the bonus credited and where it went. */
    bonusAmount: bigint({ mode: "bigint" }),
    bonusWallet: text().$type<"main" | "bonus">(),
    idempotencyKey: text().notNull(),
    reviewedBy: integer().references(() => staffUsers.id),
    reviewedAt: timestamp({ withTimezone: true }),
    rejectReason: text(),
    /** Set when the player cancelled it while it was pending (status cancelled). */
    cancelledAt: timestamp({ withTimezone: true }),
    /** A rejected deposit the player edited and sent again as this one (at most once per rejected deposit). */
    resubmittedFrom: integer().references((): AnyPgColumn => deposits.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("deposits_player_key_idx").on(t.playerId, t.idempotencyKey),
    // A TRX ID can be used once per payment method, whatever became of the first deposit (checked in
    // submitDeposit); the index holds it for every deposit but a rejected one, so the resubmission of a rejected
    // deposit may carry its TRX ID again.
    uniqueIndex("deposits_method_trx_idx")
      .on(t.methodId, sql`upper(${t.trxId})`)
      .where(sql`${t.status} <> 'rejected'`),
    uniqueIndex("deposits_resubmitted_from_idx").on(t.resubmittedFrom),
    index("deposits_status_idx").on(t.status, t.id),
    index("deposits_player_idx").on(t.playerId, t.createdAt),
    index("deposits_wallet_number_idx").on(t.walletNumberId, t.createdAt),
    // The back office's finance history (finance-history.server.ts) and the daily reports (deposits submitted in a day):
    // date ranges and the export's keyset, TRX ID and
    // sending-number prefixes (text_pattern_ops: LIKE 'x%' uses the index whatever the database's collation).
    index("deposits_created_idx").on(t.createdAt, t.id),
    index("deposits_trx_prefix_idx").using("btree", sql`upper(${t.trxId}) text_pattern_ops`),
    index("deposits_sender_prefix_idx").using("btree", sql`${t.senderNumber} text_pattern_ops`),
    check("deposits_amount_check", sql`${t.amount} > 0`),
    check("deposits_type_check", sql`${t.channelType} in ('Agent', 'Personal', 'Gateway')`),
    // A gateway checkout has neither a receiving number nor a screenshot; a manual transfer reported through the JSON
    // API may lack either (finance see "not named" / "no proof"). A screenshot always has its type.
    check("deposits_manual_check", sql`(${t.proofFile} is null) = (${t.proofMime} is null)`),
    check("deposits_status_check", sql`${t.status} in ('pending', 'approved', 'rejected', 'cancelled')`),
    check("deposits_resubmit_check", sql`${t.resubmittedFrom} is null or ${t.resubmittedFrom} < ${t.id}`),
    check("deposits_sender_check", sql`${t.senderNumber} ~ '^[0-9]{11}$'`),
    check("deposits_trx_check", sql`length(${t.trxId}) between 1 and 40`),
    check(
      "deposits_review_check",
      sql`(${t.status} in ('approved', 'rejected')) = (${t.reviewedAt} is not null) and (${t.status} = 'cancelled') = (${t.cancelledAt} is not null) and (${t.status} <> 'rejected' or ${t.rejectReason} is not null)`,
    ),
    check(
      "deposits_bonus_check",
      sql`(${t.status} = 'approved') = (${t.bonusAmount} is not null) and (${t.bonusAmount} is null or ${t.bonusAmount} >= 0) and (${t.bonusWallet} is null or ${t.bonusWallet} in ('main', 'bonus'))`,
    ),
  ],
);

export const withdrawals = pgTable(
  "withdrawals",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    playerId: integer()
      .notNull()
      .references(() => players.id),
    methodId: integer()
      .notNull()
      .references(() => paymentMethods.id),
    amount: bigint({ mode: "bigint" }).notNull(),
    currency: text().notNull(),
    /** The player's own phone number: money is only ever paid to it. */
    accountNumber: text().notNull(),
    /** The ledger hold (pending transfer) reserving the amount on the player's main wallet. */
    holdTransferId: bigint({ mode: "number" }).references(() => ledgerTransfers.id),
    status: text().$type<ReviewStatus>().notNull().default("pending"),
    payoutReference: text(),
    idempotencyKey: text().notNull(),
    /** Set when the system paid out the balance of a self-exclusion or account closure (one payout per exclusion). */
    exclusionId: integer().references(() => playerExclusions.id),
    reviewedBy: integer().references(() => staffUsers.id),
    reviewedAt: timestamp({ withTimezone: true }),
    rejectReason: text(),
    /**
     * Four-eyes payouts: above general_settings.second_approval_above, the first staff approval is recorded here and
     * the withdrawal stays pending; a different staff member's approval (reviewed_by) pays it.
     */
    firstApprovedBy: integer().references(() => staffUsers.id),
    firstApprovedAt: timestamp({ withTimezone: true }),
    /** Set when the player cancelled it while it was pending (status cancelled, the hold voided). */
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("withdrawals_player_key_idx").on(t.playerId, t.idempotencyKey),
    uniqueIndex("withdrawals_exclusion_idx").on(t.exclusionId),
    index("withdrawals_status_idx").on(t.status, t.id),
    index("withdrawals_player_idx").on(t.playerId, t.createdAt),
    index("withdrawals_created_idx").on(t.createdAt, t.id),
    index("withdrawals_payout_prefix_idx").using("btree", sql`upper(${t.payoutReference}) text_pattern_ops`),
    index("withdrawals_account_prefix_idx").using("btree", sql`${t.accountNumber} text_pattern_ops`),
    check("withdrawals_amount_check", sql`${t.amount} > 0`),
    check("withdrawals_status_check", sql`${t.status} in ('pending', 'approved', 'rejected', 'cancelled')`),
    check(
      "withdrawals_review_check",
      sql`(${t.status} in ('approved', 'rejected')) = (${t.reviewedAt} is not null) and (${t.status} = 'cancelled') = (${t.cancelledAt} is not null) and (${t.status} <> 'rejected' or ${t.rejectReason} is not null) and (${t.status} <> 'approved' or ${t.payoutReference} is not null)`,
    ),
    check(
      "withdrawals_first_approval_check",
      sql`(${t.firstApprovedBy} is null) = (${t.firstApprovedAt} is null) and (${t.status} <> 'approved' or ${t.firstApprovedBy} is null or ${t.reviewedBy} <> ${t.firstApprovedBy})`,
    ),
  ],
);

export const gatewayPaymentStatuses = ["initiated", "completed", "failed", "cancelled", "expired", "refused", "mismatch", "refunded"] as const;
export type GatewayPaymentState = (typeof gatewayPaymentStatuses)[number];

/**
 * A checkout opened at a gateway. `initiated` until the gateway says how it ended; `completed` once credited (the
 * deposit row, approved, is `depositId`); `refused` when our own rules refused the credit after the money moved
 * (then refunded at the gateway); `mismatch` when the gateway's amount, currency or invoice differ from ours.
 */
export const gatewayPayments = pgTable(
  "gateway_payments",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    playerId: integer()
      .notNull()
      .references(() => players.id),
    methodId: integer()
      .notNull()
      .references(() => paymentMethods.id),
    gateway: text().$type<GatewayKind>().notNull(),
    /** Ours, sent as the merchant invoice number; unique. */
    invoice: text().notNull(),
    /** The gateway's; null until the checkout is created there. */
    gatewayPaymentId: text(),
    /** The gateway's page where the player pays (the form sent twice goes back to it, from any instance). */
    checkoutUrl: text(),
    /** Poisha. */
    amount: bigint({ mode: "bigint" }).notNull(),
    currency: text().notNull(),
    promotionId: integer().references(() => promotions.id),
    status: text().$type<GatewayPaymentState>().notNull().default("initiated"),
    /** The gateway's words, or ours, for how a payment that did not credit ended. */
    failureReason: text(),
    trxId: text(),
    payer: text(),
    depositId: integer().references(() => deposits.id),
    idempotencyKey: text().notNull(),
    /** Reconciliation: when the gateway was last asked, and how many times. */
    checkedAt: timestamp({ withTimezone: true }),
    checks: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("gateway_payments_invoice_idx").on(t.invoice),
    uniqueIndex("gateway_payments_gateway_id_idx").on(t.gateway, t.gatewayPaymentId),
    uniqueIndex("gateway_payments_player_key_idx").on(t.playerId, t.idempotencyKey),
    uniqueIndex("gateway_payments_deposit_idx").on(t.depositId),
    index("gateway_payments_open_idx").on(t.status, t.checkedAt),
    index("gateway_payments_player_idx").on(t.playerId, t.createdAt),
    // The back office's checkouts list: Dhaka date ranges and the export's keyset, and the prefix searches.
    index("gateway_payments_created_idx").on(t.createdAt, t.id),
    index("gateway_payments_invoice_prefix_idx").using("btree", sql`upper(${t.invoice}) text_pattern_ops`),
    index("gateway_payments_gateway_id_prefix_idx").using("btree", sql`upper(${t.gatewayPaymentId}) text_pattern_ops`),
    index("gateway_payments_trx_prefix_idx").using("btree", sql`upper(${t.trxId}) text_pattern_ops`),
    check("gateway_payments_amount_check", sql`${t.amount} > 0`),
    check(
      "gateway_payments_status_check",
      sql`${t.status} in ('initiated', 'completed', 'failed', 'cancelled', 'expired', 'refused', 'mismatch', 'refunded')`,
    ),
    check("gateway_payments_credit_check", sql`(${t.status} in ('completed', 'refunded')) = (${t.depositId} is not null)`),
  ],
);

/**
 * The built-in simulated gateway's own books (it stands in for the wallet company, so it keeps its state apart from
 * ours, in the database every instance shares).
 */
export const simulatedGatewayPayments = pgTable(
  "simulated_gateway_payments",
  {
    id: text().primaryKey(),
    kind: text().$type<"payment" | "payout">().notNull().default("payment"),
    invoice: text().notNull(),
    amount: bigint({ mode: "bigint" }).notNull(),
    currency: text().notNull(),
    callbackUrl: text(),
    status: text().$type<"Initiated" | "Authorized" | "Completed" | "Failed" | "Cancelled" | "Expired">().notNull().default("Initiated"),
    payer: text(),
    trxId: text(),
    reason: text(),
    refundTrxId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("simulated_gateway_payments_invoice_idx").on(t.kind, t.invoice)],
);

/** Staff corrections of a player's main wallet; the player sees them as Adjustment transactions. */
export const adjustments = pgTable(
  "adjustments",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    playerId: integer()
      .notNull()
      .references(() => players.id),
    staffId: integer()
      .notNull()
      .references(() => staffUsers.id),
    direction: text().$type<"credit" | "debit">().notNull(),
    amount: bigint({ mode: "bigint" }).notNull(),
    currency: text().notNull(),
    reason: text().notNull(),
    idempotencyKey: text().notNull(),
    transferId: bigint({ mode: "number" }).references(() => ledgerTransfers.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("adjustments_key_idx").on(t.idempotencyKey),
    index("adjustments_player_idx").on(t.playerId, t.createdAt),
    index("adjustments_created_idx").on(t.createdAt, t.id),
    check("adjustments_amount_check", sql`${t.amount} > 0`),
    check("adjustments_direction_check", sql`${t.direction} in ('credit', 'debit')`),
    check("adjustments_reason_check", sql`length(${t.reason}) between 1 and 500`),
  ],
);

export type WalletNumber = typeof walletNumbers.$inferSelect;
export type Deposit = typeof deposits.$inferSelect;
export type Withdrawal = typeof withdrawals.$inferSelect;
export type Adjustment = typeof adjustments.$inferSelect;
export type GatewayPaymentRow = typeof gatewayPayments.$inferSelect;
