// What the exchange pages read: the event lists (in play, today, tomorrow, results) and one market's view with the
// book's depth (the best CASH_OUT_DEPTH prices a side), the Bookmaker and Fancy tables of its event, and the player's bets and P&L per outcome.
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { addDays, dhakaDayBounds, dhakaDayKey } from "#app/kernel/dhaka-time.ts";
import { CASH_OUT_DEPTH } from "./cash-out.ts";
import { tradedIn } from "./depth.server.ts";
import { marketBook } from "./exposure.server.ts";
import { marketKind } from "./market-kinds.ts";
import { OrderBook } from "./matching.ts";
import { restingOrders } from "./orders.server.ts";
import {
  type ExchangeEvent,
  type ExchangeMarket,
  exchangeEvents,
  exchangeMarkets,
  exchangeOrders,
  exchangeRunners,
  type Sport,
  sports,
} from "./schema.ts";

/** "open": every event not yet closed (the sports and competitions page). */
export type EventTab = "inplay" | "today" | "tomorrow" | "result" | "open";

export type EventRow = ExchangeEvent & { matchOddsId: number | null; hasFancy: boolean; hasBookmaker: boolean };

/** Events of a tab grouped by sport (cricket, soccer, tennis; an empty sport is left out), soonest first. */
export async function listEvents({ tab, search, now = new Date() }: { tab: EventTab; search?: string; now?: Date }) {
  // Today and Tomorrow are Dhaka calendar days.
  const day = dhakaDayBounds(addDays(dhakaDayKey(now), tab === "tomorrow" ? 1 : 0));
  const when =
    tab === "inplay"
      ? and(eq(exchangeEvents.inPlay, true), eq(exchangeEvents.closed, false))
      : tab === "result"
        ? eq(exchangeEvents.closed, true)
        : tab === "open"
          ? eq(exchangeEvents.closed, false)
          : and(eq(exchangeEvents.closed, false), gte(exchangeEvents.startsAt, day.start), lt(exchangeEvents.startsAt, day.end));
  const text = search?.trim();
  const events = await db
    .select()
    .from(exchangeEvents)
    .where(
      text ? and(when, or(ilike(exchangeEvents.name, `%${escapeLike(text)}%`), ilike(exchangeEvents.competition, `%${escapeLike(text)}%`))) : when,
    )
    .orderBy(tab === "result" ? desc(exchangeEvents.startsAt) : asc(exchangeEvents.startsAt))
    .limit(tab === "open" ? 300 : 100);
  const markets = events.length
    ? await db
        .select({ id: exchangeMarkets.id, eventId: exchangeMarkets.eventId, kind: exchangeMarkets.kind })
        .from(exchangeMarkets)
        .where(
          inArray(
            exchangeMarkets.eventId,
            events.map((e) => e.id),
          ),
        )
    : [];
  const rows: EventRow[] = events.map((e) => {
    const mine = markets.filter((m) => m.eventId === e.id);
    return {
      ...e,
      matchOddsId: mine.find((m) => marketKind(m.kind).leadsEvent)?.id ?? null,
      hasFancy: mine.some((m) => m.kind === "fancy"),
      hasBookmaker: mine.some((m) => m.kind === "bookmaker"),
    };
  });
  return sports.map((sport: Sport) => ({ sport, events: rows.filter((r) => r.sport === sport) })).filter((g) => g.events.length > 0);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One market and its event's other markets as the market page shows them; null when there is no such market. */
export async function marketView(marketId: number, playerId?: number) {
  const [market] = await db.select().from(exchangeMarkets).where(eq(exchangeMarkets.id, marketId));
  if (!market) return null;
  const [event] = await db.select().from(exchangeEvents).where(eq(exchangeEvents.id, market.eventId));
  const siblings = await db
    .select()
    .from(exchangeMarkets)
    .where(eq(exchangeMarkets.eventId, market.eventId))
    .orderBy(asc(exchangeMarkets.sortOrder), asc(exchangeMarkets.id));
  const runnerMarkets = siblings.filter((m) => marketKind(m.kind).hasRunners).map((m) => m.id);
  const runners = runnerMarkets.length
    ? await db.select().from(exchangeRunners).where(inArray(exchangeRunners.marketId, runnerMarkets)).orderBy(asc(exchangeRunners.sortOrder))
    : [];
  const hasBook = marketKind(market.kind).hasBook;
  const [open, traded] = await Promise.all([restingOrders(db, marketId), hasBook ? tradedIn(marketId) : null]);
  const book = OrderBook.from(open);
  const withDepth = (m: ExchangeMarket) => ({
    market: m,
    /** What traded in the market (the page's own market with a book only). */
    traded: m.id === marketId ? traded : null,
    runners: runners
      .filter((r) => r.marketId === m.id)
      .map((r) => ({ ...r, ...(m.id === marketId && hasBook ? book.depth(r.id, CASH_OUT_DEPTH) : {}) })),
  });
  const matchOdds = siblings.filter((m) => m.kind === "match_odds").map(withDepth);
  const bookmaker = siblings.filter((m) => m.kind === "bookmaker").map(withDepth);
  const fancy = siblings.filter((m) => m.kind === "fancy" && m.status !== "closed");
  return {
    event: event!,
    market,
    matchOdds,
    bookmaker,
    fancy,
    player: playerId
      ? await playerView(
          playerId,
          siblings.map((m) => m.id),
        )
      : null,
  };
}

/**
 * What a market's live push needs (market-stream.server.ts), in fewer and narrower reads than marketView: the market,
 * its event's score, its own runners (with match odds' best CASH_OUT_DEPTH prices a side: the tables show three, a Cash Out uses them all) and, for match odds, the event's
 * markets that are not settled (a closed Fancy line left out, as the page leaves it out).
 */
export async function marketPushView(marketId: number) {
  const [row] = await db
    .select({ market: exchangeMarkets, score: exchangeEvents.score })
    .from(exchangeMarkets)
    .innerJoin(exchangeEvents, eq(exchangeEvents.id, exchangeMarkets.eventId))
    .where(eq(exchangeMarkets.id, marketId));
  if (!row) return null;
  const { market, score } = row;
  const kind = marketKind(market.kind);
  const [runners, open, traded, siblings] = await Promise.all([
    kind.hasRunners ? db.select().from(exchangeRunners).where(eq(exchangeRunners.marketId, marketId)).orderBy(asc(exchangeRunners.sortOrder)) : [],
    kind.hasBook ? restingOrders(db, marketId) : [],
    kind.hasBook ? tradedIn(marketId) : null,
    kind.leadsEvent
      ? db
          .select({ id: exchangeMarkets.id, kind: exchangeMarkets.kind, status: exchangeMarkets.status })
          .from(exchangeMarkets)
          .where(and(eq(exchangeMarkets.eventId, market.eventId), sql`${exchangeMarkets.settledAt} is null`))
          .orderBy(asc(exchangeMarkets.sortOrder), asc(exchangeMarkets.id))
      : [],
  ]);
  const book = OrderBook.from(open);
  return {
    market,
    score,
    traded,
    runners: runners.map((r) => ({ ...r, ...(kind.hasBook ? book.depth(r.id, CASH_OUT_DEPTH) : {}) })),
    // A settled line has left the page.
    markets: kind.leadsEvent ? siblings.filter((m) => marketKind(m.kind).hasRunners || m.status !== "closed").map((m) => m.id) : null,
  };
}

/** The player's orders in these markets (open, matched and settled) and their P&L per outcome in each. */
async function playerView(playerId: number, marketIds: number[]) {
  const orders = await db
    .select()
    .from(exchangeOrders)
    .where(and(eq(exchangeOrders.playerId, playerId), inArray(exchangeOrders.marketId, marketIds)))
    .orderBy(desc(exchangeOrders.id));
  const withBets = [...new Set(orders.map((o) => o.marketId))];
  const books = new Map<number, Map<number, bigint>>();
  await db.transaction(async (tx) => {
    for (const id of withBets) books.set(id, await marketBook(tx, playerId, id));
  });
  return {
    unmatched: orders.filter((o) => o.status === "unmatched" || o.status === "partially_matched"),
    matched: orders.filter((o) => o.matched > 0n),
    books,
  };
}

/** The player's exchange bets, newest first (My Bets and Bets History, the betting record's Unsettled tab), with keyset paging on id. */
export async function listPlayerOrders(
  playerId: number,
  { settled, before, limit = 20, placed }: { settled: boolean; before?: number; limit?: number; placed?: { from: Date; to: Date } },
) {
  const statuses = settled ? (["won", "lost", "void", "cancelled", "lapsed"] as const) : (["unmatched", "partially_matched", "matched"] as const);
  return db
    .select({
      order: exchangeOrders,
      kind: exchangeMarkets.kind,
      market: exchangeMarkets.name,
      event: exchangeEvents.name,
      runner: exchangeRunners.name,
    })
    .from(exchangeOrders)
    .innerJoin(exchangeMarkets, eq(exchangeMarkets.id, exchangeOrders.marketId))
    .innerJoin(exchangeEvents, eq(exchangeEvents.id, exchangeMarkets.eventId))
    .leftJoin(exchangeRunners, eq(exchangeRunners.id, exchangeOrders.runnerId))
    .where(
      and(
        eq(exchangeOrders.playerId, playerId),
        inArray(exchangeOrders.status, [...statuses]),
        before ? lt(exchangeOrders.id, before) : sql`true`,
        ...(placed ? [gte(exchangeOrders.placedAt, placed.from), lt(exchangeOrders.placedAt, placed.to)] : []),
      ),
    )
    .orderBy(desc(exchangeOrders.id))
    .limit(Math.min(Math.max(limit, 1), 100));
}

/** Those of `ids` that name a market not settled yet (a Multi Markets page's live updates). */
export async function unsettledMarketIds(ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: exchangeMarkets.id })
    .from(exchangeMarkets)
    .where(and(inArray(exchangeMarkets.id, ids), sql`${exchangeMarkets.settledAt} is null`));
  return rows.map((r) => r.id);
}

/** The ids of an event's markets that are not settled (its page's live updates); empty when there is no such event. */
export async function liveMarketIds(eventId: number): Promise<number[]> {
  const rows = await db
    .select({ id: exchangeMarkets.id })
    .from(exchangeMarkets)
    .where(and(eq(exchangeMarkets.eventId, eventId), sql`${exchangeMarkets.settledAt} is null`));
  return rows.map((r) => r.id);
}
