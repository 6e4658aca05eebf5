import { translate } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { groupWhole } from "#app/components/payments/format.ts";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { getSiteConfig } from "#app/modules/content/index.server.ts";
import { requireStaff, dashboardCounts } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, pageRoles.dashboard);
  const [counts, site] = await Promise.all([dashboardCounts(), getSiteConfig()]);
  const g = site.general;
  return {
    title: translate(context, "admin.dashboard.title"),
    counts: { ...counts, since: formatDhaka(counts.since, "YYYY-MM-DD HH:mm") },
    site: {
      mode: g.mode,
      withdrawals: g.withdrawalStatus,
      licenceIssuer: g.licenceIssuer,
      licenceNumber: g.licenceNumber,
      jurisdictions: g.jurisdictions,
    },
  };
}

function Stat({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="rounded-xl bg-panel p-4" data-testid={testId}>
      <div className="text-sm text-white/60">{label}</div>
      <div className="mt-1 text-2xl font-bold">{value}</div>
    </div>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { counts, site } = loaderData;
  const n = (v: number) => groupWhole(v);
  return (
    <>
      <h1 className="mb-3 text-xl font-bold">{t("admin.dashboard.title")}</h1>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label={t("admin.dashboard.players")} value={n(counts.players)} testId="stat-players" />
        <Stat label={t("admin.dashboard.signupsToday")} value={n(counts.signupsToday)} testId="stat-signups-today" />
        <Stat label={t("admin.dashboard.loginsToday")} value={n(counts.loginsToday)} testId="stat-logins-today" />
        <Stat label={t("admin.dashboard.activeStaff")} value={n(counts.activeStaff)} />
      </div>
      <p className="mt-2 text-xs text-white/50">{t("admin.dashboard.todaySince", { time: counts.since })}</p>
      <dl className="mt-4 grid gap-x-4 gap-y-2 rounded-xl bg-panel p-4 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-white/60">{t("admin.dashboard.mode")}</dt>
        <dd data-testid="dashboard-mode">{t(`admin.modeBadge.${site.mode}`)}</dd>
        <dt className="text-white/60">{t("admin.dashboard.withdrawals")}</dt>
        <dd>{site.withdrawals ? t("admin.dashboard.open") : t("admin.dashboard.closed")}</dd>
        <dt className="text-white/60">{t("admin.dashboard.licence")}</dt>
        <dd>{site.licenceIssuer && site.licenceNumber ? `${site.licenceIssuer} · ${site.licenceNumber}` : t("admin.dashboard.noLicence")}</dd>
        <dt className="text-white/60">{t("admin.dashboard.jurisdictions")}</dt>
        <dd>{site.jurisdictions.length ? site.jurisdictions.join(", ") : t("admin.dashboard.none")}</dd>
      </dl>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
