// Cash Out on a match-odds market, pure and safe for the browser (README.md, "Cash Out"): the hedge that makes a
// player's matched P&L equal on every runner, at the best prices the book offers them now.
//
// A back of stake s at odds O on runner k adds s·O to outcome k relative to the others (and costs s everywhere); a
// lay takes s·O away. Levelling every runner at C costs (C − p_k)/B_k of back on a runner below C and
// (p_k − C)/L_k of lay on one above it; the value left, C − Σ backs + Σ lays, is concave in C, so the best C is one
// of the runners' own P&L (that runner needs no bet). Each one is tried; the best value wins.
//
// Rounding rule: stakes on this exchange are whole taka (`exchange_orders_size_check`), so each hedge stake is
// rounded to the NEAREST whole taka (half up). A stake off by at most ৳0.50 moves its runner's outcome by at most
// ৳0.50 × its odds, so after a full cash out the P&L of any two runners differs by at most the sum over the hedge
// orders of ৳0.50 × odds (`levelTolerance`): ৳1 on a two-runner market at evens. Every figure shown is exact (the
// P&L after the hedge per runner, computed with the same fill maths as settlement), and the cash-out value shown is
// the WORST of them, so no outcome leaves the player below what they were shown. Equal within one poisha would need
// poisha stakes, which the book (makers' remainders, the stake check) does not take.
import { LADDER, priceAt } from "./ladder.ts";
import type { Side } from "./matching.ts";
import { oddsProfit, type RunnerPosition, runnerOutcome } from "./pnl.ts";

/** The best price this player can take on a runner (their own resting orders left out), and its size (poisha). */
export type Level = { tick: number; size: bigint };
/** back: the best price a back takes (the highest resting lay); lay: the best a lay takes (the lowest resting back). */
export type RunnerPrices = { runnerId: number; back: Level | null; lay: Level | null };
export type HedgeOrder = { runnerId: number; side: Side; tick: number; stake: bigint };

export type CashOutQuote =
  | { ok: true; percent: number; orders: HedgeOrder[]; before: Map<number, bigint>; after: Map<number, bigint>; value: bigint }
  | { ok: false; reason: "no_position" | "no_prices" }
  /** The book at the best prices does not take this percentage of the hedge; `maxPercent` it does (0: none). */
  | { ok: false; reason: "thin"; maxPercent: number; full: { orders: HedgeOrder[]; value: bigint } };

const roundHalfUp = (num: bigint, den: bigint) => (2n * num + den) / (2n * den);

/** The hedge stakes (whole taka, in poisha) that level every runner at `level`, `percent` of the way; null: a price is missing. */
function hedgeAt(position: Map<number, bigint>, prices: readonly RunnerPrices[], level: bigint, percent: number): HedgeOrder[] | null {
  const orders: HedgeOrder[] = [];
  for (const r of prices) {
    const gap = level - (position.get(r.runnerId) ?? 0n);
    if (gap === 0n) continue;
    const side: Side = gap > 0n ? "back" : "lay";
    const at = side === "back" ? r.back : r.lay;
    if (!at) return null;
    const abs = gap > 0n ? gap : -gap;
    // gap (poisha) / odds (hundredths) is the stake in taka; scaled by percent / 100.
    const taka = roundHalfUp(abs * BigInt(percent), BigInt(priceAt(at.tick)) * 100n);
    if (taka > 0n) orders.push({ runnerId: r.runnerId, side, tick: at.tick, stake: taka * 100n });
  }
  return orders;
}

/** The matched P&L per runner after these hedge orders fill at their ticks (exact, as settlement pays). */
export function pnlAfter(position: Map<number, bigint>, orders: readonly HedgeOrder[]): Map<number, bigint> {
  const hedges: RunnerPosition[] = orders.map((o) => ({ runnerId: o.runnerId, side: o.side, stake: o.stake, profit: oddsProfit(o.stake, o.tick) }));
  const after = new Map<number, bigint>();
  for (const [runnerId, pnl] of position)
    after.set(
      runnerId,
      hedges.reduce((sum, h) => sum + runnerOutcome(h, runnerId), pnl),
    );
  return after;
}

