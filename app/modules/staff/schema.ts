import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { players } from "#app/modules/players/schema.ts";
import { staffRoles, type StaffRole } from "./roles.ts";

export { staffRoles, type StaffRole };

/** Back-office accounts: a table of their own, never mixed with players. */
export const staffUsers = pgTable(
  "staff_users",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    username: text().notNull(),
    name: text().notNull().default(""),
    passwordHash: text().notNull(),
    role: text().$type<StaffRole>().notNull(),
    active: boolean().notNull().default(true),
    lastLoginAt: timestamp({ withTimezone: true }),
    /** Two-factor sign-in: the TOTP secret (base32) while it is on, null while off. Never shown again after setup. */
    totpSecret: text(),
    /** A secret shown during setup, moved to totpSecret once a current code confirms it. */
    totpPendingSecret: text(),
    /** The last TOTP time step accepted: a code of this step or an earlier one is refused (no replay). */
    totpLastStep: bigint({ mode: "number" }),
    totpEnabledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_users_username_lower_idx").on(sql`lower(${t.username})`)],
);

/** Like player sessions: the id is the SHA-256 of the token in the staff cookie. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: text().primaryKey(),
    staffId: integer()
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    ip: text(),
    userAgent: text(),
    /**
     * "full": signed in. "code": the password was right, the second factor is still due. "setup": the password was
     * right and the role must turn two-factor sign-in on first. Only a "full" session reaches a back-office page.
     */
    stage: text().$type<StaffSessionStage>().notNull().default("full"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staffId), index("staff_sessions_expires_idx").on(t.expiresAt)],
);

export type StaffSessionStage = "full" | "code" | "setup";

/** One-time recovery codes for two-factor sign-in: only their SHA-256, each usable once (usedAt set atomically). */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer()
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_recovery_codes_staff_code_idx").on(t.staffId, t.codeHash)],
);

/**
 * Staff notes on a player: append-only (a trigger refuses UPDATE, DELETE and TRUNCATE; the module has no edit or
 * delete function). Each note is written with its audit row in one transaction. See staff-notes.server.ts.
 */
export const playerNotes = pgTable(
  "player_notes",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    playerId: integer()
      .notNull()
      .references(() => players.id),
    staffId: integer()
      .notNull()
      .references(() => staffUsers.id),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("player_notes_player_idx").on(t.playerId, t.id), check("player_notes_body_check", sql`length(${t.body}) between 1 and 2000`)],
);

/** A player's tags (a set: one row per player and tag), added and removed by staff with an audit row each. */
export const playerTags = pgTable(
  "player_tags",
  {
    playerId: integer()
      .notNull()
      .references(() => players.id),
    tag: text().notNull(),
    staffId: integer()
      .notNull()
      .references(() => staffUsers.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.tag] }),
    index("player_tags_tag_idx").on(t.tag, t.playerId),
    check("player_tags_tag_check", sql`${t.tag} ~ '^[a-z0-9][a-z0-9_-]{0,31}$'`),
  ],
);
