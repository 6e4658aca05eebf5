import { exchangeId } from "#app/components/exchange/schemas.ts";
import { apiError, checkMethod, NO_STORE, rejectMethod } from "#app/modules/api/index.server.ts";
import { apiMatchOdds } from "#app/modules/exchange/index.server.ts";
import type { Route } from "./+types/match-odds";

/** GET /api/match-odds/{marketId} → [{ marketId, inplay, status, runners: [{ selectionId, SelectionName, ex: { availableToBack, availableToLay } }] }]. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const id = exchangeId.safeParse(params.marketId);
  if (!id.success) return apiError(400, "api.exchange.invalidId");
  const odds = await apiMatchOdds(id.data);
  if (!odds) return apiError(404, "api.exchange.marketNotFound");
  return Response.json(odds, { headers: NO_STORE });
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
