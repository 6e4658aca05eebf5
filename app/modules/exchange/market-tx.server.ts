// What every exchange transaction does around its own work: take the market's lock, check the player may stake,
// replace the exposure holds of the players whose positions changed, and turn the ledger's refusal into ours.
import { eq, sql } from "drizzle-orm";
import { db, type Tx } from "#app/db/db.server.ts";
import { publish, publishBalanceChanged } from "#app/modules/events/index.server.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";
import { isLedgerError, lockPlayerAccounts } from "#app/modules/ledger/index.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { type Currency } from "#app/modules/players/index.ts";
import { checkBeforeStake, type StakeAmount } from "#app/modules/protection/index.server.ts";
import { ExchangeError } from "./errors.ts";
import { syncExposure } from "./exposure.server.ts";
import { exchangeMarkets, type MarketKind } from "./schema.ts";

const LOCK_SPACE = 0x45584348; // "EXCH"
const log = rootLog.child({ module: "exchange" });

/** Serialises every operation on one market, on every app instance, until the transaction ends. */
export async function lockMarket(tx: Tx, marketId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}::int4, ${marketId}::int4)`);
}

export async function playerCurrency(tx: Tx, playerId: number): Promise<Currency> {
  const [p] = await tx.select({ currency: players.currency }).from(players).where(eq(players.id, playerId));
  if (!p) throw new ExchangeError("player_blocked");
  return p.currency as Currency;
}

/**
 * A blocked, excluded or limited player, or one missing the operator's identity checks, may not stake `amount`.
 * A player with stake or loss limits is checked under the ledger locks of every player whose money this bet will
 * move (`counterparties`: the makers it matches, asked for only then), taken here in the order every exchange
 * transaction takes them, so that the player's bets on other markets and in the casino are counted one at a time.
 */
export async function checkMayStake(tx: Tx, playerId: number, amount: StakeAmount, counterparties: () => number[] = () => []) {
  const [p] = await tx.select({ status: players.status }).from(players).where(eq(players.id, playerId));
  if (!p || p.status !== "active") throw new ExchangeError("player_blocked");
  const refusal = await checkBeforeStake(tx, playerId, amount, { serialise: () => lockPlayerAccounts(tx, [playerId, ...counterparties()]) });
  if (refusal?.reason === "excluded") throw new ExchangeError("player_blocked");
  if (refusal?.reason === "identity") throw new ExchangeError("verification_needed", { missing: refusal.missing.join(", ") });
  if (refusal?.reason === "limit") throw new ExchangeError("limit_exceeded");
}

/** Replaces the exposure holds of these players (ascending ids: one lock order for every transaction). */
export async function syncExposures(tx: Tx, marketId: number, kind: MarketKind, playerIds: Iterable<number>) {
  const exposures = new Map<number, bigint>();
  for (const id of [...new Set(playerIds)].sort((a, b) => a - b)) {
    exposures.set(id, await syncExposure(tx, id, marketId, await playerCurrency(tx, id), kind));
  }
  await tx
    .update(exchangeMarkets)
    .set({ version: sql`${exchangeMarkets.version} + 1` })
    .where(eq(exchangeMarkets.id, marketId));
  return exposures;
}

/**
 * Runs `work` in a transaction holding the market's lock, then tells the changed players' pages their balance
 * moved and the market's pages that it changed. The ledger's insufficient_funds (an exposure that does not fit) becomes the exchange's refusal.
 */
export async function inMarket<T>(marketId: number, work: (tx: Tx) => Promise<{ result: T; changed: number[] }>): Promise<T> {
  let outcome: { result: T; changed: number[] };
  try {
    outcome = await db.transaction(async (tx) => {
      await lockMarket(tx, marketId);
      return work(tx);
    });
  } catch (e) {
    if (isLedgerError(e, "insufficient_funds")) throw new ExchangeError("insufficient_funds", { available: String(e.details.available ?? 0) });
    throw e;
  }
  for (const id of new Set(outcome.changed)) await publishBalanceChanged(id);
  if (outcome.changed.length > 0) {
    await publish({ kind: "market", marketId });
    afterMarketChange(marketId);
  }
  return outcome.result;
}

const marketChecks = new Set<Promise<unknown>>();

/**
 * After a committed change of a market, this instance checks the market's armed auto cash-outs (README.md, "Cash
 * Out"), in the background: the change's caller does not wait. Loaded on first use (it places orders through here).
 */
function afterMarketChange(marketId: number) {
  const check: Promise<unknown> = import("./auto-cash-out.server.ts")
    .then((m) => m.checkAutoCashOuts(marketId))
    .catch((e: unknown) => log.error({ err: e, marketId }, "auto cash-out check failed"))
    .finally(() => marketChecks.delete(check));
  marketChecks.add(check);
}

/** Resolves when every background market check started so far (and those they started) has finished: for tests. */
export async function marketChecksIdle(): Promise<void> {
  while (marketChecks.size > 0) await Promise.allSettled([...marketChecks]);
}
