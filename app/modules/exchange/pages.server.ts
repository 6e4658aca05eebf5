// What the exchange pages show, formatted for the screen: the event lists, the sports and competitions, one event's
// markets with the player's bets and P&L per outcome and the bet slip, and the markets pinned to Multi Markets.
// Times are in Asia/Dhaka, money in taka.
import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { UAParser } from "ua-parser-js";
import { db } from "#app/db/db.server.ts";
import { getPlayerBalances, getTransfersByKeys } from "#app/modules/ledger/index.server.ts";
import { dhakaRange, formatDhaka, formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import { betFigures } from "./bet-figures.ts";
import { cashOutBasis } from "./cash-out.server.ts";
import { depthLevels } from "./cash-out.ts";
import { marketSparklines } from "./depth.server.ts";
import { bookPercent } from "./depth.ts";
import { oddsText } from "./ladder.ts";
import { BEST_OFFERS } from "./matching.ts";
import { exposureOf } from "./pnl.ts";
import { postingKey } from "./settlement.server.ts";
import { type EventTab, listEvents, listPlayerOrders, marketView } from "./queries.server.ts";
import { sessions } from "#app/modules/sessions/index.server.ts";
import { configuredStreamHosts } from "#app/modules/settings/index.server.ts";
import {
  exchangeEvents,
  type ExchangeMarket,
  type ExchangeOrder,
  exchangeExposures,
  exchangeMarkets,
  exchangeOrders,
  exchangePins,
  type Sport,
} from "./schema.ts";
import { marketKind } from "./market-kinds.ts";
import { type BetSide, slipFigures, stakePoisha } from "./slip.ts";
import { takaText } from "#app/kernel/money.ts";
import { playableStream } from "./stream-url.ts";

const EVENT_TIME = "DD MMM HH:mm";
const limitsOf = (m: ExchangeMarket) => ({ min: takaText(m.minStake, { decimals: "trim" }), max: takaText(m.maxStake, { decimals: "trim" }) });

/** A tab of /exchange-inplay: events grouped by sport, each with its badges and whether the player pinned it. */
export async function eventListPage(playerId: number, tab: EventTab, search?: string) {
  const groups = await listEvents({ tab, search });
  const pinned = await pinnedIds(playerId);
  return groups.map((g) => ({
    sport: g.sport,
    events: g.events.map((e) => ({
      id: e.id,
      name: e.name,
      competition: e.competition,
      startsAt: formatDhaka(e.startsAt, EVENT_TIME),
      inPlay: e.inPlay && !e.closed,
      closed: e.closed,
      marketId: e.matchOddsId,
      hasFancy: e.hasFancy,
      hasBookmaker: e.hasBookmaker,
      pinned: e.matchOddsId !== null && pinned.has(e.matchOddsId),
    })),
  }));
}

/** /exchange-sports: the sports with open events, and for the chosen sport its competitions and their events. */
export async function sportsPage(playerId: number, sport: Sport | undefined) {
  const groups = await eventListPage(playerId, "open");
  const counts = groups.map((g) => ({ sport: g.sport, count: g.events.length }));
  const events = groups.find((g) => g.sport === sport)?.events ?? [];
  const competitions = [...new Set(events.map((e) => e.competition))].map((name) => ({
    name,
    events: events.filter((e) => e.competition === name),
  }));
  return { counts, competitions };
}

async function pinnedIds(playerId: number): Promise<Set<number>> {
  const rows = await db.select({ id: exchangePins.marketId }).from(exchangePins).where(eq(exchangePins.playerId, playerId));
  return new Set(rows.map((r) => r.id));
}

/** Pins or unpins a match-odds market for the player (idempotent; another kind of market or none is ignored). */
export async function setPinned(playerId: number, marketId: number, pinned: boolean) {
  if (!pinned) {
    await db.delete(exchangePins).where(and(eq(exchangePins.playerId, playerId), eq(exchangePins.marketId, marketId)));
    return;
  }
  const [market] = await db.select({ kind: exchangeMarkets.kind }).from(exchangeMarkets).where(eq(exchangeMarkets.id, marketId));
  if (!market || !marketKind(market.kind).leadsEvent) return;
  await db.insert(exchangePins).values({ playerId, marketId }).onConflictDoNothing();
}

/** The URL's bet slip: what the player tapped (a price in one of the event's markets) and the stake typed so far. */
export type SlipRequest = { market?: number; runner?: number; side?: string; price?: string; line?: number; stake?: string };

type View = NonNullable<Awaited<ReturnType<typeof marketView>>>;

const signed = (poisha: bigint | undefined) => (poisha === undefined ? null : { text: takaText(poisha), negative: poisha < 0n });

const sizeText = (poisha: bigint) => takaText(poisha, { decimals: "trim" });

/** The best BEST_OFFERS levels as the tables show them (odds, size in taka). */
function depthOf(levels: { tick: number; size: bigint }[] | undefined) {
  return (levels ?? []).slice(0, BEST_OFFERS).map((l) => ({ price: oddsText(l.tick), size: sizeText(l.size) }));
}

/** The market page of the event of `marketId` (the match odds market); null when there is no such market. */
export async function oddsPage(marketId: number, playerId: number, slip: SlipRequest) {
  const view = await marketView(marketId, playerId);
  if (!view) return null;
  if (!marketKind(view.market.kind).leadsEvent) return { redirectTo: view.matchOdds[0]?.market.id ?? null };
  const { event } = view;
  const books = view.player?.books ?? new Map<number, Map<number, bigint>>();
  const runnerNames = new Map([...view.matchOdds, ...view.bookmaker].flatMap((m) => m.runners.map((r) => [r.id, r.name] as const)));
  // Each runner's sparkline (at most SPARK_POINTS ticks; none before the first trade, and no read then).
  const leading = view.matchOdds[0];
  const sparks = leading
    ? await marketSparklines(
        leading.market.id,
        leading.runners.map((r) => r.id),
        leading.traded?.lastId ?? 0,
      )
    : new Map<number, number[]>();
  const matchOdds = view.matchOdds.map(({ market, runners, traded }) => {
    const active = runners.filter((r) => r.status === "active");
    return {
      id: market.id,
      version: market.version,
      status: market.status,
      settled: market.settledAt !== null,
      inPlay: market.inPlay,
      delaySeconds: market.inPlay ? Math.round(market.inPlayDelayMs / 1000) : 0,
      /** The commission on net winnings as a percentage ("2", "2.5"); null when the market charges none (not shown). */
      commissionPercent: market.commissionBp > 0 ? String(market.commissionBp / 100) : null,
      limits: limitsOf(market),
      traded: sizeText(traded?.total ?? 0n),
      book: {
        back: bookPercent(active.map((r) => r.availableToBack?.[0]?.tick)),
        lay: bookPercent(active.map((r) => r.availableToLay?.[0]?.tick)),
      },
      runners: runners.map((r) => {
        const t = traded?.runners.get(r.id);
        return {
          id: r.id,
          name: r.name,
          status: r.status,
          back: depthOf(r.availableToBack).reverse(),
          lay: depthOf(r.availableToLay),
          /** The book's CASH_OUT_DEPTH levels a side (ticks, poisha): the Cash Out button's prices, kept live by the pushes. */
          ...depthLevels(r),
          ltp: t ? oddsText(t.lastTick) : null,
          traded: sizeText(t?.matched ?? 0n),
          spark: sparks.get(r.id) ?? [],
          pnl: signed(books.get(market.id)?.get(r.id)),
          /** The same P&L in poisha, for the slip's projection in the browser (0 with no bets). */
          position: String(books.get(market.id)?.get(r.id) ?? 0n),
        };
      }),
    };
  })[0];
  const bookmaker = view.bookmaker.map(({ market, runners }) => ({
    id: market.id,
    version: market.version,
    status: market.status,
    settled: market.settledAt !== null,
    ballRunning: market.ballRunning,
    limits: limitsOf(market),
    runners: runners.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      back: r.backRate || null,
      lay: r.layRate || null,
      pnl: signed(books.get(market.id)?.get(r.id)),
      position: String(books.get(market.id)?.get(r.id) ?? 0n),
    })),
  }))[0];
  const fancy = view.fancy.map((m) => {
    const book = books.get(m.id);
    return {
      id: m.id,
      version: m.version,
      name: m.name,
      status: m.status,
      ballRunning: m.ballRunning,
      noLine: m.noLine,
      noRate: m.noRate,
      yesLine: m.yesLine,
      yesRate: m.yesRate,
      limits: limitsOf(m),
      exposure: book ? signed(-exposureOf(book.values())) : null,
    };
  });
  const marketNames = new Map(view.fancy.map((m) => [m.id, m.name]));
  const betRow = (o: ExchangeOrder) => {
    const f = betFigures(o);
    return {
      id: o.id,
      selection: o.runnerId ? (runnerNames.get(o.runnerId) ?? "") : (marketNames.get(o.marketId) ?? ""),
      side: o.side,
      /** The price asked (the unmatched part waits at it) and the average the matched part got. */
      price: f.requestedPrice,
      matchedPrice: f.price,
      stake: takaText(o.size),
      matched: takaText(f.matched),
      waiting: takaText(f.remaining),
      /** The matched part's (nothing matched: the waiting part's) profit and liability. */
      profit: takaText(f.profit),
      liability: takaText(f.liability),
      status: o.status,
      persist: o.persist,
      placedAt: formatDhaka(o.placedAt, "HH:mm:ss"),
    };
  };
  const eventMarkets = [matchOdds?.id, bookmaker?.id, ...fancy.map((f) => f.id)].filter((id): id is number => id !== undefined);
  const [held] = await db
    .select({ sum: sql<string>`coalesce(sum(${exchangeExposures.amount}), 0)` })
    .from(exchangeExposures)
    .where(and(eq(exchangeExposures.playerId, playerId), inArray(exchangeExposures.marketId, eventMarkets)));
  const pinned = (await pinnedIds(playerId)).has(marketId);
  // The Cash Out button: its value comes from the Cash Out page's own quote (cash-out.ts, `cashOutOn`) over the runners'
  // depth, here and on every push.
  const cashOut =
    matchOdds && matchOdds.status === "open" && !matchOdds.settled && (view.player?.matched ?? []).some((o) => o.marketId === matchOdds.id)
      ? await cashOutBasis(
          playerId,
          matchOdds.id,
          matchOdds.runners.filter((r) => r.status === "active").map((r) => r.id),
        )
      : null;
  return {
    redirectTo: undefined,
    event: {
      id: event.id,
      name: event.name,
      competition: event.competition,
      sport: event.sport,
      startsAt: formatDhaka(event.startsAt, EVENT_TIME),
      inPlay: event.inPlay && !event.closed,
      closed: event.closed,
      score: scoreOf(view),
      /** The provider's player to frame, while its host is still on the allow-list; else the page draws the tracker. */
      streamUrl: event.streamUrl ? playableStream(event.streamUrl, await configuredStreamHosts()) : null,
    },
    marketId,
    pinned,
    matchOdds,
    bookmaker,
    fancy,
    bets: {
      unmatched: (view.player?.unmatched ?? []).map(betRow),
      matched: (view.player?.matched ?? []).map(betRow),
    },
    exposure: takaText(BigInt(held!.sum)),
    cashOut,
    slip: slipOf(view, slip, runnerNames),
  };
}

