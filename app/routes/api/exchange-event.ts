import { exchangeId } from "#app/components/exchange/schemas.ts";
import { apiError, checkMethod, NO_STORE, rejectMethod } from "#app/modules/api/index.server.ts";
import { apiEventMarkets } from "#app/modules/exchange/index.server.ts";
import type { Route } from "./+types/exchange-event";

/** GET /api/event/{eventId} → { fancy2: [{ title, no, no_rate, yes, yes_rate, suspended, ball_running }], bookmaker: [{ runner, backPrice, layPrice, suspended, ball_running }] }. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const id = exchangeId.safeParse(params.eventId);
  if (!id.success) return apiError(400, "api.exchange.invalidId");
  const body = await apiEventMarkets(id.data);
  if (!body) return apiError(404, "api.exchange.eventNotFound");
  return Response.json(body, { headers: NO_STORE });
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
