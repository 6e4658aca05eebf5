import { apiError, checkMethod, NO_STORE, rejectMethod, userEntry } from "#app/modules/api/index.server.ts";
import { getPlayerBalances } from "#app/modules/ledger/index.server.ts";
import { playerVip } from "#app/modules/profile/index.server.ts";
import { requireApiPlayer } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/user-show";

/**
 * GET /api/user/show with "Authorization: Bearer <token>": the token's own player. The spec's client also sends
 * remote_id; it must name that same player (403 otherwise): the token, never the id, decides whose data this is.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const { player } = requireApiPlayer(context);
  const remoteId = url.searchParams.get("remote_id")?.trim();
  if (remoteId && remoteId !== String(player.id)) return apiError(403, "api.forbidden");
  const [balances, vip] = await Promise.all([getPlayerBalances(player.id), playerVip(player.id)]);
  return Response.json(userEntry(player, balances.main.available, vip), { headers: { ...NO_STORE, Vary: "Authorization" } });
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
