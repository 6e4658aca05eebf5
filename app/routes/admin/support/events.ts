import { eventStream } from "remix-utils/sse/server";
import { subscribeStaffChat } from "#app/modules/events/bus.server.ts";
import { getStaff } from "#app/modules/staff/auth.server.ts";
import { pageRoles } from "#app/modules/staff/permissions.ts";
import type { Route } from "./+types/events";

const HEARTBEAT_MS = 25_000;

/** GET: the chat console's event stream (roles support, admin): "chat" whenever any conversation changes. */
export async function loader({ request }: Route.LoaderArgs) {
  const auth = await getStaff(request);
  if (!auth || !(pageRoles.support as readonly string[]).includes(auth.staff.role)) {
    return new Response(null, { status: auth ? 403 : 401, headers: { "Cache-Control": "no-store" } });
  }
  return eventStream(
    request.signal,
    (send) => {
      let open = true;
      const emit = (event: string) => {
        if (!open) return;
        try {
          send({ event, data: String(Date.now()) });
        } catch {
          stop();
        }
      };
      const unsubscribe = subscribeStaffChat(() => emit("chat"));
      const heartbeat = setInterval(() => emit("heartbeat"), HEARTBEAT_MS);
      function stop() {
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
      }
      return stop;
    },
    { headers: { "X-Accel-Buffering": "no" } },
  );
}
