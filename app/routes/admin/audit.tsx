import { translate } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data } from "react-router";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { FilterRefused, ListFilterForm } from "#app/components/admin/ListFilter.tsx";
import { readAuditQuery } from "./audit-filter.server.ts";
import { filterQuery } from "./filter-query.ts";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { AuditChanges } from "#app/components/admin/AuditChanges.tsx";
import { listAuditActions } from "#app/modules/audit/index.server.ts";
import { listAudit, requireStaff, listStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, pageRoles.audit);
  const query = readAuditQuery(url);
  const filter = { staff: query.filter?.staffId, action: query.filter?.action, page: query.page };
  const [{ rows, hasOlder }, staff, actions] = await Promise.all([
    query.filter ? listAudit({ ...query.filter, page: query.page }) : { rows: [], hasOlder: false },
    listStaff(),
    listAuditActions(),
  ]);
  const exportQuery = filterQuery(query.values);
  return data(
    {
      title: translate(context, "admin.audit.title"),
      i18n: areaBundle(context, "adminExports"),
      filter,
      values: query.values,
      errors: query.errors,
      exportHref: query.filter ? `/admin/audit/export${exportQuery ? `?${exportQuery}` : ""}` : null,
      hasOlder,
      staff: staff.map((s) => ({ id: s.id, username: s.username })),
      actions,
      rows: rows.map((r) => ({ ...r, createdAt: formatDhaka(r.createdAt) })),
    },
    { status: query.filter ? 200 : 400 },
  );
}

function pageHref(values: Record<string, string>, page: number) {
  const q = new URLSearchParams(filterQuery(values));
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `/admin/audit?${s}` : "/admin/audit";
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const { filter, rows } = loaderData;
  const actionLabel = (action: string) => t(`admin.audit.actions.${action.replace(/\./g, "_")}` as "admin.title", { defaultValue: action });
  return (
    <>
      <h1 className="mb-1 text-xl font-bold">{t("admin.audit.title")}</h1>
      <p className="mb-3 text-sm text-white/60">{t("admin.audit.intro")}</p>
      <FilterRefused errors={loaderData.errors} />
      <ListFilterForm action="/admin/audit" values={loaderData.values} errors={loaderData.errors} exportHref={loaderData.exportHref} idPrefix="audit">
        <div className="field !mb-0 min-w-40 flex-1">
          <label htmlFor="audit-staff">{t("admin.audit.staff")}</label>
          <select id="audit-staff" name="staff" defaultValue={filter.staff ?? ""}>
            <option value="">{t("admin.audit.allStaff")}</option>
            {loaderData.staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.username}
              </option>
            ))}
          </select>
        </div>
        <div className="field !mb-0 min-w-40 flex-1">
          <label htmlFor="audit-action">{t("admin.audit.action")}</label>
          <select id="audit-action" name="action" defaultValue={filter.action ?? ""}>
            <option value="">{t("admin.audit.allActions")}</option>
            {loaderData.actions.map((a) => (
              <option key={a} value={a}>
                {actionLabel(a)}
              </option>
            ))}
          </select>
        </div>
      </ListFilterForm>
      {rows.length === 0 ? (
        <p className="rounded-xl bg-panel p-4 text-white/70">{t("admin.audit.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl bg-panel">
          <table className="w-full text-left text-sm" data-testid="audit-table">
            <thead className="text-xs text-white/60 max-sm:hidden">
              <tr className="border-b border-white/10">
                <th className="p-2 font-normal">{t("admin.audit.time")}</th>
                <th className="p-2 font-normal">{t("admin.audit.who")}</th>
                <th className="p-2 font-normal">{t("admin.audit.action")}</th>
                <th className="p-2 font-normal">{t("admin.audit.changes")}</th>
                <th className="p-2 font-normal">{t("admin.audit.ip")}</th>
              </tr>
            </thead>
            <tbody className="max-sm:block">
              {rows.map((r) => (
                <tr
                  key={r.id}
                  className="border-b border-white/5 align-top max-sm:flex max-sm:flex-wrap max-sm:gap-x-3 max-sm:p-2"
                  data-testid="audit-row"
                >
                  <td className="whitespace-nowrap p-2 tabular-nums max-sm:p-0 max-sm:text-white/60">{r.createdAt}</td>
                  <td className="p-2 max-sm:p-0 max-sm:font-bold">{r.staffUsername ?? t("admin.audit.system")}</td>
                  <td className="p-2 max-sm:w-full max-sm:p-0">
                    <div>{actionLabel(r.action)}</div>
                    <div className="text-xs text-white/50">
                      {r.entity}
                      {r.entityId ? ` #${r.entityId}` : ""}
                    </div>
                  </td>
                  <td className="min-w-56 p-2 text-xs max-sm:w-full max-sm:min-w-0 max-sm:p-0">
                    <AuditChanges before={r.before} after={r.after} />
                  </td>
                  <td className="whitespace-nowrap p-2 text-xs text-white/60 max-sm:p-0">{r.ip ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="mt-3 flex items-center justify-between text-sm" aria-label={t("admin.audit.page", { page: filter.page })}>
        {filter.page > 1 ? (
          <a href={pageHref(loaderData.values, filter.page - 1)} className="btn-secondary">
            {t("admin.audit.newer")}
          </a>
        ) : (
          <span />
        )}
        <span className="text-white/60">{t("admin.audit.page", { page: filter.page })}</span>
        {loaderData.hasOlder ? (
          <a href={pageHref(loaderData.values, filter.page + 1)} className="btn-secondary" data-testid="audit-older">
            {t("admin.audit.older")}
          </a>
        ) : (
          <span />
        )}
      </nav>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
