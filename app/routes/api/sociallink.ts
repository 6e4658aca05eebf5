import { listSocialLinks } from "#app/modules/content/index.server.ts";
import { checkMethod, PUBLIC_CACHE, rejectMethod, socialLinksEntry } from "#app/modules/api/index.server.ts";
import type { Route } from "./+types/sociallink";

/** GET /api/sociallink → [{ whatsapp, facebook, telegram, email }]: the active links, null for a platform without one. */
export async function loader({ request }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  return Response.json([socialLinksEntry(await listSocialLinks())], { headers: PUBLIC_CACHE });
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
