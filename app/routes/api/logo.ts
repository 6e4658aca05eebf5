import { getSiteConfig } from "#app/modules/content/index.server.ts";
import { checkMethod, PUBLIC_CACHE, rejectMethod, logoEntry } from "#app/modules/api/index.server.ts";
import type { Route } from "./+types/logo";

/** GET /api/logo → [{ logo, mobile_logo, loader_logo, favicon }] (absolute URLs). */
export async function loader({ request }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const { branding } = await getSiteConfig();
  return Response.json([logoEntry(branding)], { headers: PUBLIC_CACHE });
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
