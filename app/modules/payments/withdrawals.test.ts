import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "#app/db/db.server.ts";
import { getAccountByCode, getHold, getPlayerBalances } from "#app/modules/ledger/queries.server.ts";
import { transfer } from "#app/modules/ledger/transfers.server.ts";
import { players } from "#app/modules/players/schema.ts";
import { playerPhones } from "#app/modules/profile/schema.ts";
import { turnoverRequirements } from "#app/modules/turnover/schema.ts";
import {
  approveWithdrawal,
  checkWithdrawal,
  getWithdrawalForStaff,
  listWithdrawalQueue,
  payoutPhones,
  rejectWithdrawal,
  requestWithdrawal,
} from "./withdrawals.server.ts";
import { getTransaction } from "./transactions.server.ts";
import { PaymentError } from "./errors.ts";
import { withdrawals } from "./schema.ts";
import {
  closeIdleConnections,
  createMethodWithNumbers,
  createPlayer,
  createSite,
  createStaff,
  expectInvariants,
  expectPaymentError,
  newKey,
  setSettings,
  taka,
} from "./test-helpers.ts";
import { fund, fundedVerifiedPlayer } from "#tests/kit/players.ts";

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

const request = (playerId: number, amount: bigint | string, key = newKey()) =>
  requestWithdrawal(playerId, { methodId: ctx.method.id, amount, idempotencyKey: key });

