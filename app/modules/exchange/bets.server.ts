// A bet from the market page's form, to the right placement path by the market's kind (an order in the book, or a bet
// taken whole at the quote), and its outcome or refusal as a message the page shows.
import { and, eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { type Message } from "#app/i18n/message.ts";
import { ExchangeError } from "./errors.ts";
import { betFigures } from "./bet-figures.ts";
import { cancelOrder, submitOrder } from "./orders.server.ts";
import { marketKind } from "./market-kinds.ts";
import { placeQuotedBet } from "./quoted-bets.server.ts";
import { exchangeMarkets, type ExchangeOrder, exchangeOrders } from "./schema.ts";
import { fromWholeTaka, takaText } from "#app/kernel/money.ts";

export type BetRequest = {
  market: number;
  runner?: number;
  side: "back" | "lay" | "yes" | "no";
  price: string;
  line?: number;
  /** Whole taka. */
  stake: string;
  /** Match odds: keep the unmatched part at turn-in-play. */
  persist?: boolean;
  /** Bookmaker and Fancy: take the current quote when it moved within the tolerance (odds-changes.ts). */
  acceptChanges?: boolean;
  requestKey: string;
};

/** Places the bet; the message says whether it was matched, partly matched, waiting or taken (quoted markets). */
export async function placeBetFromForm(playerId: number, bet: BetRequest): Promise<{ order: ExchangeOrder; message: Message }> {
  const [market] = await db.select({ kind: exchangeMarkets.kind }).from(exchangeMarkets).where(eq(exchangeMarkets.id, bet.market));
  if (!market) throw new ExchangeError("market_not_found");
  const kind = marketKind(market.kind);
  const stake = fromWholeTaka(bet.stake);
  const common = { playerId, marketId: bet.market, stake, requestKey: bet.requestKey };
  const price = kind.orderPrice(bet.price);
  if (!kind.sides.includes(bet.side) || (kind.hasRunners && !bet.runner)) throw new ExchangeError("runner_not_active");
  if (!kind.hasRunners && bet.line === undefined) throw new ExchangeError("price_changed", { now: "–" });
  const { order } = kind.hasBook
    ? await submitOrder({ ...common, runnerId: bet.runner!, side: bet.side as "back" | "lay", tick: price, persist: bet.persist ?? false })
    : await placeQuotedBet(market.kind, {
        ...common,
        side: bet.side,
        rate: price,
        runnerId: bet.runner,
        line: bet.line,
        acceptChanges: bet.acceptChanges ?? false,
      });
  return { order, message: orderMessage(order) };
}

/**
 * What became of a bet just placed: matched, partly matched or waiting (match odds), or taken (Bookmaker, Fancy), with
 * the price it matched at (the average over its fills) and that part's profit and liability, as every page shows them.
 */
export function orderMessage(order: ExchangeOrder): Message {
  const f = betFigures(order);
  const figures = { price: f.price, profit: takaText(f.profit), liability: takaText(f.liability) };
  if (order.tick === null) return { key: "exchange.notice.taken", params: { stake: takaText(f.stake), ...figures } };
  if (f.matched === 0n) return { key: "exchange.notice.unmatched", params: { stake: takaText(order.size) } };
  if (f.remaining > 0n) {
    return {
      key: "exchange.notice.partly",
      params: { matched: takaText(f.matched), ...figures, remaining: takaText(f.remaining), requested: f.requestedPrice },
    };
  }
  return { key: "exchange.notice.matched", params: { stake: takaText(f.matched), ...figures } };
}

/** The notice for the page the player lands on after placing (?placed=) or cancelling (?cancelled=) one of their bets. */
export async function noticeFor(playerId: number, orderId: number, what: "placed" | "cancelled"): Promise<Message | null> {
  const [order] = await db
    .select()
    .from(exchangeOrders)
    .where(and(eq(exchangeOrders.id, orderId), eq(exchangeOrders.playerId, playerId)));
  if (!order) return null;
  return what === "placed" ? orderMessage(order) : { key: "exchange.notice.cancelled", params: { amount: takaText(order.cancelled) } };
}

/** Cancels the unmatched stake of the player's order, or reduces it by `byTaka` whole taka. */
export async function cancelBet(playerId: number, orderId: number, byTaka?: string): Promise<ExchangeOrder> {
  return (await cancelOrder(playerId, orderId, byTaka === undefined ? undefined : fromWholeTaka(byTaka))).order;
}
