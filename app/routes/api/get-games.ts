import { apiError, checkMethod, PUBLIC_CACHE, rejectMethod, english, absoluteUrl } from "#app/modules/api/index.server.ts";
import { listGames, parseSystems } from "#app/modules/games/index.server.ts";
import { gameTypes, isGameType } from "#app/modules/games/index.ts";
import type { Route } from "./+types/get-games";

/**
 * GET /api/get-games?system=KA,JILI&type=SLOT (system omitted: every provider; type omitted: every type)
 * → { games: [{ code, name, type, platform, poster }], message }, in the catalogue's recommended order.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const rawType = url.searchParams.get("type")?.trim().toUpperCase() || undefined;
  if (rawType !== undefined && !isGameType(rawType)) {
    return apiError(400, "casino.api.gamesError", { extra: { error: english("casino.api.invalidType", { types: gameTypes.join(", ") }) } });
  }
  const { systems, invalid } = parseSystems(url.searchParams.getAll("system"));
  if (invalid) return apiError(400, "casino.api.gamesError", { extra: { error: english("casino.api.invalidSystem") } });
  const games = await listGames({ type: rawType, systems });
  return Response.json(
    {
      games: games.map(({ code, name, type, platform, poster }) => ({ code, name, type, platform, poster: absoluteUrl(poster) })),
      message: english("casino.api.games"),
    },
    { headers: PUBLIC_CACHE },
  );
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
