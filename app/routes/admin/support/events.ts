import { subscribeStaffChat, liveEvents, refuseDataRequest } from "#app/modules/events/index.server.ts";
import { getStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import type { Route } from "./+types/events";

const HEARTBEAT_MS = 25_000;

/** GET: the chat console's event stream (roles support, admin): "chat" whenever any conversation changes. */
export async function loader({ request }: Route.LoaderArgs) {
  refuseDataRequest(request);
  const auth = await getStaff(request);
  if (!auth || !(pageRoles.support as readonly string[]).includes(auth.staff.role)) {
    return new Response(null, { status: auth ? 403 : 401, headers: { "Cache-Control": "no-store" } });
  }
  return liveEvents(request.signal, (emit) => subscribeStaffChat(() => emit("chat", String(Date.now()))), { heartbeatMs: HEARTBEAT_MS });
}
