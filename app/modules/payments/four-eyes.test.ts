// Four-eyes payouts: a withdrawal above general_settings.second_approval_above is paid only on the approval of a
// second staff member; the first approval is recorded (who, when, audited) and leaves it pending. Through a gateway
// the payout starts only on the second approval.
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { getAccountByCode, getHold, getPlayerBalances } from "#app/modules/ledger/queries.server.ts";
import { transfer } from "#app/modules/ledger/transfers.server.ts";
import { overrideGateways } from "./gateway/registry.server.ts";
import { createSimulatedGateway } from "./gateway/simulated.server.ts";
import { getTransaction } from "./transactions.server.ts";
import {
  approveWithdrawal,
  getWithdrawalForStaff,
  listWithdrawalQueue,
  payWithdrawalThroughGateway,
  rejectWithdrawal,
  requestWithdrawal,
} from "./withdrawals.server.ts";
import { paymentMethods, simulatedGatewayPayments, withdrawals } from "./schema.ts";
import {
  closeIdleConnections,
  createMethod,
  createPlayer,
  createSite,
  createStaff,
  expectInvariants,
  expectPaymentError,
  newKey,
  setSettings,
  taka,
} from "./test-helpers.ts";

type Staff = Awaited<ReturnType<typeof createStaff>>;
let first: Staff;
let second: Staff;
let manual: Awaited<ReturnType<typeof createMethod>>;
let gateway: Awaited<ReturnType<typeof createMethod>>;

const THRESHOLD = taka(2_000);

beforeAll(async () => {
  await createSite();
  first = await createStaff();
  second = await createStaff();
  manual = await createMethod();
  gateway = await createMethod();
  await db.update(paymentMethods).set({ gateway: "simulated" }).where(eq(paymentMethods.id, gateway.id));
  await setSettings({ secondApprovalAbove: THRESHOLD });
});

afterEach(() => overrideGateways(null));

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

async function pendingWithdrawal(amount: bigint, methodId = manual.id) {
  const player = await createPlayer();
  await transfer({
    key: `test:fund:${player.id}`,
    debit: `clearing:deposits:${methodId}`,
    credit: `player:${player.id}:main`,
    amount: taka(10_000),
    currency: "BDT",
    kind: "deposit",
  });
  const { withdrawal } = await requestWithdrawal(player.id, { methodId, amount, idempotencyKey: newKey() });
  return { player, withdrawal };
}

const row = async (id: number) => (await db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const audits = (id: number, action: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "withdrawal"), eq(auditLog.entityId, String(id)), eq(auditLog.action, action)));
const payoutsPosted = async (methodId: number) => (await getAccountByCode(`clearing:payouts:${methodId}`, "BDT"))?.posted ?? 0n;
const gatewayPayouts = (reference: string) =>
  db
    .select()
    .from(simulatedGatewayPayments)
    .where(and(eq(simulatedGatewayPayments.kind, "payout"), eq(simulatedGatewayPayments.invoice, reference)));

