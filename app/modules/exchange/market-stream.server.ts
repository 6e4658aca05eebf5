// The live state of a market for the pages: what a player sees of it (status, ball running, prices and sizes, quotes,
// lines, the score), pushed when it changed, at most once per market per 100 ms (conflate.ts). Changes arrive through
// the events bus, so a bet taken on another instance reaches this instance's pages too.
import { log as rootLog } from "#app/kernel/log.server.ts";
import { subscribeMarket } from "#app/modules/events/index.server.ts";
import { depthLevels } from "./cash-out.ts";
import { Conflator } from "./conflate.ts";
import type { PushedMarket } from "./live-page.ts";
import { marketKind } from "./market-kinds.ts";
import { marketPushView } from "./queries.server.ts";

export const MARKET_PUSH_MS = 100;

/** A market as its page shows it; null when there is no such market. */
export async function publicMarket(marketId: number): Promise<PushedMarket | null> {
  const view = await marketPushView(marketId);
  if (!view) return null;
  const { market } = view;
  const kind = marketKind(market.kind);
  return {
    id: market.id,
    eventId: market.eventId,
    kind: market.kind,
    version: market.version,
    status: market.status,
    inPlay: market.inPlay,
    ballRunning: market.ballRunning,
    line: kind.hasRunners ? null : { no: market.noLine, yes: market.yesLine, noRate: market.noRate, yesRate: market.yesRate },
    runners: view.runners.map((r) => ({
      id: r.id,
      status: r.status,
      backRate: r.backRate,
      layRate: r.layRate,
      // The book's depth as the Cash Out uses it (CASH_OUT_DEPTH levels a side); the page's tables show the best three.
      ...depthLevels(r),
      ltp: view.traded?.runners.get(r.id)?.lastTick ?? null,
      traded: view.traded ? String(view.traded.runners.get(r.id)?.matched ?? 0n) : null,
    })),
    traded: view.traded ? String(view.traded.total) : null,
    score: kind.leadsEvent ? view.score : null,
    markets: view.markets,
  };
}

/** `market` is what `json` holds (its `markets`: for a match-odds market, the event's markets not yet settled). */
type Listener = (marketId: number, json: string, market: PushedMarket) => void;
type Watched = { listeners: Set<Listener>; last: string | undefined; unsubscribe: () => void };

// One watcher per market for the whole process, however many pages show it: a change is read once and the same JSON
// goes to every page (2,000 viewers of a match cost one read per change, not 2,000).
const log = rootLog.child({ module: "exchange" });
const watched = new Map<number, Watched>();
const conflator = new Conflator(MARKET_PUSH_MS, async (marketId) => {
  if (!watched.has(marketId)) return;
  try {
    const market = await publicMarket(marketId);
    const w = watched.get(marketId);
    const json = JSON.stringify(market);
    if (!w || !market || w.last === json) return;
    w.last = json;
    for (const listener of w.listeners) listener(marketId, json, market);
  } catch (e) {
    log.error({ err: e }, `market ${marketId} could not be read for its pages`);
  }
});

/**
 * Calls `send` with a market's JSON whenever it changed, at most once per market per MARKET_PUSH_MS; a change that
 * leaves what the pages show as it was sends nothing. Returns the function that stops watching.
 */
export function watchMarkets(marketIds: number[], send: Listener) {
  const mine = [...new Set(marketIds)];
  for (const id of mine) {
    let w = watched.get(id);
    if (!w) {
      w = { listeners: new Set(), last: undefined, unsubscribe: subscribeMarket(id, (marketId) => conflator.mark(marketId)) };
      watched.set(id, w);
    }
    w.listeners.add(send);
  }
  return () => {
    for (const id of mine) {
      const w = watched.get(id);
      if (!w) continue;
      w.listeners.delete(send);
      if (w.listeners.size === 0) {
        w.unsubscribe();
        watched.delete(id);
      }
    }
  };
}

/** How many markets this process watches and how many pages listen (for the benchmark and health checks). */
export function watchStats() {
  let listeners = 0;
  for (const w of watched.values()) listeners += w.listeners.size;
  return { markets: watched.size, listeners };
}
