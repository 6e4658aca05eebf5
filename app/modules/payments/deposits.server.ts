// Deposits: a player reports a transfer to one of our wallet numbers (with a screenshot); staff approve it
// (main credited, promotion bonus granted, turnover requirement created) or reject it (nothing moves).
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { db, type Executor, type Tx } from "#app/db/db.server.ts";
import { dhakaDayKey } from "#app/kernel/dhaka-time.ts";
import { paymentMethods, type Deposit, deposits, walletNumbers } from "./schema.ts";
import { publishBalanceChanged } from "#app/modules/events/index.server.ts";
import { notifyInbox, postSystemMessage } from "#app/modules/inbox/index.server.ts";
import { transferLinked, type TransferInput } from "#app/modules/ledger/index.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { type Currency } from "#app/modules/players/index.ts";
import { computeBonus, getActivePromotion, getPromotion, promotions } from "#app/modules/promotions/index.server.ts";
import { identityRefusal } from "#app/modules/protection/index.server.ts";
import { audit } from "#app/modules/audit/index.server.ts";
import { staffUsers } from "#app/modules/staff/index.server.ts";
import { createRequirement } from "#app/modules/turnover/index.server.ts";
import { checkAmount, parseAmountInput } from "#app/kernel/amount-input.ts";
import type { ChannelType, DepositChannelType, ReviewStatus } from "./constants.ts";
import { checkDepositChoice, countPendingDeposits, depositLimitError, pendingCapError, range, readDepositFacts } from "./deposit-rules.server.ts";
import { PaymentError } from "./errors.ts";
import { type FinanceFilter, financeWhere } from "./finance-history.server.ts";
import { playerMoneySummaries, type PlayerMoneySummary } from "./history.server.ts";
import { checkProof, type ProofUpload, removeProof, storeProof } from "./proofs.server.ts";
import { lockResubmitSource } from "./resubmit-rules.server.ts";
import { readMoneySettings } from "./settings.server.ts";
import { isIdempotencyKey, normaliseTrxId, SENDER_NUMBER, toId } from "./validation.ts";
import { takaText } from "#app/kernel/money.ts";

export type { Deposit } from "./schema.ts";
export { depositLimitError, MAX_PENDING_DEPOSITS, range } from "./deposit-rules.server.ts";

/** The first key of the two-key advisory lock a player's submissions take (two-key locks never clash with one-key ones). */
const PENDING_LOCK_SPACE = 7_240_311;

/** Serialises a player's deposit bookings (queue and limits are counted, then a row written), in the caller's transaction. */
export async function lockPlayerDeposits(tx: Tx, playerId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${PENDING_LOCK_SPACE}::int4, ${playerId}::int4)`);
}
export const ADULT_AGE = 18;

export type SubmitDepositInput = {
  methodId: number;
  channelType: ChannelType;
  /** null: the client did not name the number it sent to (the JSON API; finance see "not named"). */
  walletNumberId: number | null;
  /** Poisha, or the taka text as typed. */
  amount: bigint | string;
  senderNumber: string;
  trxId: string;
  promotionId: number | null;
  /** null: sent without a screenshot (the JSON API; finance see "no proof"). The site's form always requires one. */
  proof: ProofUpload | null;
  /** From the form (a hidden field made when the page was served): the same key again is the same deposit. */
  idempotencyKey: string;
  /** Set by resubmitDeposit: the player's rejected deposit this one replaces (its TRX ID may be used again). */
  resubmittedFrom?: number;
};

/** Taka text or poisha to poisha, refusing what is not a positive amount. */
export function requireAmount(amount: unknown, purpose: "deposit" | "withdraw" | "other"): bigint {
  const r = typeof amount === "bigint" ? checkAmount(amount) : parseAmountInput(amount, purpose);
  if (!r.ok) throw new PaymentError("invalid_amount", r.messageKey, { field: "amount" });
  return r.amount;
}

export async function requireActivePlayer(playerId: number, ex: Executor = db) {
  const id = toId(playerId);
  const [player] = id ? await ex.select().from(players).where(eq(players.id, id)) : [];
  if (!player) throw new PaymentError("not_found", "payments.errors.notFound");
  if (player.status !== "active") throw new PaymentError("player_blocked", "payments.errors.playerBlocked");
  return player;
}

/** Compliance: 18+ checked against the birthday before a deposit, in every mode; no birthday is refused too. */
export async function checkAge(birthday: string | null, now: Date = new Date()) {
  if (!birthday) throw new PaymentError("verification_needed", "payments.errors.birthdayNeeded");
  const today = dhakaDayKey(now);
  const [y, m, d] = birthday.split("-").map(Number) as [number, number, number];
  const adultFrom = `${y + ADULT_AGE}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  if (adultFrom > today) throw new PaymentError("underage", "payments.errors.underage");
}

