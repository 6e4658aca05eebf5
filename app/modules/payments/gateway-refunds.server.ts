// Finance staff refund a deposit that came through a payment gateway: the money goes back to the payer's wallet at
// the gateway and leaves the player's main wallet, reversed through the ledger. Money safety, in this order:
//  1. under the gateway payment row's lock, a ledger hold of the amount on main (gateway-refund:<invoice>:hold), so the
//     player cannot spend what is about to go back, and the row is claimed (failureReason "refunding") so a second
//     refund cannot start while the first waits for the gateway;
//  2. the gateway's refund call, outside any transaction;
//  3. on success, in one transaction: the hold posted, what is left of the deposit's bonus forfeited, the row refunded,
//     the audit row and the player's inbox message. A refusal voids the hold; a time-out leaves it (the money stays
//     reserved) and the next call asks the gateway again (a refund of the same payment is idempotent there).
import { and, eq, inArray } from "drizzle-orm";
import { db, type Executor, type Tx } from "#app/db/db.server.ts";
import { publishBalanceChanged } from "#app/modules/events/index.server.ts";
import { notifyInbox, postSystemMessage } from "#app/modules/inbox/index.server.ts";
import {
  getHold,
  getPlayerBalances,
  getTransferByKey,
  isLedgerError,
  type LedgerTransfer,
  postHold,
  transfer,
  voidHold,
} from "#app/modules/ledger/index.server.ts";
import type { Currency } from "#app/modules/players/index.ts";
import { cancelRequirementOfDeposit } from "#app/modules/turnover/index.server.ts";
import { audit } from "#app/modules/audit/index.server.ts";
import { requireReason } from "./deposits.server.ts";
import { PaymentError } from "./errors.ts";
import { gatewayFor } from "./gateway/registry.server.ts";
import { GatewayError } from "./gateway/types.ts";
import { type Deposit, deposits, type GatewayPaymentRow, gatewayPayments, paymentMethods } from "./schema.ts";
import { toId } from "./validation.ts";
import { takaText } from "#app/kernel/money.ts";

/** The row's mark while a refund waits for the gateway (status stays "completed" until the refund is done). */
export const REFUNDING = "refunding";
/** A claim older than this is taken to be from a process that died mid-call: the next refund may ask again. */
export const REFUND_CLAIM_MS = 5 * 60_000;
/** Holds after refused attempts (each voided) before we stop trying. */
const MAX_ATTEMPTS = 20;

const holdKey = (invoice: string, attempt: number) => `gateway-refund:${invoice}:hold${attempt > 1 ? `:${attempt}` : ""}`;

/** The latest hold of the refund: an open or posted one, or the key a new one takes (after refused, voided ones). */
async function currentHold(invoice: string, ex: Executor) {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const key = holdKey(invoice, attempt);
    const t = await getTransferByKey(key, ex);
    if (!t) return { key, hold: null, status: null };
    const { status } = await getHold(t.id, ex);
    if (status !== "voided") return { key, hold: t, status };
  }
  throw new PaymentError("gateway_unavailable", "payments.errors.refundTooManyAttempts");
}

const notCompleted = () => new PaymentError("invalid_input", "payments.errors.refundOnlyCompletedGateway");
const inProgress = () => new PaymentError("already_reviewed", "payments.errors.refundInProgress");

type Claimed = { row: GatewayPaymentRow; dep: Deposit; method: typeof paymentMethods.$inferSelect; holdId: number };

