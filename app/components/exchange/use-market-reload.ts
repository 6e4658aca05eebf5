// A page that draws what a push does not carry (a runner's whole ladder, its price history) kept live: each push of
// the market (/resources/exchange-events?markets=) reloads the page's data, at most every 300 ms and never in the
// middle of another navigation.
import { useEffect, useRef, useState } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { openMarketStream } from "./exchange-stream.ts";

const MIN_RELOAD_MS = 300;

/** Whether the stream is connected; the page's loader runs again after each change of the market. */
export function useMarketReload(marketId: number, enabled: boolean): boolean {
  const [connected, setConnected] = useState(false);
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const state = useRef({ revalidate: revalidator.revalidate, busy: false, timer: 0 as ReturnType<typeof setTimeout> | 0, last: 0 });
  state.current.revalidate = revalidator.revalidate;
  state.current.busy = navigation.state !== "idle" || revalidator.state !== "idle";

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const s = state.current;
    const reload = () => {
      s.timer = 0;
      if (s.busy) {
        s.timer = setTimeout(reload, MIN_RELOAD_MS);
        return;
      }
      s.last = Date.now();
      void s.revalidate();
    };
    const source = openMarketStream(
      `markets=${marketId}`,
      () => {
        if (!s.timer) s.timer = setTimeout(reload, Math.max(0, s.last + MIN_RELOAD_MS - Date.now()));
      },
      setConnected,
    );
    return () => {
      source.close();
      if (s.timer) clearTimeout(s.timer);
      s.timer = 0;
      setConnected(false);
    };
  }, [marketId, enabled]);
  return connected;
}