/** The operator's required verifications (real-money mode), listed in the refusal; the deposit page shows them up front. */
export async function requireIdentity(playerId: number, ex: Executor = db) {
  const refusal = await identityRefusal(ex, playerId, "deposit");
  if (!refusal) return;
  if (refusal.missing.length === 1 && refusal.missing[0] === "birthday")
    throw new PaymentError("verification_needed", "payments.errors.birthdayNeeded");
  // Each item is translated where the message is (i18next nests the $t() of a value only when told to).
  const list = refusal.missing.map((v) => `$t(identity.needed.item.${v})`).join(", ");
  const params = { list, interpolation: { skipOnVariables: false } } as unknown as Record<string, string>;
  throw new PaymentError("verification_needed", "payments.errors.verificationsNeeded", { params });
}

const isUniqueViolation = (e: unknown) => {
  for (let cur = e, i = 0; cur && i < 5; cur = (cur as { cause?: unknown }).cause, i++) if ((cur as { code?: string }).code === "23505") return true;
  return false;
};

async function refuseOverLimit(executor: Executor, playerId: number, amount: bigint) {
  const error = await depositLimitError(playerId, amount, executor);
  if (error) throw error;
}

/** The active receiving number of this method and channel, or the refusal naming the field. */
async function requireWalletNumber(walletNumberId: number, methodId: number, channelType: ChannelType) {
  const id = toId(walletNumberId);
  const [wallet] = id
    ? await db
        .select()
        .from(walletNumbers)
        .where(
          and(
            eq(walletNumbers.id, id),
            eq(walletNumbers.methodId, methodId),
            eq(walletNumbers.channelType, channelType),
            eq(walletNumbers.active, true),
          ),
        )
    : [];
  if (!wallet) throw new PaymentError("invalid_wallet_number", "payments.errors.walletNumberInvalid", { field: "walletNumberId" });
  return wallet;
}

async function findByKey(playerId: number, key: string) {
  const [row] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.playerId, playerId), eq(deposits.idempotencyKey, key)));
  return row;
}

/**
 * The TRX ID check of a resubmission skips the player's own rejected deposits it replaces (the one resubmitted now
 * and those earlier in its chain): the same transfer reported again is no reuse.
 */
function resubmissionChainExcluded(playerId: number, resubmittedFrom: number | null) {
  if (resubmittedFrom === null) return undefined;
  return sql`not (${deposits.status} = 'rejected' and ${deposits.playerId} = ${playerId} and (${deposits.id} = ${resubmittedFrom} or exists (select 1 from deposits n where n.resubmitted_from = ${deposits.id})))`;
}

