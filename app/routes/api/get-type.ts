import { checkMethod, NO_STORE, rejectMethod } from "#app/modules/api/index.server.ts";
import { listTypes } from "#app/modules/games/index.server.ts";
import { requireApiPlayer } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/get-type";

/** GET /api/get-type (auth) → { types: ["LIVE", "SLOT", ...] }: the game types that have games, in menu order. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  requireApiPlayer(context);
  return Response.json({ types: await listTypes() }, { headers: { ...NO_STORE, Vary: "Authorization" } });
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
