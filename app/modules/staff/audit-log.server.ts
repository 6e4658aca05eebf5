// The audit log as staff read it on /admin/audit: pages of entries with the acting staff member's username, and the
// same filter read page by page (keyset on id, newest first) from the reporting database for the CSV export.
import { and, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { db, type Db, readDb } from "#app/db/db.server.ts";
import { keysetRows } from "#app/db/keyset.server.ts";
import { auditLog } from "#app/modules/audit/index.server.ts";
import { staffUsers } from "./schema.ts";

export const AUDIT_PAGE_SIZE = 50;

/** start/end: [start, end) as UTC instants (a Dhaka day range resolved by the caller). */
export type AuditFilter = { staffId?: number; action?: string; start?: Date; end?: Date; page?: number };

const columns = {
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
};

function whereOf({ staffId, action, start, end }: AuditFilter): SQL | undefined {
  return and(
    staffId ? eq(auditLog.staffId, staffId) : undefined,
    action ? eq(auditLog.action, action) : undefined,
    start ? gte(auditLog.createdAt, start) : undefined,
    end ? lt(auditLog.createdAt, end) : undefined,
  );
}

/** Newest first; one row more than a page is read to know whether an older page exists. */
export async function listAudit(filter: AuditFilter) {
  const page = filter.page ?? 1;
  const rows = await db
    .select(columns)
    .from(auditLog)
    .leftJoin(staffUsers, eq(staffUsers.id, auditLog.staffId))
    .where(whereOf(filter))
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { rows: rows.slice(0, AUDIT_PAGE_SIZE), hasOlder: rows.length > AUDIT_PAGE_SIZE };
}

export type AuditExportRow = Awaited<ReturnType<typeof listAudit>>["rows"][number];

/** Every entry of a filter, newest first, `pageSize` at a time (keyset on id: memory stays flat however many). */
export function auditExportRows(filter: AuditFilter, pageSize = 1000, reader: Db = readDb): AsyncGenerator<AuditExportRow> {
  const where = whereOf(filter);
  return keysetRows(
    (before: number | undefined, limit) =>
      reader
        .select(columns)
        .from(auditLog)
        .leftJoin(staffUsers, eq(staffUsers.id, auditLog.staffId))
        .where(and(where, before === undefined ? undefined : lt(auditLog.id, before)))
        .orderBy(desc(auditLog.id))
        .limit(limit),
    (row) => row.id,
    pageSize,
  );
}