/** Records a reported transfer as a pending deposit. Every refusal is a PaymentError naming the field. */
export async function submitDeposit(playerId: number, input: SubmitDepositInput): Promise<{ deposit: Deposit; replayed: boolean }> {
  if (!isIdempotencyKey(input?.idempotencyKey)) throw new PaymentError("invalid_input", "payments.errors.formExpired");
  const player = await requireActivePlayer(playerId);
  const existing = await findByKey(player.id, input.idempotencyKey);
  if (existing) return { deposit: existing, replayed: true };
  await requireIdentity(player.id);
  await checkAge(player.birthday);

  const amount = requireAmount(input.amount, "deposit");
  // The same facts and rules as step 1 on /deposit; the queue is checked further down, after the cheap checks.
  const facts = await readDepositFacts(player.id, input.methodId);
  const choice = checkDepositChoice({ channelType: input.channelType, amount }, facts.channels);
  if (!choice.ok) throw choice.error;
  const { channel } = choice;
  const method = { id: toId(input.methodId)! }; // an active method: it has the channel
  const wallet = input.walletNumberId === null ? null : await requireWalletNumber(input.walletNumberId, method.id, channel.type);
  if (wallet && (amount < wallet.minAmount || amount > wallet.maxAmount)) {
    throw new PaymentError("amount_out_of_range", "payments.errors.channelRange", {
      field: "amount",
      params: range(wallet.minAmount, wallet.maxAmount),
    });
  }
  const senderNumber = typeof input.senderNumber === "string" ? input.senderNumber.trim() : "";
  if (!SENDER_NUMBER.test(senderNumber)) throw new PaymentError("invalid_sender", "payments.errors.senderInvalid", { field: "senderNumber" });
  const trxId = normaliseTrxId(input.trxId);
  if (!trxId) throw new PaymentError("invalid_trx", "payments.errors.trxInvalid", { field: "trxId" });
  let promotionId: number | null = null;
  if (input.promotionId !== null && input.promotionId !== undefined) {
    const promotion = await getActivePromotion(input.promotionId);
    if (!promotion) throw new PaymentError("invalid_promotion", "payments.errors.promotionInvalid", { field: "promotionId" });
    promotionId = promotion.id;
  }
  const resubmittedFrom = input.resubmittedFrom ?? null;
  const trxTaken = async () => {
    const [row] = await db
      .select({ id: deposits.id })
      .from(deposits)
      .where(and(eq(deposits.methodId, method.id), sql`upper(${deposits.trxId}) = ${trxId}`, resubmissionChainExcluded(player.id, resubmittedFrom)));
    return Boolean(row);
  };
  if (await trxTaken()) {
    // The same form sent twice at once: the first submission may have taken this TRX ID a moment ago.
    const again = await findByKey(player.id, input.idempotencyKey);
    if (again) return { deposit: again, replayed: true };
    // A parallel resubmission of the same rejected deposit took the TRX ID: the refusal is that it was resubmitted.
    if (resubmittedFrom !== null) await db.transaction((tx) => lockResubmitSource(tx, player.id, resubmittedFrom));
    throw new PaymentError("trx_used", "payments.errors.trxUsed", { field: "trxId" });
  }
  // A quick look first, so a full queue is refused before the screenshot is stored; the check that holds under
  // parallel submissions is the one under the player's lock below. The same form sent twice at once may have
  // filled the queue a moment ago: that is still the same deposit.
  const full = pendingCapError(facts.pending);
  if (full) {
    const again = await findByKey(player.id, input.idempotencyKey);
    if (again) return { deposit: again, replayed: true };
    throw full;
  }
  // The deposit limits: a quick look before the screenshot is stored; the check that holds is under the lock below.
  await refuseOverLimit(db, player.id, amount);
  const proof = input.proof === null ? null : await checkProof(input.proof);
  const proofFile = proof ? await storeProof(proof.bytes, proof.mime) : null;
  let outcome: { deposit: Deposit; replayed: boolean } | undefined;
  try {
    outcome = await db.transaction(async (tx) => {
      // One submission per player at a time counts and inserts: parallel submissions cannot all see room in the queue.
      await lockPlayerDeposits(tx, player.id);
      const [same] = await tx
        .select()
        .from(deposits)
        .where(and(eq(deposits.playerId, player.id), eq(deposits.idempotencyKey, input.idempotencyKey)));
      if (same) return { deposit: same, replayed: true };
      if (resubmittedFrom !== null) await lockResubmitSource(tx, player.id, resubmittedFrom);
      const full = pendingCapError(await countPendingDeposits(player.id, tx));
      if (full) throw full;
      await refuseOverLimit(tx, player.id, amount);
      const [row] = await tx
        .insert(deposits)
        .values({
          playerId: player.id,
          methodId: method.id,
          walletNumberId: wallet?.id ?? null,
          channelType: channel.type,
          amount,
          currency: player.currency,
          senderNumber,
          trxId,
          promotionId,
          proofFile,
          proofMime: proof?.mime ?? null,
          idempotencyKey: input.idempotencyKey,
          resubmittedFrom,
        })
        .onConflictDoNothing()
        .returning();
      return row ? { deposit: row, replayed: false } : undefined;
    });
  } catch (e) {
    if (proofFile) await removeProof(proofFile);
    if (isUniqueViolation(e)) throw new PaymentError("trx_used", "payments.errors.trxUsed", { field: "trxId" });
    throw e;
  }
  if (outcome && !outcome.replayed) return outcome;
  if (proofFile) await removeProof(proofFile);
  if (outcome) return outcome;
  // A concurrent submission won: the same form sent twice, or the same TRX ID from elsewhere.
  const again = await findByKey(player.id, input.idempotencyKey);
  if (again) return { deposit: again, replayed: true };
  throw new PaymentError("trx_used", "payments.errors.trxUsed", { field: "trxId" });
}

