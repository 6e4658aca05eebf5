// The trader's back office: events and their markets with the live liability, and every lever a trader pulls (create
// an event, open and suspend, turn in play, ball running, Bookmaker quotes, Fancy lines, settle, void, correct). Each
// change commits with its audit row.
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { db, type Executor, type Tx } from "#app/db/db.server.ts";
import { publish } from "#app/modules/events/index.server.ts";
import { audit } from "#app/modules/audit/index.server.ts";
import { ExchangeError } from "./errors.ts";
import { ensureEvent } from "./events.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { marketLiability } from "./exposure.server.ts";
import { marketKind } from "./market-kinds.ts";
import { MARKET_MAKER_USERNAME } from "./market-maker.server.ts";
import { exchangeEvents, exchangeExposures, exchangeMarkets, exchangeOrders, exchangeRunners, type Sport } from "./schema.ts";
import { type MarketOutcome, settleMarket } from "./settlement.server.ts";
import { takaText } from "#app/kernel/money.ts";
import { openHoldAmounts } from "#app/modules/ledger/index.server.ts";
import { setBallRunning, setBookmakerQuote, setFancyLine, setMarketStatus, suspended, turnInPlay } from "./trading.server.ts";
import { currentStreamHosts } from "#app/modules/settings/index.server.ts";
import { checkStreamUrl, type StreamUrlCheck } from "./stream-url.ts";

type StreamUrlError = Extract<StreamUrlCheck, { ok: false }>["error"];

export type Trader = { staffId: number; ip: string | null };

const audited =
  (trader: Trader, action: string, entity: string, entityId: number, after: unknown) =>
  (tx: Tx): Promise<void> =>
    audit(tx, { staffId: trader.staffId, action, entity, entityId, after, ip: trader.ip });

/** A market's figures for the trader: matched volume, the players' bets, and the exposure held by the ledger's holds. */
type MarketFigures = {
  /** Backers' stakes matched: each match-odds fill once, each Bookmaker or Fancy bet whole. */
  matched: bigint;
  /** The players' bets with something matched (the market-maker's orders not counted). */
  bets: number;
  /** The players' exposure held in this market: their ledger holds for it. */
  held: bigint;
  /** The market-maker's exposure held in this market (its ledger hold). */
  makerHeld: bigint;
  /** The holds the exposure rows name, players' and market-maker's: their ids (read from the ledger for a reconciliation). */
  holdIds: number[];
};

const noFigures = (): MarketFigures => ({ matched: 0n, bets: 0, held: 0n, makerHeld: 0n, holdIds: [] });

/** The demo's market-maker (a system player providing match-odds liquidity), if there is one. */
async function marketMakerId(): Promise<number | undefined> {
  const [maker] = await db.select({ id: players.id }).from(players).where(eq(players.username, MARKET_MAKER_USERNAME));
  return maker?.id;
}

/** Each market's figures, in two grouped queries however many markets there are. */
async function marketFigures(ex: Executor, marketIds: number[], makerId: number | undefined): Promise<Map<number, MarketFigures>> {
  const figures = new Map(marketIds.map((id) => [id, noFigures()]));
  if (marketIds.length === 0) return figures;
  const notMaker = makerId === undefined ? sql`true` : ne(exchangeOrders.playerId, makerId);
  const volumes = await ex
    .select({
      marketId: exchangeOrders.marketId,
      kind: exchangeMarkets.kind,
      matched: sql<string>`coalesce(sum(${exchangeOrders.matched}), 0)`,
      bets: sql<number>`(count(*) filter (where ${exchangeOrders.matched} > 0 and ${notMaker}))::int`,
    })
    .from(exchangeOrders)
    .innerJoin(exchangeMarkets, eq(exchangeMarkets.id, exchangeOrders.marketId))
    .where(inArray(exchangeOrders.marketId, marketIds))
    .groupBy(exchangeOrders.marketId, exchangeMarkets.kind);
  for (const v of volumes) {
    const f = figures.get(v.marketId)!;
    // A fill in a book (match odds) matches two orders (the taker's and the maker's): the volume is half their matched stakes.
    f.matched = marketKind(v.kind).hasBook ? BigInt(v.matched) / 2n : BigInt(v.matched);
    f.bets = v.bets;
  }
  // What the ledger holds from each player for each market (the exposure row carries its one open hold's amount).
  const holds = await ex
    .select({
      marketId: exchangeExposures.marketId,
      playerId: exchangeExposures.playerId,
      held: exchangeExposures.amount,
      holdId: exchangeExposures.holdId,
    })
    .from(exchangeExposures)
    .where(and(inArray(exchangeExposures.marketId, marketIds), gt(exchangeExposures.amount, 0n)));
  for (const h of holds) {
    const f = figures.get(h.marketId)!;
    if (h.playerId === makerId) f.makerHeld += h.held;
    else f.held += h.held;
    if (h.holdId !== null) f.holdIds.push(h.holdId);
  }
  return figures;
}

