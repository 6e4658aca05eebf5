import { getSiteConfig } from "#app/modules/content/index.server.ts";
import { checkMethod, PUBLIC_CACHE, rejectMethod, generalEntry } from "#app/modules/api/index.server.ts";
import type { Route } from "./+types/general";

/** GET /api/general → [{ site_title, support_mail, withdrawal_status, promotion_wallet }]. */
export async function loader({ request }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const { general } = await getSiteConfig();
  return Response.json([generalEntry(general)], { headers: PUBLIC_CACHE });
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