export type PlayerDepositRow = {
  id: number;
  amount: bigint;
  status: ReviewStatus;
  channelType: DepositChannelType;
  methodName: string;
  methodIcon: string;
  createdAt: Date;
};

/** The player's latest deposits, newest first (the Deposit Records side list). */
export async function listPlayerDeposits(playerId: number, { limit = 10 }: { limit?: number } = {}): Promise<PlayerDepositRow[]> {
  return db
    .select({
      id: deposits.id,
      amount: deposits.amount,
      status: deposits.status,
      channelType: deposits.channelType,
      methodName: paymentMethods.name,
      methodIcon: paymentMethods.icon,
      createdAt: deposits.createdAt,
    })
    .from(deposits)
    .innerJoin(paymentMethods, eq(paymentMethods.id, deposits.methodId))
    .where(eq(deposits.playerId, playerId))
    .orderBy(desc(deposits.id))
    .limit(Math.max(1, Math.min(100, Math.trunc(limit) || 10)));
}

export function requireReason(reason: unknown): string {
  const text = typeof reason === "string" ? reason.trim() : "";
  if (!text) throw new PaymentError("reason_required", "payments.errors.reasonRequired", { field: "reason" });
  if (text.length > 500) throw new PaymentError("invalid_input", "payments.errors.textTooLong", { field: "reason" });
  return text;
}

/** What approving would grant: the bonus, where it goes and the turnover it requires. */
export function approvalFigures(
  amount: bigint,
  promotion: { bonusPercent: number; maxBonus: bigint | null; turnoverMultiplierHundredths: number } | null,
  settings: { promotionWallet: boolean; depositTurnoverHundredths: number },
) {
  const bonus = computeBonus(amount, promotion);
  const turnover =
    (amount * BigInt(settings.depositTurnoverHundredths)) / 100n + (promotion ? (bonus * BigInt(promotion.turnoverMultiplierHundredths)) / 100n : 0n);
  return { bonus, bonusWallet: settings.promotionWallet ? ("bonus" as const) : ("main" as const), turnover };
}

type DepositFigures = ReturnType<typeof approvalFigures>;

