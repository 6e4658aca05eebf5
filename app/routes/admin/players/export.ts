// /admin/players/export?<the list's filters>: the filtered player list as CSV (admins only), streamed in id order from
// the replica when there is one (readDb), one keyset page at a time; the export is audited before the first row.
import { data } from "react-router";
import { readDb } from "#app/db/db.server.ts";
import { keysetRows } from "#app/db/keyset.server.ts";
import { translator } from "#app/i18n/translate.server.ts";
import { csvFilename, csvResponse, csvTaka, type CsvColumn } from "#app/kernel/csv.server.ts";
import { playerExportPage, type PlayerListRow } from "#app/modules/profile/index.server.ts";
import { playerListInput, playerListSchema } from "#app/modules/profile/index.ts";
import { countryOfPlayer } from "#app/modules/settings/index.ts";
import { clientIp, requireStaff } from "#app/modules/staff/index.server.ts";
import { auditExport } from "../export.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import type { Route } from "./+types/export";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { staff } = await requireStaff(request, pageRoles.playerListExport);
  const t = translator(context);
  const parsed = playerListSchema.safeParse(playerListInput(url.searchParams));
  if (!parsed.success) throw data(parsed.error.issues.map((i) => `${String(i.path[0])}: ${t(i.message as never)}`).join("\n"), { status: 400 });
  const { page: _page, sort: _sort, dir: _dir, ...filter } = parsed.data;
  await auditExport({ staffId: staff.id, ip: clientIp(request) }, "players", { ...filter, min: filter.min?.toString(), max: filter.max?.toString() });
  const c = (key: string) => t(`adminPlayers.list.columns.${key}` as never);
  const columns: CsvColumn<PlayerListRow>[] = [
    { header: c("id"), value: (r) => r.id },
    { header: c("username"), value: (r) => r.username },
    { header: c("name"), value: (r) => r.name },
    { header: c("phone"), value: (r) => r.phone },
    { header: c("email"), value: (r) => r.email },
    { header: c("status"), value: (r) => r.status },
    { header: c("vip"), value: (r) => r.vipLevel },
    { header: c("balance"), value: (r) => csvTaka(r.balance) },
    { header: c("country"), value: (r) => countryOfPlayer(r) },
    { header: c("registered"), value: (r) => r.createdAt },
    { header: c("lastActive"), value: (r) => r.lastLoginAt },
    { header: c("risk"), value: (r) => (r.openSignal ? "yes" : "no") },
  ];
  return csvResponse({
    filename: csvFilename("players"),
    columns,
    rows: keysetRows(
      (after: number | undefined, limit) => playerExportPage(parsed.data, after, limit, readDb),
      (r) => r.id,
    ),
  });
}
