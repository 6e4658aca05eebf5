// The live state of a market for the pages: what a player sees of it (status, ball running, prices and sizes, quotes,
// lines, the score), pushed when it changed, at most once per market per 100 ms (conflate.ts). Changes arrive through
// the events bus, so a bet taken on another instance reaches this instance's pages too.
import { subscribeMarket } from "#app/modules/events/bus.server.ts";
import { Conflator } from "./conflate.ts";
import { marketView } from "./queries.server.ts";

export const MARKET_PUSH_MS = 100;

/** A market as its page shows it; null when there is no such market. */
export async function publicMarket(marketId: number) {
  const view = await marketView(marketId);
  if (!view) return null;
  const { market, event } = view;
  const runners = [...view.matchOdds, ...view.bookmaker].find((m) => m.market.id === marketId)?.runners ?? [];
  return {
    id: market.id,
    eventId: market.eventId,
    kind: market.kind,
    version: market.version,
    status: market.status,
    inPlay: market.inPlay,
    ballRunning: market.ballRunning,
    line: market.kind === "fancy" ? { no: market.noLine, yes: market.yesLine, noRate: market.noRate, yesRate: market.yesRate } : null,
    runners: runners.map((r) => ({
      id: r.id,
      status: r.status,
      backRate: r.backRate,
      layRate: r.layRate,
      toBack: (r.availableToBack ?? []).map((l) => ({ tick: l.tick, size: String(l.size) })),
      toLay: (r.availableToLay ?? []).map((l) => ({ tick: l.tick, size: String(l.size) })),
    })),
    score: market.kind === "match_odds" ? event.score : null,
  };
}

/**
 * Calls `send` with a market's JSON whenever it changed, at most once per market per MARKET_PUSH_MS; a change that
 * leaves what the page shows as it was sends nothing. Returns the function that stops watching.
 */
export function watchMarkets(marketIds: number[], send: (marketId: number, json: string) => void, intervalMs = MARKET_PUSH_MS) {
  const lastSent = new Map<number, string>();
  let open = true;
  // One read at a time per market, so messages leave in the order of the changes.
  const conflator = new Conflator(intervalMs, (marketId) =>
    publicMarket(marketId).then(
      (market) => {
        const json = JSON.stringify(market);
        if (!open || !market || lastSent.get(marketId) === json) return;
        lastSent.set(marketId, json);
        send(marketId, json);
      },
      (e: unknown) => console.error(`exchange: market ${marketId} could not be read for its page`, e),
    ),
  );
  const unsubscribe = marketIds.map((id) => subscribeMarket(id, (marketId) => conflator.mark(marketId)));
  return () => {
    open = false;
    conflator.close();
    for (const off of unsubscribe) off();
  };
}
