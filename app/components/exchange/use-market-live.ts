// Live prices on the market page: /resources/exchange-events?event= pushes a market when what a player sees of it
// changed (at most once per market per 100 ms), and the page applies it itself (app/modules/exchange/live-page.ts).
// The page reloads its data only when a push cannot tell it everything — the player's money moved ("position"), a
// market closed, turned in play or is not on the page — at most every 300 ms and never in the middle of a submission.
import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { applyPush, type LivePage, type PushedMarket, pushNeedsReload, shownMarket } from "#app/modules/exchange/index.ts";
import { askReload as ask, cancelReload, newReloads, openMarketStream } from "./exchange-stream.ts";

/** The page as loaded with every later push applied, and whether the stream is connected. */
export function useMarketLive<P extends LivePage>(loaded: P, eventId: number, enabled: boolean): { page: P; connected: boolean } {
  const [connected, setConnected] = useState(false);
  const [pushCount, setPushCount] = useState(0);
  // The latest push per market, kept across reloads: a reload older than a push must not take a price back.
  const pushes = useRef(new Map<number, PushedMarket>());
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const page = useMemo(() => {
    let shown = loaded;
    for (const push of pushes.current.values()) shown = applyPush(shown, push).page;
    return shown;
    // pushCount stands for the pushes map, which a ref keeps out of React's sight.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, pushCount]);
  const state = useRef({
    ...newReloads(revalidator.revalidate),
    page,
    unknown: new Set<number>(),
  });
  state.current.revalidate = revalidator.revalidate;
  state.current.busy = navigation.state !== "idle" || revalidator.state !== "idle";
  state.current.page = page;

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const s = state.current;
    // Another event's page (the same route, so the same hook): the last one's pushes and unknown markets go.
    pushes.current.clear();
    s.unknown.clear();
    const askReload = () => ask(s);
    const onPush = (push: PushedMarket) => {
      const before = pushes.current.get(push.id);
      if (before && push.version < before.version) return;
      const onPage = (id: number) => shownMarket(s.page, id) !== undefined;
      // A market the page does not show (a new Fancy line, a second BookMaker) asks for a reload once, not on every push.
      const unseen = [push.id, ...(push.markets ?? [])].filter((id) => !onPage(id) && !s.unknown.has(id));
      for (const id of unseen) s.unknown.add(id);
      if (unseen.length > 0 || (onPage(push.id) && pushNeedsReload(s.page, push))) askReload();
      pushes.current.set(push.id, push);
      setPushCount((n) => n + 1);
    };
    const source = openMarketStream(`event=${eventId}`, onPush, setConnected);
    source.addEventListener("position", askReload);
    return () => {
      source.close();
      cancelReload(s);
      setConnected(false);
    };
  }, [eventId, enabled]);
  return { page, connected };
}
