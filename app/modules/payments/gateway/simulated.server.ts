// The built-in simulated gateway: it stands in for a wallet company's merchant checkout on a fresh machine, the way
// the in-house provider stands in for a game aggregator. Its checkout page (/sim-gateway/checkout/:id) asks for a
// wallet number, an OTP and a PIN; the wallet number decides the path (see SIM_WALLETS). Its books are its own table,
// in the shared database, so every instance sees the same payments.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { simulatedGatewayPayments } from "../schema.ts";
import { GatewayError, type GatewayPayment, type PaymentGateway } from "./types.ts";

export const SIM_OTP = "123456";
export const SIM_PIN = "12121";
/** Demo wallets with a set outcome; any other 11-digit number starting 01 pays. */
export const SIM_WALLETS = { insufficient: "01900000002", timeout: "01900000003" } as const;
/** An unpaid checkout expires after this long, as bKash's do. */
export const SIM_EXPIRY_MS = 15 * 60_000;

type SimRow = typeof simulatedGatewayPayments.$inferSelect;

const newId = (prefix: string) => `${prefix}${randomBytes(8).toString("hex").toUpperCase()}`;

function toPayment(row: SimRow): GatewayPayment {
  return {
    paymentId: row.id,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    invoice: row.invoice,
    trxId: row.trxId,
    payer: row.payer,
    reason: row.reason,
  };
}

/** The row, expired first when its checkout ran out of time unpaid. */
async function readSim(id: string): Promise<SimRow> {
  await db
    .update(simulatedGatewayPayments)
    .set({ status: "Expired", reason: "Checkout expired", updatedAt: new Date() })
    .where(
      and(
        eq(simulatedGatewayPayments.id, id),
        eq(simulatedGatewayPayments.status, "Initiated"),
        sql`${simulatedGatewayPayments.createdAt} < now() - make_interval(secs => ${SIM_EXPIRY_MS / 1000})`,
      ),
    );
  const [row] = await db.select().from(simulatedGatewayPayments).where(eq(simulatedGatewayPayments.id, id));
  if (!row) throw new GatewayError("refused", "Invalid Payment ID", "2056");
  return row;
}

