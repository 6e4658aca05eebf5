import { english, apiError, checkMethod, NO_STORE, readBody, rejectMethod } from "#app/modules/api/index.server.ts";
import { sendPlayerMessage } from "#app/modules/chat/index.server.ts";
import { toId } from "#app/modules/payments/index.ts";
import { requireApiPlayer } from "#app/modules/sessions/index.server.ts";
import { chatMessageEntry } from "./chat-entry.server.ts";
import type { Route } from "./+types/messages";

export function loader({ request }: Route.LoaderArgs) {
  return rejectMethod(request, ["POST"]);
}

/**
 * POST /api/messages (auth) with { chat_id, sender_id, content } → 201 { data }. The sender is always the token's
 * player (sender_id is accepted and ignored, the spec's client sends a fixed one). Empty or whitespace-only content:
 * 422; another player's or an unknown chat: 404; a closed chat: 409.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const refused = checkMethod(request, ["POST"]);
  if (refused) return refused;
  const { player } = requireApiPlayer(context);
  const body = await readBody(request);
  const chatId = toId(typeof body.chat_id === "number" ? String(body.chat_id) : body.chat_id) ?? 0;
  const result = await sendPlayerMessage(player.id, chatId, body.content);
  if (!result.ok) {
    if (result.error === "notFound") return apiError(404, "chat.api.notFound");
    const message = english(`chat.errors.${result.error}`);
    const status = result.error === "closed" ? 409 : result.error === "tooFast" ? 429 : 422;
    return Response.json({ message, ...(status === 422 ? { errors: { content: [message] } } : {}) }, { status, headers: NO_STORE });
  }
  return Response.json({ data: chatMessageEntry({ ...result.value, sender: "player" }, player.id) }, { status: 201, headers: NO_STORE });
}
