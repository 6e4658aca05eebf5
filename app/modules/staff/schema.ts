import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staffId), index("staff_sessions_expires_idx").on(t.expiresAt)],
);
