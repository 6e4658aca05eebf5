// Refunds of gateway deposits: the money leaves main once, through a hold, only when the gateway gave it back; the
// bonus goes with it; a refused refund moves nothing and a refund the gateway did not answer is finished by asking again.
import { and, eq, sql } from "drizzle-orm";
import { rowsOf } from "#app/db/rows.server.ts";
import { turnoverRequirements } from "#app/modules/turnover/schema.ts";
import { hasActiveTurnover } from "#app/modules/turnover/turnover.server.ts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { inEnglish } from "#app/i18n/test-helpers.ts";
import { callRoute, staffCookie, type Outcome } from "#tests/support/route-call.ts";
import * as depositsRoute from "#app/routes/admin/payments/deposits.tsx";
import { createStaff as createStaffUser } from "#app/modules/staff/staff.server.ts";
import { db } from "#app/db/db.server.ts";
import { inboxMessages, inboxRecipients } from "#app/modules/inbox/schema.ts";
import { getHold, getPlayerBalances, getTransferByKey } from "#app/modules/ledger/queries.server.ts";
import { transfer } from "#app/modules/ledger/transfers.server.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { approveDeposit } from "./deposits.server.ts";
import { handleCallback, startCheckout } from "./gateway-deposits.server.ts";
import { gatewayStatusOfDeposits, refundGatewayDeposit } from "./gateway-refunds.server.ts";
import { paymentsDailySql } from "./report-sources.server.ts";
import { overrideGateways } from "./gateway/registry.server.ts";
import { createSimulatedGateway, SIM_OTP, SIM_PIN, simConfirm } from "./gateway/simulated.server.ts";
import { GatewayError, type PaymentGateway } from "./gateway/types.ts";
import { gatewayPayments, paymentMethods, simulatedGatewayPayments } from "./schema.ts";
import { getTransaction, listTransactions } from "./transactions.server.ts";
import {
  closeIdleConnections,
  createMethod,
  createMethodWithNumbers,
  createPlayer,
  createPromotion,
  createSite,
  createStaff,
  depositFor,
  expectInvariants,
  expectPaymentError,
  newKey,
  taka,
} from "./test-helpers.ts";

const ORIGIN = "http://localhost:3000";
let method: Awaited<ReturnType<typeof createMethod>>;
let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  await createSite({ promotionWallet: true, depositTurnoverHundredths: 100 });
  method = await createMethod();
  staff = await createStaff();
  await db
    .update(paymentMethods)
    .set({ gateway: "simulated", gatewayCredentials: { webhookSecret: "whsec-refunds" }, gatewayMin: taka(500), gatewayMax: taka(25_000) })
    .where(eq(paymentMethods.id, method.id));
});

afterEach(() => overrideGateways(null));

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

/** A player's deposit paid and credited through the simulated gateway; returns the gateway payment row. */
async function paidDeposit(playerId: number, amount = taka(1_000), promotionId: number | null = null) {
  const { payment } = await startCheckout(playerId, { methodId: method.id, amount, promotionId, idempotencyKey: newKey() }, { origin: ORIGIN });
  const result = await simConfirm(payment.gatewayPaymentId!, { wallet: "01711111111", otp: SIM_OTP, pin: SIM_PIN });
  if (!result.ok || !("redirect" in result)) throw new Error("the simulated wallet did not take the payment");
  const row = await handleCallback(new URL(result.redirect, ORIGIN).searchParams);
  expect(row?.status).toBe("completed");
  return row!;
}

const refund = (depositId: number, reason = "Paid by mistake") => refundGatewayDeposit({ staffId: staff.id, depositId, reason, ip: "127.0.0.1" });
const paymentRow = async (id: number) => (await db.select().from(gatewayPayments).where(eq(gatewayPayments.id, id)))[0]!;
/** The ledger transfers a refund of the payment may have made (holds of up to three attempts, their voids, the post, the bonus). */
async function refundTransfers(invoice: string) {
  const holds = [1, 2, 3].map((n) => `gateway-refund:${invoice}:hold${n > 1 ? `:${n}` : ""}`);
  const keys = [...holds, ...holds.map((k) => `${k}:void`), `gateway-refund:${invoice}:post`, `gateway-refund:${invoice}:bonus`];
  const found = await Promise.all(keys.map((k) => getTransferByKey(k)));
  return found.filter((t) => t !== undefined);
}

