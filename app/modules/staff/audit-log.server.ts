// The audit log as staff read it on /admin/audit: pages of entries with the acting staff member's username.
import { and, desc, eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { auditLog } from "#app/modules/audit/index.server.ts";
import { staffUsers } from "./schema.ts";

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
