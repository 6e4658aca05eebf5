import { sql } from "drizzle-orm";
import { type AnyPgColumn, date, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const currencies = ["BDT", "INR", "PKR"] as const;
export type Currency = (typeof currencies)[number];
/** The original site's currency ids (currencyType in its two-step form). */
export const currencyIds: Record<Currency, number> = { BDT: 8, INR: 7, PKR: 17 };

export const players = pgTable(
  "players",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    name: text().notNull().default(""),
    callingCode: text().notNull().default("880"),
    phone: text().notNull(),
    email: text().notNull(),
    currency: text().$type<Currency>().notNull().default("BDT"),
    referralCode: text().notNull(),
    referredById: integer().references((): AnyPgColumn => players.id),
    status: text().$type<"active" | "blocked">().notNull().default("active"),
    birthday: date(),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    phoneVerifiedAt: timestamp({ withTimezone: true }),
    lastLoginAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("players_username_lower_idx").on(sql`lower(${t.username})`),
    uniqueIndex("players_referral_code_idx").on(t.referralCode),
    index("players_referred_by_idx").on(t.referredById),
  ],
);

export const loginFailures = pgTable(
  "login_failures",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    key: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_failures_key_created_idx").on(t.key, t.createdAt)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    playerId: integer()
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    channel: text().$type<"email" | "sms">().notNull(),
    tokenHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("password_reset_tokens_hash_idx").on(t.tokenHash), index("password_reset_tokens_player_idx").on(t.playerId)],
);
