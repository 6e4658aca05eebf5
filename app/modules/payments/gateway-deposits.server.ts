// Deposits through a payment gateway's checkout: opened here, paid on the gateway's page, credited with no staff step.
// A payment credits exactly once: only when the gateway itself (execute or query, never the callback's words) says
// Completed with our invoice, amount and currency, under the payment row's lock, with the deposit's idempotency key.
// Callbacks and webhooks may come twice, late, forged or never: the reconciliation pass asks the gateway about every
// checkout left open.
import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";
import { publishBalanceChanged } from "#app/modules/events/index.server.ts";
import { runsWithoutSavepoints } from "#app/modules/ledger/index.server.ts";
import { notifyInbox } from "#app/modules/inbox/index.server.ts";
import { activeExclusion } from "#app/modules/protection/index.server.ts";
import { getActivePromotion } from "#app/modules/promotions/index.server.ts";
import { raiseSignal } from "#app/modules/risk/index.server.ts";
import { depositLimitError, range } from "./deposit-rules.server.ts";
import {
  checkAge,
  creditDeposit,
  lockPlayerDeposits,
  depositFigures,
  requireActivePlayer,
  requireAmount,
  requireIdentity,
} from "./deposits.server.ts";
import { PaymentError } from "./errors.ts";
import { gatewayFor } from "./gateway/registry.server.ts";
import { GatewayError, type GatewayPayment } from "./gateway/types.ts";
import { requireActiveMethod } from "./methods.server.ts";
import { deposits, type GatewayPaymentRow, gatewayPayments, paymentMethods } from "./schema.ts";
import { isIdempotencyKey } from "./validation.ts";
import { takaText } from "#app/kernel/money.ts";

const log = rootLog.child({ module: "gateway" });

export type { GatewayPaymentRow } from "./schema.ts";
// The simulated wallet's own checkout page (a route of this site in demo mode) drives its side through these.
export { SIM_OTP, SIM_PIN, SIM_WALLETS, simCheckoutView, simConfirm } from "./gateway/simulated.server.ts";

/** Checkouts with no word from the gateway after this long are asked about by reconciliation. */
export const RECONCILE_AFTER_MS = 60_000;
/** A checkout the gateway still calls unpaid after this long is given up (bKash's own expire within minutes). */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

async function methodWithGateway(methodId: unknown) {
  const method = await requireActiveMethod(methodId);
  const gateway = gatewayFor(method);
  if (!gateway) throw new PaymentError("invalid_channel", "payments.errors.channelRequired", { field: "channelType" });
  return { method, gateway };
}

/**
 * The player rules a deposit must pass, before a checkout is opened and again at credit time (a limit set or an
 * exclusion started while the player was on the gateway's page counts). Throws the PaymentError to show.
 */
export async function checkDepositAllowed(executor: Executor, playerId: number, amount: bigint) {
  const player = await requireActivePlayer(playerId, executor);
  if (await activeExclusion(executor, player.id)) throw new PaymentError("excluded", "payments.errors.excluded");
  await requireIdentity(player.id, executor);
  await checkAge(player.birthday);
  const overLimit = await depositLimitError(player.id, amount, executor);
  if (overLimit) throw overLimit;
  return player;
}

export type StartCheckoutInput = { methodId: unknown; amount: bigint | string; promotionId: number | null; idempotencyKey: string };

/**
 * Opens a checkout at the method's gateway for the amount and returns where to send the player. The same form sent
 * again (same idempotency key) returns the same checkout.
 */
