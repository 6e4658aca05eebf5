import { useEffect, useState } from "react";
import { PLAYER_EVENTS_URL, usePlayerEvent } from "#app/components/live/player-events.ts";
import { groupTaka } from "./format.ts";

/** Main (and bonus, when the promotion wallet is on) already grouped for display: "1,250.00". */
export type HeaderBalanceData = { main: string; bonus: string | null };

/** The balance arrives on the page's one event stream, with the inbox and chat events. */
export const BALANCE_EVENTS_URL = PLAYER_EVENTS_URL;
export const BALANCE_POLL_URL = "/resources/balance";
const POLL_MS = 10_000;
// The stream sends a heartbeat every 25 s; silence for longer than this means it is down, so poll instead.
const STALE_MS = 30_000;

// The header shows the balance twice (mobile header and desktop top bar, one hidden by CSS); both read this
// one store so there is one stream and at most one poller per tab.
const store = {
  value: null as HeaderBalanceData | null,
  listeners: new Set<(b: HeaderBalanceData) => void>(),
  lastLive: 0,
  users: 0,
  timer: undefined as ReturnType<typeof setInterval> | undefined,
};

function publish(next: HeaderBalanceData) {
  const same = store.value && store.value.main === next.main && store.value.bonus === next.bonus;
  store.value = next;
  if (!same) for (const listener of store.listeners) listener(next);
}

/** Reads the stream's and /resources/balance's shape ({ main, bonus }) and POST /api/balance's ({ balance, bonus_balance }). */
export function readBalance(json: unknown): HeaderBalanceData | null {
  if (!json || typeof json !== "object") return null;
  const o = json as Record<string, unknown>;
  const main = o.main ?? o.balance;
  if (typeof main !== "string" && typeof main !== "number") return null;
  const bonus = o.bonus ?? o.bonus_balance;
  return {
    main: groupTaka(String(main).replaceAll(",", "")),
    bonus: typeof bonus === "string" || typeof bonus === "number" ? groupTaka(String(bonus).replaceAll(",", "")) : null,
  };
}

/** One GET /resources/balance; a 401 means the session ended elsewhere, so the page reloads as a guest. */
export async function pollBalance() {
  try {
    const res = await fetch(BALANCE_POLL_URL, { headers: { Accept: "application/json" }, credentials: "same-origin" });
    if (res.status === 401) return window.location.reload();
    if (!res.ok) return;
    const next = readBalance(await res.json());
    if (next) publish(next);
  } catch {
    // Offline for a moment: the next tick tries again.
  }
}

function startPolling() {
  if (++store.users > 1) return;
  store.lastLive = Date.now();
  store.timer = setInterval(() => {
    if (document.visibilityState !== "visible") return;
    if (typeof EventSource === "undefined" || Date.now() - store.lastLive > STALE_MS) void pollBalance();
  }, POLL_MS);
}

function stopPolling() {
  if (--store.users > 0) return;
  clearInterval(store.timer);
  store.timer = undefined;
}

/**
 * The live balance: the server's value first, then every "balance" event of the SSE stream; when EventSource
 * is missing or the stream goes quiet (no event or heartbeat for 30 s), GET /resources/balance every 10 s.
 */
export function useLiveBalance(initial: HeaderBalanceData): HeaderBalanceData {
  const [value, setValue] = useState(initial);
  const [supported, setSupported] = useState(false);

  // A new server value (root revalidation after a form post) wins over what the stream said before.
  useEffect(() => publish(initial), [initial.main, initial.bonus]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    setSupported(typeof EventSource !== "undefined");
    const listener = (b: HeaderBalanceData) => setValue(b);
    store.listeners.add(listener);
    if (store.value) setValue(store.value);
    startPolling();
    return () => {
      store.listeners.delete(listener);
      stopPolling();
    };
  }, []);

  usePlayerEvent(
    "balance",
    (data) => {
      store.lastLive = Date.now();
      try {
        const next = readBalance(JSON.parse(data));
        if (next) publish(next);
      } catch {
        // A malformed event is ignored; the next one or the poll corrects the display.
      }
    },
    supported,
  );
  usePlayerEvent("heartbeat", () => (store.lastLive = Date.now()), supported);
  usePlayerEvent("error", () => (store.lastLive = 0), supported);

  return value;
}