/** What crediting the deposit grants now; the promotion the player chose counts even if it has ended since. */
export async function depositFigures(tx: Executor, dep: Pick<Deposit, "amount" | "promotionId">): Promise<DepositFigures> {
  const settings = await readMoneySettings(tx);
  const promotion = dep.promotionId ? await getPromotion(dep.promotionId, tx) : null;
  return approvalFigures(dep.amount, promotion, settings);
}

/**
 * Moves a deposit's money, inside the caller's transaction: main from clearing:deposits:<method>, the promotion
 * bonus from expense:bonus, the turnover requirement, and the player's inbox message. Staff approval and a gateway's
 * confirmed payment both credit through here.
 */
export async function creditDeposit(tx: Tx, dep: Deposit, figures: DepositFigures) {
  const currency = dep.currency as Currency;
  const legs: TransferInput[] = [
    {
      key: `deposit:${dep.id}:main`,
      debit: `clearing:deposits:${dep.methodId}`,
      credit: `player:${dep.playerId}:main`,
      amount: dep.amount,
      currency,
      kind: "deposit",
      memo: `Deposit D${dep.id}`,
      meta: { depositId: dep.id, trxId: dep.trxId },
    },
  ];
  if (figures.bonus > 0n) {
    legs.push({
      key: `deposit:${dep.id}:bonus`,
      debit: "expense:bonus",
      credit: `player:${dep.playerId}:${figures.bonusWallet}`,
      amount: figures.bonus,
      currency,
      kind: "bonus",
      memo: `Bonus on deposit D${dep.id}`,
      meta: { depositId: dep.id, promotionId: dep.promotionId },
    });
  }
  await postSystemMessage(tx, dep.playerId, "depositApproved", {
    ref: `D${dep.id}`,
    amount: takaText(dep.amount, { symbol: false, decimals: "trim" }),
  });
  // The transfer locks the method's clearing account, which every deposit shares, until the commit: as late as it
  // can be. Only the turnover requirement follows, as one with nothing to wager releases the bonus just credited.
  await transferLinked(legs, tx);
  await createRequirement(tx, {
    playerId: dep.playerId,
    depositId: dep.id,
    promotionId: dep.promotionId,
    required: figures.turnover,
    bonusAmount: figures.bonus,
    bonusWallet: figures.bonusWallet,
  });
}

const depositSnapshot = (d: Deposit) => ({ status: d.status, amount: String(d.amount), playerId: d.playerId, trxId: d.trxId });

/**
 * Credits a pending deposit: main from clearing:deposits:<method>, the promotion bonus from expense:bonus, and the
 * turnover requirement, with the row locked, in one transaction. A second review is PaymentError("already_reviewed").
 */
export async function approveDeposit({
  staffId,
  depositId,
  ip = null,
}: {
  staffId: number;
  depositId: unknown;
  ip?: string | null;
}): Promise<Deposit> {
  const id = toId(depositId);
  if (!id) throw new PaymentError("not_found", "payments.errors.notFound");
  const approved = await db.transaction(async (tx) => {
    const [dep] = await tx.select().from(deposits).where(eq(deposits.id, id)).for("update");
    if (!dep) throw new PaymentError("not_found", "payments.errors.notFound");
    if (dep.status !== "pending") throw new PaymentError("already_reviewed", "payments.errors.alreadyReviewed");
    const figures = await depositFigures(tx, dep);
    await creditDeposit(tx, dep, figures);
    const now = new Date();
    const [row] = await tx
      .update(deposits)
      .set({ status: "approved", bonusAmount: figures.bonus, bonusWallet: figures.bonusWallet, reviewedBy: staffId, reviewedAt: now, updatedAt: now })
      .where(eq(deposits.id, dep.id))
      .returning();
    await audit(tx, {
      staffId,
      action: "deposit.approve",
      entity: "deposit",
      entityId: dep.id,
      before: depositSnapshot(dep),
      after: { ...depositSnapshot(row!), bonus: String(figures.bonus), bonusWallet: figures.bonusWallet, turnover: String(figures.turnover) },
      ip,
    });
    return row!;
  });
  await Promise.all([publishBalanceChanged(approved.playerId), notifyInbox(approved.playerId)]);
  return approved;
}

