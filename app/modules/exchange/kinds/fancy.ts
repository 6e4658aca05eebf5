// Fancy: a line on runs (say "6 over runs IND") the house quotes as a No line and rate and a Yes line and rate (per
// 100). Yes wins when the result reaches the Yes line, No when it stays below the No line; both lose in between.
// A bet is taken whole at the current line and rate; the market settles on the result in runs (0 is a result). No
// commission, no in-play delay. ../README.md, "Fancy".
import { digitProfit, fancyBook, fancyOutcome, type FancyPosition } from "../pnl.ts";
import type { LivePage, PushedMarket } from "../live-page.ts";
import type { ExchangeOrder } from "../schema.ts";
import { orderRate, parseRate } from "./bookmaker.ts";
import { type MarketKindSpec, settleWhole, takenBets } from "./kind.ts";

/** A Fancy bet (taken whole at the quoted line and rate). */
export const fancyPosition = (o: ExchangeOrder): FancyPosition => ({ side: o.side as "yes" | "no", line: o.line!, rate: o.rate!, stake: o.matched });

export const fancy: MarketKindSpec = {
  id: "fancy",
  hasBook: false,
  leadsEvent: false,
  hasRunners: false,
  sides: ["yes", "no"],
  defaults: { commissionBp: 0, inPlayDelayMs: 0 },
  priceField: "rate",
  parsePrice: parseRate,
  evenPrice: 0,
  orderPrice: orderRate,
  backProfit: (stake, rate) => (stake * BigInt(rate)) / 100n,
  // No risks the Yes side's profit at its rate.
  layRisk: (o) => digitProfit(o.size - o.cancelled, o.rate ?? 0),
  book: (p) => fancyBook(takenBets(p.orders).map(fancyPosition)),
  settle: (p, runs) => settleWhole(p.orders, (o) => fancyOutcome(fancyPosition(o), runs)),
  quote(market, _runner, side) {
    const line = side === "yes" ? market.yesLine : market.noLine;
    const rate = side === "yes" ? market.yesRate : market.noRate;
    return line === null || !rate ? null : { rate, line };
  }, // The line's No and Yes lines and rates.
  applyPush<P extends LivePage>(page: P, push: PushedMarket): P | null {
    const at = page.fancy.findIndex((f) => f.id === push.id);
    const line = page.fancy[at];
    if (!line || push.version < line.version) return null;
    const lines = page.fancy.slice();
    lines[at] = {
      ...line,
      version: push.version,
      status: push.status,
      ballRunning: push.ballRunning,
      noLine: push.line?.no ?? null,
      noRate: push.line?.noRate ?? null,
      yesLine: push.line?.yes ?? null,
      yesRate: push.line?.yesRate ?? null,
    };
    return { ...page, fancy: lines };
  },
};
