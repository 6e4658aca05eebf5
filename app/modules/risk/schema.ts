// Anti-money-laundering: the signals staff work through and the reviews that hold a player's withdrawals, plus the
// AML job's own state: its thresholds (one row staff edit on /admin/risk), how far it has read each source, and two
// small indexes it keeps up to date as it reads (who used which device, address or number; the TRX IDs'
// one-character-deleted variants), so a new row is checked against history by index, never by a scan.
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { players } from "#app/modules/players/schema.ts";
import { staffUsers } from "#app/modules/staff/schema.ts";

export const riskSettings = pgTable(
  "risk_settings",
  {
    id: integer().primaryKey().default(1),
    /** Low play: stakes since the last approved deposit below this share of it (hundredths: 30 = 0.30). */
    lowPlayRatioHundredths: integer().notNull().default(30),
    /** Rapid cycling: this many deposit -> withdrawal cycles within the window. */
    cyclingCount: integer().notNull().default(3),
    cyclingWindowHours: integer().notNull().default(24),
    /** Split deposits: `splitCount` deposits within 24 h, each under the threshold (poisha), that together exceed it. */
    splitThreshold: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`2000000`),
    splitCount: integer().notNull().default(3),
    /** Limit raised after a loss: net loss (stakes minus payouts) over this many hours reached the threshold (poisha). */
    lossThreshold: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`5000000`),
    lossWindowHours: integer().notNull().default(24),
    /** Shared IP address: raised only from this many accounts (mobile carriers put many people behind one address). */
    sharedIpAccounts: integer().notNull().default(3),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("risk_settings_single_row", sql`${t.id} = 1`)],
);

/** How far the job has read a source: rows after (at, key) in (created_at, id) order are still to do. */
export const riskCursors = pgTable("risk_cursors", {
  source: text().primaryKey(),
  at: timestamp({ withTimezone: true })
    .notNull()
    .default(sql`'epoch'::timestamptz`),
  key: text().notNull().default(""),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const identifierKinds = ["device", "ip", "number"] as const;
export type IdentifierKind = (typeof identifierKinds)[number];
/** Where a number was seen: a deposit's sender, a withdrawal's destination, the main or an extra phone. */
export type NumberSource = "deposit" | "withdrawal" | "phone" | "extra_phone" | "session";

/** Every device id, IP address and phone/wallet number each player was seen with. */
export const riskIdentifiers = pgTable(
  "risk_identifiers",
  {
    kind: text().$type<IdentifierKind>().notNull(),
    value: text().notNull(),
    playerId: integer()
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    source: text().$type<NumberSource>().notNull(),
    firstSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.value, t.playerId, t.source] })],
);

/** A deposit's TRX ID normalised (upper case, letters and digits) and each variant with one character deleted. */
export const riskTrxVariants = pgTable(
  "risk_trx_variants",
  {
    variant: text().notNull(),
    depositId: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.variant, t.depositId] }), index("risk_trx_variants_deposit_idx").on(t.depositId)],
);

export type RiskSettings = typeof riskSettings.$inferSelect;

export const amlSignalKinds = [
  "low_play_withdrawal",
  "rapid_cycling",
  "shared_device",
  "shared_address",
  "shared_wallet_number",
  "shared_phone",
  "split_deposits",
  "trx_reuse",
  "limit_raised_after_loss",
  "underage_birthday",
  "gateway_mismatch",
] as const;
export type AmlSignalKind = (typeof amlSignalKinds)[number];

/**
 * A signal for staff, with its evidence (ids, amounts, other players). `fingerprint` makes raising idempotent: the
 * same finding raised twice (a job re-run, two instances) is one row.
 */
export const amlSignals = pgTable(
  "aml_signals",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    playerId: integer()
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    kind: text().$type<AmlSignalKind>().notNull(),
    fingerprint: text().notNull(),
    evidence: jsonb()
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    status: text().$type<"open" | "dismissed" | "escalated">().notNull().default("open"),
    handledBy: integer().references(() => staffUsers.id),
    handledNote: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("aml_signals_fingerprint_idx").on(t.fingerprint),
    index("aml_signals_player_idx").on(t.playerId, t.createdAt),
    // /admin/risk newest first and its Dhaka date range, and the export's keyset.
    index("aml_signals_created_idx").on(t.createdAt, t.id),
  ],
);

/** A review on a player: while one is open, their withdrawals are held (never paid) until staff clear it with a reason. */
export const playerReviews = pgTable(
  "player_reviews",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    playerId: integer()
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    status: text().$type<"open" | "cleared">().notNull().default("open"),
    openReason: text().notNull(),
    /** Null: opened by the system (a signal). */
    openedBy: integer().references(() => staffUsers.id),
    clearedBy: integer().references(() => staffUsers.id),
    clearReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("player_reviews_player_idx").on(t.playerId),
    // At most one open review per player, so "open a review" is idempotent under parallel signals.
    uniqueIndex("player_reviews_one_open_idx")
      .on(t.playerId)
      .where(sql`status = 'open'`),
  ],
);
