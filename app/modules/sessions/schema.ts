import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_player_idx").on(t.playerId), index("sessions_expires_idx").on(t.expiresAt)],
);
