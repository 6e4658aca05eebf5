import { useEffect, useState } from "react";
import { usePlayerEvent } from "./player-events.ts";

// Every unread badge of the page (mobile header, desktop bar, member menu) reads this one store.
const store = {
  value: null as number | null,
  listeners: new Set<(n: number) => void>(),
  users: 0,
  timer: undefined as ReturnType<typeof setInterval> | undefined,
};

// Browsers without EventSource poll the JSON API instead, every 10 s as the spec's inbox did.
const POLL_MS = 10_000;

async function pollUnread() {
  if (document.visibilityState !== "visible") return;
  try {
    const res = await fetch("/api/inbox?per_page=10", { headers: { Accept: "application/json" }, credentials: "same-origin" });
    if (!res.ok) return;
    const unread = ((await res.json()) as { unread?: unknown }).unread;
    if (typeof unread === "number") set(unread);
  } catch {
    // Offline for a moment: the next tick tries again.
  }
}

function set(next: number) {
  if (store.value === next) return;
  store.value = next;
  for (const listener of store.listeners) listener(next);
}

/** The player's unread inbox count: the server's value, then each "inbox" event of the page's event stream. */
export function useUnreadCount(initial: number): number {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    set(initial);
  }, [initial]);
  useEffect(() => {
    const listener = (n: number) => setValue(n);
    store.listeners.add(listener);
    if (store.value !== null) setValue(store.value);
    if (typeof EventSource === "undefined" && store.users++ === 0) store.timer = setInterval(() => void pollUnread(), POLL_MS);
    return () => {
      store.listeners.delete(listener);
      if (typeof EventSource === "undefined" && --store.users === 0) clearInterval(store.timer);
    };
  }, []);
  usePlayerEvent("inbox", (data) => {
    try {
      const unread = (JSON.parse(data) as { unread?: unknown }).unread;
      if (typeof unread === "number" && Number.isSafeInteger(unread) && unread >= 0) set(unread);
    } catch {
      // A malformed event changes nothing.
    }
  });
  return value;
}
