import { apiError, checkMethod, NO_STORE, rejectMethod } from "#app/modules/api/index.server.ts";
import { listInbox } from "#app/modules/inbox/index.server.ts";
import { requireApiPlayer } from "#app/modules/sessions/index.server.ts";
import { inboxEntry } from "./inbox-entry.server.ts";
import type { Route } from "./+types/inbox";

const PER_PAGE = [10, 25, 50, 100];

/**
 * GET /api/inbox (auth; remote_id, when sent, must be the token's own player; page, per_page 10/25/50/100, default 10)
 * → { success, data: { data: [{ id, title, message, created_at, is_read }], current_page, last_page, per_page, total },
 * unread }, newest first.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const { player } = requireApiPlayer(context);
  const q = url.searchParams;
  const remoteId = q.get("remote_id")?.trim();
  if (remoteId && remoteId !== String(player.id)) return apiError(403, "api.forbidden");
  const page = Number(q.get("page") ?? 1);
  const perPage = Number(q.get("per_page"));
  const pageSize = PER_PAGE.includes(perPage) ? perPage : 10;
  const inbox = await listInbox(player.id, { page: Number.isSafeInteger(page) && page > 0 ? page : 1, pageSize });
  return Response.json(
    {
      success: true,
      data: { data: inbox.items.map(inboxEntry), current_page: inbox.page, last_page: inbox.lastPage, per_page: pageSize, total: inbox.total },
      unread: inbox.unread,
    },
    { headers: { ...NO_STORE, Vary: "Authorization" } },
  );
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
