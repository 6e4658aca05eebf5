// Applies a feed's snapshot of an event to the exchange, idempotently: applying the same snapshot twice changes
// nothing. It creates the event and its markets the first time, turns it in play, runs and stops the ball, moves
// Bookmaker quotes and Fancy lines, opens and suspends lines, settles a Fancy line once its result is known, and the
// match's markets once the match is decided (when the feed is trusted to settle them; otherwise they wait, suspended,
// for a trader). The demo's market-maker re-quotes match odds around the feed's chances.
import { eq, inArray } from "drizzle-orm";
import { isDeepStrictEqual } from "node:util";
import { db } from "#app/db/db.server.ts";
import { publish } from "#app/modules/events/index.server.ts";
import { ensureEvent, ensureFancyLines } from "../events.server.ts";
import { marketKind } from "../market-kinds.ts";
import { refreshLiquidity } from "../market-maker.server.ts";
import { exchangeEvents, exchangeMarkets, exchangeRunners, type ExchangeMarket } from "../schema.ts";
import { settleMarket } from "../settlement.server.ts";
import { setBallRunning, setBookmakerQuote, setFancyLine, setMarketStatus, turnInPlay } from "../trading.server.ts";
import type { FeedEvent, FeedFancyLine } from "./feed.ts";

export type SyncOptions = {
  /** Settle match odds and Bookmaker from the feed's result (the simulated match); otherwise a trader does. */
  settleMatches: boolean;
  /** Keep the market-maker's prices around the feed's chances (the demo). */
  marketMaker: boolean;
};

const fancySpec = (l: FeedFancyLine) => ({ name: l.name, noLine: l.noLine, yesLine: l.yesLine, noRate: l.noRate, yesRate: l.yesRate });

/** Suspends a market (lapsing unmatched orders) and settles it; a market already settled is left to the traders. */
async function settle(market: ExchangeMarket, outcome: Parameters<typeof settleMarket>[1]) {
  if (market.settledAt) return;
  await setMarketStatus(market.id, "suspended", { forSettlement: true });
  await settleMarket(market.id, outcome);
}

async function syncFancy(market: ExchangeMarket, line: FeedFancyLine) {
  if (market.settledAt) return;
  if (line.result !== null) return settle(market, { resultRuns: line.result });
  const moved = market.noLine !== line.noLine || market.yesLine !== line.yesLine || market.noRate !== line.noRate || market.yesRate !== line.yesRate;
  if (moved) await setFancyLine(market.id, fancySpec(line));
  const status = line.suspended ? "suspended" : "open";
  if (market.status !== status) await setMarketStatus(market.id, status);
}

/** Applies one snapshot; returns the event's id. */
export async function applyFeedEvent(feed: FeedEvent, options: SyncOptions): Promise<number> {
  // The lines still to be played: a line first seen with its result is not created.
  const openLines = feed.fancy.filter((l) => l.result === null).map(fancySpec);
  const { eventId } = await ensureEvent({
    externalId: feed.externalId,
    sport: feed.sport,
    competition: feed.competition,
    name: feed.name,
    startsAt: feed.startsAt,
    runners: feed.runners,
    bookmaker: feed.bookmaker && {
      backRates: feed.bookmaker.map((q) => q.back ?? 0),
      layRates: feed.bookmaker.map((q) => q.lay ?? 0),
    },
    fancy: openLines,
  });
  const [event] = await db.select().from(exchangeEvents).where(eq(exchangeEvents.id, eventId));
  if (!event || event.closed) return eventId;
  await ensureFancyLines(eventId, openLines);

  const markets = await db.select().from(exchangeMarkets).where(eq(exchangeMarkets.eventId, eventId));
  const runners = markets.length
    ? await db
        .select()
        .from(exchangeRunners)
        .where(
          inArray(
            exchangeRunners.marketId,
            markets.map((m) => m.id),
          ),
        )
        .orderBy(exchangeRunners.sortOrder)
    : [];
  const matchOdds = markets.find((m) => m.kind === "match_odds");
  const bookmaker = markets.find((m) => m.kind === "bookmaker");
  const runnersOf = (m: ExchangeMarket | undefined) => runners.filter((r) => r.marketId === m?.id);

  if (!isDeepStrictEqual(event.score ?? undefined, feed.score)) {
    await db
      .update(exchangeEvents)
      .set({ score: feed.score ?? null })
      .where(eq(exchangeEvents.id, eventId));
    if (matchOdds) await publish({ kind: "market", marketId: matchOdds.id });
  }
  if (feed.inPlay && !event.inPlay) await turnInPlay(eventId);
  // Quoted markets (no book) stop on every ball.
  const quoted = markets.filter((m) => !marketKind(m.kind).hasBook && !m.settledAt);
  if (quoted.some((m) => m.ballRunning !== feed.ballRunning)) await setBallRunning(eventId, feed.ballRunning);

  if (feed.bookmaker && bookmaker && !bookmaker.settledAt) {
    for (const [i, runner] of runnersOf(bookmaker).entries()) {
      const quote = feed.bookmaker[i];
      if (quote && (runner.backRate !== quote.back || runner.layRate !== quote.lay)) await setBookmakerQuote(runner.id, quote.back, quote.lay);
    }
  }
  for (const line of feed.fancy) {
    const market = markets.find((m) => m.kind === "fancy" && m.name === line.name);
    if (market) await syncFancy(market, line);
  }

  if (feed.result) {
    if (!options.settleMatches) {
      for (const m of [matchOdds, bookmaker])
        if (m && !m.settledAt && m.status === "open") await setMarketStatus(m.id, "suspended", { forSettlement: true });
      return eventId;
    }
    const winner = feed.result.winner;
    for (const m of [matchOdds, bookmaker]) {
      const winnerId = winner === null ? undefined : runnersOf(m)[winner]?.id;
      if (m) await settle(m, winnerId === undefined ? { void: true } : { winnerRunnerId: winnerId });
    }
    await db.update(exchangeEvents).set({ closed: true, inPlay: false }).where(eq(exchangeEvents.id, eventId));
    return eventId;
  }

  if (options.marketMaker && feed.chances && matchOdds && matchOdds.status === "open" && !matchOdds.settledAt) {
    const fair = new Map(runnersOf(matchOdds).map((r, i) => [r.id, feed.chances![i] ?? 0] as const));
    if ([...fair.values()].every((p) => p > 0 && p < 1)) await refreshLiquidity(matchOdds.id, fair);
  }
  return eventId;
}
