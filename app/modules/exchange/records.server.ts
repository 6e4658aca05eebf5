// The Exchange tab of the betting record: the player's exchange bets newest first, and one bet's details (event,
// market, selection, odds or runs, stake, potential profit and liability, status, net P&L). Spec section 3's exchange
// record: status open while it waits, WON or LOST once settled.
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { formatPoisha } from "#app/modules/ledger/money.ts";
import { formatDhaka } from "#app/utils/time.ts";
import { oddsText, priceAt } from "./ladder.ts";
import { type ExchangeOrder, exchangeEvents, exchangeMarkets, exchangeOrders, exchangeRunners, type MarketKind } from "./schema.ts";
import { type BetSide, slipFigures, takaText } from "./slip.ts";

export const EXCHANGE_RECORD_PAGE = 20;

/** open: still in a market; WON / LOST: settled with a gain or a loss; VOID, CANCELLED, LAPSED: stake returned. */
export function recordStatus(o: ExchangeOrder): "open" | "WON" | "LOST" | "VOID" | "CANCELLED" | "LAPSED" {
  if (o.status === "won") return "WON";
  if (o.status === "lost") return "LOST";
  if (o.status === "void") return "VOID";
  if (o.status === "cancelled") return "CANCELLED";
  if (o.status === "lapsed") return "LAPSED";
  return "open";
}

const columns = {
  order: exchangeOrders,
  kind: exchangeMarkets.kind,
  market: exchangeMarkets.name,
  event: exchangeEvents.name,
  runner: exchangeRunners.name,
};

type Row = { order: ExchangeOrder; kind: MarketKind; market: string; event: string; runner: string | null };

function recordOf({ order: o, kind, market, event, runner }: Row) {
  const price = o.tick !== null ? priceAt(o.tick) : (o.rate ?? 0);
  // What was matched (or taken) is the bet; an order still waiting shows its whole stake.
  const stake = o.matched > 0n ? o.matched : o.size - o.cancelled;
  const { profit, liability } = slipFigures(kind, o.side as BetSide, price, stake);
  return {
    id: o.id,
    transactionId: `EX${String(o.id).padStart(8, "0")}`,
    event,
    market,
    betType: o.side,
    selection: runner ?? market,
    odds: o.tick !== null ? oddsText(o.tick) : kind === "bookmaker" ? String(o.rate) : null,
    run: kind === "fancy" ? `${o.line} / ${o.rate}` : null,
    stake: takaText(o.size),
    potentialProfit: takaText(profit),
    potentialLiability: takaText(liability),
    status: recordStatus(o),
    net: o.profit === null ? null : { text: takaText(o.profit), negative: o.profit < 0n },
    createdAt: formatDhaka(o.placedAt, "YYYY-MM-DD HH:mm:ss"),
    placedAt: o.placedAt.toISOString(),
    marketId: o.marketId,
    /** The amounts as plain decimals ("200.00") for the JSON API. */
    plain: {
      stake: formatPoisha(o.size),
      profit: formatPoisha(profit),
      liability: formatPoisha(liability),
      net: o.profit === null ? null : formatPoisha(o.profit),
    },
  };
}

export type ExchangeRecord = ReturnType<typeof recordOf>;

function recordsQuery() {
  return db
    .select(columns)
    .from(exchangeOrders)
    .innerJoin(exchangeMarkets, eq(exchangeMarkets.id, exchangeOrders.marketId))
    .innerJoin(exchangeEvents, eq(exchangeEvents.id, exchangeMarkets.eventId))
    .leftJoin(exchangeRunners, eq(exchangeRunners.id, exchangeOrders.runnerId));
}

/** The player's exchange bets, newest first, EXCHANGE_RECORD_PAGE at a time (keyset on the bet's id). */
export async function listExchangeRecords(playerId: number, before?: number) {
  const rows = await recordsQuery()
    .where(and(eq(exchangeOrders.playerId, playerId), before ? lt(exchangeOrders.id, before) : sql`true`))
    .orderBy(desc(exchangeOrders.id))
    .limit(EXCHANGE_RECORD_PAGE);
  const records = rows.map(recordOf);
  return { records, next: records.length === EXCHANGE_RECORD_PAGE ? records[records.length - 1]!.id : null };
}

/** One of the player's exchange bets; null for another player's or none. */
export async function getExchangeRecord(playerId: number, orderId: number): Promise<ExchangeRecord | null> {
  const [row] = await recordsQuery().where(and(eq(exchangeOrders.id, orderId), eq(exchangeOrders.playerId, playerId)));
  return row ? recordOf(row) : null;
}
