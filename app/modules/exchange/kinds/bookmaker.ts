// Bookmaker: the house quotes one back and one lay DIGIT rate per runner (45 = profit 45 per 100 staked); a bet is
// taken whole at the current quote or refused, and settles on the winning runner. No commission, no in-play delay
// (the market suspends on every ball instead). ../README.md, "Bookmaker".
import { ExchangeError } from "../errors.ts";
import { digitProfit, type RunnerPosition, runnerBook, runnerOutcome } from "../pnl.ts";
import type { LivePage, PushedMarket } from "../live-page.ts";
import type { ExchangeOrder } from "../schema.ts";
import { type MarketKindSpec, settleWhole, takenBets } from "./kind.ts";

/** A Bookmaker bet (taken whole at the house's quote) as a runner position. */
export const bookmakerPosition = (o: ExchangeOrder): RunnerPosition => ({
  runnerId: o.runnerId!,
  side: o.side as "back" | "lay",
  stake: o.matched,
  profit: digitProfit(o.matched, o.rate!),
});

/** A rate per 100 as typed ("45"), for the slip; 0 is no price. */
export const parseRate = (text: string) => (/^\d{1,4}$/.test(text) ? Number(text) : null);

/** The rate a bet names; a positive whole number or invalid_price. */
export function orderRate(text: string): number {
  const rate = Number(text);
  if (!Number.isInteger(rate) || rate <= 0) throw new ExchangeError("invalid_price");
  return rate;
}

export const bookmaker: MarketKindSpec = {
  id: "bookmaker",
  hasBook: false,
  leadsEvent: false,
  hasRunners: true,
  sides: ["back", "lay"],
  defaults: { commissionBp: 0, inPlayDelayMs: 0 },
  priceField: "rate",
  parsePrice: parseRate,
  evenPrice: 0,
  orderPrice: orderRate,
  backProfit: (stake, rate) => (stake * BigInt(rate)) / 100n,
  // The lay risks the backer's profit at the rate.
  layRisk: (o) => digitProfit(o.size - o.cancelled, o.rate ?? 0),
  book: (p, runnerIds) => runnerBook(runnerIds, takenBets(p.orders).map(bookmakerPosition)),
  settle: (p, winner) => settleWhole(p.orders, (o) => runnerOutcome(bookmakerPosition(o), winner)),
  // 0 or no rate: no quote (a delivery in progress on the feed).
  quote(_market, runner, side) {
    const rate = side === "back" ? runner?.backRate : runner?.layRate;
    return rate ? { rate, line: null } : null;
  }, // Each runner's back and lay rate (0: no quote, shown as none).
  applyPush<P extends LivePage>(page: P, push: PushedMarket): P | null {
    const bm = page.bookmaker;
    if (bm?.id !== push.id || push.version < bm.version) return null;
    const runners = bm.runners.map((r) => {
      const p = push.runners.find((x) => x.id === r.id);
      return p ? { ...r, status: p.status, back: p.backRate || null, lay: p.layRate || null } : r;
    });
    return { ...page, bookmaker: { ...bm, version: push.version, status: push.status, ballRunning: push.ballRunning, runners } };
  },
};
