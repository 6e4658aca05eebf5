// Withdrawals: the amount is held on the player's main wallet the moment it is requested (so quick repeated
// requests can never overdraw), then staff pay it out (the hold is posted) or reject it (the hold is voided).
import { and, asc, count, desc, eq, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, type Tx } from "#app/db/db.server.ts";
import { paymentMethods, type Withdrawal, withdrawals } from "./schema.ts";
import { publishBalanceChanged } from "#app/modules/events/index.server.ts";
import { notifyInbox, postSystemMessage } from "#app/modules/inbox/index.server.ts";
import { getPlayerBalances, isLedgerError, postHold, transfer, voidHold } from "#app/modules/ledger/index.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { type Currency } from "#app/modules/players/index.ts";
import { phoneAddress, listExtraPhones } from "#app/modules/profile/index.server.ts";
import { type ExclusionKind, playerExclusions } from "#app/modules/protection/index.server.ts";
import { refuseWhileUnderReview } from "./review-hold.server.ts";
import { audit } from "#app/modules/audit/index.server.ts";
import { staffUsers } from "#app/modules/staff/index.server.ts";
import { hasActiveTurnover } from "#app/modules/turnover/index.server.ts";
import { WITHDRAW_MAX, WITHDRAW_MIN } from "./amount.ts";
import { range, requireActivePlayer, requireAmount, requireReason, type QueueStatus, QUEUE_PAGE_SIZE } from "./deposits.server.ts";
import { PaymentError } from "./errors.ts";
import { type FinanceFilter, financeWhere } from "./finance-history.server.ts";
import { playerMoneySummaries, type PlayerMoneySummary } from "./history.server.ts";
import { requireActiveMethod } from "./methods.server.ts";
import { gatewayFor } from "./gateway/registry.server.ts";
import { GatewayError } from "./gateway/types.ts";
import { readMoneySettings } from "./settings.server.ts";
import { isIdempotencyKey, toId } from "./validation.ts";
import { takaText } from "#app/kernel/money.ts";

export type { Withdrawal } from "./schema.ts";

type Player = Awaited<ReturnType<typeof requireActivePlayer>>;

/** The spec's checks before the form: maintenance switch, birthday and verified phone, then turnover. */
async function eligibility(player: Player): Promise<PaymentError | null> {
  const settings = await readMoneySettings();
  if (!settings.withdrawalStatus) return new PaymentError("withdrawals_closed", "payments.errors.withdrawalsClosed");
  if (!player.birthday || !player.phoneVerifiedAt) return new PaymentError("verification_needed", "payments.errors.verificationNeeded");
  if (await hasActiveTurnover(player.id)) return new PaymentError("turnover_incomplete", "payments.errors.turnoverIncomplete");
  return null;
}

/** The spec's turnover check endpoint: { ok: true } or the PaymentError that would refuse a withdrawal now. */
export async function checkWithdrawal(playerId: number): Promise<{ ok: true } | PaymentError> {
  let player: Player;
  try {
    player = await requireActivePlayer(playerId);
  } catch (e) {
    if (e instanceof PaymentError) return e;
    throw e;
  }
  return (await eligibility(player)) ?? { ok: true };
}

async function findByKey(playerId: number, key: string) {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.playerId, playerId), eq(withdrawals.idempotencyKey, key)));
  return row;
}

/**
 * The numbers a payout may go to, the main phone first: the player's main and extra phones, each once verified (the
 * spec's phone selection on /withdrawal). Money is never paid to a number the player has not proved is theirs.
 */
export async function payoutPhones(playerId: number): Promise<string[]> {
  const [[main], extra] = await Promise.all([
    db.select({ phone: players.phone, verifiedAt: players.phoneVerifiedAt }).from(players).where(eq(players.id, playerId)),
    listExtraPhones(playerId),
  ]);
  return [...(main ? [main] : []), ...extra].filter((p) => p.verifiedAt !== null).map((p) => p.phone);
}