/** A gateway whose refunds go through `fn` (the simulated one otherwise), counting the calls. */
function gatewayWithRefund(fn: (sim: PaymentGateway, input: Parameters<PaymentGateway["refundPayment"]>[0]) => Promise<{ refundTrxId: string }>) {
  const sim = createSimulatedGateway();
  const calls = { count: 0 };
  overrideGateways(() => ({
    ...sim,
    refundPayment: async (input) => {
      calls.count++;
      return fn(sim, input);
    },
  }));
  return calls;
}

describe("refunding a gateway deposit", () => {
  it("takes the deposit back from main, forfeits the bonus, refunds at the gateway and tells the player", async () => {
    const player = await createPlayer();
    const promotion = await createPromotion({ bonusPercent: 10, turnoverMultiplierHundredths: 100 });
    const row = await paidDeposit(player.id, taka(1_000), promotion.id);
    expect(await getPlayerBalances(player.id)).toMatchObject({ main: { posted: taka(1_000) }, bonus: { posted: taka(100) } });
    expect((await gatewayStatusOfDeposits([row.depositId!])).get(row.depositId!)).toBe("completed");

    const result = await refund(row.depositId!, "Paid by mistake");
    expect(result.bonusForfeited).toBe(taka(100));
    const balances = await getPlayerBalances(player.id);
    expect(balances.main).toEqual({ posted: 0n, pending: 0n, available: 0n });
    expect(balances.bonus).toEqual({ posted: 0n, pending: 0n, available: 0n });

    expect(await paymentRow(row.id)).toMatchObject({ status: "refunded", depositId: row.depositId, failureReason: "Paid by mistake" });
    const [sim] = await db.select().from(simulatedGatewayPayments).where(eq(simulatedGatewayPayments.id, row.gatewayPaymentId!));
    expect(sim?.refundTrxId).toMatch(/^SR/);
    expect(result.refundTrxId).toBe(sim!.refundTrxId);

    const hold = await getTransferByKey(`gateway-refund:${row.invoice}:hold`);
    expect(hold).toMatchObject({ phase: "pending", amount: taka(1_000) });
    expect((await getHold(hold!.id)).status).toBe("posted");
    expect(await getTransferByKey(`gateway-refund:${row.invoice}:bonus`)).toMatchObject({ amount: taka(100), kind: "bonus_forfeit" });
    // The refunded deposit's turnover no longer holds withdrawals back.
    const [requirement] = await db.select().from(turnoverRequirements).where(eq(turnoverRequirements.depositId, row.depositId!));
    expect(requirement?.status).toBe("cancelled");
    expect(await hasActiveTurnover(player.id)).toBe(false);

    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "deposit.refund"), eq(auditLog.entityId, String(row.depositId))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ staffId: staff.id, ip: "127.0.0.1", after: { reason: "Paid by mistake", gatewayStatus: "refunded" } });

    const messages = await db
      .select({ template: inboxMessages.template, body: inboxMessages.body, params: inboxMessages.params })
      .from(inboxRecipients)
      .innerJoin(inboxMessages, eq(inboxMessages.id, inboxRecipients.messageId))
      .where(and(eq(inboxRecipients.playerId, player.id), eq(inboxMessages.template, "depositRefunded")));
    expect(messages).toHaveLength(1);
    expect(messages[0]!.body).toBe(`Your deposit D${row.depositId} of ৳1,000 was refunded to your ${method.name} wallet: Paid by mistake`);

    expect((await gatewayStatusOfDeposits([row.depositId!])).get(row.depositId!)).toBe("refunded");
    await expectPaymentError(refund(row.depositId!), "already_reviewed", "payments.errors.alreadyRefunded");
    expect((await getPlayerBalances(player.id)).main.posted).toBe(0n);
    await expectInvariants();
  });

  it("takes the refunded amount off the deposits paid on the day the refund posts, the count unchanged", async () => {
    const from = new Date(Date.now() - 60_000);
    const paid = async () => {
      const rows = rowsOf<{ kind: string; method_id: number; paid_count: number; paid_amount: string }>(
        await db.execute(sql`select * from (${paymentsDailySql(from, new Date(Date.now() + 60_000))}) p`),
      );
      const r = rows.find((x) => x.kind === "deposit" && x.method_id === method.id);
      return { count: Number(r?.paid_count ?? 0), amount: BigInt(r?.paid_amount ?? 0) };
    };
    const row = await paidDeposit((await createPlayer()).id, taka(700));
    const before = await paid();
    expect(before.count).toBeGreaterThan(0);
    await refund(row.depositId!);
    expect(await paid()).toEqual({ count: before.count, amount: before.amount - taka(700) });
  });

  it("shows the player the deposit as refunded in the record and in its details, with no screenshot", async () => {
    const player = await createPlayer();
    const row = await paidDeposit(player.id, taka(800));
    const id = `D${row.depositId}`;
    const before = await getTransaction(player.id, id);
    expect(before).toMatchObject({ status: "success", refunded: false, hasProof: false });
    expect(before!.timeline.map((s) => s.step)).toEqual(["submitted", "reviewed", "success"]);

    await refund(row.depositId!);
    const { items } = await listTransactions(player.id, { range: "all" });
    expect(items.find((i) => i.id === id)).toMatchObject({ status: "success", refunded: true });
    const after = await getTransaction(player.id, id);
    expect(after).toMatchObject({ status: "success", refunded: true });
    expect(after!.timeline.map((s) => s.step)).toEqual(["submitted", "reviewed", "success", "refunded"]);
    expect(after!.timeline.at(-1)!.at).toEqual((await paymentRow(row.id)).updatedAt);
  });

  it("refunds once for 50 parallel refunds of one deposit", async () => {
    const player = await createPlayer();
    const row = await paidDeposit(player.id, taka(2_000));
    // Some other money on main, so a second refund would have had something to take.
    await paidDeposit(player.id, taka(5_000));
    const calls = gatewayWithRefund((sim, input) => sim.refundPayment(input));

    const results = await Promise.allSettled(Array.from({ length: 50 }, () => refund(row.depositId!)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected") expect((r.reason as { code?: string }).code).toBe("already_reviewed");
    }
    expect(calls.count).toBe(1);
    const moved = await refundTransfers(row.invoice);
    expect(moved.filter((t) => t.phase === "pending")).toHaveLength(1);
    expect(moved.filter((t) => t.phase === "post_pending")).toHaveLength(1);
    expect(moved.filter((t) => t.phase === "void_pending")).toHaveLength(0);
    expect((await getPlayerBalances(player.id)).main).toEqual({ posted: taka(5_000), pending: 0n, available: taka(5_000) });
    expect((await paymentRow(row.id)).status).toBe("refunded");
    await expectInvariants();
  });

  it("refuses when the player has spent the money, and moves nothing", async () => {
    const player = await createPlayer();
    const row = await paidDeposit(player.id, taka(1_000));
    await transfer({
      key: `test-bet:${row.invoice}`,
      debit: `player:${player.id}:main`,
      credit: "game:test:0",
      amount: taka(700),
      currency: "BDT",
      kind: "bet",
    });
    const calls = gatewayWithRefund((sim, input) => sim.refundPayment(input));

    const error = await expectPaymentError(refund(row.depositId!), "insufficient_balance", "payments.errors.refundShortOfMoney");
    expect(error.params.available).toBe("300");
    expect(error.field).toBe("reason");
    expect(calls.count).toBe(0);
    expect((await getPlayerBalances(player.id)).main).toEqual({ posted: taka(300), pending: 0n, available: taka(300) });
    expect(await refundTransfers(row.invoice)).toHaveLength(0);
    expect(await paymentRow(row.id)).toMatchObject({ status: "completed", failureReason: null });
    const [sim] = await db.select().from(simulatedGatewayPayments).where(eq(simulatedGatewayPayments.id, row.gatewayPaymentId!));
    expect(sim?.refundTrxId).toBeNull();
  });

  it("voids the hold when the gateway refuses, and a later refund goes through", async () => {
    const player = await createPlayer();
    const row = await paidDeposit(player.id, taka(1_200));
    gatewayWithRefund(async () => {
      throw new GatewayError("refused", "Refund not allowed for this transaction", "2072");
    });
    const error = await expectPaymentError(refund(row.depositId!), "gateway_unavailable", "payments.errors.refundRefused");
    expect(error.params.message).toBe("Refund not allowed for this transaction");
    expect((await getPlayerBalances(player.id)).main).toEqual({ posted: taka(1_200), pending: 0n, available: taka(1_200) });
    const hold = await getTransferByKey(`gateway-refund:${row.invoice}:hold`);
    expect((await getHold(hold!.id)).status).toBe("voided");
    expect((await paymentRow(row.id)).status).toBe("completed");
    expect((await gatewayStatusOfDeposits([row.depositId!])).get(row.depositId!)).toBe("completed");

    overrideGateways(null);
    await refund(row.depositId!);
    expect((await getPlayerBalances(player.id)).main).toEqual({ posted: 0n, pending: 0n, available: 0n });
    expect((await paymentRow(row.id)).status).toBe("refunded");
    await expectInvariants();
  });

  it("keeps the money reserved when the gateway times out, and the next call finishes the refund once", async () => {
    const player = await createPlayer();
    const row = await paidDeposit(player.id, taka(800));
    // The gateway refunds but its answer is lost: the payer got the money, we do not know yet.
    const calls = gatewayWithRefund(async (sim, input) => {
      await sim.refundPayment(input);
      throw new GatewayError("timeout", "no answer in 30 s");
    });
    await expectPaymentError(refund(row.depositId!), "gateway_unavailable", "payments.errors.refundRetry");
    expect(calls.count).toBe(1);
    expect((await getPlayerBalances(player.id)).main).toEqual({ posted: taka(800), pending: taka(800), available: 0n });
    expect((await paymentRow(row.id)).status).toBe("completed");
    expect((await gatewayStatusOfDeposits([row.depositId!])).get(row.depositId!)).toBe("completed");

    overrideGateways(null);
    await refund(row.depositId!, "Second try");
    expect((await getPlayerBalances(player.id)).main).toEqual({ posted: 0n, pending: 0n, available: 0n });
    const moved = await refundTransfers(row.invoice);
    expect(moved.map((t) => t.phase).sort()).toEqual(["pending", "post_pending"]);
    expect(await paymentRow(row.id)).toMatchObject({ status: "refunded", failureReason: "Second try" });
    await expectInvariants();
  });

  it("refuses a deposit that did not come through a gateway, an unknown one and an empty reason", async () => {
    const player = await createPlayer();
    const ctx = await createMethodWithNumbers();
    const manual = await depositFor(player.id, ctx);
    await approveDeposit({ staffId: staff.id, depositId: manual.id });
    await expectPaymentError(refund(manual.id), "invalid_input", "payments.errors.refundOnlyCompletedGateway");
    await expectPaymentError(refund(2_000_000_000), "not_found");
    const row = await paidDeposit(player.id, taka(600));
    await expectPaymentError(refund(row.depositId!, "  "), "reason_required");
    expect((await getPlayerBalances(player.id)).main.posted).toBe(taka(1_600));
    expect(await refundTransfers(row.invoice)).toHaveLength(0);
  });
});

