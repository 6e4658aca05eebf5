import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { players } from "#app/modules/players/schema.ts";
import { staffUsers } from "#app/modules/staff/schema.ts";

export const inboxAudiences = ["player", "list", "all"] as const;
export type InboxAudience = (typeof inboxAudiences)[number];

/**
 * One row per message, whoever receives it. A message to "all" has no recipient rows until a player reads or deletes
 * it (every player registered before it was sent sees it); "player" and "list" messages have one row per recipient.
 * System messages (payment outcomes) carry a template key and its params, translated when shown.
 */
export const inboxMessages = pgTable(
  "inbox_messages",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    audience: text().$type<InboxAudience>().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    /** e.g. "depositApproved": inbox.system.<template>.title/body with `params`. */
    template: text(),
    params: jsonb().$type<Record<string, string>>(),
    sentBy: integer().references(() => staffUsers.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("inbox_messages_broadcast_idx")
      .on(t.createdAt)
      .where(sql`${t.audience} = 'all'`),
  ],
);

/** Per player state of a message: who receives it (player/list), and read/deleted for every audience. */
export const inboxRecipients = pgTable(
  "inbox_recipients",
  {
    playerId: integer()
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    messageId: integer()
      .notNull()
      .references(() => inboxMessages.id, { onDelete: "cascade" }),
    readAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.messageId] }), index("inbox_recipients_message_idx").on(t.messageId)],
);
