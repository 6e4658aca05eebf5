import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { approveWithdrawal, requestWithdrawal } from "#app/modules/payments/withdrawals.server.ts";
import { withdrawals } from "#app/modules/payments/schema.ts";
import {
  closeIdleConnections,
  createMethodWithNumbers,
  createPlayer,
  createSite,
  createStaff,
  expectInvariants,
  expectPaymentError,
  isPostgres,
  newKey,
  taka,
} from "#app/modules/payments/test-helpers.ts";
import { amlSignals, playerReviews } from "#app/modules/risk/schema.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { clearReview, openReview, openReviewIn, openReviewOf } from "./reviews.server.ts";
import { handleSignal, raiseSignal } from "./signals.server.ts";
import { fundedVerifiedPlayer } from "#tests/kit/players.ts";

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

/** A funded player with five pending withdrawals (their amounts held). */
async function playerWithWithdrawals() {
  const { player, withdrawal } = await playerWithWithdrawal();
  const others = [];
  for (let i = 0; i < 4; i++)
    others.push((await requestWithdrawal(player.id, { methodId: ctx.method.id, amount: "500", idempotencyKey: newKey() })).withdrawal);
  return { player, ids: [withdrawal.id, ...others.map((w) => w.id)] };
}

async function playerWithWithdrawal(amount = taka(1_000)) {
  const player = await fundedVerifiedPlayer(amount * 5n, { from: `clearing:deposits:${ctx.method.id}` });
  const { withdrawal } = await requestWithdrawal(player.id, { methodId: ctx.method.id, amount: String(amount / 100n), idempotencyKey: newKey() });
  return { player, withdrawal };
}

const approve = (withdrawalId: number) => approveWithdrawal({ staffId: staff.id, withdrawalId, payoutReference: "PAY-1" });
const auditOf = (action: string, entityId: number) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.id));

describe("player reviews", () => {
  it("hold a withdrawal's approval until cleared; both steps are audited", async () => {
    const { player, withdrawal } = await playerWithWithdrawal();
    const opened = await openReview({ staffId: staff.id, ip: "203.0.113.1" }, player.id, "Deposits from three numbers");
    expect(opened).toMatchObject({ ok: true, opened: true });
    const review = opened.ok ? opened.review : undefined;
    expect(await auditOf("risk.review.open", review!.id)).toHaveLength(1);

    await expectPaymentError(approve(withdrawal.id), "under_review", "risk.errors.underReview");
    const [still] = await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
    expect(still!.status).toBe("pending");

    expect(await clearReview({ staffId: staff.id }, player.id, "Source of funds documented")).toMatchObject({ ok: true });
    const [cleared] = await auditOf("risk.review.clear", review!.id);
    expect(cleared?.after).toMatchObject({ status: "cleared", reason: "Source of funds documented" });
    expect((await approve(withdrawal.id)).status).toBe("approved");
  });

  it("at most one is open; clearing needs one open", async () => {
    const player = await createPlayer();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => openReview({ staffId: staff.id }, player.id, `reason ${i}`)));
    expect(results.filter((r) => r.ok && r.opened)).toHaveLength(1);
    expect(await db.select().from(playerReviews).where(eq(playerReviews.playerId, player.id))).toHaveLength(1);
    expect(await clearReview({ staffId: staff.id }, player.id, "ok")).toMatchObject({ ok: true });
    expect(await clearReview({ staffId: staff.id }, player.id, "again")).toEqual({ ok: false, reason: "none_open" });
    expect(await openReview({ staffId: staff.id }, 2_000_000_000, "nobody")).toEqual({ ok: false, reason: "not_found" });
  });

  it("while a review is open, 50 parallel approvals of the player's withdrawals pay nothing", async () => {
    const { player, ids } = await playerWithWithdrawals();
    await openReview({ staffId: staff.id }, player.id, "parallel");
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => approve(ids[i % ids.length]!)));
    expect(results.every((r) => r.status === "rejected" && (r.reason as { code?: string }).code === "under_review")).toBe(true);
    const paid = await db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.playerId, player.id), eq(withdrawals.status, "approved")));
    expect(paid).toEqual([]);
  });

  it.skipIf(!isPostgres())("approvals racing a review being opened wait for it and are then refused", async () => {
    const { player, ids } = await playerWithWithdrawals();
    let attempts: Promise<PromiseSettledResult<unknown>[]> | undefined;
    await db.transaction(async (tx) => {
      await openReviewIn(tx, { staffId: staff.id }, player.id, "race");
      // The approvals start while the opening holds the player's row and has not committed yet.
      attempts = Promise.allSettled(Array.from({ length: 50 }, (_, i) => approve(ids[i % ids.length]!)));
      await new Promise((r) => setTimeout(r, 300));
    });
    const results = await attempts!;
    expect(results.filter((r) => r.status === "fulfilled")).toEqual([]);
    expect(results.every((r) => r.status === "rejected" && (r.reason as { code?: string }).code === "under_review")).toBe(true);
  });

  it("escalating a signal opens a review from it; dismissing does not; each handled once", async () => {
    const player = await createPlayer();
    await raiseSignal(db, { playerId: player.id, kind: "trx_reuse", fingerprint: `test:${player.id}:1`, evidence: {} });
    await raiseSignal(db, { playerId: player.id, kind: "split_deposits", fingerprint: `test:${player.id}:2`, evidence: {} });
    const [one, two] = await db.select().from(amlSignals).where(eq(amlSignals.playerId, player.id)).orderBy(amlSignals.id);
    const actor = { staffId: staff.id, ip: null };
    expect(await handleSignal(actor, { signalId: one!.id, intent: "dismiss", note: "known" })).toMatchObject({ ok: true, reviewOpened: false });
    expect(await openReviewOf(player.id)).toBeUndefined();
    const both = await Promise.all([
      handleSignal(actor, { signalId: two!.id, intent: "escalate", note: "looks split" }),
      handleSignal(actor, { signalId: two!.id, intent: "escalate", note: "looks split" }),
    ]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "already_handled" }]);
    expect((await openReviewOf(player.id))?.openReason).toBe("looks split");
    expect(await auditOf("risk.signal.escalate", two!.id)).toHaveLength(1);
    expect(await auditOf("risk.signal.dismiss", one!.id)).toHaveLength(1);
  });
});