export async function startCheckout(playerId: number, input: StartCheckoutInput, { origin }: { origin: string }) {
  if (!isIdempotencyKey(input.idempotencyKey)) throw new PaymentError("invalid_input", "payments.errors.formExpired");
  const { method, gateway } = await methodWithGateway(input.methodId);
  const amount = requireAmount(input.amount, "deposit");
  if (amount < method.gatewayMin || amount > method.gatewayMax) {
    throw new PaymentError("amount_out_of_range", "payments.errors.channelRange", {
      field: "amount",
      params: range(method.gatewayMin, method.gatewayMax),
    });
  }
  const player = await checkDepositAllowed(db, playerId, amount);
  if (input.promotionId !== null && !(await getActivePromotion(input.promotionId))) {
    throw new PaymentError("invalid_promotion", "payments.errors.promotionInvalid", { field: "promotionId" });
  }
  const invoice = `G${randomBytes(9).toString("hex").toUpperCase()}`;
  const [inserted] = await db
    .insert(gatewayPayments)
    .values({
      playerId: player.id,
      methodId: method.id,
      gateway: gateway.kind,
      invoice,
      amount,
      currency: player.currency,
      promotionId: input.promotionId,
      idempotencyKey: input.idempotencyKey,
    })
    .onConflictDoNothing({ target: [gatewayPayments.playerId, gatewayPayments.idempotencyKey] })
    .returning();
  if (!inserted) {
    const [same] = await db
      .select()
      .from(gatewayPayments)
      .where(and(eq(gatewayPayments.playerId, player.id), eq(gatewayPayments.idempotencyKey, input.idempotencyKey)));
    if (same) return { payment: same, checkoutUrl: checkoutUrlOf(same) };
    throw new PaymentError("invalid_input", "payments.errors.formExpired");
  }
  try {
    const created = await gateway.createPayment({
      invoice,
      amount,
      currency: player.currency,
      callbackUrl: new URL("/deposit/gateway-callback", origin).toString(),
      payerReference: `P${player.id}`,
    });
    const [row] = await db
      .update(gatewayPayments)
      .set({ gatewayPaymentId: created.paymentId, checkoutUrl: created.checkoutUrl, updatedAt: new Date() })
      .where(eq(gatewayPayments.id, inserted.id))
      .returning();
    return { payment: row!, checkoutUrl: created.checkoutUrl };
  } catch (e) {
    if (!(e instanceof GatewayError)) throw e;
    await db
      .update(gatewayPayments)
      .set({ status: "failed", failureReason: `create: ${e.message}`.slice(0, 500), finishedAt: new Date(), updatedAt: new Date() })
      .where(eq(gatewayPayments.id, inserted.id));
    throw new PaymentError("gateway_unavailable", "payments.errors.gatewayUnavailable", { params: { method: method.name } });
  }
}

/** Where the same form sent again goes: the gateway's page while it is open, else this site's result page. */
function checkoutUrlOf(row: GatewayPaymentRow) {
  return row.status === "initiated" && row.checkoutUrl ? row.checkoutUrl : `/deposit/checkout/${row.invoice}`;
}

function mismatchOf(row: GatewayPaymentRow, paid: GatewayPayment) {
  if (paid.invoice !== row.invoice) return { field: "invoice", reported: paid.invoice, expected: row.invoice };
  if (paid.currency !== row.currency) return { field: "currency", reported: paid.currency, expected: row.currency };
  if (paid.amount !== row.amount)
    return { field: "amount", reported: takaText(paid.amount, { decimals: "trim" }), expected: takaText(row.amount, { decimals: "trim" }) };
  if (!paid.trxId) return { field: "trxId", reported: "none", expected: "a transaction id" };
  return null;
}

const FINAL = { Failed: "failed", Cancelled: "cancelled", Expired: "expired" } as const;

type Applied = { row: GatewayPaymentRow; credited: boolean; refund: boolean };

