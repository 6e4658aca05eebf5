import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { players } from "#app/modules/players/schema.ts";
import { staffUsers } from "#app/modules/staff/schema.ts";

export const chatStatuses = ["open", "closed"] as const;
export type ChatStatus = (typeof chatStatuses)[number];

/** A conversation between one player and support; at most one open per player (the partial unique index). */
export const chats = pgTable(
  "chats",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    playerId: integer()
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    status: text().$type<ChatStatus>().notNull().default("open"),
    /** The staff member who took it; null while it waits in the queue. */
    assignedTo: integer().references(() => staffUsers.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("chats_one_open_per_player_idx")
      .on(t.playerId)
      .where(sql`${t.status} = 'open'`),
    index("chats_player_idx").on(t.playerId, t.lastMessageAt),
    index("chats_queue_idx").on(t.status, t.lastMessageAt),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    chatId: integer()
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    /** "player" or "staff"; staffId says which staff member. */
    sender: text().$type<"player" | "staff">().notNull(),
    staffId: integer().references(() => staffUsers.id),
    content: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chat_messages_chat_idx").on(t.chatId, t.id)],
);
