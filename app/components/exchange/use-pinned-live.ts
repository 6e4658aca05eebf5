// Live prices on the Multi Markets page: one stream for the pinned markets (/resources/exchange-events?markets=), each
// push applied to its card (app/modules/exchange/live-page.ts). The cards hold no bets, so a push never needs a reload.
import { useEffect, useMemo, useState } from "react";
import { applyPinnedPush, type PinnedCard, type PushedMarket } from "#app/modules/exchange/index.ts";
import { openMarketStream } from "./exchange-stream.ts";

/** The cards as loaded with the latest push of each applied, and whether the stream is connected. */
export function usePinnedLive<C extends PinnedCard & { settled: boolean }>(cards: C[]): { cards: C[]; connected: boolean } {
  const [connected, setConnected] = useState(false);
  const [pushes, setPushes] = useState<ReadonlyMap<number, PushedMarket>>(() => new Map());
  const ids = cards
    .filter((c) => !c.settled)
    .map((c) => c.marketId)
    .join(",");
  useEffect(() => {
    if (!ids || typeof EventSource === "undefined") return;
    const source = openMarketStream(
      `markets=${ids}`,
      (push) =>
        setPushes((before) => {
          const last = before.get(push.id);
          if (last && push.version < last.version) return before;
          return new Map(before).set(push.id, push);
        }),
      setConnected,
    );
    return () => {
      source.close();
      setConnected(false);
    };
  }, [ids]);
  const shown = useMemo(
    () =>
      cards.map((card) => {
        const push = pushes.get(card.marketId);
        return push ? applyPinnedPush(card, push) : card;
      }),
    [cards, pushes],
  );
  return { cards: shown, connected };
}