/** Records what the gateway said, under the row's lock; credits a Completed payment that matches, once. */
async function applyGatewayState(id: number, paid: GatewayPayment): Promise<Applied> {
  return db.transaction(async (outer) => {
    // Nothing here catches a ledger error (any error rolls the whole credit back): the ledger needs no savepoint.
    const tx = runsWithoutSavepoints(outer);
    const [row] = await tx.select().from(gatewayPayments).where(eq(gatewayPayments.id, id)).for("update");
    if (!row) throw new PaymentError("not_found", "payments.errors.notFound");
    const now = new Date();
    const finish = async (values: Partial<GatewayPaymentRow>) =>
      (
        await tx
          .update(gatewayPayments)
          .set({ ...values, finishedAt: now, updatedAt: now })
          .where(eq(gatewayPayments.id, id))
          .returning()
      )[0]!;
    if (row.status !== "initiated") return { row, credited: false, refund: false };
    if (paid.status === "Initiated" || paid.status === "Authorized") {
      if (now.getTime() - row.createdAt.getTime() > GIVE_UP_AFTER_MS)
        return { row: await finish({ status: "expired", failureReason: "No payment after 24 hours" }), credited: false, refund: false };
      return { row, credited: false, refund: false };
    }
    if (paid.status !== "Completed") {
      return { row: await finish({ status: FINAL[paid.status], failureReason: paid.reason, payer: paid.payer }), credited: false, refund: false };
    }
    const mismatch = mismatchOf(row, paid);
    if (mismatch) {
      await raiseSignal(tx, {
        playerId: row.playerId,
        kind: "gateway_mismatch",
        fingerprint: `gateway_mismatch:${row.id}`,
        evidence: { gatewayPaymentId: row.id, invoice: row.invoice, ...mismatch },
      });
      return {
        row: await finish({ status: "mismatch", failureReason: `${mismatch.field}: ${mismatch.reported}`, trxId: paid.trxId, payer: paid.payer }),
        credited: false,
        refund: false,
      };
    }
    // The player's rules again at credit time: refused money goes back through the gateway. Under the player's
    // deposit lock, so two checkouts finishing at once cannot both fit under one limit.
    await lockPlayerDeposits(tx, row.playerId);
    try {
      await checkDepositAllowed(tx, row.playerId, row.amount);
    } catch (e) {
      if (!(e instanceof PaymentError)) throw e;
      return {
        row: await finish({ status: "refused", failureReason: e.messageKey, trxId: paid.trxId, payer: paid.payer }),
        credited: false,
        refund: true,
      };
    }
    const figures = await depositFigures(tx, row);
    const [dep] = await tx
      .insert(deposits)
      .values({
        playerId: row.playerId,
        methodId: row.methodId,
        channelType: "Gateway",
        amount: row.amount,
        currency: row.currency,
        senderNumber: paid.payer ?? "00000000000",
        trxId: paid.trxId!,
        promotionId: row.promotionId,
        status: "approved",
        bonusAmount: figures.bonus,
        bonusWallet: figures.bonusWallet,
        idempotencyKey: `gateway:${row.invoice}`,
        reviewedAt: now,
      })
      .returning();
    const completed = await finish({ status: "completed", depositId: dep!.id, trxId: paid.trxId, payer: paid.payer });
    // Last before the commit, as it locks the clearing account every deposit of the method shares.
    await creditDeposit(tx, dep!, figures);
    return { row: completed, credited: true, refund: false };
  });
}

async function afterApply(applied: Applied, refund: () => Promise<unknown>) {
  if (applied.credited) await Promise.all([publishBalanceChanged(applied.row.playerId), notifyInbox(applied.row.playerId)]);
  if (applied.refund)
    await refund().catch((e: unknown) => log.error({ err: e }, `refund of ${applied.row.invoice} failed; finance must refund it by hand`));
  return applied.row;
}

/**
 * Asks the gateway how a checkout ended and records it: `execute` when the player came back saying success (an
 * authorised payment is executed; one already executed is read). A gateway that does not answer leaves the checkout
 * open for reconciliation. Returns the row as it stands.
 */
export async function settleCheckout(target: number | GatewayPaymentRow, { execute }: { execute: boolean }): Promise<GatewayPaymentRow> {
  // A caller that has just read the row passes it (the credit itself re-reads it under its lock).
  const [row] = typeof target === "number" ? await db.select().from(gatewayPayments).where(eq(gatewayPayments.id, target)) : [target];
  if (!row) throw new PaymentError("not_found", "payments.errors.notFound");
  if (row.status !== "initiated" || !row.gatewayPaymentId) return row;
  const [method] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, row.methodId));
  const gateway = method && gatewayFor(method);
  if (!gateway) return row;
  const gatewayId = row.gatewayPaymentId;
  let paid: GatewayPayment;
  try {
    paid = execute ? await gateway.executePayment(gatewayId) : await gateway.queryPayment(gatewayId);
    if (paid.status === "Authorized") paid = await gateway.executePayment(gatewayId);
  } catch (e) {
    if (!(e instanceof GatewayError)) throw e;
    if (e.kind !== "refused") return row;
    try {
      paid = await gateway.queryPayment(gatewayId);
    } catch (again) {
      if (again instanceof GatewayError) return row;
      throw again;
    }
  }
  const applied = await applyGatewayState(row.id, paid);
  return afterApply(applied, () =>
    gateway.refundPayment({ paymentId: gatewayId, trxId: paid.trxId ?? "", amount: row.amount, reason: "Deposit refused", reference: row.invoice }),
  );
}

/** The gateway's callback (the player's browser coming back): settles the checkout it names. Null when unknown. */
export async function handleCallback(query: URLSearchParams): Promise<GatewayPaymentRow | null> {
  const gatewayId = (query.get("paymentID") ?? "").trim();
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(gatewayId)) return null;
  const [row] = await db.select().from(gatewayPayments).where(eq(gatewayPayments.gatewayPaymentId, gatewayId));
  if (!row) return null;
  // The callback's status is only a hint of which call to make; the gateway's own answer decides.
  return settleCheckout(row, { execute: query.get("status") === "success" });
}

