import { data, Link } from "react-router";
import { translate } from "#app/i18n/translate.server.ts";
import { getLocale } from "#app/i18n/i18n.server.ts";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { RangeForm } from "#app/components/admin/RangeForm.tsx";
import { ReportTableView } from "#app/components/admin/reports/ReportTableView.tsx";
import { report } from "#app/modules/reporting/index.server.ts";
import { readReportQuery } from "./report-query.server.ts";
import type { Route } from "./+types/report";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  const q = await readReportQuery(request, url, params.kind);
  const table = await report(q.kind, q.range.current, { lng: getLocale(context) });
  const body = {
    title: translate(context, "adminReports.title"),
    i18n: [areaBundle(context, "adminReports"), areaBundle(context, "adminDashboard")],
    kind: q.kind,
    kinds: q.allowed,
    form: { ...q.form, range: q.read.ok ? q.range.choice : "custom" },
    problem: q.read.ok ? null : { field: q.read.field, problem: q.read.problem },
    range: q.range,
    table,
    exportQuery: new URLSearchParams({ range: q.range.choice, from: q.range.current.from, to: q.range.current.to }).toString(),
  };
  return q.read.ok ? body : data(body, { status: 400 });
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useArea(loaderData.i18n);
  const { kind, kinds, form, problem, range, table, exportQuery } = loaderData;
  return (
    <>
      <h1 className="mb-1 text-xl font-bold">{t("adminReports.title")}</h1>
      <p className="mb-3 text-sm text-white/60">{t("adminReports.intro")}</p>
      <nav className="mb-3 flex flex-wrap gap-2 text-sm" aria-label={t("adminReports.title")} data-testid="report-kinds">
        {kinds.map((k) => (
          <Link
            key={k}
            to={`/admin/reports/${k}?${exportQuery}`}
            aria-current={k === kind ? "page" : undefined}
            className={`rounded-full px-3 py-1 ${k === kind ? "bg-brand font-semibold text-black" : "bg-panel text-white/80"}`}
          >
            {t(`adminReports.kinds.${k}`)}
          </Link>
        ))}
      </nav>
      <RangeForm form={form} problem={problem} range={range} compared={false} />
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">{t(`adminReports.kinds.${kind}`)}</h2>
        <a className="btn-secondary !px-3 !py-1 text-sm" href={`/admin/reports/${kind}/export?${exportQuery}`} data-testid="report-export" download>
          {t("adminReports.export")}
        </a>
      </div>
      <ReportTableView table={table} />
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
