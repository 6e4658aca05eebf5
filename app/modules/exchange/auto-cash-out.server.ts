// Auto cash-out (README.md, "Cash Out"): a player's profit target (and optional loss limit) on a match-odds market.
// After every committed change of a market, the instance that committed it checks the market's armed rows
// (`checkAutoCashOuts`, called by inMarket); one whose cash-out value has reached its target or limit fires a full
// cash out. The claim (`status = 'armed'` → 'fired') is in the cash out's own transaction: if the cash out does not
// go through, the claim rolls back with it, and of several instances or checks only one claims the row.
import { and, eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { db, type Tx } from "#app/db/db.server.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";
import { executeCashOut, quoteCashOut, type CashOutState } from "./cash-out.server.ts";
import { ExchangeError } from "./errors.ts";
import { type ExchangeAutoCashOut, exchangeAutoCashOuts, exchangeMarkets } from "./schema.ts";

const log = rootLog.child({ module: "exchange.auto-cash-out" });

type Trigger = Pick<ExchangeAutoCashOut, "profitTarget" | "lossLimit">;

/** The cash-out value reached the target, or fell to the loss limit. */
export function triggers(a: Trigger, state: CashOutState): boolean {
  const q = state.quote;
  if (!q.ok || state.closed) return false;
  return q.value >= a.profitTarget || (a.lossLimit !== null && q.value <= -a.lossLimit);
}

/** Arms (or re-arms with new amounts) the player's auto cash-out on a match-odds market. */
export async function setAutoCashOut(playerId: number, marketId: number, profitTarget: bigint, lossLimit: bigint | null) {
  const [market] = await db.select({ kind: exchangeMarkets.kind }).from(exchangeMarkets).where(eq(exchangeMarkets.id, marketId));
  if (!market || market.kind !== "match_odds") throw new ExchangeError("market_not_found");
  await db
    .insert(exchangeAutoCashOuts)
    .values({ playerId, marketId, profitTarget, lossLimit, status: "armed" })
    .onConflictDoUpdate({
      target: [exchangeAutoCashOuts.playerId, exchangeAutoCashOuts.marketId],
      set: { profitTarget, lossLimit, status: "armed", firedAt: null, updatedAt: sql`now()` },
    });
}

export async function clearAutoCashOut(playerId: number, marketId: number) {
  await db
    .update(exchangeAutoCashOuts)
    .set({ status: "cleared", updatedAt: sql`now()` })
    .where(and(eq(exchangeAutoCashOuts.playerId, playerId), eq(exchangeAutoCashOuts.marketId, marketId), eq(exchangeAutoCashOuts.status, "armed")));
}

export async function autoCashOutOf(playerId: number, marketId: number): Promise<ExchangeAutoCashOut | null> {
  const [row] = await db
    .select()
    .from(exchangeAutoCashOuts)
    .where(and(eq(exchangeAutoCashOuts.playerId, playerId), eq(exchangeAutoCashOuts.marketId, marketId)));
  return row ?? null;
}

/** Claims the row in the cash out's transaction: only one transaction turns it from armed to fired. */
async function claim(tx: Tx, a: ExchangeAutoCashOut, state: CashOutState): Promise<boolean> {
  if (!triggers(a, state)) return false;
  const claimed = await tx
    .update(exchangeAutoCashOuts)
    .set({ status: "fired", firedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(eq(exchangeAutoCashOuts.playerId, a.playerId), eq(exchangeAutoCashOuts.marketId, a.marketId), eq(exchangeAutoCashOuts.status, "armed")),
    )
    .returning({ playerId: exchangeAutoCashOuts.playerId });
  return claimed.length === 1;
}

/** Fires every armed auto cash-out of the market whose value reached its target or limit. Returns the players it fired for. */
export async function checkAutoCashOuts(marketId: number): Promise<number[]> {
  const armed = await db
    .select()
    .from(exchangeAutoCashOuts)
    .where(and(eq(exchangeAutoCashOuts.marketId, marketId), eq(exchangeAutoCashOuts.status, "armed")));
  const fired: number[] = [];
  for (const a of armed) {
    try {
      // A first look without the lock; the cash out quotes again under it before claiming.
      const state = await quoteCashOut(db, a.playerId, marketId);
      if (!triggers(a, state)) continue;
      const result = await executeCashOut({ playerId: a.playerId, marketId, percent: 100, requestKey: `auto:${randomUUID()}` }, (tx, now) =>
        claim(tx, a, now),
      );
      if (result.done) fired.push(a.playerId);
    } catch (e) {
      // A refused cash out (funds, limits) leaves the row armed; the next change tries again.
      log.warn({ err: e, marketId, playerId: a.playerId }, "auto cash-out not executed");
    }
  }
  return fired;
}
