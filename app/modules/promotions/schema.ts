import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { promotionCategoryIds } from "./categories.ts";

export const promotionStatuses = ["active", "inactive"] as const;
export type PromotionStatus = (typeof promotionStatuses)[number];

/** Deposit promotions: a bonus of bonusPercent of the deposit (capped by maxBonus), unlocked by turnover. */
export const promotions = pgTable(
  "promotions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nameEn: text().notNull(),
    nameBn: text().notNull(),
    descriptionEn: text().notNull().default(""),
    descriptionBn: text().notNull().default(""),
    termsEn: text().notNull().default(""),
    termsBn: text().notNull().default(""),
    /** Whole percent of the deposit, 0-500. */
    bonusPercent: integer().notNull(),
    /** Turnover on the bonus in hundredths (100 = 1x the bonus, 1000 = 10x): an integer, never a float. */
    turnoverMultiplierHundredths: integer().notNull().default(100),
    /** Poisha; null = no cap. */
    maxBonus: bigint({ mode: "bigint" }),
    startsAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Null = open-ended. */
    endsAt: timestamp({ withTimezone: true }),
    status: text().$type<PromotionStatus>().notNull().default("active"),
    thumbnail: text(),
    sortOrder: integer().notNull().default(0),
    /** The /promotions tabs it shows under: ids of spec section 9 (see categories.ts); empty = only under ALL. */
    categoryIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("promotions_status_idx").on(t.status, t.sortOrder),
    check("promotions_bonus_percent_check", sql`${t.bonusPercent} between 0 and 500`),
    check("promotions_turnover_check", sql`${t.turnoverMultiplierHundredths} between 0 and 100000`),
    check("promotions_max_bonus_check", sql`${t.maxBonus} is null or ${t.maxBonus} > 0`),
    check("promotions_period_check", sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check("promotions_status_check", sql`${t.status} in ('active', 'inactive')`),
    check("promotions_categories_check", sql.raw(`category_ids <@ array[${promotionCategoryIds.join(", ")}]::integer[]`)),
  ],
);

export type Promotion = typeof promotions.$inferSelect;
