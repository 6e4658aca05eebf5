import { apiError, checkMethod, PUBLIC_CACHE, rejectMethod, english } from "#app/modules/api/index.server.ts";
import { listProviders } from "#app/modules/games/index.server.ts";
import { gameTypes, isGameType } from "#app/modules/games/index.ts";
import type { Route } from "./+types/get-system";

/** GET /api/get-system?type=SLOT (default LIVE) → { systems: [{ platform, name }], message }: the providers of that game type. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const type = (url.searchParams.get("type")?.trim() || "LIVE").toUpperCase();
  if (!isGameType(type)) {
    return apiError(400, "casino.api.systemsError", { extra: { error: english("casino.api.invalidType", { types: gameTypes.join(", ") }) } });
  }
  const providers = await listProviders({ type });
  return Response.json(
    { systems: providers.map(({ platform, name }) => ({ platform, name })), message: english("casino.api.systems") },
    { headers: PUBLIC_CACHE },
  );
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
