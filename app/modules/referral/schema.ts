// The referral programme: the settings staff edit, the daily cash rewards (one row per player per Dhaka day), the
// days the daily job has finished, and the claims that moved rewards to the main wallet.
import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { players } from "#app/modules/players/schema.ts";
import type { RatioBoard } from "./board.ts";

/** One row (id 1): what makes a downline active, and the cash reward ratio board. */
export const referralSettings = pgTable(
  "referral_settings",
  {
    id: integer().primaryKey(),
    /** Poisha a downline must have deposited (approved deposits, all time) to count as active. */
    requiredDeposit: bigint({ mode: "bigint" }).notNull(),
    /** Poisha of settled stakes a downline must have placed (all time) to count as active. */
    requiredTurnover: bigint({ mode: "bigint" }).notNull(),
    board: jsonb().$type<RatioBoard>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("referral_settings_single_row", sql`${t.id} = 1`),
    check("referral_settings_amounts_check", sql`${t.requiredDeposit} >= 0 and ${t.requiredTurnover} >= 0`),
  ],
);

export const rewardStatuses = ["claimable", "claimed", "below"] as const;
/** claimable: waiting for Claim All; claimed: paid to the main wallet; below: the day's turnover reached no tab (no reward). */
export type RewardStatus = (typeof rewardStatuses)[number];

/** A player's cash reward for one Dhaka day, from the settled turnover of their active downlines on that day. */
export const referralRewards = pgTable(
  "referral_rewards",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    playerId: integer()
      .notNull()
      .references(() => players.id),
    /** The Dhaka calendar day the turnover was settled on. */
    day: date({ mode: "string" }).notNull(),
    /** Settled stakes of the player's active downlines on that day, per level (1 = direct referrals). */
    level1Turnover: bigint({ mode: "bigint" }).notNull(),
    level2Turnover: bigint({ mode: "bigint" }).notNull(),
    level3Turnover: bigint({ mode: "bigint" }).notNull(),
    turnover: bigint({ mode: "bigint" }).notNull(),
    /** The tab that applied (its threshold in poisha) and its rates in parts per million; null when none applied. */
    tabAbove: bigint({ mode: "bigint" }),
    ratesPpm: jsonb().$type<[number, number, number]>(),
    /** Whole poisha, rounded down. */
    reward: bigint({ mode: "bigint" }).notNull(),
    status: text().$type<RewardStatus>().notNull(),
    claimId: bigint({ mode: "number" }).references(() => referralClaims.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("referral_rewards_player_day_idx").on(t.playerId, t.day),
    index("referral_rewards_claimable_idx")
      .on(t.playerId)
      .where(sql`${t.status} = 'claimable'`),
    check("referral_rewards_status_check", sql`${t.status} in ('claimable', 'claimed', 'below')`),
    check(
      "referral_rewards_amounts_check",
      sql`${t.reward} >= 0 and ${t.turnover} = ${t.level1Turnover} + ${t.level2Turnover} + ${t.level3Turnover} and (${t.status} = 'below') = (${t.reward} = 0) and (${t.status} = 'claimed') = (${t.claimId} is not null)`,
    ),
  ],
);

/** The days the daily job has finished: a day listed here is never computed again. */
export const referralRewardDays = pgTable("referral_reward_days", {
  day: date({ mode: "string" }).primaryKey(),
  players: integer().notNull(),
  totalReward: bigint({ mode: "bigint" }).notNull(),
  computedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One Claim All: the rewards it paid point at it; the ledger transfer's key is referral:claim:<id>. */
export const referralClaims = pgTable(
  "referral_claims",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    playerId: integer()
      .notNull()
      .references(() => players.id),
    amount: bigint({ mode: "bigint" }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("referral_claims_player_idx").on(t.playerId, t.id), check("referral_claims_amount_check", sql`${t.amount} > 0`)],
);
