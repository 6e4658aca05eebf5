import { apiError, checkMethod, NO_STORE, rejectMethod } from "#app/modules/api/index.server.ts";
import { getPlayerChat, listMessages } from "#app/modules/chat/index.server.ts";
import { toId } from "#app/modules/payments/index.ts";
import { requireApiPlayer } from "#app/modules/sessions/index.server.ts";
import { chatMessageEntry } from "./chat-entry.server.ts";
import type { Route } from "./+types/chats.$chatId.messages";

/** GET /api/chats/{chatId}/messages (auth) → { messages } oldest first, for the player's own chat; otherwise 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const { player } = requireApiPlayer(context);
  const chat = await getPlayerChat(player.id, toId(params.chatId) ?? 0);
  if (!chat) return apiError(404, "chat.api.notFound");
  const messages = await listMessages(chat.id, { limit: 500 });
  return Response.json({ messages: messages.map((m) => chatMessageEntry(m, player.id)), status: chat.status }, { headers: NO_STORE });
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