/** The verified phone `accountNumber` names (any way of writing it), the main phone when none is named. */
async function payoutPhone(player: Player, accountNumber: string | undefined): Promise<string> {
  if (!accountNumber?.trim()) return player.phone;
  const address = phoneAddress(accountNumber, player.callingCode);
  const phone = (await payoutPhones(player.id)).find((p) => phoneAddress(p, player.callingCode) === address);
  if (!phone) throw new PaymentError("invalid_input", "payments.errors.payoutPhoneNotVerified", { field: "accountNumber" });
  return phone;
}

/**
 * Requests a payout to one of the player's verified phones (`accountNumber`; the main phone when not given) and holds the amount on main at once (ledger pending transfer
 * withdrawal:<id>:hold). The same idempotencyKey again returns the same withdrawal.
 */
export async function requestWithdrawal(
  playerId: number,
  input: { methodId: number; amount: bigint | string; idempotencyKey: string; accountNumber?: string },
): Promise<{ withdrawal: Withdrawal; replayed: boolean }> {
  if (!isIdempotencyKey(input?.idempotencyKey)) throw new PaymentError("invalid_input", "payments.errors.formExpired");
  const player = await requireActivePlayer(playerId);
  const existing = await findByKey(player.id, input.idempotencyKey);
  if (existing) return { withdrawal: existing, replayed: true };
  try {
    return await createWithdrawal(player, input);
  } catch (e) {
    // A twin of this request (a double click, a client's retry) may have committed meanwhile, and its hold may be
    // what makes this one look unaffordable: a replay answers with the original withdrawal, never a refusal.
    const again = e instanceof PaymentError ? await findByKey(player.id, input.idempotencyKey) : undefined;
    if (again) return { withdrawal: again, replayed: true };
    throw e;
  }
}

async function createWithdrawal(
  player: Player,
  input: { methodId: number; amount: bigint | string; idempotencyKey: string; accountNumber?: string },
): Promise<{ withdrawal: Withdrawal; replayed: boolean }> {
  const refusal = await eligibility(player);
  if (refusal) throw refusal;
  const phone = await payoutPhone(player, input.accountNumber);
  const method = await requireActiveMethod(input.methodId, db, "payments.errors.withdrawMethodRequired");
  const amount = requireAmount(input.amount, "withdraw");
  if (amount < WITHDRAW_MIN || amount > WITHDRAW_MAX) {
    throw new PaymentError("amount_out_of_range", "payments.errors.withdrawRange", { field: "amount", params: range(WITHDRAW_MIN, WITHDRAW_MAX) });
  }
  const insufficient = (available: bigint) =>
    new PaymentError("insufficient_balance", "payments.errors.insufficientBalance", {
      field: "amount",
      params: { available: takaText(available < 0n ? 0n : available, { symbol: false, decimals: "trim" }) },
    });
  const balances = await getPlayerBalances(player.id);
  if (balances.main.available < amount) throw insufficient(balances.main.available);

  let created: Withdrawal | undefined;
  try {
    created = await db.transaction((tx) =>
      holdWithdrawal(
        tx,
        { playerId: player.id, currency: player.currency as Currency, phone },
        { methodId: method.id, amount, idempotencyKey: input.idempotencyKey },
      ),
    );
  } catch (e) {
    if (isLedgerError(e, "insufficient_funds")) throw insufficient(BigInt(String(e.details.available ?? 0)));
    throw e;
  }
  if (!created) {
    const again = await findByKey(player.id, input.idempotencyKey);
    if (again) return { withdrawal: again, replayed: true };
    throw new Error("withdrawal insert conflicted but no row has the key");
  }
  await publishBalanceChanged(player.id);
  return { withdrawal: created, replayed: false };
}

/**
 * Inside the caller's transaction: a pending withdrawal to `player.phone` (one of the player's verified phones) and its ledger hold on main
 * (withdrawal:<id>:hold). Undefined when the (player, idempotencyKey) row exists already. The ledger refuses the
 * hold (insufficient_funds) when main's available balance is below the amount. Also used for the balance payout
 * of a self-exclusion or closure (`exclusionId`), which skips the request-time checks.
 */
