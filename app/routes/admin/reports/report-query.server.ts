// What a report's page and its export read from the address: the report (only those the staff member's role may
// open), and the Dhaka-day range.
import { data } from "react-router";
import { requireStaff } from "#app/modules/staff/index.server.ts";
import { isReportKind, readRange, reportRoles, reportsFor, type ReportKind } from "#app/modules/reporting/index.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";

export async function readReportQuery(request: Request, url: URL, kindParam: string | undefined) {
  const { staff, sessionId } = await requireStaff(request, pageRoles.reports);
  const allowed = reportsFor(staff.role);
  if (kindParam !== undefined && !isReportKind(kindParam)) throw data("Not found", { status: 404 });
  const kind: ReportKind = kindParam ?? allowed[0]!;
  // A role that may open the reports but not this one (a trader on a casino report).
  await requireStaff(request, reportRoles[kind]);
  const form = { range: url.searchParams.get("range") ?? "", from: url.searchParams.get("from") ?? "", to: url.searchParams.get("to") ?? "" };
  const read = readRange(form);
  return { staff, sessionId, allowed, kind, form, read, range: read.ok ? read.range : read.fallback };
}
