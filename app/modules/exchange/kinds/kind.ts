// A market kind: everything that differs between match odds, Bookmaker and Fancy, so that a new kind is one file in
// this folder plus its entry in ../market-kinds.ts (the registry), its id in ../schema.ts (a migration of the column's
// check) and its i18n strings. A kind is pure and safe for the
// browser (the bet slip and the trader's page read it too); the server's files (placement, exposure holds,
// settlement, pages) load rows and call it. The decisions behind each kind: ../README.md, "Market kinds".
import type { LivePage, PushedMarket } from "../live-page.ts";
import type { ExchangeFill, ExchangeMarket, ExchangeOrder, ExchangeRunner, MarketKind } from "../schema.ts";

export type BetSide = "back" | "lay" | "yes" | "no";

/** What an order risks, the figure stake and loss limits count (see stakeAtRisk in ../market-kinds.ts). */
export type RiskInput = {
  side: string;
  tick: number | null;
  rate: number | null;
  size: bigint;
  cancelled: bigint;
  matched?: bigint;
  matchedReturn?: bigint;
};

/**
 * Rows a kind works out P&L from: orders of one market (one player's, or every counted player's) and, for a kind with
 * a book, the market's fills of those orders. An outcome is a runner's id (`hasRunners`) or a result in runs.
 */
export type Positions = { orders: readonly ExchangeOrder[]; fills: readonly ExchangeFill[] };

/** The house's quote for one side of a quoted kind: the rate and, for a line, the line. */
export type Quote = { rate: number; line: number | null };

export interface MarketKindSpec {
  readonly id: MarketKind;
  /**
   * Matched peer to peer through our order book (price-time priority, fills at the resting price, an unmatched rest
   * that can be cancelled, lapse or persist, the in-play delay); otherwise taken whole at the house's quote.
   */
  readonly hasBook: boolean;
  /**
   * The event's page is this market's: the other markets' pages lead to it, players pin it, and its push carries the
   * event's score and its markets not yet settled (match odds; one such market per event).
   */
  readonly leadsEvent: boolean;
  /**
   * Bets name a runner and the market settles on a winning runner; otherwise on a line, settled by a result in runs,
   * and the line leaves the pages once settled.
   */
  readonly hasRunners: boolean;
  /** The two sides: the first risks the stake to win the price's profit (back, yes), the second the reverse (lay, no). */
  readonly sides: readonly [BetSide, BetSide];
  /** Column values a new market of this kind gets besides the table's defaults (commission, in-play delay). */
  readonly defaults: { readonly commissionBp?: number; readonly inPlayDelayMs?: number };
  /** The bet slip's price field: "odds" (a limit price the player edits) or "rate" (the quote, read-only). */
  readonly priceField: "odds" | "rate";
  /**
   * A price as a form or URL names it ("1.95", "45") as the number the slip's maths takes: odds × 100 or a rate per
   * 100; null when it is not one. `evenPrice` is the number at which the back side wins nothing (odds 1.00, rate 0).
   */
  parsePrice(text: string): number | null;
  readonly evenPrice: number;
  /** The price an order stores (a ladder tick with a book, the rate otherwise); throws invalid_price. */
  orderPrice(text: string): number;
  /** The back side's profit on `stake` at `price` (parsePrice's number): S·(O−1), or S·rate/100. */
  backProfit(stake: bigint, price: number): bigint;
  /** What the lay or no side of an order risks, over the part not cancelled. */
  layRisk(o: RiskInput): bigint;
  /**
   * P&L per outcome of these positions. Unmatched orders (a book's) count pessimistically when `unmatched` is set:
   * their losses, never their gains. `runnerIds` lists the outcomes of a kind with runners.
   */
  book(p: Positions, runnerIds: readonly number[], unmatched: boolean): Map<number, bigint>;
  /** Each order's P&L when the market settles on `outcome` (a runner's id, or the result in runs). */
  settle(p: Positions, outcome: number): Map<number, bigint>;
  /**
   * The market page's data (live-page.ts) with a pushed market of this kind applied to the page's section for it: its
   * prices, sizes or quotes as the page shows them; null when the page does not show the market or the push is older.
   */
  applyPush<P extends LivePage>(page: P, push: PushedMarket): P | null;
  /** A quoted kind: the house's current quote for `side` (of `runner`, with runners); null while there is none. */
  quote?(market: ExchangeMarket, runner: ExchangeRunner | null, side: BetSide): Quote | null;
}

/** The P&L per order of quoted bets (taken whole, so their matched stake is all of them). */
export function settleWhole(orders: readonly ExchangeOrder[], outcomeOf: (o: ExchangeOrder) => bigint): Map<number, bigint> {
  const profit = new Map<number, bigint>();
  for (const o of orders) if (o.matched > 0n) profit.set(o.id, outcomeOf(o));
  return profit;
}

/** Quoted bets count once taken (settled ones are won, lost or void and count no more). */
export const takenBets = (orders: readonly ExchangeOrder[]) => orders.filter((o) => o.status === "matched");