function scoreOf(view: View) {
  const score = view.event.score;
  if (!score) return null;
  const teams = view.matchOdds[0]?.runners.map((r) => r.name) ?? [];
  return {
    innings: score.innings.map((i) => ({ team: teams[i.team] ?? "", runs: i.runs, wickets: i.wickets, overs: i.overs })),
    lastBall: score.lastBall,
    ...(score.thisOver ? { thisOver: score.thisOver } : {}),
    ...(score.lastOvers ? { lastOvers: score.lastOvers } : {}),
    ...(score.maxOvers ? { maxOvers: score.maxOvers } : {}),
  };
}

/** The slip the URL asks for, when it names a price in one of the event's open markets; its figures for the stake. */
function slipOf(view: View, req: SlipRequest, runnerNames: Map<number, string>) {
  const side = req.side as BetSide | undefined;
  if (!req.market || !side || !["back", "lay", "yes", "no"].includes(side)) return null;
  const market =
    [...view.matchOdds, ...view.bookmaker].find((m) => m.market.id === req.market)?.market ?? view.fancy.find((m) => m.id === req.market);
  if (!market) return null;
  const kind = marketKind(market.kind);
  let priceText = req.price ?? "";
  const price = kind.parsePrice(priceText);
  if (!kind.sides.includes(side)) return null;
  if (kind.hasRunners && (!req.runner || !runnerNames.has(req.runner))) return null;
  const stake = stakePoisha(req.stake);
  const figures = price !== null && price > kind.evenPrice && stake !== null ? slipFigures(kind.id, side, price, stake) : null;
  if (!kind.hasRunners && req.line === undefined) return null;
  if (price === null) priceText = "";
  return {
    kind: kind.id,
    marketId: market.id,
    runnerId: kind.hasRunners ? req.runner! : null,
    selection: kind.hasRunners ? runnerNames.get(req.runner!)! : market.name,
    side,
    price: priceText,
    line: kind.hasRunners ? null : req.line!,
    stake: req.stake ?? "",
    profit: figures ? takaText(figures.profit) : null,
    liability: figures ? takaText(figures.liability) : null,
    limits: limitsOf(market),
  };
}