describe("requestWithdrawal", () => {
  it("holds the amount on main at once and pays to the player's own phone", async () => {
    const player = await fundedPlayer(taka(2_000));
    expect(await checkWithdrawal(player.id)).toEqual({ ok: true });
    const { withdrawal } = await request(player.id, "800");
    expect(withdrawal).toMatchObject({ status: "pending", amount: taka(800), accountNumber: player.phone });
    const b = await getPlayerBalances(player.id);
    expect(b.main).toEqual({ posted: taka(2_000), pending: taka(800), available: taka(1_200) });
    expect(await getHold(withdrawal.holdTransferId!)).toMatchObject({ status: "open" });
  });

  it("pays to any of the player's verified phones the player picks (main or extra), never to an unverified or another's", async () => {
    const player = await fundedPlayer(taka(5_000));
    const other = await createPlayer();
    const [verified, unverified] = await db
      .insert(playerPhones)
      .values([
        { playerId: player.id, phone: "01911000111", verifiedAt: new Date() },
        { playerId: player.id, phone: "01911000222", verifiedAt: null },
      ])
      .returning();
    expect(await payoutPhones(player.id)).toEqual([player.phone, verified!.phone]);
    const to = (accountNumber: string) =>
      requestWithdrawal(player.id, { methodId: ctx.method.id, amount: "500", idempotencyKey: newKey(), accountNumber });
    // Any way of writing the number: with the calling code, spaces.
    const toExtra = (await to("+880 1911-000111")).withdrawal;
    expect(toExtra.accountNumber).toBe("01911000111");
    const toMain = (await to(player.phone)).withdrawal;
    expect(toMain.accountNumber).toBe(player.phone);
    for (const refused of [unverified!.phone, other.phone, "01700000000", "not a phone"]) {
      await expectPaymentError(to(refused), "invalid_input", "payments.errors.payoutPhoneNotVerified");
    }
    expect((await getPlayerBalances(player.id)).main.pending).toBe(taka(1_000));
    // Off the staff queue again (it shows one page, oldest first, to the other tests here).
    for (const w of [toExtra, toMain]) await rejectWithdrawal({ staffId: staff.id, withdrawalId: w.id, reason: "test", ip: null });
  });

  it("the same idempotency key requests once", async () => {
    const player = await fundedPlayer(taka(5_000));
    const key = newKey();
    const results = await Promise.all([
      request(player.id, taka(1_000), key),
      request(player.id, taka(1_000), key),
      request(player.id, taka(1_000), key),
    ]);
    expect(new Set(results.map((r) => r.withdrawal.id)).size).toBe(1);
    expect((await getPlayerBalances(player.id)).main.pending).toBe(taka(1_000));
  });

  it("answers every replay of a request with the withdrawal it created, even when its own hold used the whole balance", async () => {
    const player = await fundedPlayer(taka(1_000));
    const key = newKey();
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => request(player.id, taka(1_000), key)));
    const refused = results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason?.code));
    expect(refused).toEqual([]);
    const ids = new Set(results.map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof request>>>).value.withdrawal.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.status === "fulfilled" && !r.value.replayed)).toHaveLength(1);
    expect((await getPlayerBalances(player.id)).main).toEqual({ posted: taka(1_000), pending: taka(1_000), available: 0n });
    // Later too, whatever changed since: the replay is the original answer, not a new refusal.
    await setSettings({ withdrawalStatus: false });
    try {
      expect((await request(player.id, taka(1_000), key)).withdrawal.id).toBe([...ids][0]);
    } finally {
      await setSettings({ withdrawalStatus: true });
    }
  });

  it("is blocked by an active turnover requirement", async () => {
    const player = await fundedPlayer(taka(2_000));
    await db.insert(turnoverRequirements).values({ playerId: player.id, required: taka(100), remaining: taka(50) });
    const refusal = await checkWithdrawal(player.id);
    expect(refusal).toBeInstanceOf(PaymentError);
    expect(refusal).toMatchObject({ code: "turnover_incomplete", messageKey: "payments.errors.turnoverIncomplete" });
    await expectPaymentError(request(player.id, "500"), "turnover_incomplete");
    expect((await getPlayerBalances(player.id)).main.pending).toBe(0n);
  });

  it("needs a birthday and a verified phone", async () => {
    const player = await createPlayer({ verified: false });
    await fund(player.id, taka(1_000), { from: "clearing:deposits:test" });
    expect(await checkWithdrawal(player.id)).toMatchObject({ code: "verification_needed", messageKey: "payments.errors.verificationNeeded" });
    await expectPaymentError(request(player.id, "500"), "verification_needed");
    await db.update(players).set({ birthday: "1990-01-01" }).where(eq(players.id, player.id));
    await expectPaymentError(request(player.id, "500"), "verification_needed");
    await db.update(players).set({ phoneVerifiedAt: new Date() }).where(eq(players.id, player.id));
    await request(player.id, "500");
  });

  it("is refused while withdrawals are under maintenance", async () => {
    const player = await fundedPlayer(taka(1_000));
    await setSettings({ withdrawalStatus: false });
    try {
      expect(await checkWithdrawal(player.id)).toMatchObject({ code: "withdrawals_closed" });
      await expectPaymentError(request(player.id, "500"), "withdrawals_closed", "payments.errors.withdrawalsClosed");
    } finally {
      await setSettings({ withdrawalStatus: true });
    }
    expect((await getPlayerBalances(player.id)).main.pending).toBe(0n);
  });

  it("refuses amounts above the balance or outside 500-25,000, and bad input", async () => {
    const player = await fundedPlayer(taka(30_000));
    await expectPaymentError(request(player.id, "499.99"), "amount_out_of_range", "payments.errors.withdrawRange");
    await expectPaymentError(request(player.id, "25000.01"), "amount_out_of_range");
    await expectPaymentError(request(player.id, ""), "invalid_amount", "payments.errors.withdrawAmountRequired");
    await expectPaymentError(request(player.id, "-600"), "invalid_amount", "payments.errors.amountNegative");
    await expectPaymentError(request(player.id, "600.001"), "invalid_amount", "payments.errors.amountFraction");
    await expectPaymentError(
      requestWithdrawal(player.id, { methodId: 424_242, amount: "600", idempotencyKey: newKey() }),
      "invalid_method",
      "payments.errors.withdrawMethodRequired",
    );
    const poor = await fundedPlayer(taka(700));
    const e = await expectPaymentError(request(poor.id, "800"), "insufficient_balance", "payments.errors.insufficientBalance");
    expect(e.params).toEqual({ available: "700" });
    // Bonus money is not withdrawable.
    await transfer({
      key: `test:bonus:${poor.id}`,
      debit: "expense:bonus",
      credit: `player:${poor.id}:bonus`,
      amount: taka(5_000),
      currency: "BDT",
      kind: "bonus",
    });
    await expectPaymentError(request(poor.id, "800"), "insufficient_balance");
  });

  it("50 concurrent requests against one wallet never overdraw it", async () => {
    const player = await fundedPlayer(taka(10_000));
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => request(player.id, taka(700))));
    const ok = results.filter((r) => r.status === "fulfilled");
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "insufficient_balance" });
    // 10,000 / 700 = 14 requests fit.
    expect(ok).toHaveLength(14);
    const b = await getPlayerBalances(player.id);
    expect(b.main).toEqual({ posted: taka(10_000), pending: taka(9_800), available: taka(200) });
    const rows = await db.select().from(withdrawals).where(eq(withdrawals.playerId, player.id));
    expect(rows).toHaveLength(14);
    expect(rows.every((r) => r.holdTransferId !== null)).toBe(true);
    await expectInvariants();
  });
});

