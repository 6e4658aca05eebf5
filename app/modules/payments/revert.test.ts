import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { getHold, getPlayerBalances } from "#app/modules/ledger/queries.server.ts";
import { openReview } from "#app/modules/risk/reviews.server.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { approveDeposit, listDepositQueue, rejectDeposit } from "./deposits.server.ts";
import { approveWithdrawal, listWithdrawalQueue, requestWithdrawal } from "./withdrawals.server.ts";
import { getTransaction, listTransactions } from "./transactions.server.ts";
import { revertDeposit, revertTransaction, revertWithdrawal } from "./revert.server.ts";
import { deposits, withdrawals } from "./schema.ts";
import {
  closeIdleConnections,
  createMethodWithNumbers,
  createPlayer,
  createSite,
  createStaff,
  depositFor,
  expectInvariants,
  expectPaymentError,
  newKey,
  taka,
} from "./test-helpers.ts";
import { fundedVerifiedPlayer } from "#tests/kit/players.ts";
import { PAYING } from "./withdrawals.server.ts";

let staff: Awaited<ReturnType<typeof createStaff>>;
let ctx: Awaited<ReturnType<typeof createMethodWithNumbers>>;

beforeAll(async () => {
  await createSite();
  staff = await createStaff();
  ctx = await createMethodWithNumbers();
});

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

/** A verified player with `amount` on main, as an approved deposit through the method (without turnover) leaves it. */
const fundedPlayer = (amount: bigint) => fundedVerifiedPlayer(amount, { from: `clearing:deposits:${ctx.method.id}` });

const withdraw = async (playerId: number, amount = taka(1_000)) =>
  (await requestWithdrawal(playerId, { methodId: ctx.method.id, amount, idempotencyKey: newKey() })).withdrawal;

describe("revert a deposit", () => {
  it("cancels the player's own pending deposit: nothing moves, the record reads Cancelled (Fail in the filter), audited", async () => {
    const player = await createPlayer();
    const dep = await depositFor(player.id, ctx);
    const row = await revertDeposit({ playerId: player.id, id: dep.id, ip: "10.0.0.1" });
    expect(row).toMatchObject({ status: "cancelled", reviewedAt: null });
    expect(row.cancelledAt).toBeInstanceOf(Date);
    expect(await getPlayerBalances(player.id)).toMatchObject({ main: { posted: 0n, pending: 0n } });
    const details = await getTransaction(player.id, `D${dep.id}`);
    expect(details).toMatchObject({ status: "fail", cancelled: true, revertible: false, resubmit: { kind: "none" } });
    expect(details!.timeline.map((s) => s.step)).toEqual(["submitted", "cancelled"]);
    const { items } = await listTransactions(player.id, { range: "all", status: "fail" });
    expect(items.map((i) => [i.id, i.cancelled])).toEqual([[`D${dep.id}`, true]]);
    expect((await listTransactions(player.id, { range: "all", status: "pending" })).total).toBe(0);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "deposit.cancel"), eq(auditLog.entityId, String(dep.id))));
    expect(entry).toMatchObject({ staffId: null, ip: "10.0.0.1", after: { status: "cancelled", by: "player" } });
  });

  it("staff queues list it under Cancelled, never as pending; staff can no longer review it", async () => {
    const player = await createPlayer();
    const dep = await depositFor(player.id, ctx);
    await revertTransaction(player.id, `d${dep.id}`);
    const pending = await listDepositQueue({ status: "pending", pageSize: 100 });
    expect(pending.items.some((d) => d.id === dep.id)).toBe(false);
    const cancelled = await listDepositQueue({ status: "cancelled", pageSize: 100 });
    expect(cancelled.items.find((d) => d.id === dep.id)).toMatchObject({ status: "cancelled" });
    await expectPaymentError(approveDeposit({ staffId: staff.id, depositId: dep.id }), "already_reviewed");
  });

  it("refuses a deposit that is not pending, another player's (not found) and nonsense ids", async () => {
    const player = await createPlayer();
    const other = await createPlayer();
    const approved = await depositFor(player.id, ctx);
    await approveDeposit({ staffId: staff.id, depositId: approved.id });
    await expectPaymentError(revertDeposit({ playerId: player.id, id: approved.id }), "not_revertible", "payments.errors.revertNotPending");
    const rejected = await depositFor(player.id, ctx);
    await rejectDeposit({ staffId: staff.id, depositId: rejected.id, reason: "blurry" });
    await expectPaymentError(revertDeposit({ playerId: player.id, id: rejected.id }), "not_revertible");
    const pending = await depositFor(player.id, ctx);
    await expectPaymentError(revertDeposit({ playerId: other.id, id: pending.id }), "not_found");
    await expectPaymentError(revertTransaction(other.id, `D${pending.id}`), "not_found");
    for (const bad of ["A1", "D0", "x", "W", `D${pending.id}9999999999`]) await expectPaymentError(revertTransaction(player.id, bad), "not_found");
    await expectPaymentError(
      revertDeposit({ playerId: player.id, id: pending.id }).then(() => revertDeposit({ playerId: player.id, id: pending.id })),
      "not_revertible",
    );
  });

  it("50 parallel reverts and approvals of one deposit: exactly one wins", async () => {
    const player = await createPlayer();
    const dep = await depositFor(player.id, ctx);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 ? approveDeposit({ staffId: staff.id, depositId: dep.id }) : revertDeposit({ playerId: player.id, id: dep.id }),
      ),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    const codes = results.flatMap((r) => (r.status === "rejected" ? [(r.reason as { code?: string }).code] : []));
    expect(new Set(codes)).toEqual(new Set(codes.filter((c) => c === "already_reviewed" || c === "not_revertible")));
    const [row] = await db.select().from(deposits).where(eq(deposits.id, dep.id));
    const main = (await getPlayerBalances(player.id)).main.posted;
    if (row!.status === "approved") expect(main).toBe(dep.amount);
    else expect([row!.status, main]).toEqual(["cancelled", 0n]);
  });
});