/** Refuses a pending deposit with a reason; nothing moves. A second review is PaymentError("already_reviewed"). */
export async function rejectDeposit({
  staffId,
  depositId,
  reason,
  ip = null,
}: {
  staffId: number;
  depositId: unknown;
  reason: string;
  ip?: string | null;
}): Promise<Deposit> {
  const id = toId(depositId);
  if (!id) throw new PaymentError("not_found", "payments.errors.notFound");
  const text = requireReason(reason);
  const rejected = await db.transaction(async (tx) => {
    const [dep] = await tx.select().from(deposits).where(eq(deposits.id, id)).for("update");
    if (!dep) throw new PaymentError("not_found", "payments.errors.notFound");
    if (dep.status !== "pending") throw new PaymentError("already_reviewed", "payments.errors.alreadyReviewed");
    const now = new Date();
    const [row] = await tx
      .update(deposits)
      .set({ status: "rejected", rejectReason: text, reviewedBy: staffId, reviewedAt: now, updatedAt: now })
      .where(eq(deposits.id, dep.id))
      .returning();
    await audit(tx, {
      staffId,
      action: "deposit.reject",
      entity: "deposit",
      entityId: dep.id,
      before: depositSnapshot(dep),
      after: { ...depositSnapshot(row!), reason: text },
      ip,
    });
    await postSystemMessage(tx, dep.playerId, "depositRejected", {
      ref: `D${dep.id}`,
      amount: takaText(dep.amount, { symbol: false, decimals: "trim" }),
      reason: text,
    });
    return row!;
  });
  await notifyInbox(rejected.playerId);
  return rejected;
}

export type QueueStatus = ReviewStatus | "all";
export const QUEUE_PAGE_SIZE = 20;

export type DepositQueueItem = Deposit & {
  username: string;
  methodName: string;
  methodIcon: string;
  walletAccountNumber: string | null;
  promotionNameEn: string | null;
  reviewerUsername: string | null;
  history: PlayerMoneySummary;
  /** Other players who reported deposits from the same sender number (an AML signal). */
  otherPlayersOnSender: number;
};

/** Pending deposits oldest first (the queue); reviewed ones newest first. */
export async function listDepositQueue({
  status = "pending",
  page = 1,
  pageSize = QUEUE_PAGE_SIZE,
  filter,
}: { status?: QueueStatus; page?: number; pageSize?: number; filter?: Omit<FinanceFilter, "status"> } = {}): Promise<{
  items: DepositQueueItem[];
  total: number;
}> {
  // The back office's search (date range, text, amount, method) narrows the tab's rows; without one, just the tab.
  const where = and(status === "all" ? undefined : eq(deposits.status, status), filter ? await financeWhere("deposits", filter) : undefined);
  const size = Math.max(1, Math.min(100, Math.trunc(pageSize) || QUEUE_PAGE_SIZE));
  const offset = (Math.max(1, Math.trunc(page) || 1) - 1) * size;
  const [totalRow] = await db.select({ n: count() }).from(deposits).where(where);
  const rows = await db
    .select({
      d: deposits,
      username: players.username,
      methodName: paymentMethods.name,
      methodIcon: paymentMethods.icon,
      walletAccountNumber: walletNumbers.accountNumber,
      promotionNameEn: promotions.nameEn,
      reviewerUsername: staffUsers.username,
    })
    .from(deposits)
    .innerJoin(players, eq(players.id, deposits.playerId))
    .innerJoin(paymentMethods, eq(paymentMethods.id, deposits.methodId))
    .leftJoin(walletNumbers, eq(walletNumbers.id, deposits.walletNumberId))
    .leftJoin(promotions, eq(promotions.id, deposits.promotionId))
    .leftJoin(staffUsers, eq(staffUsers.id, deposits.reviewedBy))
    .where(where)
    .orderBy(status === "pending" ? asc(deposits.id) : desc(deposits.id))
    .limit(size)
    .offset(offset);
  const history = await playerMoneySummaries(rows.map((r) => r.d.playerId));
  const senders = [...new Set(rows.map((r) => r.d.senderNumber))];
  const shared = senders.length
    ? await db
        .select({ sender: deposits.senderNumber, playerId: deposits.playerId })
        .from(deposits)
        .where(inArray(deposits.senderNumber, senders))
        .groupBy(deposits.senderNumber, deposits.playerId)
    : [];
  const items = rows.map((r) => ({
    ...r.d,
    username: r.username,
    methodName: r.methodName,
    methodIcon: r.methodIcon,
    walletAccountNumber: r.walletAccountNumber,
    promotionNameEn: r.promotionNameEn,
    reviewerUsername: r.reviewerUsername,
    history: history.get(r.d.playerId)!,
    otherPlayersOnSender: shared.filter((s) => s.sender === r.d.senderNumber && s.playerId !== r.d.playerId).length,
  }));
  return { items, total: totalRow?.n ?? 0 };
}