/** Step 1: under the row's lock, the hold (or the open one a timed-out attempt left) and the claim. */
async function claimRefund(depositId: number): Promise<Claimed> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select().from(gatewayPayments).where(eq(gatewayPayments.depositId, depositId)).for("update");
      if (!row) {
        const [dep] = await tx.select({ id: deposits.id }).from(deposits).where(eq(deposits.id, depositId));
        if (!dep) throw new PaymentError("not_found", "payments.errors.notFound");
        throw notCompleted();
      }
      if (row.status === "refunded") throw new PaymentError("already_reviewed", "payments.errors.alreadyRefunded");
      if (row.status !== "completed" || !row.gatewayPaymentId || !row.trxId) throw notCompleted();
      const [dep] = await tx.select().from(deposits).where(eq(deposits.id, depositId));
      const [method] = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, row.methodId));
      if (!dep || dep.status !== "approved" || !method) throw notCompleted();
      if (!gatewayFor(method)) throw new PaymentError("gateway_unavailable", "payments.errors.refundNoGateway", { params: { method: method.name } });

      const now = new Date();
      const current = await currentHold(row.invoice, tx);
      if (current.status === "posted") throw new PaymentError("already_reviewed", "payments.errors.alreadyRefunded");
      if (current.hold && row.failureReason === REFUNDING && now.getTime() - row.updatedAt.getTime() < REFUND_CLAIM_MS) throw inProgress();
      let holdId = current.hold?.id;
      if (!holdId) {
        const main = (await getPlayerBalances(row.playerId, tx)).main.available;
        if (main < row.amount) throw shortOfMoney(main);
        const placed = await transfer(
          {
            key: current.key,
            debit: `player:${row.playerId}:main`,
            credit: `clearing:deposits:${row.methodId}`,
            amount: row.amount,
            currency: row.currency as Currency,
            kind: "deposit_refund",
            pending: true,
            memo: `Refund of deposit D${dep.id}`,
            meta: { depositId: dep.id, invoice: row.invoice },
          },
          tx,
        );
        holdId = placed.transfer.id;
      }
      const [claimed] = await tx
        .update(gatewayPayments)
        .set({ failureReason: REFUNDING, updatedAt: now })
        .where(eq(gatewayPayments.id, row.id))
        .returning();
      return { row: claimed!, dep, method, holdId };
    });
  } catch (e) {
    if (isLedgerError(e, "insufficient_funds")) throw shortOfMoney(BigInt(String(e.details.available ?? 0)));
    throw e;
  }
}

function shortOfMoney(available: bigint) {
  return new PaymentError("insufficient_balance", "payments.errors.refundShortOfMoney", {
    field: "reason",
    params: { available: takaText(available < 0n ? 0n : available, { symbol: false, decimals: "trim" }) },
  });
}

/** Releases the claim (the gateway did not answer): the hold stays, and the next refund call asks again. */
async function releaseClaim(row: GatewayPaymentRow, note: string) {
  await db
    .update(gatewayPayments)
    .set({ failureReason: note.slice(0, 500), updatedAt: new Date() })
    .where(and(eq(gatewayPayments.id, row.id), eq(gatewayPayments.status, "completed")));
}

/** The gateway refused: the hold is voided (nothing moved) and the row is back to a plain completed payment. */
async function refused(claim: Claimed, message: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(gatewayPayments).where(eq(gatewayPayments.id, claim.row.id)).for("update");
    if (row?.status !== "completed") return;
    const { status, hold } = await getHold(claim.holdId, tx);
    if (status === "open") await voidHold({ key: `${hold.key}:void`, holdId: claim.holdId, memo: `Refund of deposit D${claim.dep.id} refused` }, tx);
    await tx
      .update(gatewayPayments)
      .set({ failureReason: `refund refused: ${message}`.slice(0, 500), updatedAt: new Date() })
      .where(eq(gatewayPayments.id, row.id));
  });
  await publishBalanceChanged(claim.row.playerId);
}

/** Takes back what is left of the deposit's bonus, from the wallet it went to, at most the bonus, available only. */
async function forfeitBonus(tx: Tx, dep: Deposit, invoice: string): Promise<bigint> {
  const bonus = dep.bonusAmount ?? 0n;
  if (bonus <= 0n) return 0n;
  const wallet = dep.bonusWallet ?? "bonus";
  const key = `gateway-refund:${invoice}:bonus`;
  const done = await getTransferByKey(key, tx);
  if (done) return done.amount;
  for (let attempt = 0; attempt < 3; attempt++) {
    const balances = await getPlayerBalances(dep.playerId, tx);
    const available = balances[wallet].available;
    const amount = available < bonus ? available : bonus;
    if (amount <= 0n) return 0n;
    try {
      await transfer(
        {
          key,
          debit: `player:${dep.playerId}:${wallet}`,
          credit: "expense:bonus",
          amount,
          currency: balances.currency,
          kind: "bonus_forfeit",
          memo: `Bonus of refunded deposit D${dep.id}`,
          meta: { depositId: dep.id, invoice },
        },
        tx,
      );
      return amount;
    } catch (e) {
      // A bet spent some of it between the read and the transfer: read again.
      if (!isLedgerError(e, "insufficient_funds")) throw e;
    }
  }
  return 0n;
}