const sumFigures = (all: MarketFigures[]): MarketFigures =>
  all.reduce(
    (t, f) => ({
      matched: t.matched + f.matched,
      bets: t.bets + f.bets,
      held: t.held + f.held,
      makerHeld: t.makerHeld + f.makerHeld,
      holdIds: [...t.holdIds, ...f.holdIds],
    }),
    noFigures(),
  );

const figuresText = (f: MarketFigures) => ({ matched: takaText(f.matched), bets: f.bets, held: takaText(f.held), makerHeld: takaText(f.makerHeld) });

/**
 * Events not yet closed, soonest first, and the last 20 closed, each with its markets' figures summed: matched
 * volume, the players' bets, their exposure held and the market-maker's.
 */
export async function traderEvents() {
  const [open, closed] = await Promise.all([
    db.select().from(exchangeEvents).where(eq(exchangeEvents.closed, false)).orderBy(asc(exchangeEvents.startsAt)).limit(200),
    db.select().from(exchangeEvents).where(eq(exchangeEvents.closed, true)).orderBy(desc(exchangeEvents.startsAt)).limit(20),
  ]);
  const events = [...open, ...closed];
  const markets = events.length
    ? await db
        .select({ id: exchangeMarkets.id, eventId: exchangeMarkets.eventId })
        .from(exchangeMarkets)
        .where(
          inArray(
            exchangeMarkets.eventId,
            events.map((e) => e.id),
          ),
        )
    : [];
  const figures = await marketFigures(
    db,
    markets.map((m) => m.id),
    await marketMakerId(),
  );
  return events.map((event) => ({
    ...event,
    ...figuresText(sumFigures(markets.filter((m) => m.eventId === event.id).map((m) => figures.get(m.id)!))),
  }));
}

/** P&L per result in runs as ranges ("0–44", "45+"), adjacent results with the same P&L joined. */
function runRanges(book: Map<number, bigint>): { from: number; to: number | null; pnl: bigint }[] {
  const cases = [...book.keys()].sort((a, b) => a - b);
  const ranges: { from: number; to: number | null; pnl: bigint }[] = [];
  cases.forEach((from, i) => {
    const pnl = book.get(from)!;
    const to = i + 1 < cases.length ? cases[i + 1]! - 1 : null;
    const last = ranges.at(-1);
    if (last && last.pnl === pnl) last.to = to;
    else ranges.push({ from, to, pnl });
  });
  return ranges;
}

/**
 * The outcome the market-maker or the house fares worst on (the lowest P&L; the first such runner or range), or null
 * when nothing is matched yet.
 */
function worstOf<T extends { pnl: bigint }>(outcomes: T[]): T | null {
  if (outcomes.every((o) => o.pnl === 0n)) return null;
  return outcomes.reduce((w, o) => (o.pnl < w.pnl ? o : w));
}

/**
 * A market's (or an event's) exposure three ways: `required`, the players' and the market-maker's exposures as the
 * rules work them out from their bets now; `recorded`, what the exposure rows say is held; `ledger`, what the ledger's
 * open holds named by those rows actually reserve. They match when all three are equal.
 */
type Reconciliation = { required: bigint; recorded: bigint; ledger: bigint };

const reconciliationText = (r: Reconciliation) => ({
  required: takaText(r.required),
  ledger: takaText(r.ledger),
  matches: r.required === r.recorded && r.recorded === r.ledger,
});