const worst = (book: Map<number, bigint>) => [...book.values()].reduce((a, b) => (b < a ? b : a));
const fits = (orders: readonly HedgeOrder[], prices: readonly RunnerPrices[]) =>
  orders.every((o) => {
    const r = prices.find((p) => p.runnerId === o.runnerId)!;
    return o.stake <= (o.side === "back" ? r.back : r.lay)!.size;
  });

/** How far apart a full cash out may leave two runners' P&L (poisha): ৳0.50 × odds summed over the hedge orders. */
export function levelTolerance(orders: readonly HedgeOrder[]): bigint {
  return orders.reduce((sum, o) => sum + BigInt(Math.ceil(priceAt(o.tick) / 2)), 0n);
}

/**
 * The cash-out quote of a matched position (P&L per runner winning, every runner of the market listed) at these
 * prices: `percent` (1–100) of the full hedge. No matched position, or nothing to level: no_position.
 */
export function cashOutQuote(position: Map<number, bigint>, prices: readonly RunnerPrices[], percent = 100): CashOutQuote {
  if (!Number.isInteger(percent) || percent < 1 || percent > 100) throw new RangeError("A cash-out percentage is a whole number from 1 to 100");
  const values = [...position.values()];
  if (values.length === 0 || values.every((v) => v === values[0])) return { ok: false, reason: "no_position" };
  let best: { level: bigint; orders: HedgeOrder[]; value: bigint } | null = null;
  for (const level of new Set(values)) {
    const orders = hedgeAt(position, prices, level, 100);
    if (!orders) continue;
    const value = worst(pnlAfter(position, orders));
    if (!best || value > best.value || (value === best.value && orders.length < best.orders.length)) best = { level, orders, value };
  }
  if (!best) return { ok: false, reason: "no_prices" };
  if (best.orders.length === 0) return { ok: false, reason: "no_position" };
  const level = best.level;
  const orders = percent === 100 ? best.orders : hedgeAt(position, prices, level, percent)!;
  if (!fits(orders, prices)) {
    let maxPercent = percent - 1;
    while (maxPercent > 0 && !fits(hedgeAt(position, prices, level, maxPercent)!, prices)) maxPercent--;
    return { ok: false, reason: "thin", maxPercent, full: { orders: best.orders, value: best.value } };
  }
  const after = pnlAfter(position, orders);
  return { ok: true, percent, orders, before: position, after, value: worst(after) };
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

type ShownLevel = { price: string; size: string };

/**
 * The full cash-out value on the market page, from the prices it shows (kept live by the pushes: odds text and sizes
 * in whole taka, best three levels) less the player's own resting orders, which never match them. Null: no quote.
 */
export function pageCashOutValue(basis: CashOutBasis, runners: readonly { id: number; back: ShownLevel[]; lay: ShownLevel[] }[]): bigint | null {
  const best = (runnerId: number, levels: ShownLevel[], ownSide: Side): Level | null => {
    for (const l of levels) {
      const tick = LADDER.indexOf(Math.round(Number(l.price) * 100));
      if (tick < 0) continue;
      const own = basis.own.filter((o) => o.runnerId === runnerId && o.side === ownSide && o.tick === tick).reduce((s, o) => s + BigInt(o.size), 0n);
      const size = BigInt(l.size.replace(/\D/g, "") || "0") * 100n - own;
      if (size > 0n) return { tick, size };
    }
    return null;
  };
  // The page lists a runner's back prices worst first (the best beside the lay); a back takes resting lays.
  const prices = runners.map((r) => ({ runnerId: r.id, back: best(r.id, [...r.back].reverse(), "lay"), lay: best(r.id, r.lay, "back") }));
  const q = cashOutQuote(new Map(basis.position.map(([id, pnl]) => [id, BigInt(pnl)])), prices);
  return q.ok ? q.value : q.reason === "thin" && q.maxPercent > 0 ? q.full.value : null;
}
