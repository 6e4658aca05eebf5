// Live prices on the market page: /resources/exchange-events?event= pushes a market when what a player sees of it
// changed (at most once per market per 100 ms); the page then reloads its data, at most every 300 ms and never in the
// middle of a submission, so the player's bets and P&L stay with the prices.
import { useEffect, useRef, useState } from "react";
import { useNavigation, useRevalidator } from "react-router";

const MIN_RELOAD_MS = 300;

export function useMarketLive(eventId: number, enabled: boolean): boolean {
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
    const source = new EventSource(`/resources/exchange-events?event=${eventId}`);
    source.onopen = () => setConnected(true);
    source.onerror = () => setConnected(false);
    source.addEventListener("market", () => {
      if (s.timer) return;
      s.timer = setTimeout(reload, Math.max(0, s.last + MIN_RELOAD_MS - Date.now()));
    });
    return () => {
      source.close();
      if (s.timer) clearTimeout(s.timer);
      s.timer = 0;
      setConnected(false);
    };
  }, [eventId, enabled]);
  return connected;
}
