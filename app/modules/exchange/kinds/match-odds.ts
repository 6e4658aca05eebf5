// Match odds: our own order book, Betfair style (../README.md, "Match odds"). Prices are ladder ticks (odds × 100
// in the maths); players back and lay against each other, a fill is at the resting order's price, an unmatched rest
// waits in the book and counts pessimistically in the exposure. Settles on the winning runner; commission applies.
import { bookPercent, SPARK_POINTS } from "../depth.ts";
import { ExchangeError } from "../errors.ts";
import { takaText } from "#app/kernel/money.ts";
import { oddsText, parseOdds, priceAt } from "../ladder.ts";
import type { LivePage, PushedMarket } from "../live-page.ts";
import { oddsProfit, type RunnerPosition, runnerBook, runnerOutcome } from "../pnl.ts";
import { BEST_OFFERS } from "../matching.ts";
import type { ExchangeFill, ExchangeOrder } from "../schema.ts";
import type { MarketKindSpec, Positions } from "./kind.ts";

const fillPosition = (f: ExchangeFill, side: "back" | "lay"): RunnerPosition => ({
  runnerId: f.runnerId,
  side,
  stake: f.size,
  profit: oddsProfit(f.size, f.tick),
});

/**
 * Each fill as a position of whichever of its two orders is among `orders` (both when both are: two players' fills
 * in the players' book; a player's own orders never match each other, so one in a player's book).
 */
function matchedPositions({ orders, fills }: Positions, each: (order: ExchangeOrder, position: RunnerPosition) => void) {
  const byId = new Map(orders.map((o) => [o.id, o]));
  for (const f of fills) {
    for (const id of [f.takerOrderId, f.makerOrderId]) {
      const order = byId.get(id);
      if (order) each(order, fillPosition(f, order.side as "back" | "lay"));
    }
  }
}

/** The unmatched remainders still in the book. */
function unmatchedPositions(orders: readonly ExchangeOrder[]): RunnerPosition[] {
  const positions: RunnerPosition[] = [];
  for (const o of orders) {
    const remaining = o.size - o.matched - o.cancelled;
    if (remaining > 0n && (o.status === "unmatched" || o.status === "partially_matched")) {
      positions.push({ runnerId: o.runnerId!, side: o.side as "back" | "lay", stake: remaining, profit: oddsProfit(remaining, o.tick!) });
    }
  }
  return positions;
}

/** Book levels as pushed (ticks, sizes in poisha) as the page shows them: odds and sizes in taka. */
export const shownLevels = (levels: PushedMarket["runners"][number]["toBack"]) =>
  levels.map((l) => ({ price: oddsText(l.tick), size: takaText(BigInt(l.size), { decimals: "trim" }) }));

/** The book percentage of each side over the active runners' best prices in a push. */
export const pushedBook = (push: PushedMarket) => {
  const active = push.runners.filter((r) => r.status === "active");
  return { back: bookPercent(active.map((r) => r.toBack[0]?.tick)), lay: bookPercent(active.map((r) => r.toLay[0]?.tick)) };
};

export const matchOdds: MarketKindSpec = {
  id: "match_odds",
  hasBook: true,
  leadsEvent: true,
  hasRunners: true,
  sides: ["back", "lay"],
  // The table's defaults are match odds': 2 % commission, a 5 s in-play delay.
  defaults: {},
  priceField: "odds",
  parsePrice(text) {
    const tick = parseOdds(text);
    return tick === null ? null : priceAt(tick);
  },
  evenPrice: 100,
  orderPrice(text) {
    const tick = parseOdds(text);
    if (tick === null) throw new ExchangeError("invalid_price");
    return tick;
  },
  backProfit: (stake, price) => (stake * BigInt(price - 100)) / 100n,
  // A lay's matched part risks what it matched at (`matchedReturn` − `matched`: a lay asking 3.00 that matched at
  // 2.00 risks its stake once, not twice); only its unmatched rest is counted at the price asked.
  layRisk(o) {
    const stake = o.size - o.cancelled;
    const matched = o.matched ?? 0n;
    return (matched > 0n ? (o.matchedReturn ?? 0n) - matched : 0n) + oddsProfit(stake - matched, o.tick ?? 0);
  },
  // From each order's matched part as its fills wrote it (matchedReturn: the sum over its fills of size × price), the
  // same P&L as fill by fill, so a caller may pass orders summed per runner and side (exposure.server.ts).
  book(p, runnerIds, unmatched) {
    const matched: RunnerPosition[] = p.orders
      .filter((o) => o.matched > 0n)
      .map((o) => ({ runnerId: o.runnerId!, side: o.side as "back" | "lay", stake: o.matched, profit: o.matchedReturn - o.matched }));
    return runnerBook(runnerIds, matched, unmatched ? unmatchedPositions(p.orders) : []);
  },
  settle(p, winner) {
    const profit = new Map<number, bigint>();
    matchedPositions(p, (order, position) => profit.set(order.id, (profit.get(order.id) ?? 0n) + runnerOutcome(position, winner)));
    return profit;
  },
  // The best three prices a side, best next to the middle (backs reversed), the book's depth for the Cash Out, and
  // the score the push carries.
  applyPush<P extends LivePage>(page: P, push: PushedMarket): P | null {
    const mo = page.matchOdds;
    if (mo?.id !== push.id || push.version < mo.version) return null;
    const runners = mo.runners.map((r) => {
      const p = push.runners.find((x) => x.id === r.id);
      if (!p) return r;
      const traded = takaText(BigInt(p.traded ?? "0"), { decimals: "trim" });
      return {
        ...r,
        status: p.status,
        back: shownLevels(p.toBack.slice(0, BEST_OFFERS)).reverse(),
        lay: shownLevels(p.toLay.slice(0, BEST_OFFERS)),
        toBack: p.toBack,
        toLay: p.toLay,
        ltp: p.ltp === null ? null : oddsText(p.ltp),
        traded,
        // Traded since the page loaded: the sparkline ends at the pushed last traded price.
        spark: p.ltp !== null && traded !== r.traded ? [...r.spark, p.ltp].slice(-SPARK_POINTS) : r.spark,
      };
    });
    const teams = mo.runners.map((r) => r.name);
    const score: LivePage["event"]["score"] = push.score
      ? { ...push.score, innings: push.score.innings.map((i) => ({ ...i, team: teams[i.team] ?? "" })) }
      : page.event.score;
    return {
      ...page,
      event: { ...page.event, score },
      matchOdds: {
        ...mo,
        version: push.version,
        status: push.status,
        inPlay: push.inPlay,
        runners,
        traded: takaText(BigInt(push.traded ?? "0"), { decimals: "trim" }),
        book: pushedBook(push),
      },
    };
  },
};