describe("review", () => {
  it("approve posts the hold; reject voids it; double clicks are safe", async () => {
    const player = await fundedPlayer(taka(5_000));
    const { withdrawal: w1 } = await request(player.id, taka(1_000));
    const { withdrawal: w2 } = await request(player.id, taka(2_000));
    const payouts = `clearing:payouts:${ctx.method.id}`;
    const before = (await getAccountByCode(payouts, "BDT"))?.posted ?? 0n;

    const approvals = await Promise.allSettled([
      approveWithdrawal({ staffId: staff.id, withdrawalId: w1.id, payoutReference: "BK123", ip: null }),
      approveWithdrawal({ staffId: staff.id, withdrawalId: w1.id, payoutReference: "BK123", ip: null }),
      rejectWithdrawal({ staffId: staff.id, withdrawalId: w1.id, reason: "late", ip: null }),
    ]);
    expect(approvals.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of approvals) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "already_reviewed" });
    const [row1] = await db.select().from(withdrawals).where(eq(withdrawals.id, w1.id));

    await expectPaymentError(rejectWithdrawal({ staffId: staff.id, withdrawalId: w2.id, reason: "", ip: null }), "reason_required");
    await expectPaymentError(approveWithdrawal({ staffId: staff.id, withdrawalId: w2.id, payoutReference: " ", ip: null }), "invalid_input");
    const rejected = await rejectWithdrawal({ staffId: staff.id, withdrawalId: w2.id, reason: "Wrong number", ip: null });
    expect(rejected).toMatchObject({ status: "rejected", rejectReason: "Wrong number" });
    await expectPaymentError(approveWithdrawal({ staffId: staff.id, withdrawalId: w2.id, payoutReference: "X", ip: null }), "already_reviewed");
    expect(await getHold(w2.holdTransferId!)).toMatchObject({ status: "voided" });

    const b = await getPlayerBalances(player.id);
    const paid = row1!.status === "approved" ? taka(1_000) : 0n;
    expect(b.main).toEqual({ posted: taka(5_000) - paid, pending: 0n, available: taka(5_000) - paid });
    expect((await getAccountByCode(payouts, "BDT"))!.posted - before).toBe(paid);
    expect(await getTransaction(player.id, `W${w2.id}`)).toMatchObject({
      status: "fail",
      timeline: [{ step: "submitted" }, { step: "reviewed" }, { step: "fail" }],
    });
    await expectInvariants();
  });

  it("an approved withdrawal moves the money out once", async () => {
    const player = await fundedPlayer(taka(3_000));
    const { withdrawal } = await request(player.id, taka(3_000));
    const approved = await approveWithdrawal({ staffId: staff.id, withdrawalId: withdrawal.id, payoutReference: "BK9", ip: "198.51.100.1" });
    expect(approved).toMatchObject({ status: "approved", payoutReference: "BK9", reviewedBy: staff.id });
    expect((await getPlayerBalances(player.id)).main).toEqual({ posted: 0n, pending: 0n, available: 0n });
    expect(await getHold(withdrawal.holdTransferId!)).toMatchObject({ status: "posted" });
    expect(await getTransaction(player.id, `W${withdrawal.id}`)).toMatchObject({ status: "success", type: "withdraw", amount: taka(3_000) });
  });

  it("the queue lists pending withdrawals oldest first", async () => {
    const player = await fundedPlayer(taka(3_000));
    const { withdrawal: a } = await request(player.id, taka(500));
    const { withdrawal: b } = await request(player.id, taka(600));
    const { items } = await listWithdrawalQueue({ status: "pending" });
    const mine = items.filter((i) => i.playerId === player.id).map((i) => i.id);
    expect(mine).toEqual([a.id, b.id]);
    expect(await getWithdrawalForStaff(a.id)).toMatchObject({ username: player.username, history: { pendingWithdrawals: 2 } });
    expect(await getWithdrawalForStaff("nope")).toBeNull();
  });
});