describe("four-eyes payouts", () => {
  it("pays at or below the amount on one approval", async () => {
    const { player, withdrawal } = await pendingWithdrawal(THRESHOLD);
    expect((await getWithdrawalForStaff(withdrawal.id))?.fourEyes).toBeNull();
    const paid = await approveWithdrawal({ staffId: first.id, withdrawalId: withdrawal.id, payoutReference: "BK1" });
    expect(paid).toMatchObject({ status: "approved", reviewedBy: first.id, firstApprovedBy: null, firstApprovedAt: null });
    expect((await getPlayerBalances(player.id)).main.posted).toBe(taka(8_000));
  });

  it("above it, the first approval is recorded and pays nothing; a different staff member's approval pays", async () => {
    const { player, withdrawal } = await pendingWithdrawal(THRESHOLD + 1n);
    const before = await payoutsPosted(manual.id);
    expect((await getWithdrawalForStaff(withdrawal.id))?.fourEyes).toBe("first");

    // The first approval needs no payout reference: nothing is paid yet.
    const firstApproval = await approveWithdrawal({ staffId: first.id, withdrawalId: withdrawal.id, payoutReference: "", ip: "198.51.100.7" });
    expect(firstApproval).toMatchObject({ status: "pending", firstApprovedBy: first.id, reviewedBy: null, payoutReference: null });
    expect(firstApproval.firstApprovedAt).toBeInstanceOf(Date);
    expect(await getHold(withdrawal.holdTransferId!)).toMatchObject({ status: "open" });
    expect((await getPlayerBalances(player.id)).main).toEqual({ posted: taka(10_000), pending: THRESHOLD + 1n, available: taka(8_000) - 1n });
    const [audited] = await audits(withdrawal.id, "withdrawal.first_approve");
    expect(audited).toMatchObject({ staffId: first.id, ip: "198.51.100.7", after: { status: "pending", firstApprovedBy: first.id } });

    // The queue: awaiting the second approval, with the first approver's name. The player still sees it pending.
    const { items } = await listWithdrawalQueue({ status: "pending", pageSize: 100 });
    expect(items.find((i) => i.id === withdrawal.id)).toMatchObject({ fourEyes: "second", firstApproverUsername: first.username });
    expect(await getTransaction(player.id, `W${withdrawal.id}`)).toMatchObject({ status: "pending" });

    // The first approver cannot be the second, with or without a reference.
    await expectPaymentError(
      approveWithdrawal({ staffId: first.id, withdrawalId: withdrawal.id, payoutReference: "BK2" }),
      "same_approver",
      "payments.errors.sameApprover",
    );
    expect(await row(withdrawal.id)).toMatchObject({ status: "pending", firstApprovedBy: first.id });
    // The second approval pays, and needs the reference of the payment sent.
    await expectPaymentError(approveWithdrawal({ staffId: second.id, withdrawalId: withdrawal.id, payoutReference: " " }), "invalid_input");
    const paid = await approveWithdrawal({ staffId: second.id, withdrawalId: withdrawal.id, payoutReference: "BK2", ip: "198.51.100.8" });
    expect(paid).toMatchObject({ status: "approved", reviewedBy: second.id, firstApprovedBy: first.id, payoutReference: "BK2" });
    expect(await getHold(withdrawal.holdTransferId!)).toMatchObject({ status: "posted" });
    expect((await getPlayerBalances(player.id)).main.posted).toBe(taka(8_000) - 1n);
    expect((await payoutsPosted(manual.id)) - before).toBe(THRESHOLD + 1n);
    const [approval] = await audits(withdrawal.id, "withdrawal.approve");
    expect(approval).toMatchObject({ staffId: second.id, after: { status: "approved", firstApprovedBy: first.id } });
    expect(await getTransaction(player.id, `W${withdrawal.id}`)).toMatchObject({ status: "success" });
  });

  it("the database refuses an approval by the first approver however it is written", async () => {
    const { withdrawal } = await pendingWithdrawal(THRESHOLD + 100n);
    await approveWithdrawal({ staffId: first.id, withdrawalId: withdrawal.id, payoutReference: "" });
    await expect(
      db
        .update(withdrawals)
        .set({ status: "approved", reviewedBy: first.id, reviewedAt: new Date(), payoutReference: "X" })
        .where(eq(withdrawals.id, withdrawal.id)),
    ).rejects.toThrow();
    await rejectWithdrawal({ staffId: second.id, withdrawalId: withdrawal.id, reason: "test" });
  });

  it("50 parallel approvals by one person record one first approval and pay nothing", async () => {
    const { player, withdrawal } = await pendingWithdrawal(taka(5_000));
    const before = await payoutsPosted(manual.id);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => approveWithdrawal({ staffId: first.id, withdrawalId: withdrawal.id, payoutReference: "BK50" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "same_approver" });
    expect(await row(withdrawal.id)).toMatchObject({ status: "pending", firstApprovedBy: first.id, reviewedBy: null, payoutReference: null });
    expect(await audits(withdrawal.id, "withdrawal.first_approve")).toHaveLength(1);
    expect(await audits(withdrawal.id, "withdrawal.approve")).toHaveLength(0);
    expect(await getHold(withdrawal.holdTransferId!)).toMatchObject({ status: "open" });
    expect((await getPlayerBalances(player.id)).main).toEqual({ posted: taka(10_000), pending: taka(5_000), available: taka(5_000) });
    expect(await payoutsPosted(manual.id)).toBe(before);
    await expectInvariants();
  });

  it("50 parallel second approvals by another person pay it exactly once", async () => {
    const { player, withdrawal } = await pendingWithdrawal(taka(6_000));
    await approveWithdrawal({ staffId: first.id, withdrawalId: withdrawal.id, payoutReference: "" });
    const before = await payoutsPosted(manual.id);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => approveWithdrawal({ staffId: second.id, withdrawalId: withdrawal.id, payoutReference: "BK60" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "already_reviewed" });
    expect(await row(withdrawal.id)).toMatchObject({ status: "approved", firstApprovedBy: first.id, reviewedBy: second.id });
    expect(await audits(withdrawal.id, "withdrawal.approve")).toHaveLength(1);
    expect((await getPlayerBalances(player.id)).main).toEqual({ posted: taka(4_000), pending: 0n, available: taka(4_000) });
    expect((await payoutsPosted(manual.id)) - before).toBe(taka(6_000));
    await expectInvariants();
  });

  it("rejecting stays one step, by anyone allowed, the first approver too", async () => {
    const { player, withdrawal } = await pendingWithdrawal(taka(3_000));
    await expectPaymentError(rejectWithdrawal({ staffId: first.id, withdrawalId: withdrawal.id, reason: "" }), "reason_required");
    await approveWithdrawal({ staffId: first.id, withdrawalId: withdrawal.id, payoutReference: "" });
    const rejected = await rejectWithdrawal({ staffId: first.id, withdrawalId: withdrawal.id, reason: "Wrong number" });
    expect(rejected).toMatchObject({ status: "rejected", reviewedBy: first.id });
    expect(await getHold(withdrawal.holdTransferId!)).toMatchObject({ status: "voided" });
    expect((await getPlayerBalances(player.id)).main).toEqual({ posted: taka(10_000), pending: 0n, available: taka(10_000) });
    expect(await audits(withdrawal.id, "withdrawal.reject")).toHaveLength(1);
    // A large one nobody approved yet is rejected in one step too.
    const { withdrawal: other } = await pendingWithdrawal(taka(3_000));
    expect(await rejectWithdrawal({ staffId: second.id, withdrawalId: other.id, reason: "No" })).toMatchObject({ status: "rejected" });
  });

  it("0 turns it off", async () => {
    await setSettings({ secondApprovalAbove: 0n });
    try {
      const { withdrawal } = await pendingWithdrawal(taka(9_000));
      expect((await getWithdrawalForStaff(withdrawal.id))?.fourEyes).toBeNull();
      expect(await approveWithdrawal({ staffId: first.id, withdrawalId: withdrawal.id, payoutReference: "BK0" })).toMatchObject({
        status: "approved",
        firstApprovedBy: null,
      });
    } finally {
      await setSettings({ secondApprovalAbove: THRESHOLD });
    }
  });

  it("through a gateway the payout starts only on the second approval, by another person, once", async () => {
    const { player, withdrawal } = await pendingWithdrawal(taka(4_000), gateway.id);
    let calls = 0;
    const sim = createSimulatedGateway();
    overrideGateways(() => ({ ...sim, disburse: (input) => (calls++, sim.disburse(input)) }));

    const firstResults = await Promise.allSettled(
      Array.from({ length: 50 }, () => payWithdrawalThroughGateway({ staffId: first.id, withdrawalId: withdrawal.id })),
    );
    expect(firstResults.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of firstResults) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "same_approver" });
    expect(calls).toBe(0);
    expect(await gatewayPayouts(`W${withdrawal.id}`)).toHaveLength(0);
    expect(await row(withdrawal.id)).toMatchObject({ status: "pending", firstApprovedBy: first.id, payoutReference: null });
    // Nor can the first approver finish it by typing a reference.
    await expectPaymentError(approveWithdrawal({ staffId: first.id, withdrawalId: withdrawal.id, payoutReference: "T" }), "same_approver");

    const secondResults = await Promise.allSettled(
      Array.from({ length: 50 }, () => payWithdrawalThroughGateway({ staffId: second.id, withdrawalId: withdrawal.id })),
    );
    expect(secondResults.filter((r) => r.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
    expect(await gatewayPayouts(`W${withdrawal.id}`)).toHaveLength(1);
    expect(await row(withdrawal.id)).toMatchObject({ status: "approved", firstApprovedBy: first.id, reviewedBy: second.id });
    expect((await getPlayerBalances(player.id)).main).toEqual({ posted: taka(6_000), pending: 0n, available: taka(6_000) });
    expect(await audits(withdrawal.id, "withdrawal.first_approve")).toHaveLength(1);
    expect(await audits(withdrawal.id, "withdrawal.approve")).toHaveLength(1);
  });
});