/** A gateway's webhook for a method: refused (false) unless signed; then the payment it names is settled by asking. */
export async function handleWebhook(methodId: unknown, headers: Headers, rawBody: string): Promise<boolean> {
  const { method, gateway } = await methodWithGateway(methodId).catch(() => ({ method: null, gateway: null }));
  if (!method || !gateway || !gateway.verifyWebhook(headers, rawBody)) return false;
  let gatewayId = "";
  try {
    const body = JSON.parse(rawBody) as { paymentID?: unknown };
    gatewayId = typeof body.paymentID === "string" ? body.paymentID : "";
  } catch {
    return false;
  }
  const [row] = gatewayId
    ? await db
        .select()
        .from(gatewayPayments)
        .where(and(eq(gatewayPayments.methodId, method.id), eq(gatewayPayments.gatewayPaymentId, gatewayId)))
    : [];
  if (row) await settleCheckout(row, { execute: false });
  return true;
}

/**
 * One reconciliation pass: the open checkouts older than a minute, least recently asked first, at most `limit`,
 * each claimed (SKIP LOCKED, so instances share the work) and settled by asking the gateway. Checkouts the gateway
 * never created are closed. Returns how many were looked at.
 */
export async function reconcileCheckouts({ limit = 50, olderThanMs = RECONCILE_AFTER_MS }: { limit?: number; olderThanMs?: number } = {}) {
  const cutoff = new Date(Date.now() - olderThanMs);
  await db
    .update(gatewayPayments)
    .set({ status: "failed", failureReason: "The checkout was never opened at the gateway", finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(gatewayPayments.status, "initiated"), isNull(gatewayPayments.gatewayPaymentId), lt(gatewayPayments.createdAt, cutoff)));
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: gatewayPayments.id })
      .from(gatewayPayments)
      .where(
        and(
          eq(gatewayPayments.status, "initiated"),
          lt(gatewayPayments.createdAt, cutoff),
          or(isNull(gatewayPayments.checkedAt), lt(gatewayPayments.checkedAt, cutoff)),
        ),
      )
      .orderBy(sql`${gatewayPayments.checkedAt} asc nulls first`, asc(gatewayPayments.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    await tx
      .update(gatewayPayments)
      .set({ checkedAt: new Date(), checks: sql`${gatewayPayments.checks} + 1` })
      .where(
        sql`${gatewayPayments.id} in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      );
    return ids;
  });
  for (const id of claimed) {
    try {
      await settleCheckout(id, { execute: false });
    } catch (e) {
      log.error({ err: e }, `reconciling checkout ${id} failed; the next pass tries again`);
    }
  }
  return claimed.length;
}

let timer: NodeJS.Timeout | undefined;

/** Reconciliation every minute on every instance (claims are row locks, so they share the work). */
export function startGatewayReconciliation(intervalMs = 60_000) {
  if (timer) return;
  let running = false;
  timer = setInterval(() => {
    if (running) return;
    running = true;
    reconcileCheckouts()
      .catch((e: unknown) => log.error({ err: e }, "the reconciliation pass failed; it retries in a minute"))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
}

/** The checkout channel of a method in gateway mode (its range), or null for a manual method. */
export async function gatewayChannel(methodId: number): Promise<{ min: bigint; max: bigint } | null> {
  const [row] = await db
    .select({ gateway: paymentMethods.gateway, min: paymentMethods.gatewayMin, max: paymentMethods.gatewayMax })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, methodId), eq(paymentMethods.status, "active")));
  return row?.gateway ? { min: row.min, max: row.max } : null;
}

/** A player's own checkout by its invoice (the result page); null for anyone else's. */
export async function getPlayerCheckout(playerId: number, invoice: string) {
  if (!/^G[0-9A-F]{18}$/.test(invoice)) return null;
  const [row] = await db
    .select({ p: gatewayPayments, methodName: paymentMethods.name, methodIcon: paymentMethods.icon })
    .from(gatewayPayments)
    .innerJoin(paymentMethods, eq(paymentMethods.id, gatewayPayments.methodId))
    .where(and(eq(gatewayPayments.invoice, invoice), eq(gatewayPayments.playerId, playerId)));
  return row ? { ...row.p, methodName: row.methodName, methodIcon: row.methodIcon } : null;
}
