import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { approveDeposit, rejectDeposit, submitDeposit } from "./deposits.server.ts";
import { getTransaction } from "./transactions.server.ts";
import { PaymentError } from "./errors.ts";
import { resubmitDeposit } from "./resubmit.server.ts";
import { resubmitState } from "./resubmit-rules.server.ts";
import { deposits } from "./schema.ts";
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
  newTrx,
  PDF,
  PNG,
  setSettings,
  taka,
} from "./test-helpers.ts";

let staff: Awaited<ReturnType<typeof createStaff>>;
let ctx: Awaited<ReturnType<typeof createMethodWithNumbers>>;

beforeAll(async () => {
  await createSite();
  await setSettings({ resubmitWaitMinutes: 5 });
  staff = await createStaff();
  ctx = await createMethodWithNumbers();
});

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

/** A rejected deposit whose rejection was `minutesAgo` minutes ago. */
async function rejected(playerId: number, minutesAgo = 10) {
  const dep = await depositFor(playerId, ctx);
  await rejectDeposit({ staffId: staff.id, depositId: dep.id, reason: "wrong amount" });
  const at = new Date(Date.now() - minutesAgo * 60_000);
  const [row] = await db.update(deposits).set({ reviewedAt: at }).where(eq(deposits.id, dep.id)).returning();
  return row!;
}

const edit = (over: Partial<Parameters<typeof resubmitDeposit>[2]> = {}) => ({
  amount: "1,200",
  senderNumber: "01712345679",
  trxId: newTrx(),
  proof: { bytes: PNG, declaredName: "new.png" },
  idempotencyKey: newKey(),
  ...over,
});

describe("the countdown", () => {
  it("says how many whole minutes are left, rounded up, and opens at the end", () => {
    const reviewedAt = new Date("2026-01-01T10:00:00Z");
    const dep = { status: "rejected" as const, channelType: "Agent" as const, reviewedAt };
    const at = (s: number) => new Date(reviewedAt.getTime() + s * 1000);
    expect(resubmitState(dep, null, 5, at(0))).toMatchObject({ kind: "wait", minutes: 5 });
    expect(resubmitState(dep, null, 5, at(61))).toMatchObject({ kind: "wait", minutes: 4 });
    expect(resubmitState(dep, null, 5, at(299))).toMatchObject({ kind: "wait", minutes: 1 });
    expect(resubmitState(dep, null, 5, at(300))).toEqual({ kind: "open" });
    expect(resubmitState(dep, 7, 5, at(300))).toEqual({ kind: "done", asId: 7 });
    expect(resubmitState({ ...dep, channelType: "Gateway" }, null, 5, at(900))).toEqual({ kind: "none" });
    expect(resubmitState({ ...dep, status: "pending", reviewedAt: null }, null, 5, at(900))).toEqual({ kind: "none" });
  });

  it("refuses before the wait is over with the minutes left, and the details say so", async () => {
    const player = await createPlayer();
    const dep = await rejected(player.id, 2.5);
    const e = await expectPaymentError(resubmitDeposit(player.id, dep.id, edit()), "not_resubmittable", "payments.errors.resubmitTooEarly");
    expect(e.params).toEqual({ count: "3" });
    expect((await getTransaction(player.id, `D${dep.id}`))!.resubmit).toMatchObject({ kind: "wait", minutes: 3 });
    await setSettings({ resubmitWaitMinutes: 2 });
    try {
      expect((await getTransaction(player.id, `D${dep.id}`))!.resubmit).toEqual({ kind: "open" });
    } finally {
      await setSettings({ resubmitWaitMinutes: 5 });
    }
  });
});

