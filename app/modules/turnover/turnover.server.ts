// Turnover (wagering) requirements: created when a deposit is approved, reduced by settled bets (oldest first),
// and on completion the bonus they locked converts to main. A withdrawal waits until none is active.
import { and, asc, eq, sql } from "drizzle-orm";
import { db, type Executor, type Tx } from "#app/db/db.server.ts";
import { getPlayerBalances, isLedgerError, transfer } from "#app/modules/ledger/index.server.ts";
import { type TurnoverRequirement, turnoverContributions, turnoverRequirements } from "./schema.ts";

export type { TurnoverRequirement, TurnoverStatus } from "./schema.ts";

/** Percent done, two decimals, capped at 100; nothing required counts as done. */
export function turnoverProgress(required: bigint, remaining: bigint): number {
  if (required <= 0n) return 100;
  const done = required - remaining;
  if (done >= required) return 100;
  if (done <= 0n) return 0;
  return Number((done * 10_000n) / required) / 100;
}

export async function hasActiveTurnover(playerId: number, ex: Executor = db): Promise<boolean> {
  const [row] = await ex
    .select({ id: turnoverRequirements.id })
    .from(turnoverRequirements)
    .where(and(eq(turnoverRequirements.playerId, playerId), eq(turnoverRequirements.status, "active")))
    .limit(1);
  return Boolean(row);
}

/** What stands between a player and a withdrawal: poisha summed over the active requirements, and what may go out now. */
export type TurnoverLeft = {
  /** An active requirement exists: a withdrawal is refused (turnover_incomplete) until none does. */
  active: boolean;
  /** Poisha of stakes the active requirements ask for together; 0n when none is active. */
  required: bigint;
  /** Poisha of stakes already counted towards them. */
  done: bigint;
  /** Poisha of stakes still to bet: required - done. */
  left: bigint;
  /** Percent done of `required`, two decimals, 0-100 (100 when nothing is required). */
  progress: number;
  /** Poisha the player could withdraw now: main's available balance when no requirement is active, else 0n. */
  withdrawableNow: bigint;
};

/**
 * The turnover left and the amount withdrawable now, by the rule withdrawals use (`hasActiveTurnover` refuses, then
 * the amount may be up to main's available balance). The site-wide withdrawal switch and the birthday and phone
 * checks are not counted here: the withdrawal page shows those itself.
 */
export async function getTurnoverLeft(playerId: number, ex: Executor = db): Promise<TurnoverLeft> {
  const [[sums], active, balances] = await Promise.all([
    ex
      .select({
        required: sql<string>`coalesce(sum(${turnoverRequirements.required}), 0)::text`,
        remaining: sql<string>`coalesce(sum(${turnoverRequirements.remaining}), 0)::text`,
      })
      .from(turnoverRequirements)
      .where(and(eq(turnoverRequirements.playerId, playerId), eq(turnoverRequirements.status, "active"))),
    hasActiveTurnover(playerId, ex),
    getPlayerBalances(playerId, ex),
  ]);
  const required = active ? BigInt(sums?.required ?? "0") : 0n;
  const left = active ? BigInt(sums?.remaining ?? "0") : 0n;
  const available = balances.main.available;
  return {
    active,
    required,
    done: required - left,
    left,
    progress: turnoverProgress(required, left),
    withdrawableNow: active || available < 0n ? 0n : available,
  };
}

export type NewRequirement = {
  playerId: number;
  depositId: number | null;
  promotionId: number | null;
  required: bigint;
  bonusAmount: bigint;
  bonusWallet: "main" | "bonus";
};

/** Inside the caller's transaction (the deposit approval). Nothing required: complete at once, bonus released. */
export async function createRequirement(tx: Tx, input: NewRequirement): Promise<TurnoverRequirement> {
  const complete = input.required <= 0n;
  const now = new Date();
  const [row] = await tx
    .insert(turnoverRequirements)
    .values({
      playerId: input.playerId,
      depositId: input.depositId,
      promotionId: input.promotionId,
      required: complete ? 0n : input.required,
      remaining: complete ? 0n : input.required,
      bonusAmount: input.bonusAmount,
      bonusWallet: input.bonusWallet,
      status: complete ? "complete" : "active",
      completedAt: complete ? now : null,
    })
    .returning();
  if (complete) await releaseBonus(tx, row!);
  return row!;
}

/**
 * A completed requirement's bonus moves from the bonus wallet to main: what is left of it (bets may have
 * spent some of the bonus wallet). Keyed by the requirement, so it happens at most once.
 */
async function releaseBonus(tx: Tx, req: TurnoverRequirement) {
  if (req.bonusWallet !== "bonus" || req.bonusAmount <= 0n) return;
  for (let attempt = 0; attempt < 3; attempt++) {
    const balances = await getPlayerBalances(req.playerId, tx);
    const amount = balances.bonus.available < req.bonusAmount ? balances.bonus.available : req.bonusAmount;
    if (amount <= 0n) return;
    try {
      await transfer(
        {
          key: `turnover:${req.id}:release`,
          debit: `player:${req.playerId}:bonus`,
          credit: `player:${req.playerId}:main`,
          amount,
          currency: balances.currency,
          kind: "bonus_release",
          memo: `Turnover ${req.id} complete`,
        },
        tx,
      );
      return;
    } catch (e) {
      // A bet spent some bonus between the read and the transfer: read again.
      if (!isLedgerError(e, "insufficient_funds")) throw e;
    }
  }
}

