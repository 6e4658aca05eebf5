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
