// Settling a market (a trader's decision): the winning runner (a kind with runners: match odds, Bookmaker), the result
// in runs (Fancy; 0 is a result), or void; each order's P&L is its kind's (market-kinds.ts). In one transaction under the market's lock:
// the unmatched stake lapses, every player's exposure hold is released and their net P&L over their matched fills is
// posted through the ledger against house:exchange, with the market's commission on net winnings; orders become won,
// lost or void, and each settled order's matched stake counts toward the player's turnover. A correction settles again:
// the previous settlement's postings are reversed first (refused if a player no longer has the money to reverse).
import { and, eq, inArray, sql } from "drizzle-orm";
import { db, type Tx } from "#app/db/db.server.ts";
import { publish, publishBalanceChanged } from "#app/modules/events/index.server.ts";
import { getTransferByKey, isLedgerError, reverseTransfer, transfer, voidHold } from "#app/modules/ledger/index.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { type Currency } from "#app/modules/players/index.ts";
import { applyTurnover } from "#app/modules/turnover/index.server.ts";
import { countWager } from "#app/modules/races/index.server.ts";
import { EXCHANGE_HOUSE, playerPositions } from "./exposure.server.ts";
import { ExchangeError } from "./errors.ts";
import { lockMarket } from "./market-tx.server.ts";
import { marketKind } from "./market-kinds.ts";
import { commissionOn } from "./pnl.ts";
import { exchangeExposures, exchangeMarkets, exchangeOrders, exchangeRunners } from "./schema.ts";

export const EXCHANGE_COMMISSION = "income:exchange-commission";

export type MarketOutcome = { winnerRunnerId: number } | { resultRuns: number } | { void: true };
export type SettledPlayer = { playerId: number; net: bigint; commission: bigint };

/** The ledger key of a player's settlement posting in a market (the n-th settlement: corrections count up). */
export const postingKey = (marketId: number, playerId: number, n: number, part: "pnl" | "commission") =>
  `exchange:${marketId}:${playerId}:settle:${n}:${part}`;

async function reverseSettlement(tx: Tx, marketId: number, playerIds: number[], n: number) {
  for (const playerId of playerIds) {
    for (const part of ["commission", "pnl"] as const) {
      const original = await getTransferByKey(postingKey(marketId, playerId, n, part), tx);
      if (original) await reverseTransfer({ key: `${original.key}:reverse`, transferId: original.id, kind: "exchange_resettle" }, tx);
    }
  }
}