/**
 * The deposit was refunded: its requirement, if still active, no longer holds withdrawals back (cancelled, what was
 * left to play kept for the record). Inside the caller's transaction. True when one was cancelled.
 */
export async function cancelRequirementOfDeposit(tx: Tx, depositId: number): Promise<boolean> {
  const rows = await tx
    .update(turnoverRequirements)
    .set({ status: "cancelled", updatedAt: new Date() })
    .where(and(eq(turnoverRequirements.depositId, depositId), eq(turnoverRequirements.status, "active")))
    .returning({ id: turnoverRequirements.id });
  return rows.length > 0;
}

/** Closes every active requirement of the player as met (an exclusion or closure pays the whole balance out). */
export async function completeAllRequirements(tx: Tx, playerId: number, now = new Date()) {
  await tx
    .update(turnoverRequirements)
    .set({ status: "complete", remaining: 0n, completedAt: now, updatedAt: now })
    .where(and(eq(turnoverRequirements.playerId, playerId), eq(turnoverRequirements.status, "active")));
}

export type ApplyTurnoverResult = { replayed: boolean; applied: bigint; completed: number[] };

/**
 * Counts a settled bet's stake (already weighted by game type) toward the player's requirements, oldest first,
 * inside the caller's transaction. `key` is the bet's idempotency key: a retry counts nothing again.
 */
export async function applyTurnover(
  ex: Executor,
  { playerId, stake, key }: { playerId: number; stake: bigint; key: string },
): Promise<ApplyTurnoverResult> {
  if (typeof stake !== "bigint" || stake <= 0n) throw new Error("applyTurnover: stake must be a positive BigInt of poisha");
  if (typeof key !== "string" || key.length === 0 || key.length > 200) throw new Error("applyTurnover: key must be a non-empty string");
  return ex.transaction(async (tx) => {
    const active = await tx
      .select()
      .from(turnoverRequirements)
      .where(and(eq(turnoverRequirements.playerId, playerId), eq(turnoverRequirements.status, "active")))
      .orderBy(asc(turnoverRequirements.id))
      .for("update");
    if (active.length === 0) return { replayed: false, applied: 0n, completed: [] };
    const [contribution] = await tx
      .insert(turnoverContributions)
      .values({ key, playerId, stake, allocations: [] })
      .onConflictDoNothing({ target: turnoverContributions.key })
      .returning({ id: turnoverContributions.id });
    if (!contribution) return { replayed: true, applied: 0n, completed: [] };

    let left = stake;
    const allocations: Array<{ requirementId: number; amount: string }> = [];
    const completed: number[] = [];
    const now = new Date();
    for (const req of active) {
      if (left === 0n) break;
      const take = left < req.remaining ? left : req.remaining;
      left -= take;
      const remaining = req.remaining - take;
      const done = remaining === 0n;
      const [updated] = await tx
        .update(turnoverRequirements)
        .set({ remaining, status: done ? "complete" : "active", completedAt: done ? now : null, updatedAt: now })
        .where(eq(turnoverRequirements.id, req.id))
        .returning();
      if (take > 0n) allocations.push({ requirementId: req.id, amount: String(take) });
      if (done) {
        completed.push(req.id);
        await releaseBonus(tx, updated!);
      }
    }
    await tx.update(turnoverContributions).set({ allocations }).where(eq(turnoverContributions.id, contribution.id));
    return { replayed: false, applied: stake - left, completed };
  });
}

/**
 * A rolled-back bet gives back what it counted, to requirements that are still active. A completed one stays
 * complete: its bonus has already converted to main. At most once per key.
 */
export async function rollbackTurnover(ex: Executor, { key }: { key: string }): Promise<{ restored: bigint }> {
  return ex.transaction(async (tx) => {
    const [c] = await tx.select().from(turnoverContributions).where(eq(turnoverContributions.key, key)).for("update");
    if (!c || c.rolledBackAt) return { restored: 0n };
    let restored = 0n;
    for (const a of c.allocations) {
      const amount = BigInt(a.amount);
      const [row] = await tx
        .update(turnoverRequirements)
        .set({
          remaining: sql`least(${turnoverRequirements.required}, ${turnoverRequirements.remaining} + ${String(amount)}::bigint)`,
          updatedAt: new Date(),
        })
        .where(and(eq(turnoverRequirements.id, a.requirementId), eq(turnoverRequirements.status, "active")))
        .returning({ id: turnoverRequirements.id });
      if (row) restored += amount;
    }
    await tx.update(turnoverContributions).set({ rolledBackAt: new Date() }).where(eq(turnoverContributions.id, c.id));
    return { restored };
  });
}
