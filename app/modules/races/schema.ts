// Wager races: the races staff define, their prize tables (each valid from a period on), each player's wagered total
// per race period (the standings), and the periods paid with their winners.
import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { players } from "#app/modules/players/schema.ts";

export const racePeriodKinds = ["daily", "weekly"] as const;
export type RacePeriodKind = (typeof racePeriodKinds)[number];
/** What counts as a wager: the settled stake of a house game round, a provider game round, or an exchange bet. */
export const raceProducts = ["house", "provider", "exchange"] as const;
export type RaceProduct = (typeof raceProducts)[number];
export type RaceWallet = "main" | "bonus";

/** A race staff set up under /admin/races: a daily (Dhaka day) or weekly (Dhaka Monday-Sunday) contest of wagers. */
export const races = pgTable(
  "races",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    /** The name on Bangla pages; empty: the English name. */
    nameBn: text().notNull().default(""),
    period: text().$type<RacePeriodKind>().notNull(),
    /** Which settled wagers count; applies at once. */
    products: text().array().$type<RaceProduct[]>().notNull(),
    /** Poisha: a settled stake below it does not count; applies at once. */
    minStake: bigint({ mode: "bigint" }).notNull(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("races_min_stake_check", sql`${t.minStake} >= 0`),
    check("races_period_check", sql`${t.period} in ('daily', 'weekly')`),
    check("races_products_check", sql`cardinality(${t.products}) > 0`),
  ],
);

/**
 * A race's prizes from the period starting `fromPeriod` (a Dhaka date) on: a period pays by the latest table whose
 * `fromPeriod` is not after its start, so a change made while a period runs applies from the next period.
 */
export const racePrizeTables = pgTable(
  "race_prize_tables",
  {
    raceId: integer()
      .notNull()
      .references(() => races.id),
    fromPeriod: date({ mode: "string" }).notNull(),
    /** Poisha per rank as decimal strings: prizes[0] is rank 1. */
    prizes: jsonb().$type<string[]>().notNull(),
    wallet: text().$type<RaceWallet>().notNull(),
    /** Bonus wallet only: the prize × this must be wagered before it converts to main (as promotions do). */
    turnoverMultiplier: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.raceId, t.fromPeriod] }),
    check("race_prize_tables_wallet_check", sql`${t.wallet} in ('main', 'bonus')`),
    check("race_prize_tables_multiplier_check", sql`${t.turnoverMultiplier} between 0 and 100`),
  ],
);

/**
 * One player's wagers in one race period, added to by one upsert per settled wager. `reachedAt` is when the total
 * last grew (when the player reached it): equal totals rank by who got there first.
 */
export const raceEntries = pgTable(
  "race_entries",
  {
    raceId: integer()
      .notNull()
      .references(() => races.id),
    /** The period's first Dhaka day (a Monday for a weekly race). */
    periodStart: date({ mode: "string" }).notNull(),
    playerId: integer()
      .notNull()
      .references(() => players.id),
    /** Poisha of settled stakes counted. */
    wagered: bigint({ mode: "bigint" }).notNull(),
    bets: integer().notNull(),
    reachedAt: timestamp({ withTimezone: true, precision: 6 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.raceId, t.periodStart, t.playerId] }),
    index("race_entries_rank_idx").on(t.raceId, t.periodStart, t.wagered.desc(), t.reachedAt, t.playerId),
    check("race_entries_wagered_check", sql`${t.wagered} >= 0`),
  ],
);

/** A period paid (or found to have no winners): written in the transaction that pays it, so it is paid once. */
export const racePayouts = pgTable(
  "race_payouts",
  {
    raceId: integer()
      .notNull()
      .references(() => races.id),
    periodStart: date({ mode: "string" }).notNull(),
    winners: integer().notNull(),
    /** Poisha paid in all. */
    total: bigint({ mode: "bigint" }).notNull(),
    paidAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.periodStart] })],
);

/** The winners of a paid period, one per rank: the prize's ledger transfer has key race:<race>:<period>:<rank>. */
export const racePrizes = pgTable(
  "race_prizes",
  {
    raceId: integer()
      .notNull()
      .references(() => races.id),
    periodStart: date({ mode: "string" }).notNull(),
    rank: integer().notNull(),
    playerId: integer()
      .notNull()
      .references(() => players.id),
    wagered: bigint({ mode: "bigint" }).notNull(),
    amount: bigint({ mode: "bigint" }).notNull(),
    wallet: text().$type<RaceWallet>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.periodStart, t.rank] }), index("race_prizes_player_idx").on(t.playerId)],
);
