// /admin/finance/checkouts/export: the gateway checkouts of the page's filter and tab as a CSV file (the roles that may
// open the page; audited; read from the reporting database page by page and streamed).
import { clientIp } from "#app/modules/staff/index.server.ts";
import { checkoutExportRows } from "#app/modules/payments/index.server.ts";
import { exportList } from "../export.server.ts";
import { badFilterResponse } from "../list-filter.server.ts";
import { requireFinanceViewer } from "./admin-payments.server.ts";
import { checkoutColumns, readFinanceQuery } from "./finance-filter.server.ts";
import type { Route } from "./+types/checkouts-export";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { staff } = await requireFinanceViewer(request);
  const query = readFinanceQuery(url, "checkouts");
  if (!query.filter) return badFilterResponse(query.errors);
  return exportList({
    context,
    actor: { staffId: staff.id, ip: clientIp(request) },
    list: "checkouts",
    filter: { ...query.values, status: query.status },
    columns: checkoutColumns(context),
    rows: checkoutExportRows(query.filter),
  });
}
