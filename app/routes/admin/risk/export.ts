// /admin/risk/export: the AML signals of the page's filter as a CSV file (the risk page's roles; audited; read from
// the reporting database page by page, newest first, and streamed).
import { signalExportRows } from "#app/modules/risk/index.server.ts";
import { clientIp, requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { exportList } from "../export.server.ts";
import { badFilterResponse } from "../list-filter.server.ts";
import { readRiskQuery, riskColumns } from "./filter.server.ts";
import type { Route } from "./+types/export";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { staff } = await requireStaff(request, pageRoles.risk);
  const query = readRiskQuery(url);
  if (!query.filter) return badFilterResponse(query.errors);
  return exportList({
    context,
    actor: { staffId: staff.id, ip: clientIp(request) },
    list: "risk-signals",
    filter: query.values,
    columns: riskColumns(context),
    rows: signalExportRows(query.filter),
  });
}
