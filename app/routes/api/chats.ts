import { apiError, checkMethod, NO_STORE, readBody, rejectMethod } from "#app/modules/api/index.server.ts";
import { openChat } from "#app/modules/chat/index.server.ts";
import { requireApiPlayer } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/chats";

export function loader({ request }: Route.LoaderArgs) {
  return rejectMethod(request, ["POST"]);
}

/**
 * POST /api/chats (auth) with the spec's { user_one_id, user_two_id } → { chat: { id, status } }: the player's open
 * conversation with support (made when there is none). user_one_id, when sent, must be the player; user_two_id (the
 * spec's fixed support user) is accepted and ignored: every chat is with support.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const refused = checkMethod(request, ["POST"]);
  if (refused) return refused;
  const { player } = requireApiPlayer(context);
  const body = await readBody(request);
  const one = body.user_one_id;
  if (one !== undefined && one !== null && one !== "" && String(one) !== String(player.id)) return apiError(403, "api.forbidden");
  const chat = await openChat(player.id);
  return Response.json({ chat: { id: chat.id, status: chat.status } }, { headers: NO_STORE });
}
