import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** SMS and e-mail waiting for (or sent through) a gateway. Writers insert inside their own transaction. */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    channel: text().$type<"sms" | "email">().notNull(),
    recipient: text().notNull(),
    subject: text().notNull().default(""),
    body: text().notNull(),
    kind: text().notNull(),
    status: text().$type<"pending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("outbox_status_idx").on(t.status, t.createdAt)],
);
