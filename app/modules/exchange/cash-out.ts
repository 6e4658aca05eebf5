// Cash Out on a match-odds market, pure and safe for the browser (README.md, "Cash Out"): the hedge that makes a
// player's matched P&L equal on every runner, at the prices the book offers them now, over its depth (as Betfair's
// cash out does: a thin best level does not stop a full cash out when deeper levels have money).
//
// A back of stake s at odds O on runner k adds s·O to outcome k relative to the others (and costs s everywhere); a
// lay takes s·O away. Levelling every runner at C costs, per runner below C, the back stake whose s·O over the levels
// (best first) adds up to C − p_k, and gains, per runner above, the lay stake whose s·O adds up to p_k − C. Deeper
// levels are worse prices, so the back cost is convex and the lay gain concave in C: the value left, C − Σ backs +
// Σ lays, is concave, and its best C is one of the runners' own P&L (that runner needs no bet) or a C where a
// runner's hedge just uses up a level. Each one is tried; the best value the depth holds wins.
//
// Rounding rule: stakes on this exchange are whole taka (`exchange_orders_size_check`), so each hedge order (one per
// runner that needs one) takes the levels its gap passes whole and its total stake is rounded to the NEAREST whole
// taka (half up) at the last level it reaches (down, when up would pass that level's size); that level's price is
// the order's limit. A stake off by at most ৳0.50 at the limit moves its runner's outcome by at most ৳0.50 × the
// limit's odds, so after a full cash out the P&L of any two runners differs by at most the sum over the hedge
// orders of ৳0.50 × limit odds (`levelTolerance`): ৳1 on a two-runner market at evens. Every figure shown is exact
// (the P&L after the hedge per runner, computed fill by fill with the same maths as settlement), and the cash-out
// value shown is the WORST of them, so no outcome leaves the player below what they were shown. Equal within one
// poisha would need poisha stakes, which the book (makers' remainders, the stake check) does not take.
import { priceAt } from "./ladder.ts";
import type { PriceLevel, Side } from "./matching.ts";
import { oddsProfit, type RunnerPosition, runnerOutcome } from "./pnl.ts";

/** A price level this player can take on a runner (their own resting orders left out), and its size (poisha). */
export type Level = { tick: number; size: bigint };
/**
 * The levels a player can take on a runner, best first. back: the prices a back takes (resting lays, highest first);
 * lay: the prices a lay takes (resting backs, lowest first). Empty: no price on that side.
 */
export type RunnerPrices = { runnerId: number; back: readonly Level[]; lay: readonly Level[] };
/**
 * One hedge order: `stake` (whole taka) placed fill-or-kill with `tick` as its limit, the worst price the quote used
 * for it; `fills` is how it fills on the quoted book, level by level, best first (a fill's size is its stake).
 */
export type HedgeOrder = { runnerId: number; side: Side; tick: number; stake: bigint; fills: Level[] };

export type CashOutQuote =
  | { ok: true; percent: number; orders: HedgeOrder[]; before: Map<number, bigint>; after: Map<number, bigint>; value: bigint }
  | { ok: false; reason: "no_position" | "no_prices" }
  /** The book's depth does not take this percentage of the hedge; `maxPercent` it does (0: none). */
  | { ok: false; reason: "thin"; maxPercent: number; full: { orders: HedgeOrder[]; value: bigint } };

const roundHalfUp = (num: bigint, den: bigint) => (2n * num + den) / (2n * den);

/**
 * The hedge order that moves a runner's outcome by `need` / 100 poisha (the gap times the percentage) over these
 * levels, best first. The levels the gap passes are taken whole; the last one takes what is left, and the order's
 * total stake is rounded to the nearest whole taka there (half up; down when up would pass that level). `fits`: the
 * levels hold it; when they do not, what is left is priced at the last level (the quote the book would give with more
 * money there, for "thin"). Null: no level.
 */
function hedgeOrder(runnerId: number, side: Side, levels: readonly Level[], need: bigint): { order: HedgeOrder | null; fits: boolean } | null {
  const last = levels.at(-1);
  if (!last) return null;
  let full = 0n; // poisha of stake over the levels taken whole
  let left = need; // in stake × odds (poisha × hundredths)
  let at = levels.length - 1;
  for (const [i, l] of levels.entries()) {
    const cap = l.size * BigInt(priceAt(l.tick));
    if (left <= cap) {
      at = i;
      break;
    }
    if (i < levels.length - 1) {
      left -= cap;
      full += l.size;
    }
  }
  const limit = levels[at]!;
  const odds = BigInt(priceAt(limit.tick));
  const depth = levels.slice(0, at + 1).reduce((s, l) => s + l.size, 0n);
  let stake = roundHalfUp(full * odds + left, odds * 100n) * 100n;
  const exact = left <= limit.size * odds;
  if (exact && stake > depth) stake -= 100n; // rounding up would pass the level the quote ends on: round down there
  if (stake <= 0n) return { order: null, fits: exact };
  const fills: Level[] = [];
  let rest = stake;
  for (const [i, l] of levels.slice(0, at + 1).entries()) {
    const take = i === at && !exact ? rest : rest < l.size ? rest : l.size;
    if (take > 0n) fills.push({ tick: l.tick, size: take });
    rest -= take;
  }
  return { order: { runnerId, side, tick: limit.tick, stake, fills }, fits: exact };
}