/** /exchange-multi: the player's pinned match-odds markets with each runner's best back and lay, newest pin first. */
export async function multiMarketsPage(playerId: number) {
  const pins = await db
    .select({ marketId: exchangePins.marketId })
    .from(exchangePins)
    .where(eq(exchangePins.playerId, playerId))
    .orderBy(desc(exchangePins.createdAt))
    .limit(20);
  const views = await Promise.all(pins.map((p) => marketView(p.marketId)));
  return views.flatMap((view) => {
    const odds = view?.matchOdds.find((m) => m.market.id === view.market.id);
    if (!view || !odds) return [];
    return [
      {
        marketId: view.market.id,
        event: view.event.name,
        competition: view.event.competition,
        startsAt: formatDhaka(view.event.startsAt, EVENT_TIME),
        inPlay: view.event.inPlay && !view.event.closed,
        version: view.market.version,
        status: view.market.status,
        settled: view.market.settledAt !== null,
        runners: odds.runners.map((r) => ({
          id: r.id,
          name: r.name,
          back: depthOf(r.availableToBack)[0] ?? null,
          lay: depthOf(r.availableToLay)[0] ?? null,
        })),
      },
    ];
  });
}

/** /exchange-account: the player's balance with the exposure held, and their bets (open, or settled and closed). */
export async function accountPage(playerId: number, history: boolean, before?: number) {
  const [balances, exposure, rows] = await Promise.all([
    getPlayerBalances(playerId),
    db
      .select({ amount: exchangeExposures.amount })
      .from(exchangeExposures)
      .where(eq(exchangeExposures.playerId, playerId))
      .then((r) => r.reduce((sum, x) => sum + x.amount, 0n)),
    listPlayerOrders(playerId, { settled: history, before, limit: 20 }),
  ]);
  return {
    balance: {
      main: takaText(balances.main.posted),
      exposure: takaText(exposure),
      available: takaText(balances.main.available),
      bonus: takaText(balances.bonus.available),
    },
    bets: rows.map(({ order: o, market, event, runner }) => {
      const f = betFigures(o);
      return {
        id: o.id,
        marketId: o.marketId,
        event,
        market,
        selection: runner ?? market,
        side: o.side,
        price: f.price,
        /** Match odds: the price asked, when the bet matched at another. */
        requested: f.requestedPrice !== f.price ? f.requestedPrice : null,
        stake: takaText(f.stake),
        waiting: f.remaining > 0n && f.matched > 0n ? takaText(f.remaining) : null,
        profit: takaText(f.profit),
        liability: takaText(f.liability),
        status: o.status,
        net: o.profit === null ? null : { text: takaText(o.profit), negative: o.profit < 0n },
        placedAt: formatDhaka(o.placedAt),
      };
    }),
    next: rows.length === 20 ? rows[rows.length - 1]!.order.id : null,
  };
}

