import { useEffect, useRef } from "react";

/** The one event stream of a player's page: balance, inbox and chat events (app/routes/resources/balance-events.ts). */
export const PLAYER_EVENTS_URL = "/resources/events?inbox=1";

export type PlayerEvent = "balance" | "inbox" | "chat" | "heartbeat" | "error" | "open";
type Handler = (data: string) => void;

// One EventSource per tab, shared by every part of the page that listens (header balance, unread counts, the inbox
// list, the open chat); opened with the first listener, closed with the last.
const shared = { source: null as EventSource | null, handlers: new Map<PlayerEvent, Set<Handler>>(), users: 0 };

function dispatch(event: PlayerEvent, data: string) {
  for (const handler of shared.handlers.get(event) ?? []) handler(data);
}

function connect() {
  const source = new EventSource(PLAYER_EVENTS_URL);
  for (const event of ["balance", "inbox", "chat", "heartbeat"] as const) {
    source.addEventListener(event, (e) => dispatch(event, (e as MessageEvent<string>).data));
  }
  source.addEventListener("error", () => dispatch("error", ""));
  source.addEventListener("open", () => dispatch("open", ""));
  return source;
}

/** Adds a listener for one event kind; returns the function that removes it (and closes the stream when last). */
export function listenPlayerEvents(event: PlayerEvent, handler: Handler): () => void {
  if (typeof EventSource === "undefined") return () => {};
  let set = shared.handlers.get(event);
  if (!set) shared.handlers.set(event, (set = new Set()));
  set.add(handler);
  if (shared.users++ === 0) shared.source = connect();
  return () => {
    set.delete(handler);
    if (--shared.users === 0) {
      shared.source?.close();
      shared.source = null;
    }
  };
}

/** Calls `handler` for each event of this kind while the component is mounted (the latest handler, no re-subscribe). */
export function usePlayerEvent(event: PlayerEvent, handler: Handler, enabled = true) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!enabled) return;
    return listenPlayerEvents(event, (data) => latest.current(data));
  }, [event, enabled]);
}
