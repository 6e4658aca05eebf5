import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { deposits } from "#app/modules/payments/schema.ts";
import { players } from "#app/modules/players/schema.ts";
import { promotions } from "#app/modules/promotions/schema.ts";

export const turnoverStatuses = ["active", "complete", "cancelled"] as const;
export type TurnoverStatus = (typeof turnoverStatuses)[number];

/**
 * Wagering left before a withdrawal: one per approved deposit. Settled bets reduce the oldest active one;
 * on completion the bonus it granted (when it went to the bonus wallet) converts to main.
 */
export const turnoverRequirements = pgTable(
  "turnover_requirements",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    playerId: integer()
      .notNull()
      .references(() => players.id),
    depositId: integer().references(() => deposits.id),
    promotionId: integer().references(() => promotions.id),
    /** Poisha of stakes. */
    required: bigint({ mode: "bigint" }).notNull(),
    remaining: bigint({ mode: "bigint" }).notNull(),
    /** Poisha of bonus granted with the deposit. */
    bonusAmount: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`0`),
    /** Where the bonus went: only a bonus-wallet bonus converts to main on completion. */
    bonusWallet: text().$type<"main" | "bonus">().notNull().default("bonus"),
    status: text().$type<TurnoverStatus>().notNull().default("active"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("turnover_requirements_deposit_idx").on(t.depositId),
    index("turnover_requirements_player_idx").on(t.playerId, t.status, t.id),
    check(
      "turnover_requirements_amounts_check",
      sql`${t.required} >= 0 and ${t.remaining} >= 0 and ${t.remaining} <= ${t.required} and ${t.bonusAmount} >= 0`,
    ),
    // cancelled: the deposit it came with was refunded (what was left to play no longer counts).
    check("turnover_requirements_status_check", sql`${t.status} in ('active', 'complete', 'cancelled')`),
    check(
      "turnover_requirements_completion_check",
      sql`(${t.status} = 'complete') = (${t.completedAt} is not null) and (${t.status} <> 'complete' or ${t.remaining} = 0)`,
    ),
    check("turnover_requirements_wallet_check", sql`${t.bonusWallet} in ('main', 'bonus')`),
  ],
);

/**
 * One row per settled bet (its idempotency key) that counted: how much of its stake went to which requirement,
 * so a retry counts nothing twice and a rollback gives back exactly what the bet took.
 */
export const turnoverContributions = pgTable(
  "turnover_contributions",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    key: text().notNull(),
    playerId: integer()
      .notNull()
      .references(() => players.id),
    stake: bigint({ mode: "bigint" }).notNull(),
    /** [{ requirementId, amount }] with amounts as strings (poisha). */
    allocations: jsonb().$type<Array<{ requirementId: number; amount: string }>>().notNull(),
    rolledBackAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("turnover_contributions_key_idx").on(t.key),
    index("turnover_contributions_player_idx").on(t.playerId, t.id),
    check("turnover_contributions_stake_check", sql`${t.stake} > 0`),
  ],
);

export type TurnoverRequirement = typeof turnoverRequirements.$inferSelect;
