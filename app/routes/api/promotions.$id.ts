import { apiError, checkMethod, PUBLIC_CACHE, rejectMethod, promotionEntry } from "#app/modules/api/index.server.ts";
import { toId } from "#app/modules/payments/index.ts";
import { getActivePromotion } from "#app/modules/promotions/index.server.ts";
import type { Route } from "./+types/promotions.$id";

/**
 * GET /api/promotions/{id} → { promotion } (the fields of GET /api/promotion) for a promotion players can choose now;
 * 404 for anything else (unknown, inactive, not started or ended, malformed id).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const p = await getActivePromotion(toId(params.id));
  if (!p) return apiError(404, "adminPayments.api.promotionNotFound");
  const promotion = promotionEntry(p);
  return Response.json({ promotion }, { headers: PUBLIC_CACHE });
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
