// A player's exposure in a market, recomputed from their orders (and fills) by the market's kind, and the ledger hold
// that reserves it on the main wallet: one open hold per (player, market), replaced whenever the amount changes.
// Call inside the transaction that holds the market's lock (orders.server.ts).
import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Tx } from "#app/db/db.server.ts";
import { transfer, voidHold } from "#app/modules/ledger/index.server.ts";
import type { Currency } from "#app/modules/players/index.ts";
import { marketKind } from "./market-kinds.ts";
import { exposureOf, oddsProfit, type RunnerPosition } from "./pnl.ts";
import { exchangeExposures, exchangeFills, exchangeMarkets, exchangeOrders, exchangeRunners, type MarketKind } from "./schema.ts";

export const EXCHANGE_HOUSE = "house:exchange";

/** The player's matched positions (from fills, on either side) and unmatched remainders in a market. */
export async function playerPositions(tx: Tx, playerId: number, marketId: number) {
  const orders = await tx
    .select()
    .from(exchangeOrders)
    .where(and(eq(exchangeOrders.marketId, marketId), eq(exchangeOrders.playerId, playerId)));
  const ids = orders.map((o) => o.id);
  const fills = ids.length
    ? await tx
        .select()
        .from(exchangeFills)
        .where(and(eq(exchangeFills.marketId, marketId), or(inArray(exchangeFills.takerOrderId, ids), inArray(exchangeFills.makerOrderId, ids))))
    : [];
  const byId = new Map(orders.map((o) => [o.id, o]));
  const matched: RunnerPosition[] = [];
  for (const f of fills) {
    // A player's own orders never match each other, so exactly one side of a fill is theirs.
    const mine = byId.get(f.takerOrderId) ?? byId.get(f.makerOrderId)!;
    matched.push({ runnerId: f.runnerId, side: mine.side as "back" | "lay", stake: f.size, profit: oddsProfit(f.size, f.tick) });
  }
  const unmatched: RunnerPosition[] = [];
  for (const o of orders) {
    const remaining = o.size - o.matched - o.cancelled;
    if (remaining > 0n && (o.status === "unmatched" || o.status === "partially_matched")) {
      unmatched.push({ runnerId: o.runnerId!, side: o.side as "back" | "lay", stake: remaining, profit: oddsProfit(remaining, o.tick!) });
    }
  }
  return { orders, fills, matched, unmatched };
}

async function runnerIdsOf(tx: Tx, marketId: number, kind: MarketKind): Promise<number[]> {
  if (!marketKind(kind).hasRunners) return [];
  const runners = await tx.select({ id: exchangeRunners.id }).from(exchangeRunners).where(eq(exchangeRunners.marketId, marketId));
  return runners.map((r) => r.id);
}

/**
 * The player's P&L in the market for each outcome, as its kind works it out: per runner winning (match odds, with
 * unmatched orders counted pessimistically; Bookmaker), or per result in runs that matters (Fancy).
 */
export async function marketBook(tx: Tx, playerId: number, marketId: number, kind?: MarketKind): Promise<Map<number, bigint>> {
  const marketKindId =
    kind ?? (await tx.select({ kind: exchangeMarkets.kind }).from(exchangeMarkets).where(eq(exchangeMarkets.id, marketId)))[0]!.kind;
  const runnerIds = await runnerIdsOf(tx, marketId, marketKindId);
  const { orders, fills } = await playerPositions(tx, playerId, marketId);
  return marketKind(marketKindId).book({ orders, fills }, runnerIds, true);
}

/**
 * Every player's matched P&L in the market summed per outcome (match odds and Bookmaker: per runner winning; Fancy:
 * per result in runs that matters), `leaveOut` (the market-maker) not counted: what the house pays or takes. A few
 * queries per market, however many players bet in it; P&L adds up, so this equals the players' books summed.
 */
export async function playersBook(tx: Tx, marketId: number, kind: MarketKind, runnerIds: number[], leaveOut?: number): Promise<Map<number, bigint>> {
  const counted = leaveOut === undefined ? sql`true` : ne(exchangeOrders.playerId, leaveOut);
  const spec = marketKind(kind);
  const orders = await tx
    .select()
    .from(exchangeOrders)
    .where(and(eq(exchangeOrders.marketId, marketId), counted));
  // Both sides of a fill count when both are players' (their P&L cancels out); the market-maker's side does not.
  const fills = spec.hasBook ? await tx.select().from(exchangeFills).where(eq(exchangeFills.marketId, marketId)) : [];
  return spec.book({ orders, fills }, runnerIds, false);
}

/**
 * Recomputes the player's exposure and replaces the hold when it changed. Throws the ledger's insufficient_funds
 * when a larger exposure does not fit main's available balance (the caller rolls its transaction back).
 */
export async function syncExposure(tx: Tx, playerId: number, marketId: number, currency: Currency, kind?: MarketKind): Promise<bigint> {
  const amount = exposureOf((await marketBook(tx, playerId, marketId, kind)).values());
  const [current] = await tx
    .select()
    .from(exchangeExposures)
    .where(and(eq(exchangeExposures.playerId, playerId), eq(exchangeExposures.marketId, marketId)));
  if ((current?.amount ?? 0n) === amount) return amount;
  const version = (current?.version ?? 0) + 1;
  const base = `exchange:${marketId}:${playerId}:exposure:${version}`;
  if (current?.holdId) await voidHold({ key: `${base}:release`, holdId: current.holdId }, tx);
  let holdId: number | null = null;
  if (amount > 0n) {
    const hold = await transfer(
      {
        key: base,
        debit: `player:${playerId}:main`,
        credit: EXCHANGE_HOUSE,
        amount,
        currency,
        kind: "exchange_exposure",
        pending: true,
        memo: `Exchange market ${marketId} exposure`,
        meta: { marketId },
      },
      tx,
    );
    holdId = hold.transfer.id;
  }
  await tx
    .insert(exchangeExposures)
    .values({ playerId, marketId, amount, holdId, version })
    .onConflictDoUpdate({
      target: [exchangeExposures.playerId, exchangeExposures.marketId],
      set: { amount, holdId, version, updatedAt: sql`now()` },
    });
  return amount;
}
