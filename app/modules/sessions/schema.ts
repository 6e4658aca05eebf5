import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { players } from "#app/modules/players/schema.ts";

/** A row per signed-in device. The id is the SHA-256 of the token the client holds, so a leaked table grants nothing. */
export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    playerId: integer()
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    ip: text(),
    userAgent: text(),
    /** The long-lived device cookie's value when the session was opened (AML: several accounts on one device). */
    deviceId: text(),
    /** When the player last acknowledged a reality check in this session (null: none yet; the clock runs from createdAt). */
    realityAckAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_player_idx").on(t.playerId), index("sessions_expires_idx").on(t.expiresAt), index("sessions_device_idx").on(t.deviceId)],
);

/** A password-reset code sent by e-mail or SMS (only its hash is kept); used once, within its time. */
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
