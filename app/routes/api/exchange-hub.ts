import { exchangeId } from "#app/components/exchange/schemas.ts";
import { apiError, checkMethod, NO_STORE, rejectMethod } from "#app/modules/api/index.server.ts";
import { apiExchangeHub } from "#app/modules/exchange/index.server.ts";
import { requireApiPlayer } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/exchange-hub";

/** GET /api/exchange-hub?before= (auth) → { data: [exchange records with the spec's fields], next }. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const { player } = requireApiPlayer(context);
  const raw = url.searchParams.get("before");
  const before = raw === null ? undefined : exchangeId.safeParse(raw);
  if (before && !before.success) return apiError(400, "api.exchange.invalidId");
  return Response.json(await apiExchangeHub(player.id, before?.data), { headers: { ...NO_STORE, Vary: "Authorization" } });
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
