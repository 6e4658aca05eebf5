// The append-only audit log of staff actions (and, later, money movements). Rows are written inside the
// transaction of the change they describe, so a change without its audit row cannot be committed.
import { and, desc, eq, sql } from "drizzle-orm";
import { db, type Tx } from "#app/db/db.server.ts";
import { auditLog, staffUsers } from "./schema.ts";

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

export const AUDIT_PAGE_SIZE = 50;

export type AuditFilter = { staffId?: number; action?: string; page?: number };

/** Newest first; one row more than a page is read to know whether an older page exists. */
export async function listAudit({ staffId, action, page = 1 }: AuditFilter) {
  const where = and(staffId ? eq(auditLog.staffId, staffId) : undefined, action ? eq(auditLog.action, action) : undefined);
  const rows = await db
    .select({
      id: auditLog.id,
      staffId: auditLog.staffId,
      staffUsername: staffUsers.username,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      ip: auditLog.ip,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(staffUsers, eq(staffUsers.id, auditLog.staffId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { rows: rows.slice(0, AUDIT_PAGE_SIZE), hasOlder: rows.length > AUDIT_PAGE_SIZE };
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
