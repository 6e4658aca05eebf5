import { data, isRouteErrorResponse, useLocation } from "react-router";
import { AdminErrorPage, type AdminErrorStaff } from "#app/components/admin/AdminErrorBoundary.tsx";
import { FALLBACK_SITE, isAdminPath, PlayerErrorMessage } from "#app/components/layout/ErrorPage.tsx";
import { areaBundle, type AreaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { getStaff } from "#app/modules/staff/index.server.ts";
import { useRootData } from "#app/root.tsx";
import type { Route } from "./+types/not-found";

/** What a 404 under /admin carries for its page: the admin strings and the staff member (the admin layout's data). */
export type NotFoundData = { admin: { i18n: AreaBundle<"admin">; staff: AdminErrorStaff } } | null;

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

/** Every path no other route takes: a 404, shown in the site's shell (or the back office's, under /admin). */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  if (!isAdminPath(url.pathname)) throw data<NotFoundData>(null, { status: 404 });
  const auth = await getStaff(request);
  const staff = auth ? { username: auth.staff.username, name: auth.staff.name, role: auth.staff.role } : null;
  throw data<NotFoundData>({ admin: { i18n: areaBundle(context, "admin"), staff } }, { status: 404 });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  const { pathname } = useLocation();
  const admin = isRouteErrorResponse(error) ? (error.data as NotFoundData)?.admin : undefined;
  useArea(admin?.i18n);
  if (!isRouteErrorResponse(error)) console.error(error);
  if (isAdminPath(pathname)) {
    // The root leaves the player shell out under /admin: this is the back office's 404, in its chrome.
    return <AdminErrorPage error={error} staff={admin?.staff ?? null} adminStrings={!!admin} />;
  }
  // Inside the root's player shell.
  return <PlayerErrorMessage error={error} siteTitle={root?.site.title ?? FALLBACK_SITE.title} back={root?.back ?? "/"} loggedIn={!!root?.player} />;
}

/** Never shown: the loader always throws. */
export default function NotFound() {
  return null;
}
