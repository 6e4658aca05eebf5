// Withdrawals paid through a method's gateway (the disbursement call): one payout however many clicks, the
// gateway's transaction as the reference, and no rejection crossing a payout under way.
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { getHold, getPlayerBalances } from "#app/modules/ledger/queries.server.ts";
import { openReview } from "#app/modules/risk/reviews.server.ts";
import { overrideGateways } from "./gateway/registry.server.ts";
import { createSimulatedGateway } from "./gateway/simulated.server.ts";
import { GatewayError } from "./gateway/types.ts";
import { approveWithdrawal, payWithdrawalThroughGateway, rejectWithdrawal, requestWithdrawal } from "./withdrawals.server.ts";
import { paymentMethods, simulatedGatewayPayments, withdrawals } from "./schema.ts";
import { closeIdleConnections, createMethod, createSite, createStaff, expectInvariants, expectPaymentError, newKey, taka } from "./test-helpers.ts";
import { fundedVerifiedPlayer } from "#tests/kit/players.ts";

let staff: Awaited<ReturnType<typeof createStaff>>;
let method: Awaited<ReturnType<typeof createMethod>>;
let manual: Awaited<ReturnType<typeof createMethod>>;

beforeAll(async () => {
  await createSite();
  staff = await createStaff();
  method = await createMethod();
  manual = await createMethod();
  await db.update(paymentMethods).set({ gateway: "simulated" }).where(eq(paymentMethods.id, method.id));
});

afterEach(() => overrideGateways(null));

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

async function pendingWithdrawal(amount = taka(1_000), methodId = method.id) {
  const player = await fundedVerifiedPlayer(taka(5_000), { from: `clearing:deposits:${methodId}` });
  const { withdrawal } = await requestWithdrawal(player.id, { methodId, amount, idempotencyKey: newKey() });
  return { player, withdrawal };
}

const payouts = (reference: string) =>
  db
    .select()
    .from(simulatedGatewayPayments)
    .where(and(eq(simulatedGatewayPayments.kind, "payout"), eq(simulatedGatewayPayments.invoice, reference)));

describe("payWithdrawalThroughGateway", () => {
  it("pays the player's wallet and approves with the gateway's transaction id", async () => {
    const { player, withdrawal } = await pendingWithdrawal();
    const paid = await payWithdrawalThroughGateway({ staffId: staff.id, withdrawalId: withdrawal.id });
    const [payout] = await payouts(`W${withdrawal.id}`);
    expect(payout).toMatchObject({ amount: taka(1_000), payer: player.phone, status: "Completed" });
    expect(paid).toMatchObject({ status: "approved", payoutReference: payout!.trxId });
    expect(await getHold(withdrawal.holdTransferId!)).toMatchObject({ status: "posted" });
    expect((await getPlayerBalances(player.id)).main.posted).toBe(taka(4_000));
  });

  it("pays once for 50 parallel clicks", async () => {
    const { player, withdrawal } = await pendingWithdrawal(taka(700));
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => payWithdrawalThroughGateway({ staffId: staff.id, withdrawalId: withdrawal.id })),
    );
    expect(results.filter((r) => r.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
    expect(await payouts(`W${withdrawal.id}`)).toHaveLength(1);
    expect((await getPlayerBalances(player.id)).main.posted).toBe(taka(4_300));
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
    expect(row?.status).toBe("approved");
  });

  it("leaves a withdrawal reviewable when the gateway refuses, and marked after a time-out until paid again", async () => {
    const sim = createSimulatedGateway();
    const { withdrawal } = await pendingWithdrawal();
    overrideGateways(() => ({ ...sim, disburse: async () => Promise.reject(new GatewayError("refused", "Receiver wallet blocked", "2009")) }));
    await expectPaymentError(payWithdrawalThroughGateway({ staffId: staff.id, withdrawalId: withdrawal.id }), "gateway_unavailable");
    expect((await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id)))[0]).toMatchObject({
      status: "pending",
      payoutReference: null,
    });

    overrideGateways(() => ({ ...sim, disburse: async () => Promise.reject(new GatewayError("timeout", "no answer in 30 s")) }));
    await expectPaymentError(payWithdrawalThroughGateway({ staffId: staff.id, withdrawalId: withdrawal.id }), "gateway_unavailable");
    // The payout may have gone out: neither a rejection nor a hand-typed reference may cross it.
    await expectPaymentError(rejectWithdrawal({ staffId: staff.id, withdrawalId: withdrawal.id, reason: "no" }), "already_reviewed");
    await expectPaymentError(approveWithdrawal({ staffId: staff.id, withdrawalId: withdrawal.id, payoutReference: "TRX1" }), "already_reviewed");
    overrideGateways(null);
    expect((await payWithdrawalThroughGateway({ staffId: staff.id, withdrawalId: withdrawal.id })).status).toBe("approved");
    expect(await payouts(`W${withdrawal.id}`)).toHaveLength(1);
  });

  it("records a payout the gateway made even when an AML review opened while it was under way, and pays no other", async () => {
    const sim = createSimulatedGateway();
    const { player, withdrawal } = await pendingWithdrawal(taka(900));
    overrideGateways(() => ({
      ...sim,
      disburse: async (input) => {
        await openReview({ staffId: staff.id }, player.id, "Opened while the payout was at the gateway");
        return sim.disburse(input);
      },
    }));
    const paid = await payWithdrawalThroughGateway({ staffId: staff.id, withdrawalId: withdrawal.id });
    const [payout] = await payouts(`W${withdrawal.id}`);
    expect(paid).toMatchObject({ status: "approved", payoutReference: payout!.trxId });
    expect((await getPlayerBalances(player.id)).main.posted).toBe(taka(4_100));

    // The open review still holds back the player's next withdrawal, through the gateway or by hand.
    const { withdrawal: next } = await requestWithdrawal(player.id, { methodId: method.id, amount: taka(500), idempotencyKey: newKey() });
    await expectPaymentError(payWithdrawalThroughGateway({ staffId: staff.id, withdrawalId: next.id }), "under_review");
    await expectPaymentError(approveWithdrawal({ staffId: staff.id, withdrawalId: next.id, payoutReference: "TRX2" }), "under_review");
    expect(await payouts(`W${next.id}`)).toHaveLength(0);
  });

  it("refuses a method without a gateway", async () => {
    const { withdrawal } = await pendingWithdrawal(taka(600), manual.id);
    await expectPaymentError(payWithdrawalThroughGateway({ staffId: staff.id, withdrawalId: withdrawal.id }), "invalid_method");
    expect((await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id)))[0]?.status).toBe("pending");
  });
});
