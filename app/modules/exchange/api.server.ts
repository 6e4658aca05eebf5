// The exchange's JSON API in the shapes the original site read from its rented exchange (spec sections 3 and 7), now
// from our own data: events by sport, a market's odds (first element carries `inplay`), an event's Fancy and
// Bookmaker rows, its score board, and the player's exchange records (exchange-hub). Prices and sizes are numbers;
// sizes in taka.
import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { formatPoisha } from "#app/kernel/money.ts";
import type { Traded } from "./depth.server.ts";
import { priceAt } from "./ladder.ts";
import { BEST_OFFERS } from "./matching.ts";
import { listEvents, marketView } from "./queries.server.ts";
import { listExchangeRecords } from "./records.server.ts";
import { exchangeEvents, exchangeMarkets, exchangeRunners, type Sport } from "./schema.ts";

const takaNumber = (poisha: bigint) => Number(formatPoisha(poisha));
const ltpOf = (traded: Traded | null, runnerId: number) => {
  const tick = traded?.runners.get(runnerId)?.lastTick;
  return tick === undefined ? null : priceAt(tick) / 100;
};
const level = (l: { tick: number; size: bigint }) => ({ price: priceAt(l.tick) / 100, size: takaNumber(l.size) });
const bit = (b: boolean) => (b ? 1 : 0);

/** GET /api/sports-events/{sport}: the sport's events not yet closed, soonest first. */
export async function apiSportsEvents(sport: Sport) {
  const groups = await listEvents({ tab: "open" });
  return (groups.find((g) => g.sport === sport)?.events ?? [])
    .filter((e) => e.matchOddsId !== null)
    .map((e) => ({
      EventId: String(e.id),
      Event: e.name,
      MarketId: String(e.matchOddsId),
      Fancy: e.hasFancy,
      Bookmaker: e.hasBookmaker,
      OpenDate: e.startsAt.toISOString(),
      Competition: e.competition,
      inplay: e.inPlay,
      sport,
    }));
}

/** GET /api/match-odds/{marketId}: one element with `inplay`, the status and each runner's best three prices. */
export async function apiMatchOdds(marketId: number) {
  const view = await marketView(marketId);
  const odds = view?.matchOdds.find((m) => m.market.id === marketId);
  if (!view || !odds) return null;
  return [
    {
      marketId: String(marketId),
      eventId: String(view.event.id),
      inplay: view.market.inPlay,
      status: view.market.settledAt ? "CLOSED" : view.market.status.toUpperCase(),
      version: view.market.version,
      // Betfair's MarketBook figures, from the fills: the market's and each runner's matched total (taka) and the
      // runner's last traded price (null before its first fill).
      totalMatched: takaNumber(odds.traded?.total ?? 0n),
      runners: odds.runners.map((r) => ({
        selectionId: r.id,
        SelectionName: r.name,
        status: r.status.toUpperCase(),
        lastPriceTraded: ltpOf(odds.traded, r.id),
        totalMatched: takaNumber(odds.traded?.runners.get(r.id)?.matched ?? 0n),
        ex: {
          availableToBack: (r.availableToBack ?? []).slice(0, BEST_OFFERS).map(level),
          availableToLay: (r.availableToLay ?? []).slice(0, BEST_OFFERS).map(level),
        },
      })),
    },
  ];
}

