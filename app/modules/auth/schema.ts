import { bigint, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { Currency } from "#app/modules/players/index.ts";

/**
 * The codes of the sign-up captcha images (GET /captcha). Each belongs to one visitor (the hash of their captcha
 * cookie), is stored as an HMAC of the code, expires within minutes and is used at most once (usedAt): a check,
 * right or wrong, uses it. See captcha.server.ts.
 */
export const captchas = pgTable(
  "captchas",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    visitorHash: text().notNull(),
    codeHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("captchas_visitor_idx").on(t.visitorHash), index("captchas_expires_idx").on(t.expiresAt)],
);

/**
 * Step 1 of the two-step sign-up (/register) between its two posts: the visitor's draft cookie holds a random id,
 * this table its hash and the values, the password already hashed. See drafts.server.ts.
 */
export const signupDrafts = pgTable(
  "signup_drafts",
  {
    idHash: text().primaryKey(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    currency: text().$type<Currency>().notNull(),
    referralCode: text().notNull().default(""),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("signup_drafts_expires_idx").on(t.expiresAt)],
);
