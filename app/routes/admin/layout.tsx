import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import { AdminErrorPage } from "#app/components/admin/AdminErrorBoundary.tsx";
import { AdminHeader } from "#app/components/admin/AdminHeader.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { getStaff } from "#app/modules/staff/index.server.ts";
import { useRootData } from "#app/root.tsx";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = await getStaff(request);
  return {
    // The admin strings are not in the catalogue every player downloads; this layout sends them.
    i18n: areaBundle(context, "admin"),
    staff: auth ? { username: auth.staff.username, name: auth.staff.name, role: auth.staff.role } : null,
  };
}

/** The back office's own chrome (the root leaves out the player shell under /admin). */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const root = useRootData();
  return (
    <div className="min-h-screen" data-testid="admin-layout">
      <AdminHeader locale={root?.locale ?? "en"} siteTitle={root?.site.title ?? ""} mode={root?.site.mode ?? "demo"} staff={loaderData.staff} />
      <main className="mx-auto max-w-6xl px-3 py-4">
        <Outlet />
      </main>
    </div>
  );
}

/**
 * An error the page itself did not handle (the log-in page's) or this layout's loader's: still in the back office's
 * chrome. With this layout's data, its header and the staff member's navigation; without (its loader failed) a
 * plain bar.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/admin/layout");
  useArea(layout?.i18n);
  if (!isRouteErrorResponse(error)) console.error(error);
  return <AdminErrorPage error={error} staff={layout?.staff ?? null} adminStrings={!!layout} />;
}
