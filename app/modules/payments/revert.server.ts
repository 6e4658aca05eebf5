// A player cancels ("reverts") their own pending deposit or withdrawal. The row is locked like a staff review, so a
// revert and an approval or rejection racing each other end with exactly one of them done. A withdrawal's hold is
// voided in the same transaction, so its amount is available again at once.
import { and, eq } from "drizzle-orm";
import { db, type Tx } from "#app/db/db.server.ts";
import { publishBalanceChanged } from "#app/modules/events/index.server.ts";
import { voidHold } from "#app/modules/ledger/index.server.ts";
import { refuseWhileUnderReview } from "./review-hold.server.ts";
import { audit } from "#app/modules/audit/index.server.ts";
import { type Deposit, deposits, type Withdrawal, withdrawals } from "./schema.ts";
import { PaymentError } from "./errors.ts";
import { parseTransactionId, toId } from "./validation.ts";
import { PAYING } from "./withdrawals.server.ts";

const notFound = () => new PaymentError("not_found", "payments.errors.notFound");
const notPending = () => new PaymentError("not_revertible", "payments.errors.revertNotPending");

/** What the details page offers: only a pending request nobody has taken yet. */
export function canRevertDeposit(d: Pick<Deposit, "status" | "channelType">) {
  return d.status === "pending" && d.channelType !== "Gateway";
}
export function canRevertWithdrawal(w: Pick<Withdrawal, "status" | "payoutReference" | "holdTransferId" | "exclusionId">) {
  return w.status === "pending" && w.payoutReference === null && w.holdTransferId !== null && w.exclusionId === null;
}

type RevertInput = { playerId: number; id: unknown; ip?: string | null };

// Another player's id reads as unknown: nothing tells them it exists.
async function lockOwnDeposit(tx: Tx, playerId: number, id: unknown) {
  const num = toId(id);
  const [row] = num
    ? await tx
        .select()
        .from(deposits)
        .where(and(eq(deposits.id, num), eq(deposits.playerId, playerId)))
        .for("update")
    : [];
  if (!row) throw notFound();
  return row;
}

async function lockOwnWithdrawal(tx: Tx, playerId: number, id: unknown) {
  const num = toId(id);
  const [row] = num
    ? await tx
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.id, num), eq(withdrawals.playerId, playerId)))
        .for("update")
    : [];
  if (!row) throw notFound();
  return row;
}

/**
 * Cancels the player's own pending manual deposit (nothing was credited, so nothing moves). A gateway deposit is
 * never pending (it is made when the gateway confirms the payment), so there is nothing to cancel there.
 */
export async function revertDeposit({ playerId, id, ip = null }: RevertInput): Promise<Deposit> {
  return db.transaction(async (tx) => {
    const dep = await lockOwnDeposit(tx, playerId, id);
    if (!canRevertDeposit(dep)) throw notPending();
    const now = new Date();
    const [row] = await tx.update(deposits).set({ status: "cancelled", cancelledAt: now, updatedAt: now }).where(eq(deposits.id, dep.id)).returning();
    await audit(tx, {
      staffId: null,
      action: "deposit.cancel",
      entity: "deposit",
      entityId: dep.id,
      before: { status: dep.status, playerId },
      after: { status: "cancelled", by: "player" },
      ip,
    });
    return row!;
  });
}

/**
 * Cancels the player's own pending withdrawal and voids its hold (withdrawal:<id>:void, the rejection's key: a
 * withdrawal is voided once, whichever way). Refused once staff have taken it: a payout under way at the gateway,
 * or an open AML review holding the player's withdrawals. A self-exclusion's balance payout is not the player's to
 * cancel.
 */
export async function revertWithdrawal({ playerId, id, ip = null }: RevertInput): Promise<Withdrawal> {
  const cancelled = await db.transaction(async (tx) => {
    const w = await lockOwnWithdrawal(tx, playerId, id);
    if (w.status !== "pending" || w.exclusionId !== null) throw notPending();
    if (w.payoutReference === PAYING) throw new PaymentError("not_revertible", "payments.errors.revertTaken");
    if (!canRevertWithdrawal(w)) throw notPending();
    await refuseWhileUnderReview(tx, playerId);
    await voidHold({ key: `withdrawal:${w.id}:void`, holdId: w.holdTransferId!, memo: `Withdrawal W${w.id} cancelled by the player` }, tx);
    const now = new Date();
    const [row] = await tx
      .update(withdrawals)
      .set({ status: "cancelled", cancelledAt: now, updatedAt: now })
      .where(eq(withdrawals.id, w.id))
      .returning();
    await audit(tx, {
      staffId: null,
      action: "withdrawal.cancel",
      entity: "withdrawal",
      entityId: w.id,
      before: { status: w.status, playerId, amount: String(w.amount) },
      after: { status: "cancelled", by: "player" },
      ip,
    });
    return row!;
  });
  await publishBalanceChanged(cancelled.playerId);
  return cancelled;
}

/** Cancels the player's own pending transaction by its shown id ("D12", "W3"); anything else is not found. */
export async function revertTransaction(playerId: number, txId: string, ip: string | null = null) {
  const parsed = parseTransactionId(txId);
  if (parsed?.kind === "D") return revertDeposit({ playerId, id: parsed.id, ip });
  if (parsed?.kind === "W") return revertWithdrawal({ playerId, id: parsed.id, ip });
  throw notFound();
}
