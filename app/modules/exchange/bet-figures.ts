// A bet's figures as every reader shows them (the placement notice, My Bets on the market page, the exchange account,
// the betting record and its details, the JSON API), from the order row alone: what Betfair keeps of a bet (requested
// price, average matched price, size matched, remaining, cancelled, lapsed and voided) and the profit and liability
// of what matched, which is what settlement pays from the fills (the row's matchedReturn, written with each fill).
import { oddsText } from "./ladder.ts";
import { digitProfit, oddsProfit } from "./pnl.ts";
import type { ExchangeOrder } from "./schema.ts";

type FiguredOrder = Pick<ExchangeOrder, "side" | "tick" | "line" | "rate" | "size" | "matched" | "cancelled" | "lapsed" | "matchedReturn" | "status">;

/** An order's requested price as the pages show it: odds (match odds), "line / rate" (Fancy) or the rate (Bookmaker). */
function requestedPriceText(o: Pick<ExchangeOrder, "tick" | "line" | "rate">): string {
  if (o.tick !== null) return oddsText(o.tick);
  return o.line !== null ? `${o.line} / ${o.rate}` : String(o.rate);
}

/**
 * The size-weighted average of the prices a match-odds order matched at (return ÷ matched), shown as the ladder's
 * prices are: two decimals, rounded half up, and whole odds from 100.
 */
export function averagePriceText(matchedReturn: bigint, matched: bigint): string {
  const hundredths = (matchedReturn * 200n + matched) / (2n * matched);
  if (hundredths >= 10_000n) return String((matchedReturn * 2n + matched) / (2n * matched));
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, "0")}`;
}

const isOpen = (o: Pick<ExchangeOrder, "status">) => o.status === "unmatched" || o.status === "partially_matched";

export function betFigures(o: FiguredOrder) {
  const requested = requestedPriceText(o);
  const remaining = isOpen(o) ? o.size - o.matched - o.cancelled : 0n;
  const matched = o.matched > 0n;
  // The bet: what matched, at the prices it matched at; nothing matched, what waits at the requested price.
  const part = matched ? o.matched : remaining;
  const win = matched ? o.matchedReturn - o.matched : part === 0n ? 0n : o.tick !== null ? oddsProfit(part, o.tick) : digitProfit(part, o.rate!);
  const backs = o.side === "back" || o.side === "yes";
  const average = !matched ? null : o.tick === null ? requested : averagePriceText(o.matchedReturn, o.matched);
  return {
    requestedPrice: requested,
    averagePrice: average,
    /** The bet's price: the average matched price once anything matched, else the requested one. */
    price: average ?? requested,
    /** The bet's stake: what matched; nothing matched, what waits (or, taken off the book, what was asked). */
    stake: matched || isOpen(o) ? part : o.size,
    profit: backs ? win : part,
    liability: backs ? part : win,
    size: o.size,
    matched: o.matched,
    remaining,
    cancelled: o.cancelled - o.lapsed,
    lapsed: o.lapsed,
    voided: o.status === "void" ? o.matched : 0n,
  };
}