/**
 * One event for the trader: its figures summed, and each market with its status, quotes or line, its figures
 * (matched volume, the players' exposure held, the market-maker's) and the other side of the players' matched P&L
 * on each outcome: the market-maker's position on match odds (the house's liquidity, where players otherwise bet
 * against each other), the house's profit or loss on Bookmaker and Fancy (house-backed), per runner or per result.
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
  const makerId = await marketMakerId();
  const { views, figures, reconciled } = await db.transaction(async (tx) => {
    const figures = await marketFigures(
      tx,
      markets.map((m) => m.id),
      makerId,
    );
    const openHolds = await openHoldAmounts(
      [...figures.values()].flatMap((f) => f.holdIds),
      tx,
    );
    const reconciled = new Map<number, Reconciliation>();
    const views = [];
    for (const m of markets) {
      const marketRunners = runners.filter((r) => r.exchange_runners.marketId === m.id).map(({ exchange_runners: r }) => r);
      const runnerIds = marketRunners.map((r) => r.id);
      // What is matched (waiting stakes may never be); Bookmaker and Fancy bets are always taken whole. The
      // market-maker's side is left out: the other side of what the players win or lose is the maker's or the house's.
      const { book, exposures } = await marketLiability(tx, m.id, m.kind, runnerIds, makerId);
      const other = new Map([...book].map(([outcome, pnl]) => [outcome, -pnl]));
      const f = figures.get(m.id)!;
      const reconciliation = {
        required: [...exposures.values()].reduce((t, x) => t + x, 0n),
        recorded: f.held + f.makerHeld,
        ledger: f.holdIds.reduce((t, id) => t + (openHolds.get(id) ?? 0n), 0n),
      };
      reconciled.set(m.id, reconciliation);
      const hasRunners = marketKind(m.kind).hasRunners;
      const runs = hasRunners ? null : runRanges(other);
      const worst = hasRunners
        ? worstOf(marketRunners.map((r) => ({ pnl: other.get(r.id) ?? 0n, runner: r.name, runs: null })))
        : worstOf(runs!.map((r) => ({ pnl: r.pnl, runner: null, runs: { from: r.from, to: r.to } })));
      views.push({
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
        line: hasRunners ? null : { noLine: m.noLine, yesLine: m.yesLine, noRate: m.noRate, yesRate: m.yesRate },
        ...figuresText(f),
        /** Whose P&L `pnl` (per runner) and `runs` (per result) are: the market-maker's or the house's. */
        pnlOf: marketKind(m.kind).hasBook ? ("maker" as const) : ("house" as const),
        /** The outcome the maker or the house fares worst on and its P&L (null: nothing matched). */
        worst: worst ? { pnl: takaText(worst.pnl), negative: worst.pnl < 0n, runner: worst.runner, runs: worst.runs } : null,
        /** The exposure the rules require of everyone in the market against what the ledger holds for it. */
        reconciliation: reconciliationText(reconciliation),
        /** Fancy: the house's P&L per range of results. */
        runs: runs ? runs.map((r) => ({ ...r, pnl: takaText(r.pnl) })) : null,
        runners: marketRunners.map((r) => ({
          id: r.id,
          name: r.name,
          status: r.status,
          backRate: r.backRate,
          layRate: r.layRate,
          pnl: takaText(other.get(r.id) ?? 0n),
        })),
      });
    }
    return { views, figures, reconciled };
  });
  const all = [...reconciled.values()].reduce(
    (t, r) => ({ required: t.required + r.required, recorded: t.recorded + r.recorded, ledger: t.ledger + r.ledger }),
    { required: 0n, recorded: 0n, ledger: 0n },
  );
  return { event, totals: { ...figuresText(sumFigures([...figures.values()])), reconciliation: reconciliationText(all) }, markets: views };
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
    await tx
      .update(exchangeMarkets)
      .set({ status: "suspended", ...suspended })
      .where(eq(exchangeMarkets.eventId, eventId));
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
      .values({ eventId, kind: "fancy", status: "suspended", ...marketKind("fancy").defaults, sortOrder: 10, ...line })
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

/**
 * Sets (or, with null, clears) an event's live-stream URL, checked against the stream hosts allowed now. A refused URL
 * writes nothing and says why (for the message next to the field); an unchanged one writes no audit row.
 */
export async function setStreamByTrader(
  trader: Trader,
  eventId: number,
  text: string | null,
): Promise<{ ok: true } | { ok: false; error: StreamUrlError }> {
  let url: string | null = null;
  if (text !== null) {
    const checked = checkStreamUrl(text, await currentStreamHosts());
    if (!checked.ok) return checked;
    url = checked.url;
  }
  await db.transaction(async (tx) => {
    const [event] = await tx.select({ streamUrl: exchangeEvents.streamUrl }).from(exchangeEvents).where(eq(exchangeEvents.id, eventId)).for("update");
    if (!event) throw new ExchangeError("market_not_found");
    if (event.streamUrl === url) return;
    await tx.update(exchangeEvents).set({ streamUrl: url }).where(eq(exchangeEvents.id, eventId));
    await audit(tx, {
      staffId: trader.staffId,
      action: url ? "exchange.event.stream" : "exchange.event.streamClear",
      entity: "exchange_event",
      entityId: eventId,
      before: { streamUrl: event.streamUrl },
      after: { streamUrl: url },
      ip: trader.ip,
    });
  });
  return { ok: true };
}
