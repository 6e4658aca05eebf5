// The trader's back office: events and their markets with the live liability, and every lever a trader pulls (create
// an event, open and suspend, turn in play, ball running, Bookmaker quotes, Fancy lines, settle, void, correct). Each
// change commits with its audit row.
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { db, type Tx } from "#app/db/db.server.ts";
import { publish } from "#app/modules/events/bus.server.ts";
import { audit } from "#app/modules/staff/audit.server.ts";
import { ExchangeError } from "./errors.ts";
import { ensureEvent } from "./events.server.ts";
import { players } from "#app/modules/players/schema.ts";
import { playersBook } from "./exposure.server.ts";
import { MARKET_MAKER_USERNAME } from "./market-maker.server.ts";
import { exchangeEvents, exchangeExposures, exchangeMarkets, exchangeOrders, exchangeRunners, type Sport } from "./schema.ts";
import { type MarketOutcome, settleMarket } from "./settlement.server.ts";
import { takaText } from "./slip.ts";
import { setBallRunning, setBookmakerQuote, setFancyLine, setMarketStatus, turnInPlay } from "./trading.server.ts";

export type Trader = { staffId: number; ip: string | null };

const audited =
  (trader: Trader, action: string, entity: string, entityId: number, after: unknown) =>
  (tx: Tx): Promise<void> =>
    audit(tx, { staffId: trader.staffId, action, entity, entityId, after, ip: trader.ip });

/** Events not yet closed, soonest first, and the last 20 closed, with their markets' count and the exposure held. */
export async function traderEvents() {
  const held = sql<string>`coalesce((select sum(x.amount) from ${exchangeExposures} x join ${exchangeMarkets} m on m.id = x.market_id where m.event_id = ${exchangeEvents.id}), 0)`;
  const columns = { event: exchangeEvents, held };
  const [open, closed] = await Promise.all([
    db.select(columns).from(exchangeEvents).where(eq(exchangeEvents.closed, false)).orderBy(asc(exchangeEvents.startsAt)).limit(200),
    db.select(columns).from(exchangeEvents).where(eq(exchangeEvents.closed, true)).orderBy(desc(exchangeEvents.startsAt)).limit(20),
  ]);
  return [...open, ...closed].map(({ event, held }) => ({ ...event, held: takaText(BigInt(held)) }));
}

/**
 * One event for the trader: each market with its status, quotes or line, the exposure held from players and the
 * players' P&L summed per outcome (per runner; for a Fancy line, its worst case), the market-maker left out: what
 * the house pays or takes when that outcome comes.
 */
export async function traderEvent(eventId: number) {
  const [event] = await db.select().from(exchangeEvents).where(eq(exchangeEvents.id, eventId));
  if (!event) return null;
  const markets = await db
    .select()
    .from(exchangeMarkets)
    .where(eq(exchangeMarkets.eventId, eventId))
    .orderBy(asc(exchangeMarkets.sortOrder), asc(exchangeMarkets.id));
  const runners = await db
    .select()
    .from(exchangeRunners)
    .innerJoin(exchangeMarkets, eq(exchangeMarkets.id, exchangeRunners.marketId))
    .where(eq(exchangeMarkets.eventId, eventId))
    .orderBy(asc(exchangeRunners.sortOrder));
  // The demo's market-maker is the house's own liquidity: players' P&L is what they would win from it and from the house.
  const [maker] = await db.select({ id: players.id }).from(players).where(eq(players.username, MARKET_MAKER_USERNAME));
  const makerId = maker?.id;
  const views = await db.transaction(async (tx) => {
    const out = [];
    for (const m of markets) {
      const runnerIds = runners.filter((r) => r.exchange_runners.marketId === m.id).map((r) => r.exchange_runners.id);
      // What is matched (waiting stakes may never be); BookMaker and Fancy bets are always taken whole.
      const outcome = await playersBook(tx, m.id, m.kind, runnerIds, makerId);
      const [held] = await tx
        .select({ sum: sql<string>`coalesce(sum(${exchangeExposures.amount}), 0)` })
        .from(exchangeExposures)
        .where(eq(exchangeExposures.marketId, m.id));
      const [volume] = await tx
        .select({ sum: sql<string>`coalesce(sum(${exchangeOrders.matched}), 0)`, bets: sql<number>`count(*)::int` })
        .from(exchangeOrders)
        .where(eq(exchangeOrders.marketId, m.id));
      const worst = [...outcome.values()].reduce((w, v) => (v > w ? v : w), 0n);
      out.push({
        id: m.id,
        kind: m.kind,
        name: m.name,
        status: m.status,
        inPlay: m.inPlay,
        ballRunning: m.ballRunning,
        settled: m.settledAt !== null,
        settleCount: m.settleCount,
        voided: m.voided,
        resultRuns: m.resultRuns,
        line: m.kind === "fancy" ? { noLine: m.noLine, yesLine: m.yesLine, noRate: m.noRate, yesRate: m.yesRate } : null,
        held: takaText(BigInt(held!.sum)),
        matched: takaText(BigInt(volume!.sum)),
        bets: volume!.bets,
        /** For a Fancy line: what players win at the worst result for the house. */
        worstCase: m.kind === "fancy" ? takaText(worst) : null,
        runners: runners
          .filter((r) => r.exchange_runners.marketId === m.id)
          .map(({ exchange_runners: r }) => ({
            id: r.id,
            name: r.name,
            status: r.status,
            backRate: r.backRate,
            layRate: r.layRate,
            playersPnl: takaText(outcome.get(r.id) ?? 0n),
          })),
      });
    }
    return out;
  });
  return { event, markets: views };
}