describe("resubmitDeposit", () => {
  it("makes a new pending deposit linked to the rejected one, on the same number, with the edits", async () => {
    const player = await createPlayer();
    const dep = await rejected(player.id);
    const { deposit, replayed } = await resubmitDeposit(player.id, dep.id, edit({ trxId: dep.trxId.toLowerCase() }));
    expect(replayed).toBe(false);
    expect(deposit).toMatchObject({
      status: "pending",
      resubmittedFrom: dep.id,
      amount: taka(1_200),
      senderNumber: "01712345679",
      trxId: dep.trxId,
      methodId: dep.methodId,
      walletNumberId: dep.walletNumberId,
      channelType: dep.channelType,
    });
    expect((await getTransaction(player.id, `D${dep.id}`))!.resubmit).toEqual({ kind: "done", asId: deposit.id });
    expect((await getTransaction(player.id, `D${deposit.id}`))!.resubmittedFrom).toBe(`D${dep.id}`);
    await expectPaymentError(resubmitDeposit(player.id, dep.id, edit()), "not_resubmittable", "payments.errors.resubmitDone");
    // The TRX ID is the chain's: nobody else's deposit may use it, and the resubmission can be approved.
    const other = await createPlayer();
    await expectPaymentError(
      submitDeposit(other.id, {
        methodId: ctx.method.id,
        channelType: "Agent",
        walletNumberId: ctx.agent.id,
        amount: "1000",
        senderNumber: "01712345678",
        trxId: dep.trxId,
        promotionId: null,
        proof: { bytes: PNG, declaredName: "x.png" },
        idempotencyKey: newKey(),
      }),
      "trx_used",
    );
    await approveDeposit({ staffId: staff.id, depositId: deposit.id });
  });

  it("a rejected resubmission may be resubmitted again with the same TRX ID", async () => {
    const player = await createPlayer();
    const first = await rejected(player.id);
    const { deposit: second } = await resubmitDeposit(player.id, first.id, edit({ trxId: first.trxId }));
    await rejectDeposit({ staffId: staff.id, depositId: second.id, reason: "still wrong" });
    await db
      .update(deposits)
      .set({ reviewedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(deposits.id, second.id));
    const { deposit: third } = await resubmitDeposit(player.id, second.id, edit({ trxId: first.trxId }));
    expect(third).toMatchObject({ resubmittedFrom: second.id, trxId: first.trxId, status: "pending" });
  });

  it("refuses what is not the player's own rejected manual deposit", async () => {
    const player = await createPlayer();
    const other = await createPlayer();
    const dep = await rejected(player.id);
    await expectPaymentError(resubmitDeposit(other.id, dep.id, edit()), "not_found");
    await expectPaymentError(resubmitDeposit(player.id, "nope", edit()), "not_found");
    const pending = await depositFor(player.id, ctx);
    await expectPaymentError(resubmitDeposit(player.id, pending.id, edit()), "not_resubmittable", "payments.errors.resubmitNotRejected");
  });

  it("applies submitDeposit's checks, each on its field", async () => {
    const player = await createPlayer();
    const dep = await rejected(player.id);
    const taken = await depositFor(player.id, ctx);
    const cases: Array<[Partial<Parameters<typeof resubmitDeposit>[2]>, string, string]> = [
      [{ amount: "abc" }, "invalid_amount", "amount"],
      [{ amount: "30000" }, "amount_out_of_range", "amount"],
      [{ senderNumber: "123" }, "invalid_sender", "senderNumber"],
      [{ trxId: "bad trx!" }, "invalid_trx", "trxId"],
      [{ trxId: taken.trxId }, "trx_used", "trxId"],
      [{ proof: { bytes: PDF, declaredName: "x.png" } }, "invalid_proof", "proof"],
      [{ idempotencyKey: "bad key!" }, "invalid_input", ""],
    ];
    for (const [over, code, field] of cases) {
      const e = await resubmitDeposit(player.id, dep.id, edit(over)).then(
        () => null,
        (err: unknown) => err,
      );
      expect(e, JSON.stringify(over)).toBeInstanceOf(PaymentError);
      expect([(e as PaymentError).code, (e as PaymentError).field ?? ""]).toEqual([code, field]);
    }
    expect((await getTransaction(player.id, `D${dep.id}`))!.resubmit).toEqual({ kind: "open" });
  });

  it("counts towards the 5 pending deposits", async () => {
    const player = await createPlayer();
    const dep = await rejected(player.id);
    for (let i = 0; i < 5; i++) await depositFor(player.id, ctx);
    await expectPaymentError(resubmitDeposit(player.id, dep.id, edit()), "invalid_input", "payments.errors.tooManyPending");
  });

  it("50 parallel resubmissions (different forms) of one rejected deposit make exactly one deposit; the same form twice is one", async () => {
    const player = await createPlayer();
    const dep = await rejected(player.id);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => resubmitDeposit(player.id, dep.id, edit({ trxId: dep.trxId }))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as PaymentError).code).toBe("not_resubmittable");
    const rows = await db.select().from(deposits).where(eq(deposits.resubmittedFrom, dep.id));
    expect(rows).toHaveLength(1);

    const again = await rejected(player.id);
    const form = edit();
    const same = await Promise.all(Array.from({ length: 5 }, () => resubmitDeposit(player.id, again.id, form)));
    expect(new Set(same.map((r) => r.deposit.id)).size).toBe(1);
  });
});
