import { english, apiError, checkMethod, NO_STORE, rejectMethod } from "#app/modules/api/index.server.ts";
import { getInboxMessage, updateInbox } from "#app/modules/inbox/index.server.ts";
import { toId } from "#app/modules/payments/index.ts";
import { requireApiPlayer } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/inbox.$id.read";

export function loader({ request }: Route.LoaderArgs) {
  return rejectMethod(request, ["PATCH"]);
}

/** PATCH /api/inbox/{id}/read (auth) → { success, message }; reading twice is fine; anyone else's or unknown: 404. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const refused = checkMethod(request, ["PATCH"]);
  if (refused) return refused;
  const { player } = requireApiPlayer(context);
  const message = await getInboxMessage(player.id, toId(params.id) ?? 0);
  if (!message) return apiError(404, "inbox.api.notFound", { extra: { success: false } });
  await updateInbox(player.id, [message.id], "read");
  return Response.json({ success: true, message: english("inbox.api.read") }, { headers: NO_STORE });
}
