// A page that draws what a push does not carry (a runner's whole ladder, its price history) kept live: each push of
// the market (/resources/exchange-events?markets=) reloads the page's data, at most every 300 ms and never in the
// middle of another navigation.
import { useEffect, useRef, useState } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { askReload, cancelReload, newReloads, openMarketStream } from "./exchange-stream.ts";

/** Whether the stream is connected; the page's loader runs again after each change of the market. */
export function useMarketReload(marketId: number, enabled: boolean): boolean {
  const [connected, setConnected] = useState(false);
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const state = useRef(newReloads(revalidator.revalidate));
  state.current.revalidate = revalidator.revalidate;
  state.current.busy = navigation.state !== "idle" || revalidator.state !== "idle";

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const s = state.current;
    const source = openMarketStream(`markets=${marketId}`, () => askReload(s), setConnected);
    return () => {
      source.close();
      cancelReload(s);
      setConnected(false);
    };
  }, [marketId, enabled]);
  return connected;
}