type Hedge = { orders: HedgeOrder[]; fits: boolean };

/** The hedge orders that level every runner at `level`, `percent` of the way; null: a price is missing. */
function hedgeAt(position: Map<number, bigint>, prices: readonly RunnerPrices[], level: bigint, percent: number): Hedge | null {
  const orders: HedgeOrder[] = [];
  let fits = true;
  for (const r of prices) {
    const gap = level - (position.get(r.runnerId) ?? 0n);
    if (gap === 0n) continue;
    const side: Side = gap > 0n ? "back" : "lay";
    const h = hedgeOrder(r.runnerId, side, side === "back" ? r.back : r.lay, (gap > 0n ? gap : -gap) * BigInt(percent));
    if (!h) return null;
    if (h.order) orders.push(h.order);
    fits &&= h.fits;
  }
  return { orders, fits };
}

/** The matched P&L per runner after these hedge orders fill as quoted (exact, as settlement pays: per fill). */
export function pnlAfter(position: Map<number, bigint>, orders: readonly HedgeOrder[]): Map<number, bigint> {
  const hedges: RunnerPosition[] = orders.flatMap((o) =>
    o.fills.map((f) => ({ runnerId: o.runnerId, side: o.side, stake: f.size, profit: oddsProfit(f.size, f.tick) })),
  );
  const after = new Map<number, bigint>();
  for (const [runnerId, pnl] of position)
    after.set(
      runnerId,
      hedges.reduce((sum, h) => sum + runnerOutcome(h, runnerId), pnl),
    );
  return after;
}

const worst = (book: Map<number, bigint>) => [...book.values()].reduce((a, b) => (b < a ? b : a));

/**
 * How far apart a full cash out may leave two runners' P&L (poisha): ৳0.50 × the limit's odds summed over the hedge
 * orders (an order's stake is off by at most ৳0.50, all of it at its limit price).
 */
export function levelTolerance(orders: readonly HedgeOrder[]): bigint {
  return orders.reduce((sum, o) => sum + BigInt(Math.ceil(priceAt(o.tick) / 2)), 0n);
}

/**
 * The levels at which to try levelling: the value left after levelling at C is concave in C and its slope changes
 * only where a runner needs no bet (C is its P&L) or where a runner's hedge uses up a level, so the best C is one of
 * these. Only C between the worst and the best runner's P&L: a hedge moves every runner towards the others, never past
 * them (past them the value only grows on a book whose prices cross across runners, by staking on that, not hedging).
 */
function candidateLevels(position: Map<number, bigint>, prices: readonly RunnerPrices[]): Set<bigint> {
  const levels = new Set(position.values());
  const low = worst(position);
  const high = [...position.values()].reduce((a, b) => (b > a ? b : a));
  for (const r of prices) {
    const p = position.get(r.runnerId) ?? 0n;
    for (const [side, sign] of [
      [r.back, 1n],
      [r.lay, -1n],
    ] as const) {
      let reach = 0n; // poisha of outcome moved by taking these levels whole
      for (const l of side) {
        reach += (l.size * BigInt(priceAt(l.tick))) / 100n;
        const level = p + sign * reach;
        if (level > low && level < high) levels.add(level);
      }
    }
  }
  return levels;
}

/**
 * The cash-out quote of a matched position (P&L per runner winning, every runner of the market listed) at these
 * prices, over the book's depth: `percent` (1–100) of the full hedge. No matched position, or nothing to level:
 * no_position.
 */
export function cashOutQuote(position: Map<number, bigint>, prices: readonly RunnerPrices[], percent = 100): CashOutQuote {
  if (!Number.isInteger(percent) || percent < 1 || percent > 100) throw new RangeError("A cash-out percentage is a whole number from 1 to 100");
  const values = [...position.values()];
  if (values.length === 0 || values.every((v) => v === values[0])) return { ok: false, reason: "no_position" };
  // The best full hedge the depth holds; failing that, the best one with the last level's money assumed deeper.
  let best: { level: bigint; hedge: Hedge; value: bigint } | null = null;
  for (const level of candidateLevels(position, prices)) {
    const hedge = hedgeAt(position, prices, level, 100);
    if (!hedge) continue;
    const value = worst(pnlAfter(position, hedge.orders));
    const better =
      !best ||
      (hedge.fits && !best.hedge.fits) ||
      (hedge.fits === best.hedge.fits && (value > best.value || (value === best.value && hedge.orders.length < best.hedge.orders.length)));
    if (better) best = { level, hedge, value };
  }
  if (!best) return { ok: false, reason: "no_prices" };
  if (best.hedge.orders.length === 0) return { ok: false, reason: "no_position" };
  const level = best.level;
  const hedge = percent === 100 ? best.hedge : hedgeAt(position, prices, level, percent)!;
  if (!hedge.fits) {
    let maxPercent = percent - 1;
    while (maxPercent > 0 && !hedgeAt(position, prices, level, maxPercent)!.fits) maxPercent--;
    return { ok: false, reason: "thin", maxPercent, full: { orders: best.hedge.orders, value: best.value } };
  }
  const after = pnlAfter(position, hedge.orders);
  return { ok: true, percent, orders: hedge.orders, before: position, after, value: worst(after) };
}