export async function holdWithdrawal(
  tx: Tx,
  player: { playerId: number; currency: Currency; phone: string },
  input: { methodId: number; amount: bigint; idempotencyKey: string; exclusionId?: number },
): Promise<Withdrawal | undefined> {
  const [row] = await tx
    .insert(withdrawals)
    .values({
      playerId: player.playerId,
      methodId: input.methodId,
      amount: input.amount,
      currency: player.currency,
      accountNumber: player.phone,
      idempotencyKey: input.idempotencyKey,
      exclusionId: input.exclusionId ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return undefined;
  const hold = await transfer(
    {
      key: `withdrawal:${row.id}:hold`,
      debit: `player:${player.playerId}:main`,
      credit: `clearing:payouts:${input.methodId}`,
      amount: input.amount,
      currency: player.currency,
      kind: "withdrawal",
      pending: true,
      memo: `Withdrawal W${row.id}`,
      meta: input.exclusionId ? { withdrawalId: row.id, exclusionId: input.exclusionId } : { withdrawalId: row.id },
    },
    tx,
  );
  const [withHold] = await tx.update(withdrawals).set({ holdTransferId: hold.transfer.id }).where(eq(withdrawals.id, row.id)).returning();
  return withHold!;
}

const snapshot = (w: Withdrawal) => ({ status: w.status, amount: String(w.amount), playerId: w.playerId, accountNumber: w.accountNumber });

/** Locks the withdrawal and lets `decide` resolve it, only while it is pending (two staff clicking: one wins). */
async function review(withdrawalId: unknown, decide: (w: Withdrawal, tx: Tx) => Promise<Withdrawal>) {
  const id = toId(withdrawalId);
  if (!id) throw new PaymentError("not_found", "payments.errors.notFound");
  const reviewed = await db.transaction(async (tx) => {
    const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for("update");
    if (!w) throw new PaymentError("not_found", "payments.errors.notFound");
    if (w.status !== "pending" || w.holdTransferId === null) throw new PaymentError("already_reviewed", "payments.errors.alreadyReviewed");
    return decide(w, tx);
  });
  await Promise.all([publishBalanceChanged(reviewed.playerId), notifyInbox(reviewed.playerId)]);
  return reviewed;
}

/**
 * Four-eyes payouts: what this staff member's approval does. "first" records a first approval (the withdrawal stays
 * pending) when the amount is above `general_settings.second_approval_above` (0 = off) and no one has approved it yet;
 * "pay" pays it. The first approver is refused as the second (`same_approver`). Runs under the row lock of the
 * review, so parallel approvals by one person record one first approval and pay nothing.
 */
async function approvalStep(tx: Tx, w: Withdrawal, staffId: number): Promise<"first" | "pay"> {
  if (w.firstApprovedBy !== null) {
    if (w.firstApprovedBy === staffId) throw new PaymentError("same_approver", "payments.errors.sameApprover");
    return "pay";
  }
  const { secondApprovalAbove } = await readMoneySettings(tx);
  return secondApprovalAbove > 0n && w.amount > secondApprovalAbove ? "first" : "pay";
}

/** The first of two approvals: who and when, audited; nothing is paid and the hold stays. */
async function recordFirstApproval(tx: Tx, w: Withdrawal, staffId: number, ip: string | null): Promise<Withdrawal> {
  const now = new Date();
  const [row] = await tx
    .update(withdrawals)
    .set({ firstApprovedBy: staffId, firstApprovedAt: now, updatedAt: now })
    .where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, "pending"), isNull(withdrawals.firstApprovedBy)))
    .returning();
  if (!row) throw new PaymentError("already_reviewed", "payments.errors.alreadyReviewed");
  await audit(tx, {
    staffId,
    action: "withdrawal.first_approve",
    entity: "withdrawal",
    entityId: w.id,
    before: snapshot(w),
    after: { ...snapshot(row), firstApprovedBy: staffId, firstApprovedAt: now.toISOString() },
    ip,
  });
  return row;
}

/**
 * Staff paid the player: the hold is posted (main -> clearing:payouts:<method>). Double clicks: already_reviewed.
 * Refused (under_review) while an AML review on the player is open. Above the second-approval amount the first
 * approval only records itself (the withdrawal stays pending, no reference needed); a different staff member's
 * approval pays it.
 */