export type DepositForStaff = DepositQueueItem & {
  playerPhone: string;
  promotion: { id: number; nameEn: string; bonusPercent: number; maxBonus: bigint | null; turnoverMultiplierHundredths: number } | null;
  /** For a pending deposit: what approving it now would grant. */
  preview: { bonus: bigint; bonusWallet: "main" | "bonus"; turnover: bigint } | null;
};

/** One deposit with everything staff need to decide; null when unknown. */
export async function getDepositForStaff(depositId: unknown): Promise<DepositForStaff | null> {
  const id = toId(depositId);
  if (!id) return null;
  const [row] = await db
    .select({
      d: deposits,
      username: players.username,
      playerPhone: players.phone,
      methodName: paymentMethods.name,
      methodIcon: paymentMethods.icon,
      walletAccountNumber: walletNumbers.accountNumber,
      reviewerUsername: staffUsers.username,
    })
    .from(deposits)
    .innerJoin(players, eq(players.id, deposits.playerId))
    .innerJoin(paymentMethods, eq(paymentMethods.id, deposits.methodId))
    .leftJoin(walletNumbers, eq(walletNumbers.id, deposits.walletNumberId))
    .leftJoin(staffUsers, eq(staffUsers.id, deposits.reviewedBy))
    .where(eq(deposits.id, id));
  if (!row) return null;
  const promotion = row.d.promotionId ? await getPromotion(row.d.promotionId) : null;
  const history = await playerMoneySummaries([row.d.playerId]);
  const others = await db
    .selectDistinct({ playerId: deposits.playerId })
    .from(deposits)
    .where(and(eq(deposits.senderNumber, row.d.senderNumber), sql`${deposits.playerId} <> ${row.d.playerId}`));
  const preview = row.d.status === "pending" ? approvalFigures(row.d.amount, promotion, await readMoneySettings()) : null;
  return {
    ...row.d,
    username: row.username,
    playerPhone: row.playerPhone,
    methodName: row.methodName,
    methodIcon: row.methodIcon,
    walletAccountNumber: row.walletAccountNumber,
    promotionNameEn: promotion?.nameEn ?? null,
    reviewerUsername: row.reviewerUsername,
    history: history.get(row.d.playerId)!,
    otherPlayersOnSender: others.length,
    promotion: promotion
      ? {
          id: promotion.id,
          nameEn: promotion.nameEn,
          bonusPercent: promotion.bonusPercent,
          maxBonus: promotion.maxBonus,
          turnoverMultiplierHundredths: promotion.turnoverMultiplierHundredths,
        }
      : null,
    preview,
  };
}
