import { eventStream } from "remix-utils/sse/server";
import { log as rootLog } from "#app/kernel/log.server.ts";
import { subscribePlayer, refuseDataRequest } from "#app/modules/events/index.server.ts";
import { liveUnreadCount } from "#app/modules/inbox/index.server.ts";
import { getAuth, getSessionPlayer } from "#app/modules/sessions/index.server.ts";
import { headerBalance } from "#app/routes/payments/balance.server.ts";
import type { Route } from "./+types/balance-events";

const log = rootLog.child({ module: "events" });
const HEARTBEAT_MS = 25_000;

/**
 * GET /resources/events (also its first name, /resources/balance-events): the one event stream of a player's open
 * page. "balance" at once and whenever the ledger moves their money; "inbox" ({ unread }) when a message arrives or
 * is read or deleted (and at once when the URL asks with ?inbox=1); "chat" when their support conversation changes;
 * "heartbeat" every 25 s. The stream ends when the session ends.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  refuseDataRequest(request);
  const auth = getAuth(context);
  if (!auth) return new Response(null, { status: 401, headers: { "Cache-Control": "no-store" } });
  const { player, token } = auth;
  const inboxAtOnce = url.searchParams.get("inbox") === "1";

  return eventStream(
    request.signal,
    (send, close) => {
      let open = true;
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
      // A burst of changes (deposit + bonus, a list of messages) costs at most two reads per kind: one running, one queued.
      const coalesced = (event: string, read: () => Promise<unknown>) => {
        let running: Promise<void> | null = null;
        let again = false;
        const push = () => {
          if (!open) return;
          if (running) {
            again = true;
            return;
          }
          running = read()
            .then((value) => emit(event, JSON.stringify(value)))
            .catch((error: unknown) => log.error({ err: error }, `could not read the ${event}`))
            .finally(() => {
              running = null;
              if (again) {
                again = false;
                push();
              }
            });
        };
        return push;
      };
      const pushBalance = coalesced("balance", () => headerBalance(player.id));
      const pushInbox = coalesced("inbox", async () => ({ unread: await liveUnreadCount(player.id) }));
      const unsubscribe = subscribePlayer(player.id, (notice) => {
        if (notice.kind === "balance") pushBalance();
        else if (notice.kind === "inbox") pushInbox();
        else if (notice.kind === "chat") emit("chat", String(Date.now()));
      });
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
      pushBalance();
      if (inboxAtOnce) pushInbox();
      return stop;
    },
    { headers: { "X-Accel-Buffering": "no" } },
  );
}
