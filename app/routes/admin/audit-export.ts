// /admin/audit/export: the audit log of the page's filter as a CSV file (admins only, like the page; the export itself
// is audited; read from the reporting database page by page, newest first, and streamed).
import { auditExportRows, clientIp, requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { auditColumns, readAuditQuery } from "./audit-filter.server.ts";
import { exportList } from "./export.server.ts";
import { badFilterResponse } from "./list-filter.server.ts";
import type { Route } from "./+types/audit-export";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { staff } = await requireStaff(request, pageRoles.audit);
  const query = readAuditQuery(url);
  if (!query.filter) return badFilterResponse(query.errors);
  return exportList({
    context,
    actor: { staffId: staff.id, ip: clientIp(request) },
    list: "audit-log",
    filter: query.values,
    columns: auditColumns(context),
    rows: auditExportRows(query.filter),
  });
}
