import { checkMethod, PUBLIC_CACHE, rejectMethod, promotionEntry } from "#app/modules/api/index.server.ts";
import { listActivePromotions } from "#app/modules/promotions/index.server.ts";
import type { Route } from "./+types/promotion";

/** GET /api/promotion → the promotions a player may choose now, in display order (the first is preselected). */
export async function loader({ request }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const rows = await listActivePromotions();
  return Response.json(rows.map(promotionEntry), { headers: PUBLIC_CACHE });
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
