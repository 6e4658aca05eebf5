import { checkMethod, NO_STORE, rejectMethod } from "#app/modules/api/index.server.ts";
import { listPlayerChats } from "#app/modules/chat/index.server.ts";
import { requireApiPlayer } from "#app/modules/sessions/index.server.ts";
import { SUPPORT_USER } from "./chat-entry.server.ts";
import type { Route } from "./+types/get-chats";

/** GET /api/get-chats (auth) → { chats: [{ id, chat_id, other_user: { id, username }, last_message, status, ... }] }, latest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const { player } = requireApiPlayer(context);
  const chats = await listPlayerChats(player.id);
  return Response.json(
    {
      chats: chats.map((c) => ({
        id: c.id,
        chat_id: c.id,
        other_user: SUPPORT_USER,
        last_message: c.lastMessage,
        status: c.status,
        created_at: c.createdAt.toISOString(),
        updated_at: c.lastMessageAt.toISOString(),
      })),
    },
    { headers: NO_STORE },
  );
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