export function signWebhook(secret: string, rawBody: string) {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

/** HMAC-SHA256 of the raw body, hex, in X-Signature, compared in constant time; false without a secret. */
export function verifyHmacSignature(secret: string | undefined, headers: Headers, rawBody: string) {
  if (!secret) return false;
  const given = Buffer.from(headers.get("x-signature") ?? "", "utf8");
  const expected = Buffer.from(signWebhook(secret, rawBody), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function createSimulatedGateway({ webhookSecret }: { webhookSecret?: string } = {}): PaymentGateway {
  return {
    kind: "simulated",
    async createPayment({ invoice, amount, currency, callbackUrl }) {
      const id = newId("SIM");
      await db.insert(simulatedGatewayPayments).values({ id, invoice, amount, currency, callbackUrl });
      return { paymentId: id, checkoutUrl: `/sim-gateway/checkout/${id}` };
    },
    async executePayment(paymentId) {
      const [done] = await db
        .update(simulatedGatewayPayments)
        .set({ status: "Completed", trxId: newId("SX").slice(0, 12), updatedAt: new Date() })
        .where(and(eq(simulatedGatewayPayments.id, paymentId), eq(simulatedGatewayPayments.status, "Authorized")))
        .returning();
      if (done) return toPayment(done);
      const row = await readSim(paymentId);
      if (row.status === "Completed" || row.status === "Failed" || row.status === "Cancelled" || row.status === "Expired") return toPayment(row);
      throw new GatewayError("refused", "Invalid payment state", "2056");
    },
    async queryPayment(paymentId) {
      return toPayment(await readSim(paymentId));
    },
    async refundPayment({ paymentId, trxId }) {
      const row = await readSim(paymentId);
      if (row.status !== "Completed" || row.trxId !== trxId) throw new GatewayError("refused", "Transaction not found", "2071");
      const refundTrxId = row.refundTrxId ?? newId("SR").slice(0, 12);
      await db.update(simulatedGatewayPayments).set({ refundTrxId, updatedAt: new Date() }).where(eq(simulatedGatewayPayments.id, paymentId));
      return { refundTrxId };
    },
    async disburse({ reference, amount, currency, receiver }) {
      if (!/^01[3-9][0-9]{8}$/.test(receiver)) throw new GatewayError("refused", "Invalid receiver wallet", "2008");
      // The same reference twice pays once: the first payout's transaction answers again.
      await db
        .insert(simulatedGatewayPayments)
        .values({
          id: newId("SP"),
          kind: "payout",
          invoice: reference,
          amount,
          currency,
          status: "Completed",
          payer: receiver,
          trxId: newId("SB").slice(0, 12),
        })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(simulatedGatewayPayments)
        .where(and(eq(simulatedGatewayPayments.kind, "payout"), eq(simulatedGatewayPayments.invoice, reference)));
      if (!row || row.amount !== amount || row.payer !== receiver) throw new GatewayError("refused", "Duplicate invoice with other details", "2068");
      return { trxId: row.trxId! };
    },
    verifyWebhook(headers, rawBody) {
      return verifyHmacSignature(webhookSecret, headers, rawBody);
    },
  };
}

// The simulated wallet's own checkout page.

export type SimCheckoutView = { id: string; amount: bigint; currency: string; invoice: string; status: SimRow["status"]; reason: string | null };

export async function simCheckoutView(id: string): Promise<SimCheckoutView | null> {
  if (!/^SIM[0-9A-F]{16}$/.test(id)) return null;
  try {
    const row = await readSim(id);
    return row.kind === "payment"
      ? { id: row.id, amount: row.amount, currency: row.currency, invoice: row.invoice, status: row.status, reason: row.reason }
      : null;
  } catch (e) {
    if (e instanceof GatewayError) return null;
    throw e;
  }
}

/** A path on the merchant's site (the callback's origin), as an absolute address when the callback was one. */
function sameSite(callbackUrl: string | null, path: string) {
  const url = new URL(path, new URL(callbackUrl ?? "/", "http://merchant.invalid"));
  return url.origin === "http://merchant.invalid" ? url.pathname : url.toString();
}

/** Where the wallet sends the player back: the merchant's callback with the payment id and how it ended. */
function callbackTo(row: SimRow, status: "success" | "failure" | "cancel") {
  const url = new URL(row.callbackUrl ?? "/", "http://merchant.invalid");
  url.searchParams.set("paymentID", row.id);
  url.searchParams.set("status", status);
  return url.origin === "http://merchant.invalid" ? `${url.pathname}${url.search}` : url.toString();
}

export type SimConfirmResult =
  | { ok: true; redirect: string }
  | { ok: true; timeout: true; back: string }
  | { ok: false; field: "wallet" | "otp" | "pin" | null; message: "wallet" | "otp" | "pin" | "closed" };

/** The player confirms (wallet number, OTP, PIN) or cancels on the simulated checkout page. */
export async function simConfirm(id: string, input: { wallet: string; otp: string; pin: string } | "cancel"): Promise<SimConfirmResult> {
  const row = await readSim(id).catch(() => null);
  if (!row || row.kind !== "payment" || row.status !== "Initiated") return { ok: false, field: null, message: "closed" };
  const set = (values: Partial<SimRow>) =>
    db
      .update(simulatedGatewayPayments)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(simulatedGatewayPayments.id, id), eq(simulatedGatewayPayments.status, "Initiated")))
      .returning();
  if (input === "cancel") {
    const [done] = await set({ status: "Cancelled", reason: "Cancelled by the payer" });
    return done ? { ok: true, redirect: callbackTo(done, "cancel") } : { ok: false, field: null, message: "closed" };
  }
  if (!/^01[3-9][0-9]{8}$/.test(input.wallet)) return { ok: false, field: "wallet", message: "wallet" };
  if (input.otp !== SIM_OTP) return { ok: false, field: "otp", message: "otp" };
  if (input.pin !== SIM_PIN) return { ok: false, field: "pin", message: "pin" };
  if (input.wallet === SIM_WALLETS.insufficient) {
    const [done] = await set({ status: "Failed", payer: input.wallet, reason: "Insufficient Balance" });
    return done ? { ok: true, redirect: callbackTo(done, "failure") } : { ok: false, field: null, message: "closed" };
  }
  const [done] = await set({ status: "Authorized", payer: input.wallet });
  if (!done) return { ok: false, field: null, message: "closed" };
  // The time-out path: the wallet took the payment but its answer never reaches the merchant (no callback); the
  // merchant's reconciliation finds it by asking.
  if (input.wallet === SIM_WALLETS.timeout) return { ok: true, timeout: true, back: sameSite(done.callbackUrl, "/deposit") };
  return { ok: true, redirect: callbackTo(done, "success") };
}
