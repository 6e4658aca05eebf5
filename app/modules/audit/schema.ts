// The audit log's table: append-only (a trigger in the migration refuses UPDATE, DELETE and TRUNCATE).
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { staffUsers } from "#app/modules/staff/schema.ts";

/**
 * Append-only: a trigger in the migration refuses UPDATE, DELETE and TRUNCATE. staff_id is null for
 * actions of the system itself (the first admin created at start-up).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer().references(() => staffUsers.id),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    before: jsonb(),
    after: jsonb(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_staff_idx").on(t.staffId, t.id),
    index("audit_log_action_idx").on(t.action, t.id),
    // The audit page's Dhaka date range.
    index("audit_log_created_idx").on(t.createdAt),
  ],
);
