// The frame of the site's server-sent event streams: a heartbeat, and an end to the subscriptions when the client
// goes. The client may go away before the abort signal says so; a send on the closed stream then throws, which must
// end the subscriptions, never the process.
import { eventStream } from "remix-utils/sse/server";

export type Emit = (event: string, data: string) => void;

/**
 * A text/event-stream response: `subscribe` starts what feeds it (it may emit at once) and returns what stops it;
 * "heartbeat" (the time in ms) goes out every `heartbeatMs`.
 */
export function liveEvents(signal: AbortSignal, subscribe: (emit: Emit) => () => void, { heartbeatMs }: { heartbeatMs: number }) {
  return eventStream(
    signal,
    (send) => {
      let open = true;
      // Set once `subscribe` returned (an emit that fails while it starts ends the stream before that).
      const subscription: { end?: () => void } = {};
      const emit: Emit = (event, data) => {
        if (!open) return;
        try {
          send({ event, data });
        } catch {
          stop();
        }
      };
      const heartbeat = setInterval(() => emit("heartbeat", String(Date.now())), heartbeatMs);
      function stop() {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        subscription.end?.();
      }
      subscription.end = subscribe(emit);
      if (!open) subscription.end();
      return stop;
    },
    { headers: { "X-Accel-Buffering": "no" } },
  );
}
