// The append-only audit log of staff actions (and, later, money movements). Rows are written inside the
// transaction of the change they describe, so a change without its audit row cannot be committed.
import { sql } from "drizzle-orm";
import { db, type Tx } from "#app/db/db.server.ts";
import { auditLog } from "./schema.ts";

export type AuditEntry = {
  /** The staff member acting; null for the system itself. */
  staffId: number | null;
  /** Dotted verb, e.g. "settings.update", "staff.create". */
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
};

/** Takes a transaction on purpose: call it inside the transaction that makes the change. */
export async function audit(tx: Tx, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    staffId: entry.staffId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
  });
}

/**
 * An audit row for something that changes nothing in the database (a staff member exporting a list: who, which list,
 * which filter), written in a transaction of its own.
 */
export async function auditAction(entry: AuditEntry) {
  await db.transaction((tx) => audit(tx, entry));
}

/** The keys whose values differ, with both sides; for a compact before/after view. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const diff: { before: Record<string, unknown>; after: Record<string, unknown> } = { before: {}, after: {} };
  for (const k of keys) {
    if (JSON.stringify(before[k]) === JSON.stringify(after[k])) continue;
    diff.before[k] = before[k];
    diff.after[k] = after[k];
  }
  return diff;
}

/** Every action name in the log, read by skipping through the (action, id) index rather than scanning rows. */
export async function listAuditActions(): Promise<string[]> {
  const result = await db.execute<{ action: string }>(sql`
    with recursive a(action) as (
      (select action from audit_log order by action limit 1)
      union all
      select (select l.action from audit_log l where l.action > a.action order by l.action limit 1) from a where a.action is not null
    )
    select action from a where action is not null`);
  return (result as unknown as { rows: { action: string }[] }).rows.map((r) => r.action);
}
