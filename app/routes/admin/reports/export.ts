// /admin/reports/:kind/export: a report's rows over the page's range as a CSV file (the roles that may open the
// report; audited). Amounts in taka as plain decimals, RTP as a number, Dhaka days in the file name.
import { data } from "react-router";
import { translate } from "#app/i18n/translate.server.ts";
import { getLocale } from "#app/i18n/i18n.server.ts";
import { csvTaka } from "#app/kernel/csv.server.ts";
import { clientIp } from "#app/modules/staff/index.server.ts";
import { report } from "#app/modules/reporting/index.server.ts";
import { isReportValueWord, type ReportRow } from "#app/modules/reporting/index.ts";
import { exportList, type ExportColumn } from "../export.server.ts";
import { readReportQuery } from "./report-query.server.ts";
import type { Route } from "./+types/export";

export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  const q = await readReportQuery(request, url, params.kind);
  if (!q.read.ok) throw data(translate(context, `adminDashboard.range.${q.read.problem}`, { max: 366 }), { status: 400 });
  const table = await report(q.kind, q.range.current, { lng: getLocale(context) });
  const columns: ExportColumn<ReportRow>[] = table.columns.map((c) => [
    `adminReports.columns.${c.key as "product"}`,
    (row) => {
      const v = row[c.key];
      if (v === null || v === undefined) return null;
      if (c.type === "money") return csvTaka(BigInt(v));
      if (c.type === "text" && isReportValueWord(v)) return translate(context, `adminReports.values.${v}`);
      return v;
    },
  ]);
  async function* rows() {
    yield* table.rows;
  }
  return exportList({
    context,
    actor: { staffId: q.staff.id, ip: clientIp(request) },
    list: `report-${q.kind}-${q.range.current.from}-${q.range.current.to}`,
    filter: { range: q.range.choice, from: q.range.current.from, to: q.range.current.to },
    columns,
    rows: rows(),
  });
}