const errorsOf = (o: Outcome) => (o.data as { result: { error?: Record<string, string[]> } }).result.error ?? {};
type PageRow = { id: number; gatewayStatus: string | null };
const rowOf = (o: Outcome, id: number) => (o.data as { rows: PageRow[] }).rows.find((r) => r.id === id);

describe("the deposits page", () => {
  const PAGE = "/admin/finance/deposits";
  const cookies = {} as Record<"finance" | "support", string>;

  beforeAll(async () => {
    // Created by the finance staff member of this file (the audit row of a new account names who made it).
    const adminId = staff.id;
    for (const role of ["finance", "support"] as const) {
      const username = `${role}${Math.random().toString(36).slice(2, 8)}`;
      await createStaffUser({ id: adminId, ip: null }, { username, name: role, role, password: "StaffPass12345" });
      cookies[role] = await staffCookie(username, "StaffPass12345");
    }
  });

  it("offers finance a refund of a completed gateway deposit, refunds it once and shows it refunded", async () => {
    const player = await createPlayer();
    const row = await paidDeposit(player.id, taka(900));
    const approved = await callRoute(depositsRoute, `${PAGE}?status=approved`, { cookie: cookies.finance });
    expect(rowOf(approved, row.depositId!)?.gatewayStatus).toBe("completed");

    const form = { intent: "refund", id: String(row.depositId) };
    expect((await callRoute(depositsRoute, PAGE, { cookie: cookies.support, form: { ...form, reason: "x" } })).status).toBe(403);
    const noReason = await callRoute(depositsRoute, PAGE, { cookie: cookies.finance, form: { ...form, reason: " " } });
    expect(noReason.status).toBe(400);
    expect(errorsOf(noReason).reason).toEqual(["adminPayments.errors.reasonRequired"]);
    const badId = await callRoute(depositsRoute, PAGE, { cookie: cookies.finance, form: { intent: "refund", id: "abc", reason: "x" } });
    expect(badId.status).toBe(400);
    expect(
      (await callRoute(depositsRoute, PAGE, { cookie: cookies.finance, form: { intent: "refund", id: "2000000000", reason: "x" } })).status,
    ).toBe(404);
    expect((await getPlayerBalances(player.id)).main.posted).toBe(taka(900));

    const done = await callRoute(depositsRoute, PAGE, { cookie: cookies.finance, form: { ...form, reason: "Duplicate payment" } });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`${PAGE}?status=approved&done=refunded&id=${row.depositId}`);
    expect((await getPlayerBalances(player.id)).main.posted).toBe(0n);
    const page = await callRoute(depositsRoute, done.headers.get("location")!, { cookie: cookies.finance });
    expect((page.data as { notice: string }).notice).toBe(
      `Deposit D${row.depositId} refunded: ৳900 went back to ${player.username}'s wallet at the gateway.`,
    );
    expect(rowOf(page, row.depositId!)?.gatewayStatus).toBe("refunded");

    const again = await callRoute(depositsRoute, PAGE, { cookie: cookies.finance, form: { ...form, reason: "Duplicate payment" } });
    expect(again.status).toBe(409);
    expect(errorsOf(again)[""]?.map(inEnglish)).toEqual(["This deposit has already been refunded."]);
  });

  it("answers a player short of the money with 400 and the message next to the reason", async () => {
    const player = await createPlayer();
    const row = await paidDeposit(player.id, taka(1_000));
    await transfer({
      key: `test-bet:${row.invoice}`,
      debit: `player:${player.id}:main`,
      credit: "game:test:0",
      amount: taka(950),
      currency: "BDT",
      kind: "bet",
    });
    const out = await callRoute(depositsRoute, PAGE, {
      cookie: cookies.finance,
      form: { intent: "refund", id: String(row.depositId), reason: "Fraud" },
    });
    expect(out.status).toBe(400);
    expect(errorsOf(out).reason?.map(inEnglish)).toEqual(["The player's main wallet has only ৳50 available: the refund cannot be taken back."]);
    expect((await getPlayerBalances(player.id)).main).toEqual({ posted: taka(50), pending: 0n, available: taka(50) });
  });
});
