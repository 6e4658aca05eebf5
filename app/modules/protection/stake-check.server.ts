// The one check every bet passes before any stake is taken (the casino's seamless wallet, the exchange): called
// inside the bet's transaction under the player's lock, so parallel bets are decided one at a time.
import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "#app/db/db.server.ts";
import type { LimitRefusal } from "./limits-errors.ts";
import type { MoneyKind, MoneyPeriod } from "./limits-math.ts";
import { activeExclusion } from "./exclusions-active.server.ts";
import { identityRefusal, type Verification } from "./identity.server.ts";
import { checkStakeLimits } from "./limits.server.ts";
import { rgLimits } from "./schema.ts";

export type StakeLimit = { kind: MoneyKind; period: MoneyPeriod; amount: bigint };

/**
 * The stake to check, or how to work it out when it costs something to know (the exchange's dry run of a lay's match,
 * to count it at the prices it would match at): called only for a player with stake or loss limits.
 */
export type StakeAmount = bigint | (() => bigint);

/**
 * Null when a stake of `amount` may be taken; otherwise the limit it would break (stake or loss), what is left
 * and when enough frees up. `known`: the player's stake and loss limits when the caller has already read them
 * (the wallet reads them in its first statement, so a player without limits costs no query here).
 */
export async function checkStake(
  tx: Executor,
  playerId: number,
  amount: StakeAmount,
  now: Date = new Date(),
  known?: StakeLimit[],
  serialise?: () => Promise<void>,
): Promise<LimitRefusal | null> {
  const limits =
    known ??
    ((await tx
      .select({ kind: rgLimits.kind, period: rgLimits.period, amount: rgLimits.amount })
      .from(rgLimits)
      .where(and(eq(rgLimits.playerId, playerId), inArray(rgLimits.kind, ["stake", "loss"])))) as StakeLimit[]);
  if (!limits.length) return null;
  await serialise?.();
  return checkStakeLimits(tx, playerId, limits, typeof amount === "function" ? amount() : amount, now);
}

/** Why a stake may not be taken: an exclusion, identity checks still missing (real-money mode), or a limit. */
export type StakeRefusal = { reason: "excluded" } | { reason: "identity"; missing: Verification[] } | { reason: "limit"; limit: LimitRefusal };

/** What the caller already read under its lock (the wallet's first statement), so the common path costs no query. */
export type KnownStakeContext = { excluded: boolean; realMoney: boolean; limits: StakeLimit[] };

/**
 * Everything a stake must pass, in one place for every product that takes stakes (the casino's seamless wallet, the
 * exchange): no time-out, self-exclusion or closure; in real-money mode the identity checks the operator requires;
 * then the player's stake and loss limits. Call it inside the bet's transaction after the player's lock, or pass
 * `serialise`, which takes that lock: it is called only for a player with stake or loss limits, before they are
 * counted (the exchange, whose transactions otherwise hold only their market's lock).
 */
export async function checkBeforeStake(
  tx: Executor,
  playerId: number,
  amount: StakeAmount,
  { now = new Date(), known, serialise }: { now?: Date; known?: KnownStakeContext; serialise?: () => Promise<void> } = {},
): Promise<StakeRefusal | null> {
  const excluded = known ? known.excluded : Boolean(await activeExclusion(tx, playerId, now));
  if (excluded) return { reason: "excluded" };
  // In demo mode a bet needs no identity check, so the wallet (which knows the mode) skips the queries.
  if (!known || known.realMoney) {
    const identity = await identityRefusal(tx, playerId, "bet");
    if (identity) return { reason: "identity", missing: identity.missing };
  }
  const limit = await checkStake(tx, playerId, amount, now, known?.limits, serialise);
  return limit ? { reason: "limit", limit } : null;
}