/** True when `now` leaves the player no worse than `shown` on any runner (the confirm form's check). */
export function notWorse(now: Map<number, bigint>, shown: Map<number, bigint>): boolean {
  if (now.size !== shown.size) return false;
  for (const [runnerId, pnl] of shown) {
    const current = now.get(runnerId);
    if (current === undefined || current < pnl) return false;
  }
  return true;
}

/** P&L per runner as the confirm form carries it: "runnerId:poisha,runnerId:poisha". */
export const encodeBook = (book: Map<number, bigint>) => [...book].map(([id, pnl]) => `${id}:${pnl}`).join(",");

export function decodeBook(text: string): Map<number, bigint> | null {
  const book = new Map<number, bigint>();
  for (const part of text.split(",")) {
    const m = /^(\d{1,9}):(-?\d{1,16})$/.exec(part);
    if (!m) return null;
    book.set(Number(m[1]), BigInt(m[2]!));
  }
  return book.size > 0 ? book : null;
}

/** What the market page carries for its Cash Out button: the matched P&L per runner and the player's own resting orders (poisha as text). */
export type CashOutBasis = { position: [number, string][]; own: { runnerId: number; side: Side; tick: number; size: string }[] };

/** How many price levels per side a cash out may spread a hedge over (Betfair's cash out also goes past the best). */
export const CASH_OUT_DEPTH = 10;

/**
 * A runner's book as the market's push and page carry it: its best CASH_OUT_DEPTH levels a side, everyone's orders
 * (sizes in poisha as text). toBack: the resting lays a back takes (highest first); toLay: the resting backs a lay
 * takes (lowest first).
 */
export type DepthLevels = { toBack: { tick: number; size: string }[]; toLay: { tick: number; size: string }[] };
export type RunnerDepth = { runnerId: number } & DepthLevels;

/** A runner's levels from the book (`OrderBook.depth`) as pages and pushes carry them. */
export const depthLevels = (d: { availableToBack?: readonly PriceLevel[]; availableToLay?: readonly PriceLevel[] }): DepthLevels => ({
  toBack: (d.availableToBack ?? []).map((l) => ({ tick: l.tick, size: String(l.size) })),
  toLay: (d.availableToLay ?? []).map((l) => ({ tick: l.tick, size: String(l.size) })),
});

/**
 * The levels a player's cash out can take: the book's depth less their own resting orders, which never match them (a
 * back takes resting lays, so their own lays come off toBack; a lay takes resting backs).
 */
export function cashOutPrices(depth: readonly RunnerDepth[], own: CashOutBasis["own"]): RunnerPrices[] {
  const takeable = (runnerId: number, levels: RunnerDepth["toBack"], ownSide: Side): Level[] =>
    levels.flatMap((l) => {
      const mine = own.filter((o) => o.runnerId === runnerId && o.side === ownSide && o.tick === l.tick).reduce((s, o) => s + BigInt(o.size), 0n);
      const size = BigInt(l.size) - mine;
      return size > 0n ? [{ tick: l.tick, size }] : [];
    });
  return depth.map((r) => ({ runnerId: r.runnerId, back: takeable(r.runnerId, r.toBack, "lay"), lay: takeable(r.runnerId, r.toLay, "back") }));
}

/**
 * The full cash-out value of a position on a book: the one path of the Cash Out page's quote (`quoteCashOut`) and the
 * market page's button (server-rendered, then kept live by the pushes, which carry the same CASH_OUT_DEPTH levels).
 */
export function cashOutOn(basis: CashOutBasis, depth: readonly RunnerDepth[], percent = 100): CashOutQuote {
  return cashOutQuote(new Map(basis.position.map(([id, pnl]) => [id, BigInt(pnl)])), cashOutPrices(depth, basis.own), percent);
}

/** The value the market page's button shows for a quote: the full cash out's (priced at the last level when the book is thin); null: none. */
export function cashOutValue(q: CashOutQuote): bigint | null {
  return q.ok ? q.value : q.reason === "thin" && q.maxPercent > 0 ? q.full.value : null;
}

/**
 * The market page's "Cash Out ৳X": the full cash out's value (`cashOutValue`) over the depth the page carries for its
 * active runners, as loaded and as every push leaves it. Null: no quote.
 */
export function pageCashOutValue(basis: CashOutBasis, runners: readonly ({ id: number; status: string } & DepthLevels)[]): bigint | null {
  const depth = runners.filter((r) => r.status === "active").map((r) => ({ runnerId: r.id, toBack: r.toBack, toLay: r.toLay }));
  return cashOutValue(cashOutOn(basis, depth));
}
