import { useTranslation } from "#app/i18n/use-translation.ts";
import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";
import { AdminHeader } from "#app/components/admin/AdminHeader.tsx";
import { BackOfficeErrorPage, FALLBACK_SITE } from "#app/components/layout/ErrorPage.tsx";
import type { StaffRole } from "#app/modules/staff/index.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import type { loader as adminLayoutLoader } from "#app/routes/admin/layout.tsx";

export type AdminErrorStaff = { username: string; name: string; role: StaffRole } | null;

/**
 * The back office's error page outside the admin layout (a 404 under /admin, the layout's own failure): the real
 * AdminHeader with the staff member's navigation when the admin strings are loaded (`adminStrings`: the admin layout's
 * loader or the 404 route sent them), else the plain bar.
 */
export function AdminErrorPage({ error, staff, adminStrings }: { error: unknown; staff: AdminErrorStaff; adminStrings: boolean }) {
  const { i18n } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const site = { locale: root?.locale ?? i18n.language ?? "en", title: root?.site.title ?? FALLBACK_SITE.title, mode: root?.site.mode ?? "demo" };
  return (
    <BackOfficeErrorPage
      error={error}
      signedIn={!!staff}
      siteTitle={site.title}
      locale={site.locale}
      back={root?.back}
      header={adminStrings ? <AdminHeader locale={site.locale} siteTitle={site.title} mode={site.mode} staff={staff} /> : undefined}
    />
  );
}

/**
 * A back-office page's error boundary, shown inside the admin layout (its header and navigation): a 403 explains
 * the role, a 404 or anything else gets the error page with the ways back.
 */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const { t, i18n } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const layout = useRouteLoaderData<typeof adminLayoutLoader>("routes/admin/layout");
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div data-testid={forbidden ? "admin-forbidden" : "admin-error"}>
      <BackOfficeErrorPage
        inLayout
        error={error}
        signedIn={!!layout?.staff}
        siteTitle={root?.site.title ?? FALLBACK_SITE.title}
        locale={root?.locale ?? i18n.language}
        back={root?.back}
        heading={forbidden ? t("admin.forbidden.title") : undefined}
        text={forbidden ? t("admin.forbidden.text") : undefined}
        dashboardLabel={forbidden ? t("admin.forbidden.back") : undefined}
      />
    </div>
  );
}
