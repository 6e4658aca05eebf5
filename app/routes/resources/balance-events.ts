import { eventStream } from "remix-utils/sse/server";
import { subscribeBalance } from "#app/modules/events/bus.server.ts";
import { getAuth } from "#app/modules/sessions/auth.server.ts";
import { getSessionPlayer } from "#app/modules/sessions/sessions.server.ts";
import { headerBalance } from "#app/routes/money/balance.server.ts";
import type { Route } from "./+types/balance-events";

const HEARTBEAT_MS = 25_000;

/**
 * GET: the signed-in player's balance as server-sent events. "balance" at once and whenever the ledger moves
 * their money (subscribeBalance), "heartbeat" every 25 s; the stream ends when the session ends.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = getAuth(context);
  if (!auth) return new Response(null, { status: 401, headers: { "Cache-Control": "no-store" } });
  const { player, token } = auth;

  return eventStream(
    request.signal,
    (send, close) => {
      let open = true;
      let running: Promise<void> | null = null;
      let again = false;
      // The client may go away before the abort signal says so; a send on the closed stream then throws,
      // which must end this subscription, never the process.
      const emit = (event: string, data: string) => {
        if (!open) return;
        try {
          send({ event, data });
        } catch {
          stop();
        }
      };
      // A burst of changes (deposit + bonus) costs at most two reads: one running, one queued.
      const push = () => {
        if (!open) return;
        if (running) {
          again = true;
          return;
        }
        running = headerBalance(player.id)
          .then((b) => emit("balance", JSON.stringify(b)))
          .catch((error: unknown) => console.error("balance-events: could not read the balance", error))
          .finally(() => {
            running = null;
            if (again) {
              again = false;
              push();
            }
          });
      };
      const unsubscribe = subscribeBalance(player.id, push);
      const heartbeat = setInterval(() => {
        getSessionPlayer(token)
          .then((stillIn) => (stillIn ? emit("heartbeat", String(Date.now())) : close()))
          .catch(() => emit("heartbeat", String(Date.now())));
      }, HEARTBEAT_MS);
      function stop() {
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
      }
      push();
      return stop;
    },
    { headers: { "X-Accel-Buffering": "no" } },
  );
}
