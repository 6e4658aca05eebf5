// /admin/exchange-bets/export: the exchange bets of the page's filter as a CSV file (the page's roles; audited; read from the
// reporting database (readDb) one keyset page at a time, newest first, and streamed: memory stays flat however many rows).
import { readDb } from "#app/db/db.server.ts";
import { keysetRows } from "#app/db/keyset.server.ts";
import { listExchangeBets } from "#app/modules/exchange/index.server.ts";
import { clientIp, requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { exportList } from "../export.server.ts";
import { badFilterResponse } from "../list-filter.server.ts";
import { betsColumns, readBetsQuery } from "./filters.server.ts";
import type { Route } from "./+types/bets-export";

const PAGE = 1000;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { staff } = await requireStaff(request, pageRoles.exchangeBets);
  const query = await readBetsQuery(url);
  const filter = query.filter;
  if (!filter) return badFilterResponse(query.errors);
  return exportList({
    context,
    actor: { staffId: staff.id, ip: clientIp(request) },
    list: "exchange-bets",
    filter: query.values,
    columns: betsColumns(context),
    rows: keysetRows(
      (before: number | undefined, limit) => listExchangeBets(readDb, filter, before, limit),
      (b) => b.id,
      PAGE,
    ),
  });
}
