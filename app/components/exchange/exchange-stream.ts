// The exchange's live stream in the browser (/resources/exchange-events): the market page and Multi Markets both open
// it through here, so a push is parsed, and a malformed one dropped, in one place.
import type { PushedMarket } from "#app/modules/exchange/index.ts";

/** Opens the stream at `query`; each well-formed "market" push goes to `onPush`, the connection state to `onConnected`. */
export function openMarketStream(query: string, onPush: (push: PushedMarket) => void, onConnected: (connected: boolean) => void) {
  const source = new EventSource(`/resources/exchange-events?${query}`);
  source.onopen = () => onConnected(true);
  source.onerror = () => onConnected(false);
  source.addEventListener("market", (e: MessageEvent<string>) => {
    let push: PushedMarket;
    try {
      push = JSON.parse(e.data) as PushedMarket;
    } catch {
      return;
    }
    onPush(push);
  });
  return source;
}

const MIN_RELOAD_MS = 300;

/** A page's reload state: its revalidate, whether a navigation or reload is under way, the pending timer, the last reload. */
export type Reloads = { revalidate: () => unknown; busy: boolean; timer: ReturnType<typeof setTimeout> | 0; last: number };

export const newReloads = (revalidate: () => unknown): Reloads => ({ revalidate, busy: false, timer: 0, last: 0 });

/** Reloads the page's data at most every 300 ms and never in the middle of another navigation or reload. */
export function askReload(s: Reloads) {
  if (s.timer) return;
  const reload = () => {
    s.timer = 0;
    if (s.busy) {
      s.timer = setTimeout(reload, MIN_RELOAD_MS);
      return;
    }
    s.last = Date.now();
    void s.revalidate();
  };
  s.timer = setTimeout(reload, Math.max(0, s.last + MIN_RELOAD_MS - Date.now()));
}

export function cancelReload(s: Reloads) {
  if (s.timer) clearTimeout(s.timer);
  s.timer = 0;
}