/**
 * Profit & Loss by market for the player's markets settled between two Asia/Dhaka days (inclusive), newest first: the
 * gross (the settled bets' P&L, what settlement posted as the player's net), the commission as the ledger posted it
 * (the market's last settlement's commission posting, so a rate changed later cannot make it disagree) and the net.
 */
export async function profitAndLoss(playerId: number, from: string, to: string) {
  const { start, end } = dhakaRange({ from, to });
  const rows = await db
    .select({
      marketId: exchangeMarkets.id,
      market: exchangeMarkets.name,
      event: exchangeEvents.name,
      settledAt: exchangeMarkets.settledAt,
      settleCount: exchangeMarkets.settleCount,
      net: sql<string>`coalesce(sum(${exchangeOrders.profit}), 0)`,
      bets: sql<number>`count(*)::int`,
    })
    .from(exchangeOrders)
    .innerJoin(exchangeMarkets, eq(exchangeMarkets.id, exchangeOrders.marketId))
    .innerJoin(exchangeEvents, eq(exchangeEvents.id, exchangeMarkets.eventId))
    .where(
      and(
        eq(exchangeOrders.playerId, playerId),
        inArray(exchangeOrders.status, ["won", "lost", "void"]),
        gte(exchangeMarkets.settledAt, start),
        lt(exchangeMarkets.settledAt, end),
      ),
    )
    .groupBy(exchangeMarkets.id, exchangeEvents.name)
    .orderBy(desc(exchangeMarkets.settledAt))
    .limit(200);
  const keyOf = (r: (typeof rows)[number]) => postingKey(r.marketId, playerId, r.settleCount, "commission");
  const posted = new Map((await getTransfersByKeys(rows.map(keyOf))).map((t) => [t.key, t.amount]));
  let total = 0n;
  const markets = rows.map((r) => {
    const gross = BigInt(r.net);
    const commission = posted.get(keyOf(r)) ?? 0n;
    total += gross - commission;
    return {
      marketId: r.marketId,
      event: r.event,
      market: r.market,
      bets: r.bets,
      settledAt: formatDhakaDateTime(r.settledAt),
      gross: signed(gross)!,
      commission: takaText(commission),
      net: signed(gross - commission)!,
    };
  });
  return { markets, total: signed(total)! };
}

/** Activity Log: the player's signed-in devices, newest first (time, address, browser and system). */
export async function activityLog(playerId: number) {
  const rows = await db
    .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, ip: sessions.ip, userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.playerId, playerId))
    .orderBy(desc(sessions.createdAt))
    .limit(20);
  return rows.map((r) => {
    const ua = r.userAgent ? UAParser(r.userAgent) : null;
    const device = ua ? [ua.browser.name, ua.os.name].filter(Boolean).join(" · ") : "";
    return {
      loggedIn: formatDhakaDateTime(r.createdAt),
      lastSeen: formatDhakaDateTime(r.lastSeenAt),
      ip: r.ip ?? "",
      device: device || (r.userAgent ?? "").slice(0, 60),
    };
  });
}