export async function approveWithdrawal({
  staffId,
  withdrawalId,
  payoutReference,
  ip = null,
  viaGateway = false,
}: {
  staffId: number;
  withdrawalId: unknown;
  payoutReference: string;
  ip?: string | null;
  /** Set by payWithdrawalThroughGateway: the reference is the gateway's transaction. */
  viaGateway?: boolean;
}): Promise<Withdrawal> {
  const reference = typeof payoutReference === "string" ? payoutReference.trim() : "";
  const referenceValid = Boolean(reference) && reference.length <= 100 && reference !== PAYING;
  return review(withdrawalId, async (w, tx) => {
    // A payout under way at the gateway is finished by the gateway's answer only.
    if (w.payoutReference === PAYING && !viaGateway) throw new PaymentError("already_reviewed", "payments.errors.payoutInProgress");
    // The gateway has already paid a withdrawal marked before a review opened: the books record what happened.
    const paidAtGateway = viaGateway && w.payoutReference === PAYING;
    if (!paidAtGateway) await refuseWhileUnderReview(tx, w.playerId);
    const step = await approvalStep(tx, w, staffId);
    if (step === "first" && !paidAtGateway) return recordFirstApproval(tx, w, staffId, ip);
    if (!referenceValid) throw new PaymentError("invalid_input", "payments.errors.payoutReferenceRequired", { field: "payoutReference" });
    await postHold(
      { key: `withdrawal:${w.id}:post`, holdId: w.holdTransferId!, memo: `Withdrawal W${w.id} paid`, meta: { payoutReference: reference } },
      tx,
    );
    const now = new Date();
    const [row] = await tx
      .update(withdrawals)
      .set({ status: "approved", payoutReference: reference, reviewedBy: staffId, reviewedAt: now, updatedAt: now })
      .where(eq(withdrawals.id, w.id))
      .returning();
    await audit(tx, {
      staffId,
      action: "withdrawal.approve",
      entity: "withdrawal",
      entityId: w.id,
      before: snapshot(w),
      after: { ...snapshot(row!), payoutReference: reference, ...(w.firstApprovedBy !== null ? { firstApprovedBy: w.firstApprovedBy } : {}) },
      ip,
    });
    await postSystemMessage(tx, w.playerId, "withdrawalApproved", {
      ref: `W${w.id}`,
      amount: takaText(w.amount, { symbol: false, decimals: "trim" }),
    });
    return row!;
  });
}

/** Marks a withdrawal whose payout is under way at a gateway (while pending), so no one rejects money already sent. */
export const PAYING = "paying:gateway";

/**
 * Pays a withdrawal through its method's gateway (the disbursement call) and approves it with the gateway's
 * transaction id. The same withdrawal paid twice (a double click, 50 parallel clicks, a retry after a time-out) is
 * one payout: the gateway's reference is W<id>, and the first click marks the row so a rejection cannot cross it.
 * Above the second-approval amount the first approval is only recorded (the pending row comes back) and the payout
 * starts on a different staff member's approval.
 */
