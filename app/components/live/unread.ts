import { useEffect, useState } from "react";
import { usePlayerEvent } from "./player-events.ts";

// Every unread badge of the page (mobile header, desktop bar, member menu) reads this one store.
const store = { value: null as number | null, listeners: new Set<(n: number) => void>() };

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
    return () => {
      store.listeners.delete(listener);
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
