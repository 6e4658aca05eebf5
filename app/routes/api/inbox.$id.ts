import { english, apiError, checkMethod, NO_STORE, rejectMethod } from "#app/modules/api/index.server.ts";
import { getInboxMessage, updateInbox } from "#app/modules/inbox/index.server.ts";
import { toId } from "#app/modules/payments/index.ts";
import { requireApiPlayer } from "#app/modules/sessions/index.server.ts";
import { inboxEntry } from "./inbox-entry.server.ts";
import type { Route } from "./+types/inbox.$id";

/** GET /api/inbox/{id} (auth) → { success, data } for the player's own message; anyone else's or unknown: 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET", "DELETE"]);
  if (refused) return refused;
  const { player } = requireApiPlayer(context);
  const message = await getInboxMessage(player.id, toId(params.id) ?? 0);
  if (!message) return apiError(404, "inbox.api.notFound", { extra: { success: false } });
  return Response.json({ success: true, data: inboxEntry(message) }, { headers: NO_STORE });
}

/** DELETE /api/inbox/{id} (auth) → { success, message }: deleted for this player only; anyone else's or unknown: 404. */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method.toUpperCase() !== "DELETE") return rejectMethod(request, ["GET", "DELETE"]);
  const { player } = requireApiPlayer(context);
  const message = await getInboxMessage(player.id, toId(params.id) ?? 0);
  if (!message) return apiError(404, "inbox.api.notFound", { extra: { success: false } });
  await updateInbox(player.id, [message.id], "delete");
  return Response.json({ success: true, message: english("inbox.api.deleted") }, { headers: NO_STORE });
}
