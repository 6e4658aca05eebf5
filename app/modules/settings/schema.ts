// The site-wide settings row: staff edit it in the back office (general content, payments and mode/licence settings).
import { sql } from "drizzle-orm";
import { bigint, boolean, check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const generalSettings = pgTable(
  "general_settings",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    siteTitle: text().notNull(),
    supportMail: text().notNull(),
    withdrawalStatus: boolean().notNull().default(true),
    promotionWallet: boolean().notNull().default(false),
    mode: text().$type<"demo" | "real">().notNull().default("demo"),
    licenceIssuer: text(),
    licenceNumber: text(),
    /** ISO 3166-1 alpha-2 codes of the countries the licence covers; real-money mode needs at least one. */
    jurisdictions: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Real-money mode: the identity checks a deposit or bet needs (phone, email, documents); the birthday is always needed. */
    requiredVerifications: text()
      .array()
      .$type<Array<"phone" | "email" | "documents">>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Hosts whose pages may be framed as an exchange event's live stream ("player.example.com"): the CSP's frame-src. */
    streamHosts: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Turnover required on a deposit, in hundredths of the deposit (100 = 1×, 150 = 1.5×): an integer, never a float. */
    depositTurnoverHundredths: integer().notNull().default(100),
    /** Hours within which an approved-or-not withdrawal request is promised to be paid; past it the tracker says overdue. */
    payoutPromiseHours: integer().notNull().default(24),
    /** Minutes after a rejection before a player may edit and resubmit the deposit (0-1440). */
    resubmitWaitMinutes: integer().notNull().default(5),
    footerTextEn: text().notNull().default(""),
    footerTextBn: text().notNull().default(""),
    /** Demo mode: play money credited to every new player (poisha, through the ledger); 0 turns it off. */
    demoStartingBalance: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`1000000`),
    /**
     * Four-eyes payouts: a withdrawal above this many poisha needs a second staff member's approval (default ৳20,000, below the largest withdrawal a player may ask for, ৳25,000);
     * 0 turns it off.
     */
    secondApprovalAbove: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`2000000`),
    /** Issue 30: the house games' live bets list a bet under "High rollers" when its stake is at least this (poisha; default ৳5,000). */
    highRollerStake: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`500000`),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("general_settings_resubmit_wait_check", sql`${t.resubmitWaitMinutes} between 0 and 1440`),
    check("general_settings_second_approval_check", sql`${t.secondApprovalAbove} >= 0`),
    check("general_settings_high_roller_check", sql`${t.highRollerStake} > 0`),
  ],
);