export async function payWithdrawalThroughGateway({
  staffId,
  withdrawalId,
  ip = null,
}: {
  staffId: number;
  withdrawalId: unknown;
  ip?: string | null;
}): Promise<Withdrawal> {
  const id = toId(withdrawalId);
  if (!id) throw new PaymentError("not_found", "payments.errors.notFound");
  const marked = await db.transaction(async (tx) => {
    const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for("update");
    if (!w) throw new PaymentError("not_found", "payments.errors.notFound");
    if (w.status !== "pending" || w.holdTransferId === null) throw new PaymentError("already_reviewed", "payments.errors.alreadyReviewed");
    await refuseWhileUnderReview(tx, w.playerId);
    const [method] = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, w.methodId));
    if (!method?.gateway) throw new PaymentError("invalid_method", "payments.errors.noPayoutGateway", { field: "payoutReference" });
    // Four-eyes payouts: above the second-approval amount the first click only records a first approval; the
    // payout starts on a different staff member's approval. A payout already under way is only finished.
    const step = await approvalStep(tx, w, staffId);
    if (step === "first" && w.payoutReference !== PAYING) return { step: "first" as const, row: await recordFirstApproval(tx, w, staffId, ip) };
    await tx.update(withdrawals).set({ payoutReference: PAYING, updatedAt: new Date() }).where(eq(withdrawals.id, w.id));
    return { step: "pay" as const, w, method };
  });
  if (marked.step === "first") return marked.row;
  const { w, method } = marked;
  const gateway = gatewayFor(method)!;
  let trxId: string;
  try {
    ({ trxId } = await gateway.disburse({ reference: `W${w.id}`, amount: w.amount, currency: w.currency, receiver: w.accountNumber }));
  } catch (e) {
    if (!(e instanceof GatewayError)) throw e;
    // Refused: nothing was paid, the withdrawal can be reviewed again. Unknown (time-out): it stays marked; paying
    // again asks with the same reference, which pays at most once.
    if (e.kind === "refused") {
      await db
        .update(withdrawals)
        .set({ payoutReference: null, updatedAt: new Date() })
        .where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, "pending")));
    }
    throw new PaymentError("gateway_unavailable", "payments.errors.payoutFailed", {
      field: "payoutReference",
      params: { method: method.name, reason: e.message },
    });
  }
  return approveWithdrawal({ staffId, withdrawalId: w.id, payoutReference: trxId, ip, viaGateway: true });
}

/** Refused: the hold is voided and the money is available to the player again. */
export async function rejectWithdrawal({
  staffId,
  withdrawalId,
  reason,
  ip = null,
}: {
  staffId: number;
  withdrawalId: unknown;
  reason: string;
  ip?: string | null;
}): Promise<Withdrawal> {
  const text = requireReason(reason);
  return review(withdrawalId, async (w, tx) => {
    if (w.payoutReference === PAYING) throw new PaymentError("already_reviewed", "payments.errors.payoutInProgress");
    await voidHold({ key: `withdrawal:${w.id}:void`, holdId: w.holdTransferId!, memo: `Withdrawal W${w.id} rejected` }, tx);
    const now = new Date();
    const [row] = await tx
      .update(withdrawals)
      .set({ status: "rejected", rejectReason: text, reviewedBy: staffId, reviewedAt: now, updatedAt: now })
      .where(eq(withdrawals.id, w.id))
      .returning();
    await audit(tx, {
      staffId,
      action: "withdrawal.reject",
      entity: "withdrawal",
      entityId: w.id,
      before: snapshot(w),
      after: { ...snapshot(row!), reason: text },
      ip,
    });
    await postSystemMessage(tx, w.playerId, "withdrawalRejected", {
      ref: `W${w.id}`,
      amount: takaText(w.amount, { symbol: false, decimals: "trim" }),
      reason: text,
    });
    return row!;
  });
}

export type WithdrawalQueueItem = Withdrawal & {
  username: string;
  methodName: string;
  methodIcon: string;
  /** The method pays out through a gateway's disbursement call (no payout reference to type). */
  methodGateway: boolean;
  reviewerUsername: string | null;
  history: PlayerMoneySummary;
  /** Set for the balance payout of a self-exclusion or account closure (not asked for by the player). */
  exclusionKind: ExclusionKind | null;
  /** Who gave the first of two approvals (four-eyes payouts), null when none yet. */
  firstApproverUsername: string | null;
  /**
   * Four-eyes payouts, while pending: "first" when the next approval is a first one (above the second-approval
   * amount, not yet approved), "second" when it awaits a second approver; null when one approval pays it.
   */
  fourEyes: "first" | "second" | null;
};

const firstApprovers = alias(staffUsers, "first_approvers");

const queueColumns = {
  w: withdrawals,
  username: players.username,
  methodName: paymentMethods.name,
  methodIcon: paymentMethods.icon,
  methodGateway: paymentMethods.gateway,
  reviewerUsername: staffUsers.username,
  firstApproverUsername: firstApprovers.username,
  exclusionKind: playerExclusions.kind,
};

