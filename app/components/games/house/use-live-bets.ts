// The live-bets panel's lists in the browser: the loader's lists as of page load, then every "hb" batch from the
// page's event stream on top (All bets; High rollers when the stake is at least the threshold) and, when the stream
// says which of a batch were the viewer's ("hbMine"), My bets. Pages whose stream is not the Crash one open
// /resources/live-bets themselves (`ownStream`).
import { useCallback, useEffect, useRef, useState } from "react";
import { isHighRoller, type LiveHouseBetItem, mergeLive } from "#app/modules/games/index.ts";

export type LiveBetsData = { highRollerStake: string; all: LiveHouseBetItem[]; high: LiveHouseBetItem[]; mine: LiveHouseBetItem[] };

export function useLiveBets(initial: LiveBetsData, ownStream: boolean) {
  const [lists, setLists] = useState(initial);
  const recent = useRef(new Map<number, LiveHouseBetItem>());

  useEffect(() => setLists(initial), [initial]);

  const add = useCallback(
    (items: LiveHouseBetItem[], mineIds: number[]) => {
      for (const item of items) recent.current.set(item.i, item);
      // Keep the last 200 items to match "hbMine" ids against.
      for (const id of recent.current.keys()) {
        if (recent.current.size <= 200) break;
        recent.current.delete(id);
      }
      const mine = mineIds.flatMap((id) => recent.current.get(id) ?? []);
      setLists((l) => ({
        ...l,
        all: items.length ? mergeLive(l.all, items) : l.all,
        high: items.length
          ? mergeLive(
              l.high,
              items.filter((b) => isHighRoller(b, l.highRollerStake)),
            )
          : l.high,
        mine: mine.length ? mergeLive(l.mine, mine) : l.mine,
      }));
    },
    [setLists],
  );

  useEffect(() => {
    if (!ownStream || typeof EventSource === "undefined") return;
    const source = new EventSource("/resources/live-bets");
    source.addEventListener("hb", (m: MessageEvent<string>) => {
      try {
        add((JSON.parse(m.data) as { l: LiveHouseBetItem[] }).l, []);
      } catch {
        // a malformed frame is skipped
      }
    });
    source.addEventListener("hbMine", (m: MessageEvent<string>) => {
      try {
        add([], JSON.parse(m.data) as number[]);
      } catch {
        // a malformed frame is skipped
      }
    });
    return () => source.close();
  }, [ownStream, add]);

  return { lists, add };
}
