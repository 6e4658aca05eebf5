// /admin/finance/adjustments/export: the adjustments of the page's filter as a CSV file (the roles that may open the page;
// audited; read from the reporting database page by page and streamed).
import { clientIp } from "#app/modules/staff/index.server.ts";
import { adjustmentExportRows } from "#app/modules/payments/index.server.ts";
import { exportList } from "../export.server.ts";
import { badFilterResponse } from "../list-filter.server.ts";
import { requireFinanceViewer } from "./admin-payments.server.ts";
import { adjustmentColumns, readFinanceQuery } from "./finance-filter.server.ts";
import type { Route } from "./+types/adjustments-export";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { staff } = await requireFinanceViewer(request);
  const query = readFinanceQuery(url, "adjustments");
  if (!query.filter) return badFilterResponse(query.errors);
  return exportList({
    context,
    actor: { staffId: staff.id, ip: clientIp(request) },
    list: "adjustments",
    filter: { ...query.values, status: query.status },
    columns: adjustmentColumns(context),
    rows: adjustmentExportRows(query.filter),
  });
}
