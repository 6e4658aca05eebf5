import { apiError, checkMethod, rejectMethod } from "#app/modules/api/index.server.ts";
import { apiSportsEvents } from "#app/modules/exchange/index.server.ts";
import { sports } from "#app/modules/exchange/index.ts";
import type { Route } from "./+types/sports-events";

/** GET /api/sports-events/{cricket|soccer|tennis} → [{ EventId, Event, MarketId, Fancy, Bookmaker, OpenDate, Competition, inplay, sport }]. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const sport = sports.find((s) => s === params.sport);
  if (!sport) return apiError(404, "api.exchange.unknownSport");
  return Response.json(await apiSportsEvents(sport), { headers: { "Cache-Control": "public, max-age=5" } });
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
