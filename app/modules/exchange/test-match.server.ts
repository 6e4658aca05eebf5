// Browser tests run the server without a feed (EXCHANGE_FEED=off, scripts/e2e-server.mjs) and open a match when they
// need one: the simulated feed's match of a slot `hoursAhead` from now, applied as the feed would apply it, with the
// market-maker's prices. Each call is a new event of its own (tests settle theirs). Only through
// /__e2e/exchange-match, which answers 404 on any normal server.
import { randomUUID } from "node:crypto";
import { applyFeedEvent } from "./feed/feed-sync.server.ts";
import { DEMO_TIMING, simulatedEvent } from "./feed/simulated-feed.ts";
import { marketView } from "./queries.server.ts";
import { exchangeMarkets } from "./schema.ts";
import { db } from "#app/db/db.server.ts";
import { and, eq } from "drizzle-orm";

export async function openTestMatch(hoursAhead: number): Promise<{ eventId: number; marketId: number; runners: string[] }> {
  const now = Date.now();
  const slot = Math.floor(now / DEMO_TIMING.slotMs) + hoursAhead;
  const event = { ...simulatedEvent(slot, now), externalId: `e2e-${randomUUID()}` };
  const eventId = await applyFeedEvent(event, { settleMatches: false, marketMaker: true });
  const [market] = await db
    .select({ id: exchangeMarkets.id })
    .from(exchangeMarkets)
    .where(and(eq(exchangeMarkets.eventId, eventId), eq(exchangeMarkets.kind, "match_odds")));
  const view = await marketView(market!.id);
  return { eventId, marketId: market!.id, runners: view?.matchOdds[0]?.runners.map((r) => r.name) ?? [] };
}