/** GET /api/event/{eventId}: `fancy2` (open lines) and `bookmaker` (DIGIT rates) rows with Suspend and Ball Running flags. */
export async function apiEventMarkets(eventId: number) {
  const [event] = await db.select({ id: exchangeEvents.id }).from(exchangeEvents).where(eq(exchangeEvents.id, eventId));
  if (!event) return null;
  const markets = await db
    .select()
    .from(exchangeMarkets)
    .where(and(eq(exchangeMarkets.eventId, eventId), inArray(exchangeMarkets.kind, ["bookmaker", "fancy"])))
    .orderBy(asc(exchangeMarkets.sortOrder), asc(exchangeMarkets.id));
  const bookmakers = markets.filter((m) => m.kind === "bookmaker" && !m.settledAt);
  const runners = bookmakers.length
    ? await db
        .select()
        .from(exchangeRunners)
        .where(
          inArray(
            exchangeRunners.marketId,
            bookmakers.map((m) => m.id),
          ),
        )
        .orderBy(asc(exchangeRunners.sortOrder))
    : [];
  return {
    fancy2: markets
      .filter((m) => m.kind === "fancy" && !m.settledAt)
      .map((m) => ({
        marketId: String(m.id),
        title: m.name,
        no: m.noLine,
        no_rate: m.noRate,
        yes: m.yesLine,
        yes_rate: m.yesRate,
        suspended: bit(m.status !== "open"),
        ball_running: bit(m.ballRunning),
        min: takaNumber(m.minStake),
        max: takaNumber(m.maxStake),
      })),
    bookmaker: bookmakers.flatMap((m) =>
      runners
        .filter((r) => r.marketId === m.id)
        .map((r) => ({
          marketId: String(m.id),
          selectionId: r.id,
          runner: r.name,
          backPrice: r.backRate ?? 0,
          layPrice: r.layRate ?? 0,
          odd_type: "DIGIT" as const,
          suspended: bit(m.status !== "open" || r.status !== "active" || !r.backRate),
          ball_running: bit(m.ballRunning),
        })),
    ),
  };
}

/** GET /api/score/board/{eventId}: the score as JSON (the original read an HTML page for an iframe's address). */
export async function apiScoreBoard(eventId: number) {
  const [event] = await db.select().from(exchangeEvents).where(eq(exchangeEvents.id, eventId));
  if (!event) return null;
  const [odds] = await db
    .select({ id: exchangeMarkets.id })
    .from(exchangeMarkets)
    .where(and(eq(exchangeMarkets.eventId, eventId), eq(exchangeMarkets.kind, "match_odds")));
  const teams = odds
    ? (
        await db
          .select({ name: exchangeRunners.name })
          .from(exchangeRunners)
          .where(eq(exchangeRunners.marketId, odds.id))
          .orderBy(asc(exchangeRunners.sortOrder))
      ).map((r) => r.name)
    : [];
  return {
    eventId: String(event.id),
    event: event.name,
    inplay: event.inPlay && !event.closed,
    closed: event.closed,
    innings: (event.score?.innings ?? []).map((i) => ({ team: teams[i.team] ?? null, runs: i.runs, wickets: i.wickets, overs: i.overs })),
    lastBall: event.score?.lastBall ?? null,
  };
}

/**
 * GET /api/exchange-hub (auth): the player's exchange records with the spec's fields, newest first, and each order's
 * requested and average matched odds and sizes (matched, remaining, cancelled, lapsed, voided); `next` pages back.
 */
export async function apiExchangeHub(playerId: number, before?: number) {
  const { records, next } = await listExchangeRecords(playerId, before);
  return {
    data: records.map((r) => ({
      transaction_id: r.transactionId,
      event_name: r.event,
      market_name: r.market,
      selection_name: r.selection,
      bet_type: r.betType,
      odds: r.odds,
      run: r.run,
      stake: r.plain.stake,
      potential_profit: r.plain.profit,
      potential_liability: r.plain.liability,
      status: r.status,
      net_profit_loss: r.plain.net,
      created_at: r.placedAt,
      // Betfair's figures of the order: `odds` is the average matched price once anything matched.
      requested_odds: r.plain.requestedOdds,
      average_matched_odds: r.plain.averageOdds,
      size: r.plain.size,
      size_matched: r.plain.matched,
      size_remaining: r.plain.remaining,
      size_cancelled: r.plain.cancelled,
      size_lapsed: r.plain.lapsed,
      size_voided: r.plain.voided,
      matched_at: r.plain.matchedAt,
    })),
    next,
  };
}
