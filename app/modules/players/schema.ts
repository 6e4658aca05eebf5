import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, date, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import type { Currency } from "./currencies.ts";

export { currencies, currencyIds, type Currency } from "./currencies.ts";
/** The original site's currency ids (currencyType in its two-step form). */

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
    // Prefix searches of the back office (LIKE 'x%' whatever the database's collation): the finance history's search.
    index("players_username_prefix_idx").using("btree", sql`lower(${t.username}) text_pattern_ops`),
    index("players_phone_prefix_idx").using("btree", sql`${t.phone} text_pattern_ops`),
    // The back office's player search (username, e-mail or phone containing the text, ILIKE '%…%'): one trigram index
    // (pg_trgm, which PGlite ships too) over the three joined by a line break, the expression text-search.server.ts queries.
    index("players_search_trgm_idx").using("gin", sql`(${t.username} || E'\\n' || ${t.email} || E'\\n' || ${t.phone}) gin_trgm_ops`),
    uniqueIndex("players_referral_code_idx").on(t.referralCode),
    index("players_referred_by_idx").on(t.referredById),
    // The back office's player list sorts and filters by these (tie-broken by id so its pages never overlap).
    index("players_created_at_idx").on(t.createdAt, t.id),
    // Newest activity first with the never-active last (and, read backwards, the list's ascending order, never-active first).
    index("players_last_login_idx").on(t.lastLoginAt.desc().nullsLast(), t.id.desc()),
  ],
);

/**
 * One row per counted attempt of a rate-limited action (failed log-ins, reset requests, sign-ups...), under a key
 * such as "player-login:ip:203.0.113.7". A hit counts until expiresAt, so each limit keeps its own window and old
 * rows can be pruned without knowing which limit wrote them. See rate-limit.server.ts.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    // bigint: an attack can add hits fast, and the ids must never run out.
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    key: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limit_hits_key_expires_idx").on(t.key, t.expiresAt), index("rate_limit_hits_expires_idx").on(t.expiresAt)],
);
