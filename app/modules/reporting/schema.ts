// The reports' daily aggregates, keyed by Dhaka day (the kernel's day key) plus each report's dimensions. Written only
// by the aggregation job (job.server.ts), which recomputes a whole day from the source modules, so a day's rows are
// always the source's answer for that day. See README.md for which day each figure belongs to.
import { sql } from "drizzle-orm";
import { bigint, check, customType, date, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** Casino rounds settled that day by product (house / provider), provider (platform) and game code. */
export const reportCasinoDaily = pgTable(
  "report_casino_daily",
  {
    day: date({ mode: "string" }).notNull(),
    product: text().$type<"house" | "provider">().notNull(),
    provider: text().notNull(),
    game: text().notNull(),
    rounds: integer().notNull(),
    stakes: bigint({ mode: "bigint" }).notNull(),
    wins: bigint({ mode: "bigint" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.provider, t.game] }),
    check("report_casino_daily_product_check", sql`${t.product} in ('house', 'provider')`),
  ],
);

/** Exchange per market and day: matched volume (fills), commission and the house result as the ledger posted them. */
export const reportExchangeDaily = pgTable(
  "report_exchange_daily",
  {
    day: date({ mode: "string" }).notNull(),
    marketKind: text().notNull(),
    marketId: integer().notNull(),
    matched: bigint({ mode: "bigint" }).notNull(),
    commission: bigint({ mode: "bigint" }).notNull(),
    houseResult: bigint({ mode: "bigint" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.marketId] })],
);

/** Bonus cost per promotion (0: none named) and day: paid out of expense:bonus less returned to it. */
export const reportBonusDaily = pgTable(
  "report_bonus_daily",
  {
    day: date({ mode: "string" }).notNull(),
    promotionId: integer().notNull(),
    cost: bigint({ mode: "bigint" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.promotionId] })],
);

/** Staff's manual balance adjustments per day and direction (credit: paid to players; debit: taken from them). */
export const reportAdjustmentsDaily = pgTable(
  "report_adjustments_daily",
  {
    day: date({ mode: "string" }).notNull(),
    direction: text().$type<"credit" | "debit">().notNull(),
    count: integer().notNull(),
    amount: bigint({ mode: "bigint" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.direction] }),
    check("report_adjustments_daily_direction_check", sql`${t.direction} in ('credit', 'debit')`),
  ],
);

/** Deposits and withdrawals per (day, kind, method, channel): requested (submitted) and paid (money moved). */
export const reportPaymentsDaily = pgTable(
  "report_payments_daily",
  {
    day: date({ mode: "string" }).notNull(),
    kind: text().$type<"deposit" | "withdrawal">().notNull(),
    methodId: integer().notNull(),
    channel: text().notNull(),
    requestedCount: integer().notNull(),
    requestedAmount: bigint({ mode: "bigint" }).notNull(),
    paidCount: integer().notNull(),
    paidAmount: bigint({ mode: "bigint" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.kind, t.methodId, t.channel] }),
    check("report_payments_daily_kind_check", sql`${t.kind} in ('deposit', 'withdrawal')`),
  ],
);

/** A set of player ids as a bit string (bit n set: player n is in it); SQL `report_bits(player_id)` builds one. */
const playerBits = customType<{ data: string; driverData: string }>({ dataType: () => "bit varying" });

/**
 * Per day, the players who did something counted, as four bit strings indexed by player id: unique counts over a range
 * are the set bits of the days' OR, retention the set bits of a sign-up day AND a later active day. The cost of a
 * range grows with the number of players (one bit each), not with how much they played. Beside each day's sets, the
 * same four over the 7 and 30 days ending that day (`…7`, `…30`, the job's OR of those days' rows), so a 30-day range
 * reads one row, not 30 (README "Reading a range").
 */
const rolling = (name: string) =>
  playerBits(name)
    .notNull()
    .default(sql`''::bit varying`);
export const reportPlayerBits = pgTable("report_player_bits", {
  day: date({ mode: "string" }).primaryKey(),
  signedUp: playerBits().notNull(),
  deposited: playerBits().notNull(),
  firstDeposit: playerBits().notNull(),
  active: playerBits().notNull(),
  signedUp7: rolling("signed_up_7"),
  deposited7: rolling("deposited_7"),
  firstDeposit7: rolling("first_deposit_7"),
  active7: rolling("active_7"),
  signedUp30: rolling("signed_up_30"),
  deposited30: rolling("deposited_30"),
  firstDeposit30: rolling("first_deposit_30"),
  active30: rolling("active_30"),
});

/**
 * Per sign-up day: how many players signed up, and how many of them were active exactly 1, 7 and 30 days later (the
 * job recomputes a day's row when it folds that day or the day 1, 7 or 30 days after it).
 */
export const reportRetentionDaily = pgTable("report_retention_daily", {
  day: date({ mode: "string" }).primaryKey(),
  players: integer().notNull(),
  d1: integer().notNull(),
  d7: integer().notNull(),
  d30: integer().notNull(),
});

/** The job's watermark (one row): every day up to the one containing `foldedUntil` is folded to that moment. */
export const reportCursor = pgTable("report_cursor", {
  id: integer().primaryKey().default(1),
  foldedUntil: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