/** `withChange` commits with the settlement (a trader's audit row). */
export async function settleMarket(marketId: number, outcome: MarketOutcome, withChange?: (tx: Tx) => Promise<void>): Promise<SettledPlayer[]> {
  let settled: SettledPlayer[];
  try {
    settled = await db.transaction(async (tx) => {
      await lockMarket(tx, marketId);
      await withChange?.(tx);
      const [market] = await tx.select().from(exchangeMarkets).where(eq(exchangeMarkets.id, marketId));
      if (!market) throw new ExchangeError("market_not_found");
      const runners = await tx.select().from(exchangeRunners).where(eq(exchangeRunners.marketId, marketId));
      const voided = "void" in outcome;
      const winner = "winnerRunnerId" in outcome ? outcome.winnerRunnerId : null;
      const runs = "resultRuns" in outcome ? outcome.resultRuns : null;
      const kind = marketKind(market.kind);
      if (!voided && !kind.hasRunners && (runs === null || !Number.isInteger(runs) || runs < 0)) throw new ExchangeError("invalid_price");
      if (!voided && kind.hasRunners && (winner === null || !runners.some((r) => r.id === winner))) {
        throw new ExchangeError("runner_not_active");
      }

      // Unmatched stake lapses; what was matched stays matched.
      await tx
        .update(exchangeOrders)
        .set({
          cancelled: sql`${exchangeOrders.size} - ${exchangeOrders.matched}`,
          lapsed: sql`${exchangeOrders.lapsed} + ${exchangeOrders.size} - ${exchangeOrders.matched} - ${exchangeOrders.cancelled}`,
          status: sql`case when ${exchangeOrders.matched} > 0 then 'matched' else 'lapsed' end`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(exchangeOrders.marketId, marketId), inArray(exchangeOrders.status, ["unmatched", "partially_matched"])));

      const playerIds = (await tx.selectDistinct({ id: exchangeOrders.playerId }).from(exchangeOrders).where(eq(exchangeOrders.marketId, marketId)))
        .map((p) => p.id)
        .sort((a, b) => a - b);
      const n = market.settleCount + 1;
      if (market.settleCount > 0) await reverseSettlement(tx, marketId, playerIds, market.settleCount);

      const results: SettledPlayer[] = [];
      for (const playerId of playerIds) {
        const [player] = await tx.select({ currency: players.currency }).from(players).where(eq(players.id, playerId));
        const currency = player!.currency as Currency;
        const [exposure] = await tx
          .select()
          .from(exchangeExposures)
          .where(and(eq(exchangeExposures.playerId, playerId), eq(exchangeExposures.marketId, marketId)));
        if (exposure?.holdId) {
          await voidHold({ key: `exchange:${marketId}:${playerId}:exposure:${exposure.version + 1}:release`, holdId: exposure.holdId }, tx);
          await tx
            .update(exchangeExposures)
            .set({ amount: 0n, holdId: null, version: exposure.version + 1, updatedAt: sql`now()` })
            .where(and(eq(exchangeExposures.playerId, playerId), eq(exchangeExposures.marketId, marketId)));
        }

        const { orders, fills } = await playerPositions(tx, playerId, marketId);
        // A void market moves nothing: the released holds were the whole of it.
        const orderProfit = voided ? new Map<number, bigint>() : kind.settle({ orders, fills }, kind.hasRunners ? winner! : runs!);
        const net = [...orderProfit.values()].reduce((sum, p) => sum + p, 0n);
        const commission = commissionOn(net, market.commissionBp);
        const memo = `Exchange market ${marketId} settlement`;
        if (net !== 0n) {
          await transfer(
            {
              key: postingKey(marketId, playerId, n, "pnl"),
              debit: net < 0n ? `player:${playerId}:main` : EXCHANGE_HOUSE,
              credit: net < 0n ? EXCHANGE_HOUSE : `player:${playerId}:main`,
              amount: net < 0n ? -net : net,
              currency,
              kind: net < 0n ? "exchange_loss" : "exchange_win",
              memo,
              meta: { marketId },
            },
            tx,
          );
        }
        if (commission > 0n) {
          await transfer(
            {
              key: postingKey(marketId, playerId, n, "commission"),
              debit: `player:${playerId}:main`,
              credit: EXCHANGE_COMMISSION,
              amount: commission,
              currency,
              kind: "exchange_commission",
              memo,
              meta: { marketId },
            },
            tx,
          );
        }
        for (const o of orders) {
          if (o.matched === 0n) continue;
          const profit = orderProfit.get(o.id) ?? 0n;
          const status = voided ? "void" : profit > 0n ? "won" : profit < 0n ? "lost" : "void";
          await tx
            .update(exchangeOrders)
            .set({ status, profit, updatedAt: sql`now()` })
            .where(eq(exchangeOrders.id, o.id));
          if (!voided) await applyTurnover(tx, { playerId, stake: o.matched, key: `exchange-order:${o.id}` });
          // A settled (not void) bet's matched stake is the wager exchange races count.
          if (!voided) await countWager(tx, { playerId, stake: o.matched, product: "exchange" });
        }
        results.push({ playerId, net, commission });
      }

      for (const r of runners) {
        await tx
          .update(exchangeRunners)
          .set({ status: voided ? "removed" : r.id === winner ? "winner" : "loser" })
          .where(eq(exchangeRunners.id, r.id));
      }
      await tx
        .update(exchangeMarkets)
        .set({ status: "closed", voided, resultRuns: runs, settledAt: sql`now()`, settleCount: n, version: sql`${exchangeMarkets.version} + 1` })
        .where(eq(exchangeMarkets.id, marketId));
      return results;
    });
  } catch (e) {
    if (isLedgerError(e, "insufficient_funds")) throw new ExchangeError("insufficient_funds", { available: String(e.details.available ?? 0) });
    throw e;
  }
  // Its pages show it closed (a Fancy line's page drops it), also to viewers without a bet on it.
  await publish({ kind: "market", marketId });
  for (const r of settled) await publishBalanceChanged(r.playerId);
  return settled;
}
