// VIP: the levels staff define, the accrual rule, each player's VIP points (VP) and experience, and the VP ledger
// (every VP a player receives or uses is a row). Units: VP in hundredths (cvp: 100 = 1 VP), experience likewise.
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { players } from "#app/modules/players/schema.ts";

/**
 * A VIP level. A player is at the highest level whose `experience` (whole VP of lifetime accrual) they have
 * reached. `ratio` is the level's conversion rate: `ratio` VP convert into ৳100.
 */
export const vipLevels = pgTable(
  "vip_levels",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    /** The name on the Bangla pages; null (or blank): the English `name` is shown there too. */
    nameBn: text(),
    /** Experience needed, in whole VP; the first level needs 0. */
    experience: bigint({ mode: "bigint" }).notNull(),
    /** VP that convert into ৳100 (10,000 poisha). */
    ratio: integer().notNull(),
    sortOrder: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("vip_levels_name_idx").on(t.name),
    check("vip_levels_experience_check", sql`${t.experience} >= 0`),
    check("vip_levels_ratio_check", sql`${t.ratio} between 1 and 1000000`),
  ],
);

/** The accrual rule and the conversion minimum; one row (id 1). */
export const vipSettings = pgTable(
  "vip_settings",
  {
    id: integer().primaryKey(),
    /** Settled stake (poisha) that earns 1 VP; default ৳100. */
    stakePerPoint: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`10000`),
    /** The smallest conversion, in whole VP. */
    minConvert: integer().notNull().default(10),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("vip_settings_single_check", sql`${t.id} = 1`),
    check("vip_settings_rule_check", sql`${t.stakePerPoint} > 0 and ${t.minConvert} >= 1`),
  ],
);

/**
 * A player's VIP balance. `points` (cvp) is what they can convert and never goes below zero; `experience` (cvp)
 * only grows. `carry` is settled stake not yet worth a hundredth of a VP, in hundredths of a poisha (so any rule
 * divides it exactly): the next accrual starts from it, so no fraction is lost or counted twice.
 */
export const vipAccounts = pgTable(
  "vip_accounts",
  {
    playerId: integer()
      .primaryKey()
      .references(() => players.id),
    points: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`0`),
    experience: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`0`),
    carry: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("vip_accounts_points_check", sql`${t.points} >= 0 and ${t.experience} >= 0 and ${t.carry} >= 0`)],
);

export const vipEntryKinds = ["received", "used"] as const;
export type VipEntryKind = (typeof vipEntryKinds)[number];

/**
 * One change of a player's VP. received: an accrual from one settled bet, unique per (source, sourceId) so a bet
 * accrues once (source "casino" = a game_rounds id; the exchange adds its own); `stake` is the bet's settled stake.
 * used: a conversion (source "conversion"), unique per (player, requestKey); `amount` is the poisha credited to main,
 * `transferKey` its ledger transfer. Or a rollback (source "rollback", sourceId "casino:<round id>"): the VP of a settled
 * round one of whose bets the provider rolled back, taken back once.
 */
export const vipEntries = pgTable(
  "vip_entries",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    playerId: integer()
      .notNull()
      .references(() => players.id),
    kind: text().$type<VipEntryKind>().notNull(),
    /** cvp, always positive or zero; the kind says in which direction. */
    points: bigint({ mode: "bigint" }).notNull(),
    source: text().notNull(),
    sourceId: text().notNull(),
    stake: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`0`),
    amount: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`0`),
    currency: text().notNull().default("BDT"),
    /** The level's ratio a conversion used. */
    ratio: integer(),
    transferKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("vip_entries_received_idx")
      .on(t.source, t.sourceId)
      .where(sql`${t.kind} = 'received'`),
    uniqueIndex("vip_entries_used_idx")
      .on(t.playerId, t.sourceId)
      .where(sql`${t.kind} = 'used'`),
    index("vip_entries_player_idx").on(t.playerId, t.kind, t.id),
    // The rollback watch reads recent casino rows by time.
    index("vip_entries_received_time_idx")
      .on(t.createdAt)
      .where(sql`${t.kind} = 'received'`),
    check("vip_entries_kind_check", sql`${t.kind} in ('received', 'used')`),
    check("vip_entries_amounts_check", sql`${t.points} >= 0 and ${t.stake} >= 0 and ${t.amount} >= 0`),
  ],
);

/** Where each accrual source has got to: settled bets before `settledAt` minus a look-back were all seen. */
export const vipAccrualMarks = pgTable("vip_accrual_marks", {
  source: text().primaryKey(),
  settledAt: timestamp({ withTimezone: true }).notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type VipLevel = typeof vipLevels.$inferSelect;
export type VipEntry = typeof vipEntries.$inferSelect;
export type VipSettings = typeof vipSettings.$inferSelect;