type QueueRow = {
  w: Withdrawal;
  username: string;
  methodName: string;
  methodIcon: string;
  methodGateway: string | null;
  reviewerUsername: string | null;
  firstApproverUsername: string | null;
  exclusionKind: ExclusionKind | null;
};

function queueItem(r: QueueRow, history: Map<number, PlayerMoneySummary>, secondApprovalAbove: bigint): WithdrawalQueueItem {
  const fourEyes =
    r.w.status !== "pending"
      ? null
      : r.w.firstApprovedBy !== null
        ? "second"
        : secondApprovalAbove > 0n && r.w.amount > secondApprovalAbove
          ? "first"
          : null;
  return {
    ...r.w,
    username: r.username,
    methodName: r.methodName,
    methodIcon: r.methodIcon,
    methodGateway: r.methodGateway !== null,
    reviewerUsername: r.reviewerUsername,
    firstApproverUsername: r.firstApproverUsername,
    exclusionKind: r.exclusionKind,
    fourEyes,
    history: history.get(r.w.playerId)!,
  };
}

/** Pending withdrawals oldest first (the queue); reviewed ones newest first. */
export async function listWithdrawalQueue({
  status = "pending",
  page = 1,
  pageSize = QUEUE_PAGE_SIZE,
  filter,
}: { status?: QueueStatus; page?: number; pageSize?: number; filter?: Omit<FinanceFilter, "status"> } = {}): Promise<{
  items: WithdrawalQueueItem[];
  total: number;
}> {
  // The back office's search (date range, text, amount, method) narrows the tab's rows; without one, just the tab.
  const where = and(status === "all" ? undefined : eq(withdrawals.status, status), filter ? await financeWhere("withdrawals", filter) : undefined);
  const size = Math.max(1, Math.min(100, Math.trunc(pageSize) || QUEUE_PAGE_SIZE));
  const offset = (Math.max(1, Math.trunc(page) || 1) - 1) * size;
  const [totalRow] = await db.select({ n: count() }).from(withdrawals).where(where);
  const rows = await db
    .select(queueColumns)
    .from(withdrawals)
    .innerJoin(players, eq(players.id, withdrawals.playerId))
    .innerJoin(paymentMethods, eq(paymentMethods.id, withdrawals.methodId))
    .leftJoin(staffUsers, eq(staffUsers.id, withdrawals.reviewedBy))
    .leftJoin(firstApprovers, eq(firstApprovers.id, withdrawals.firstApprovedBy))
    .leftJoin(playerExclusions, eq(playerExclusions.id, withdrawals.exclusionId))
    .where(where)
    .orderBy(status === "pending" ? asc(withdrawals.id) : desc(withdrawals.id))
    .limit(size)
    .offset(offset);
  const [history, { secondApprovalAbove }] = await Promise.all([playerMoneySummaries(rows.map((r) => r.w.playerId)), readMoneySettings()]);
  return { items: rows.map((r) => queueItem(r, history, secondApprovalAbove)), total: totalRow?.n ?? 0 };
}

/** One withdrawal for the back office; null when unknown. */
export async function getWithdrawalForStaff(withdrawalId: unknown): Promise<WithdrawalQueueItem | null> {
  const id = toId(withdrawalId);
  if (!id) return null;
  const [row] = await db
    .select(queueColumns)
    .from(withdrawals)
    .innerJoin(players, eq(players.id, withdrawals.playerId))
    .innerJoin(paymentMethods, eq(paymentMethods.id, withdrawals.methodId))
    .leftJoin(staffUsers, eq(staffUsers.id, withdrawals.reviewedBy))
    .leftJoin(firstApprovers, eq(firstApprovers.id, withdrawals.firstApprovedBy))
    .leftJoin(playerExclusions, eq(playerExclusions.id, withdrawals.exclusionId))
    .where(eq(withdrawals.id, id));
  if (!row) return null;
  const [history, { secondApprovalAbove }] = await Promise.all([playerMoneySummaries([row.w.playerId]), readMoneySettings()]);
  return queueItem(row, history, secondApprovalAbove);
}
