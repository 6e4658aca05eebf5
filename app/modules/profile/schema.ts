import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { players } from "#app/modules/players/schema.ts";

/** Up to two phone numbers a player adds beside the main one (spec: "Extra phone", contract_value / isverify). */
export const playerPhones = pgTable(
  "player_phones",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    playerId: integer()
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    callingCode: text().notNull().default("880"),
    phone: text().notNull(),
    verifiedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("player_phones_player_phone_idx").on(t.playerId, t.phone)],
);

/**
 * A 6-digit SMS code for one of the player's phones (phoneId null: the main phone). Stored as a keyed, salted hash;
 * single use (usedAt), a few wrong attempts, an expiry. `recipient` is the address it went to, so a code sent before
 * the number changed cannot verify the new one.
 */
export const phoneVerificationCodes = pgTable(
  "phone_verification_codes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    playerId: integer()
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    phoneId: integer().references(() => playerPhones.id, { onDelete: "cascade" }),
    recipient: text().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("phone_verification_codes_player_idx").on(t.playerId, t.id)],
);

/** Single-use e-mail verification links; only the SHA-256 of the token is kept. */
export const emailVerificationTokens = pgTable(
  "email_verification_tokens",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    playerId: integer()
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    email: text().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("email_verification_tokens_hash_idx").on(t.tokenHash), index("email_verification_tokens_player_idx").on(t.playerId)],
);

/**
 * One person, one account: every verified phone number (any of a player's phones) and e-mail address holds a row
 * here, and the unique index refuses the same one verified on a second account, even when both verify at once.
 */
export const verifiedContacts = pgTable(
  "verified_contacts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text().$type<"phone" | "email">().notNull(),
    /** "+8801711111111" for phones, the lower-cased address for e-mail. */
    value: text().notNull(),
    playerId: integer()
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("verified_contacts_kind_value_idx").on(t.kind, t.value), index("verified_contacts_player_idx").on(t.playerId)],
);