export type NewEvent = { sport: Sport; competition: string; name: string; startsAt: Date; runners: string[]; bookmaker: boolean };

/** A trader's own event (no feed drives it): match odds, and a Bookmaker market on the same runners without quotes. */
export async function createTraderEvent(trader: Trader, spec: NewEvent): Promise<number> {
  const { eventId } = await ensureEvent({
    externalId: `trader-${randomUUID()}`,
    sport: spec.sport,
    competition: spec.competition,
    name: spec.name,
    startsAt: spec.startsAt,
    runners: spec.runners,
    bookmaker: spec.bookmaker ? { backRates: spec.runners.map(() => 0), layRates: spec.runners.map(() => 0) } : undefined,
  });
  // Opened suspended: the trader opens it when it is priced.
  const markets = await db.select({ id: exchangeMarkets.id }).from(exchangeMarkets).where(eq(exchangeMarkets.eventId, eventId));
  await db.transaction(async (tx) => {
    await tx.update(exchangeMarkets).set({ status: "suspended" }).where(eq(exchangeMarkets.eventId, eventId));
    await audited(trader, "exchange.event.create", "exchange_event", eventId, {
      ...spec,
      startsAt: spec.startsAt.toISOString(),
      markets: markets.length,
    })(tx);
  });
  return eventId;
}

/** A Fancy line added by hand ("6 over runs DHA"), suspended until the trader opens it. */
export async function addFancyLine(
  trader: Trader,
  eventId: number,
  line: { name: string; noLine: number; yesLine: number; noRate: number; yesRate: number },
) {
  if (line.yesLine < line.noLine) throw new ExchangeError("invalid_price");
  const id = await db.transaction(async (tx) => {
    const [event] = await tx.select({ closed: exchangeEvents.closed }).from(exchangeEvents).where(eq(exchangeEvents.id, eventId));
    if (!event || event.closed) throw new ExchangeError("market_closed");
    const [created] = await tx
      .insert(exchangeMarkets)
      .values({ eventId, kind: "fancy", status: "suspended", commissionBp: 0, inPlayDelayMs: 0, sortOrder: 10, ...line })
      .returning({ id: exchangeMarkets.id });
    await audited(trader, "exchange.fancy.create", "exchange_market", created!.id, line)(tx);
    return created!.id;
  });
  // The match odds' next push names the new line, so open pages show it and their streams take it on.
  const [matchOdds] = await db
    .select({ id: exchangeMarkets.id })
    .from(exchangeMarkets)
    .where(and(eq(exchangeMarkets.eventId, eventId), eq(exchangeMarkets.kind, "match_odds")));
  if (matchOdds) await publish({ kind: "market", marketId: matchOdds.id });
  return id;
}

export async function setStatusByTrader(trader: Trader, marketId: number, status: "open" | "suspended") {
  await setMarketStatus(
    marketId,
    status,
    {},
    audited(trader, `exchange.market.${status === "open" ? "open" : "suspend"}`, "exchange_market", marketId, { status }),
  );
}

export async function turnInPlayByTrader(trader: Trader, eventId: number) {
  await turnInPlay(eventId, audited(trader, "exchange.event.inplay", "exchange_event", eventId, { inPlay: true }));
}

export async function ballRunningByTrader(trader: Trader, eventId: number, running: boolean) {
  await setBallRunning(eventId, running, audited(trader, "exchange.event.ball", "exchange_event", eventId, { ballRunning: running }));
}

export async function quoteByTrader(trader: Trader, runnerId: number, backRate: number | null, layRate: number | null) {
  await setBookmakerQuote(
    runnerId,
    backRate,
    layRate,
    audited(trader, "exchange.bookmaker.quote", "exchange_runner", runnerId, { backRate, layRate }),
  );
}

export async function lineByTrader(trader: Trader, marketId: number, line: { noLine: number; yesLine: number; noRate: number; yesRate: number }) {
  await setFancyLine(marketId, line, audited(trader, "exchange.fancy.line", "exchange_market", marketId, line));
}

/**
 * Settles (or voids, or corrects an earlier settlement of) a market: unmatched stakes lapse, P&L is posted through the
 * ledger, a correction reverses the earlier postings first. The event closes when its last market is settled.
 */
export async function settleByTrader(trader: Trader, marketId: number, outcome: MarketOutcome) {
  const [market] = await db.select().from(exchangeMarkets).where(eq(exchangeMarkets.id, marketId));
  if (!market) throw new ExchangeError("market_not_found");
  if (!market.settledAt) await setMarketStatus(marketId, "suspended", { forSettlement: true });
  const label = "void" in outcome ? "void" : market.settledAt ? "correct" : "settle";
  const described =
    "winnerRunnerId" in outcome
      ? { winnerRunnerId: outcome.winnerRunnerId }
      : "resultRuns" in outcome
        ? { resultRuns: outcome.resultRuns }
        : { void: true };
  const settled = await settleMarket(marketId, outcome, audited(trader, `exchange.market.${label}`, "exchange_market", marketId, described));
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(exchangeMarkets)
    .where(and(eq(exchangeMarkets.eventId, market.eventId), sql`${exchangeMarkets.settledAt} is null`));
  if (open!.n === 0) await db.update(exchangeEvents).set({ closed: true, inPlay: false }).where(eq(exchangeEvents.id, market.eventId));
  return settled;
}