/** Step 3: the gateway gave the money back. Posts the hold and records everything, once. */
async function complete(
  claim: Claimed,
  { staffId, reason, ip, refundTrxId }: { staffId: number; reason: string; ip: string | null; refundTrxId: string },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(gatewayPayments).where(eq(gatewayPayments.id, claim.row.id)).for("update");
    if (!row || row.status !== "completed") throw new PaymentError("already_reviewed", "payments.errors.alreadyRefunded");
    const { dep } = claim;
    const posted: LedgerTransfer = (
      await postHold(
        {
          key: `gateway-refund:${row.invoice}:post`,
          holdId: claim.holdId,
          memo: `Refund of deposit D${dep.id}`,
          meta: { depositId: dep.id, refundTrxId },
        },
        tx,
      )
    ).transfer;
    const bonusForfeited = await forfeitBonus(tx, dep, row.invoice);
    const turnoverCancelled = await cancelRequirementOfDeposit(tx, dep.id);
    const now = new Date();
    const [done] = await tx
      .update(gatewayPayments)
      .set({ status: "refunded", failureReason: reason.slice(0, 500), updatedAt: now })
      .where(eq(gatewayPayments.id, row.id))
      .returning();
    await audit(tx, {
      staffId,
      action: "deposit.refund",
      entity: "deposit",
      entityId: dep.id,
      before: { gatewayStatus: row.status, amount: String(dep.amount), playerId: dep.playerId, trxId: row.trxId, invoice: row.invoice },
      after: {
        gatewayStatus: "refunded",
        reason,
        refundTrxId,
        transferId: posted.id,
        bonusForfeited: String(bonusForfeited),
        turnoverCancelled,
      },
      ip,
    });
    await postSystemMessage(tx, dep.playerId, "depositRefunded", {
      ref: `D${dep.id}`,
      amount: takaText(dep.amount, { symbol: false, decimals: "trim" }),
      method: claim.method.name,
      reason,
    });
    return { payment: done!, bonusForfeited, refundTrxId };
  });
}

export type RefundResult = { payment: GatewayPaymentRow; bonusForfeited: bigint; refundTrxId: string };

/**
 * Refunds a completed gateway deposit to the payer's wallet at the gateway (finance staff, with a reason the player
 * sees). Refusals are PaymentErrors: not a completed gateway deposit, a refund already done or under way
 * (already_reviewed), main short of the amount (the player spent it), the gateway refusing (the hold is voided) or
 * not answering (the hold stays; call again).
 */
export async function refundGatewayDeposit({
  staffId,
  depositId,
  reason,
  ip = null,
}: {
  staffId: number;
  depositId: unknown;
  reason: unknown;
  ip?: string | null;
}): Promise<RefundResult> {
  const id = toId(depositId);
  if (!id) throw new PaymentError("not_found", "payments.errors.notFound");
  const text = requireReason(reason);
  const claim = await claimRefund(id);
  await publishBalanceChanged(claim.row.playerId);
  const gateway = gatewayFor(claim.method);
  let refundTrxId: string;
  try {
    if (!gateway) throw new GatewayError("unavailable", "The method is no longer in gateway mode");
    ({ refundTrxId } = await gateway.refundPayment({
      paymentId: claim.row.gatewayPaymentId!,
      trxId: claim.row.trxId!,
      amount: claim.row.amount,
      reason: text,
      reference: claim.row.invoice,
    }));
  } catch (e) {
    if (e instanceof GatewayError && e.kind === "refused") {
      await refused(claim, e.message);
      throw new PaymentError("gateway_unavailable", "payments.errors.refundRefused", {
        field: "reason",
        params: { method: claim.method.name, message: e.message },
      });
    }
    // No answer (or an unexpected failure): the gateway may or may not have paid. The hold stays; the next call asks again.
    await releaseClaim(claim.row, `refund ${e instanceof GatewayError ? e.kind : "error"}: ${e instanceof Error ? e.message : String(e)}`);
    if (!(e instanceof GatewayError)) throw e;
    throw new PaymentError("gateway_unavailable", "payments.errors.refundRetry", { field: "reason", params: { method: claim.method.name } });
  }
  const result = await complete(claim, { staffId, reason: text, ip, refundTrxId });
  await Promise.all([publishBalanceChanged(claim.row.playerId), notifyInbox(claim.row.playerId)]);
  return result;
}

export type GatewayDepositStatus = "completed" | "refunding" | "refunded";

/** For the deposit queue: each gateway deposit's payment, completed (refundable), being refunded, or refunded. */
export async function gatewayStatusOfDeposits(depositIds: number[]): Promise<Map<number, GatewayDepositStatus>> {
  const ids = [...new Set(depositIds)];
  if (!ids.length) return new Map();
  const rows = await db
    .select({ depositId: gatewayPayments.depositId, status: gatewayPayments.status, failureReason: gatewayPayments.failureReason })
    .from(gatewayPayments)
    .where(inArray(gatewayPayments.depositId, ids));
  const map = new Map<number, GatewayDepositStatus>();
  for (const r of rows) {
    if (r.depositId === null) continue;
    if (r.status === "refunded") map.set(r.depositId, "refunded");
    else if (r.status === "completed") map.set(r.depositId, r.failureReason === REFUNDING ? "refunding" : "completed");
  }
  return map;
}
