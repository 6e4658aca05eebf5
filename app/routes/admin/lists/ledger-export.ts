// /admin/ledger/export: the ledger entries of the page's filter as a CSV file (the page's roles; audited; read from the
// reporting database (readDb) one keyset page at a time, newest first, and streamed: memory stays flat however many rows).
import { readDb } from "#app/db/db.server.ts";
import { keysetRows } from "#app/db/keyset.server.ts";
import { listLedgerEntries } from "#app/modules/ledger/index.server.ts";
import { clientIp, requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { exportList } from "../export.server.ts";
import { badFilterResponse } from "../list-filter.server.ts";
import { ledgerColumns, readLedgerQuery } from "./filters.server.ts";
import type { Route } from "./+types/ledger-export";

const PAGE = 1000;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { staff } = await requireStaff(request, pageRoles.ledger);
  const query = await readLedgerQuery(url);
  const filter = query.filter;
  if (!filter) return badFilterResponse(query.errors);
  return exportList({
    context,
    actor: { staffId: staff.id, ip: clientIp(request) },
    list: "ledger-entries",
    filter: query.values,
    columns: ledgerColumns(context),
    rows: keysetRows(
      async (before: number | undefined, limit) => (await listLedgerEntries(filter, { before, limit }, readDb)).items,
      (e) => e.id,
      PAGE,
    ),
  });
}