describe("revert a withdrawal", () => {
  it("voids the hold at once: the balance is available again and the ledger balances", async () => {
    const player = await fundedPlayer(taka(3_000));
    const w = await withdraw(player.id);
    expect((await getPlayerBalances(player.id)).main.available).toBe(taka(2_000));
    const row = await revertWithdrawal({ playerId: player.id, id: w.id });
    expect(row).toMatchObject({ status: "cancelled" });
    expect((await getPlayerBalances(player.id)).main).toEqual({ posted: taka(3_000), pending: 0n, available: taka(3_000) });
    expect(await getHold(w.holdTransferId!)).toMatchObject({ status: "voided" });
    const details = await getTransaction(player.id, `W${w.id}`);
    expect(details).toMatchObject({ status: "fail", cancelled: true, revertible: false, tracker: { status: "cancelled", current: null } });
    expect((await listWithdrawalQueue({ status: "pending", pageSize: 100 })).items.some((x) => x.id === w.id)).toBe(false);
    await expectPaymentError(approveWithdrawal({ staffId: staff.id, withdrawalId: w.id, payoutReference: "P1" }), "already_reviewed");
    await expectInvariants();
  });

  it("refuses one staff have taken: a gateway payout under way, an AML review holding the player's withdrawals", async () => {
    const player = await fundedPlayer(taka(5_000));
    const paying = await withdraw(player.id);
    await db.update(withdrawals).set({ payoutReference: PAYING }).where(eq(withdrawals.id, paying.id));
    await expectPaymentError(revertWithdrawal({ playerId: player.id, id: paying.id }), "not_revertible", "payments.errors.revertTaken");
    expect(await getTransaction(player.id, `W${paying.id}`)).toMatchObject({ revertible: false });
    const held = await withdraw(player.id);
    await openReview({ staffId: staff.id }, player.id, "test");
    await expectPaymentError(revertWithdrawal({ playerId: player.id, id: held.id }), "under_review");
    expect((await getPlayerBalances(player.id)).main.pending).toBe(taka(2_000));
  });

  it("refuses another player's (not found) and a paid one", async () => {
    const player = await fundedPlayer(taka(3_000));
    const other = await createPlayer();
    const w = await withdraw(player.id);
    await expectPaymentError(revertWithdrawal({ playerId: other.id, id: w.id }), "not_found");
    await approveWithdrawal({ staffId: staff.id, withdrawalId: w.id, payoutReference: "PAID-1" });
    await expectPaymentError(revertWithdrawal({ playerId: player.id, id: w.id }), "not_revertible");
  });

  it("50 parallel reverts and approvals of one withdrawal: exactly one wins, the hold posted or voided once", async () => {
    const player = await fundedPlayer(taka(2_000));
    const w = await withdraw(player.id, taka(2_000));
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        i % 2
          ? approveWithdrawal({ staffId: staff.id, withdrawalId: w.id, payoutReference: `P-${i}` })
          : revertWithdrawal({ playerId: player.id, id: w.id }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results)
      if (r.status === "rejected") expect(["already_reviewed", "not_revertible"]).toContain((r.reason as { code?: string }).code);
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, w.id));
    const main = (await getPlayerBalances(player.id)).main;
    if (row!.status === "approved") expect(main).toEqual({ posted: 0n, pending: 0n, available: 0n });
    else expect([row!.status, main]).toEqual(["cancelled", { posted: taka(2_000), pending: 0n, available: taka(2_000) }]);
    await expectInvariants();
  });
});
