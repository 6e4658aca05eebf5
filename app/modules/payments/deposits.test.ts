import { readdir } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const dataDir = await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "money-deposits-"));
  return process.env.DATA_DIR;
});

import { db } from "#app/db/db.server.ts";
import { getPlayerBalances, getTransferByKey } from "#app/modules/ledger/queries.server.ts";
import { players } from "#app/modules/players/schema.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { uploadStore } from "#app/modules/uploads/storage.server.ts";
import { countUploads } from "#app/modules/uploads/test-helpers.ts";
import { turnoverRequirements } from "#app/modules/turnover/schema.ts";
import {
  approveDeposit,
  getDepositForStaff,
  listDepositQueue,
  listPlayerDeposits,
  rejectDeposit,
  submitDeposit,
  type SubmitDepositInput,
} from "./deposits.server.ts";
import { assignWalletNumber, listDepositChannels, listPaymentMethods } from "./methods.server.ts";
import { getProofForViewer } from "./proofs.server.ts";
import { getTransaction } from "./transactions.server.ts";
import { MAX_PENDING_DEPOSITS } from "./deposit-rules.server.ts";
import { english } from "#app/modules/api/english.server.ts";
import { checkAge } from "./deposits.server.ts";
import { deposits } from "./schema.ts";
import {
  closeIdleConnections,
  createMethod,
  createMethodWithNumbers,
  createPlayer,
  createPromotion,
  createSite,
  createStaff,
  createWalletNumber,
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
  await createSite({ promotionWallet: true, depositTurnoverHundredths: 100 });
  staff = await createStaff();
  ctx = await createMethodWithNumbers();
});

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

const input = (over: Partial<SubmitDepositInput> = {}): SubmitDepositInput => ({
  methodId: ctx.method.id,
  channelType: "Agent",
  walletNumberId: ctx.agent.id,
  amount: taka(1_000),
  senderNumber: "01712345678",
  trxId: newTrx(),
  promotionId: null,
  proof: { bytes: PNG, declaredName: "proof.png" },
  idempotencyKey: newKey(),
  ...over,
});

/** Rejects the player's pending deposits, so later tests find the review queue as short as before. */
async function clearQueue(playerId: number) {
  const pending = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.playerId, playerId), eq(deposits.status, "pending")));
  for (const d of pending) await rejectDeposit({ staffId: staff.id, depositId: d.id, reason: "test", ip: null });
}

describe("methods and channels", () => {
  it("lists active methods de-duplicated by name, lowest id first", async () => {
    const a = await createMethod("Upay");
    await createMethod("upay ");
    await createMethod("Hidden", "inactive");
    const methods = await listPaymentMethods({ activeOnly: true });
    const upays = methods.filter((m) => m.name.trim().toLowerCase() === "upay");
    expect(upays.map((m) => m.id)).toEqual([a.id]);
    expect(methods.some((m) => m.name === "Hidden")).toBe(false);
  });

  it("derives channels from active wallet numbers (min of mins, max of maxes)", async () => {
    const m = await createMethod();
    await createWalletNumber(m.id, "Agent", { min: taka(500), max: taka(20_000) });
    await createWalletNumber(m.id, "Agent", { min: taka(1_000), max: taka(25_000) });
    await createWalletNumber(m.id, "Personal", { min: taka(500), max: taka(10_000) });
    await createWalletNumber(m.id, "Personal", { min: taka(100), max: taka(50_000), active: false });
    expect(await listDepositChannels(m.id)).toEqual([
      { type: "Agent", label: "CashOut", min: taka(500), max: taka(25_000) },
      { type: "Personal", label: "Send Money", min: taka(500), max: taka(10_000) },
    ]);
    expect(await listDepositChannels((await createMethod()).id)).toEqual([]);
    expect(await listDepositChannels("1 or 1=1")).toEqual([]);
  });

  it("assigns wallet numbers in rotation, within range and daily cap", async () => {
    const m = await createMethod();
    const w1 = await createWalletNumber(m.id, "Agent", { dailyCap: taka(1_500) });
    const w2 = await createWalletNumber(m.id, "Agent");
    const small = await createWalletNumber(m.id, "Agent", { max: taka(600) });
    const first = await assignWalletNumber({ methodId: m.id, channelType: "Agent", amount: taka(1_000) });
    const second = await assignWalletNumber({ methodId: m.id, channelType: "Agent", amount: taka(1_000) });
    expect(new Set([first.walletNumberId, second.walletNumberId])).toEqual(new Set([w1.id, w2.id]));
    expect(first.accountNumber).toMatch(/^\d{11}$/);
    // small (max 600) is never picked for 1,000.
    const third = await assignWalletNumber({ methodId: m.id, channelType: "Agent", amount: taka(1_000) });
    expect(third.walletNumberId).not.toBe(small.id);

    // A pending 1,000 deposit on w1 leaves 500 of its 1,500 cap today: w1 is no longer offered for 1,000.
    const player = await createPlayer();
    await submitDeposit(player.id, input({ methodId: m.id, walletNumberId: w1.id, amount: taka(1_000) }));
    for (let i = 0; i < 4; i++) {
      const next = await assignWalletNumber({ methodId: m.id, channelType: "Agent", amount: taka(1_000) });
      expect(next.walletNumberId).toBe(w2.id);
    }
    await expectPaymentError(assignWalletNumber({ methodId: m.id, channelType: "Agent", amount: taka(30_000) }), "no_wallet_number");
    await expectPaymentError(assignWalletNumber({ methodId: m.id, channelType: "Personal", amount: taka(1_000) }), "no_wallet_number");
    await expectPaymentError(assignWalletNumber({ methodId: "x", channelType: "Agent", amount: taka(1_000) }), "no_wallet_number");
  });
});

describe("submitDeposit", () => {
  it("stores a pending deposit and its proof under a random name", async () => {
    const player = await createPlayer();
    const { deposit, replayed } = await submitDeposit(player.id, input({ proof: { bytes: PNG, declaredName: "../../etc/passwd.png" } }));
    expect(replayed).toBe(false);
    expect(deposit).toMatchObject({ status: "pending", amount: taka(1_000), playerId: player.id, proofMime: "image/png" });
    expect(deposit.proofFile).toMatch(/^[a-f0-9]{32}\.png$/);
    // In the upload store (the database), never on this instance's disk.
    expect(await uploadStore().has(`proofs/${deposit.proofFile}`)).toBe(true);
    expect(await readdir(`${dataDir}/uploads/proofs`).catch(() => [])).toEqual([]);
    const proof = await getProofForViewer({ depositId: deposit.id, playerId: player.id });
    expect(proof?.mime).toBe("image/png");
    expect(Buffer.from(proof!.bytes)).toEqual(Buffer.from(PNG));
    expect(await getProofForViewer({ depositId: deposit.id, staff: { id: staff.id } })).not.toBeNull();
    expect((await listPlayerDeposits(player.id, { limit: 5 }))[0]).toMatchObject({ id: deposit.id, status: "pending", methodName: ctx.method.name });
  });

  it("accepts taka text", async () => {
    const player = await createPlayer();
    const { deposit } = await submitDeposit(player.id, input({ amount: "1,500.5" }));
    expect(deposit.amount).toBe(150_050n);
  });

  it("the same idempotency key submits once", async () => {
    const player = await createPlayer();
    const same = input();
    const [a, b] = await Promise.all([submitDeposit(player.id, same), submitDeposit(player.id, same)]);
    expect(a.deposit.id).toBe(b.deposit.id);
    const c = await submitDeposit(player.id, same);
    expect(c).toMatchObject({ replayed: true });
    expect(c.deposit.id).toBe(a.deposit.id);
    const rows = await db.select().from(deposits).where(eq(deposits.playerId, player.id));
    expect(rows).toHaveLength(1);
  });

  it("refuses a TRX ID already used for the method, in any case", async () => {
    const p1 = await createPlayer();
    const p2 = await createPlayer();
    const trx = newTrx();
    await submitDeposit(p1.id, input({ trxId: trx }));
    await expectPaymentError(submitDeposit(p2.id, input({ trxId: ` ${trx.toLowerCase()} ` })), "trx_used", "payments.errors.trxUsed");
    // Another method may have the same TRX ID.
    const other = await createMethodWithNumbers();
    await submitDeposit(p2.id, input({ methodId: other.method.id, walletNumberId: other.agent.id, trxId: trx }));
  });

  it("refuses bad amounts with clear messages", async () => {
    const player = await createPlayer();
    const cases: Array<[bigint | string, string, string]> = [
      ["", "invalid_amount", "payments.errors.amountRequired"],
      ["-500", "invalid_amount", "payments.errors.amountNegative"],
      [-50_000n, "invalid_amount", "payments.errors.amountNegative"],
      ["0", "invalid_amount", "payments.errors.amountZero"],
      [0n, "invalid_amount", "payments.errors.amountZero"],
      ["1.001", "invalid_amount", "payments.errors.amountFraction"],
      ["99999999999999999999", "invalid_amount", "payments.errors.amountTooLarge"],
      [10n ** 20n, "invalid_amount", "payments.errors.amountTooLarge"],
      ["abc", "invalid_amount", "payments.errors.amountInvalid"],
      ["1e5", "invalid_amount", "payments.errors.amountInvalid"],
      ["50", "amount_out_of_range", "payments.errors.depositRange"],
      ["25000.01", "amount_out_of_range", "payments.errors.depositRange"],
      // Overall 100-25,000 is fine but the channel starts at 500.
      ["200", "amount_out_of_range", "payments.errors.channelRange"],
    ];
    for (const [amount, code, key] of cases) {
      const e = await expectPaymentError(submitDeposit(player.id, input({ amount })), code as "invalid_amount", key);
      expect(e.field).toBe("amount");
    }
    const e = await expectPaymentError(
      submitDeposit(player.id, input({ channelType: "Personal", walletNumberId: ctx.personal.id, amount: "15000" })),
      "amount_out_of_range",
    );
    expect(e.params).toEqual({ min: "500", max: "10,000" });
    expect(await db.select().from(deposits).where(eq(deposits.playerId, player.id))).toHaveLength(0);
  });

  it("refuses forged method, channel, wallet number and promotion ids", async () => {
    const player = await createPlayer();
    const other = await createMethodWithNumbers();
    const inactive = await createMethod(undefined, "inactive");
    await expectPaymentError(submitDeposit(player.id, input({ methodId: 99_999_999 })), "invalid_method", "payments.errors.methodInvalid");
    await expectPaymentError(submitDeposit(player.id, input({ methodId: "1; drop table deposits" as unknown as number })), "invalid_method");
    await expectPaymentError(submitDeposit(player.id, input({ methodId: 2 ** 40 })), "invalid_method");
    await expectPaymentError(submitDeposit(player.id, input({ methodId: inactive.id })), "invalid_method");
    await expectPaymentError(
      submitDeposit(player.id, input({ channelType: "Bank" as "Agent" })),
      "invalid_channel",
      "payments.errors.channelRequired",
    );
    await expectPaymentError(submitDeposit(player.id, input({ walletNumberId: other.agent.id })), "invalid_wallet_number");
    await expectPaymentError(submitDeposit(player.id, input({ walletNumberId: ctx.personal.id })), "invalid_wallet_number");
    await expectPaymentError(submitDeposit(player.id, input({ walletNumberId: -1 })), "invalid_wallet_number");
    await expectPaymentError(submitDeposit(player.id, input({ promotionId: 123_456_789 })), "invalid_promotion");
    const ended = await createPromotion({ startsAt: new Date(Date.now() - 2 * 86_400_000), endsAt: new Date(Date.now() - 86_400_000) });
    const off = await createPromotion({ status: "inactive" });
    const future = await createPromotion({ startsAt: new Date(Date.now() + 86_400_000) });
    for (const p of [ended, off, future]) await expectPaymentError(submitDeposit(player.id, input({ promotionId: p.id })), "invalid_promotion");
    await expectPaymentError(submitDeposit(player.id, input({ senderNumber: "0171234567" })), "invalid_sender", "payments.errors.senderInvalid");
    await expectPaymentError(submitDeposit(player.id, input({ senderNumber: "017123456789" })), "invalid_sender");
    await expectPaymentError(submitDeposit(player.id, input({ trxId: "   " })), "invalid_trx", "payments.errors.trxInvalid");
    await expectPaymentError(submitDeposit(player.id, input({ trxId: "A".repeat(41) })), "invalid_trx");
    await expectPaymentError(submitDeposit(player.id, input({ trxId: "<script>" })), "invalid_trx");
    await expectPaymentError(submitDeposit(player.id, input({ idempotencyKey: "" })), "invalid_input", "payments.errors.formExpired");
    expect(await db.select().from(deposits).where(eq(deposits.playerId, player.id))).toHaveLength(0);
  });

  it("refuses a PDF, an oversized file renamed .png and an empty file, and stores nothing", async () => {
    const player = await createPlayer();
    const before = await countUploads("proofs");
    await expectPaymentError(
      submitDeposit(player.id, input({ proof: { bytes: PDF, declaredName: "proof.png" } })),
      "invalid_proof",
      "payments.errors.proofType",
    );
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    await expectPaymentError(
      submitDeposit(player.id, input({ proof: { bytes: big, declaredName: "proof.png" } })),
      "invalid_proof",
      "payments.errors.proofTooLarge",
    );
    await expectPaymentError(
      submitDeposit(player.id, input({ proof: { bytes: new Uint8Array(), declaredName: "proof.png" } })),
      "invalid_proof",
      "payments.errors.proofRequired",
    );
    await expectPaymentError(
      submitDeposit(
        player.id,
        input({ proof: { bytes: new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"), declaredName: "a.png" } }),
      ),
      "invalid_proof",
    );
    // Exactly 5 MB is fine.
    const max = new Uint8Array(5 * 1024 * 1024);
    max.set(PNG);
    await submitDeposit(player.id, input({ proof: { bytes: max, declaredName: "x.exe" } }));
    expect(await countUploads("proofs")).toBe(before + 1);
  });

  it("another player's deposit id gives nothing", async () => {
    const owner = await createPlayer();
    const intruder = await createPlayer();
    const deposit = await depositFor(owner.id, ctx);
    expect(await getProofForViewer({ depositId: deposit.id, playerId: intruder.id })).toBeNull();
    expect(await getProofForViewer({ depositId: deposit.id })).toBeNull();
    expect(await getProofForViewer({ depositId: "abc", playerId: owner.id })).toBeNull();
    expect(await getTransaction(intruder.id, `D${deposit.id}`)).toBeNull();
    expect(await getTransaction(owner.id, `D${deposit.id}`)).toMatchObject({ id: `D${deposit.id}`, type: "deposit", status: "pending" });
  });

  it("checks 18+ against the birthday; every mode needs a birthday, real-money mode the required verifications", async () => {
    const minor = await createPlayer();
    const today = new Date();
    const seventeen = `${today.getUTCFullYear() - 17}-01-01`;
    await db.update(players).set({ birthday: seventeen }).where(eq(players.id, minor.id));
    await expectPaymentError(submitDeposit(minor.id, input()), "underage", "payments.errors.underage");
    // The 18th birthday starts at midnight in Dhaka, while it is still the day before in UTC.
    await expectPaymentError(checkAge("2008-11-22", new Date("2026-11-21T17:59:00Z")), "underage");
    await expect(checkAge("2008-11-22", new Date("2026-11-21T18:30:00Z"))).resolves.toBeUndefined();

    const noBirthday = await createPlayer({ verified: false });
    await expectPaymentError(submitDeposit(noBirthday.id, input()), "verification_needed", "payments.errors.birthdayNeeded");
    // Required verifications count only in real-money mode, and the refusal lists every missing one.
    await setSettings({ requiredVerifications: ["phone", "email"] });
    await expectPaymentError(submitDeposit(noBirthday.id, input()), "verification_needed", "payments.errors.birthdayNeeded");
    await setSettings({ mode: "real" });
    try {
      const error = await expectPaymentError(submitDeposit(noBirthday.id, input()), "verification_needed", "payments.errors.verificationsNeeded");
      expect(english(error.messageKey, error.params)).toBe(
        "Please complete these checks before you deposit: Your birthday, A verified phone number, A verified e-mail address. See the Verification page: /account/verification",
      );
    } finally {
      await setSettings({ mode: "demo", requiredVerifications: [] });
    }
    expect(await db.select().from(deposits).where(eq(deposits.playerId, noBirthday.id))).toEqual([]);
  });

  it("limits how many deposits may wait for review", async () => {
    const player = await createPlayer();
    for (let i = 0; i < 5; i++) await depositFor(player.id, ctx);
    await expectPaymentError(depositFor(player.id, ctx), "invalid_input", "payments.errors.tooManyPending");
  });

  it(`50 parallel submissions from one player: exactly ${MAX_PENDING_DEPOSITS} wait for review, no other screenshot is kept`, async () => {
    const player = await createPlayer();
    const filesBefore = await countUploads("proofs");
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => depositFor(player.id, ctx)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(MAX_PENDING_DEPOSITS);
    for (const r of results) {
      if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "invalid_input", messageKey: "payments.errors.tooManyPending" });
    }
    const pending = await db
      .select()
      .from(deposits)
      .where(and(eq(deposits.playerId, player.id), eq(deposits.status, "pending")));
    expect(pending).toHaveLength(MAX_PENDING_DEPOSITS);
    expect((await countUploads("proofs")) - filesBefore).toBe(MAX_PENDING_DEPOSITS);
    await clearQueue(player.id);
  });

  it("the same form sent again while the queue is full is still the same deposit", async () => {
    const player = await createPlayer();
    const same = input();
    for (let i = 0; i < MAX_PENDING_DEPOSITS - 1; i++) await depositFor(player.id, ctx);
    const results = await Promise.all(Array.from({ length: 10 }, () => submitDeposit(player.id, same)));
    expect(new Set(results.map((r) => r.deposit.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    await clearQueue(player.id);
  });
});

describe("review", () => {
  it("approve credits main and bonus and creates the turnover requirement", async () => {
    await setSettings({ promotionWallet: true, depositTurnoverHundredths: 100 });
    const player = await createPlayer();
    const promo = await createPromotion({ bonusPercent: 50, turnoverMultiplierHundredths: 500, maxBonus: taka(1_000) });
    const deposit = await depositFor(player.id, ctx, { amount: taka(3_000), promotionId: promo.id });
    const preview = await getDepositForStaff(deposit.id);
    expect(preview?.preview).toEqual({ bonus: taka(1_000), bonusWallet: "bonus", turnover: taka(3_000) + taka(5_000) });

    const approved = await approveDeposit({ staffId: staff.id, depositId: deposit.id, ip: "203.0.113.5" });
    expect(approved).toMatchObject({ status: "approved", bonusAmount: taka(1_000), bonusWallet: "bonus", reviewedBy: staff.id });
    const b = await getPlayerBalances(player.id);
    expect(b.main.posted).toBe(taka(3_000));
    // 50% of 3,000 is 1,500, capped at 1,000.
    expect(b.bonus.posted).toBe(taka(1_000));
    const [req] = await db.select().from(turnoverRequirements).where(eq(turnoverRequirements.depositId, deposit.id));
    // 3,000 x 1 (deposit) + 1,000 x 5 (promotion).
    expect(req).toMatchObject({
      playerId: player.id,
      required: taka(8_000),
      remaining: taka(8_000),
      bonusAmount: taka(1_000),
      status: "active",
      promotionId: promo.id,
    });
    expect(await getTransferByKey(`deposit:${deposit.id}:main`)).toBeTruthy();
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "deposit.approve"), eq(auditLog.entityId, String(deposit.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ staffId: staff.id, ip: "203.0.113.5" });
    expect(await getTransaction(player.id, `D${deposit.id}`)).toMatchObject({
      status: "success",
      timeline: [{ step: "submitted" }, { step: "reviewed" }, { step: "success" }],
    });
  });

  it("with the promotion wallet off the bonus goes to main; the turnover multiplier is a setting", async () => {
    await setSettings({ promotionWallet: false, depositTurnoverHundredths: 150 });
    const player = await createPlayer();
    const promo = await createPromotion({ bonusPercent: 10, turnoverMultiplierHundredths: 200, maxBonus: null });
    const deposit = await depositFor(player.id, ctx, { amount: taka(2_000), promotionId: promo.id });
    await approveDeposit({ staffId: staff.id, depositId: deposit.id, ip: null });
    const b = await getPlayerBalances(player.id);
    expect(b.main.posted).toBe(taka(2_200));
    expect(b.bonus.posted).toBe(0n);
    const [req] = await db.select().from(turnoverRequirements).where(eq(turnoverRequirements.depositId, deposit.id));
    // 2,000 x 1.5 + 200 x 2.
    expect(req).toMatchObject({ required: taka(3_400), bonusWallet: "main" });
    await setSettings({ promotionWallet: true, depositTurnoverHundredths: 100 });
  });

  it("reject moves nothing and needs a reason", async () => {
    const player = await createPlayer();
    const deposit = await depositFor(player.id, ctx);
    await expectPaymentError(rejectDeposit({ staffId: staff.id, depositId: deposit.id, reason: "  ", ip: null }), "reason_required");
    const rejected = await rejectDeposit({ staffId: staff.id, depositId: deposit.id, reason: "No such TRX", ip: null });
    expect(rejected).toMatchObject({ status: "rejected", rejectReason: "No such TRX" });
    const b = await getPlayerBalances(player.id);
    expect(b.main).toEqual({ posted: 0n, pending: 0n, available: 0n });
    expect(await getTransferByKey(`deposit:${deposit.id}:main`)).toBeFalsy();
    expect(await db.select().from(turnoverRequirements).where(eq(turnoverRequirements.depositId, deposit.id))).toHaveLength(0);
    await expectPaymentError(approveDeposit({ staffId: staff.id, depositId: deposit.id, ip: null }), "already_reviewed");
    expect(await getTransaction(player.id, `D${deposit.id}`)).toMatchObject({ status: "fail" });
  });

  it("two concurrent approvals (and a reject) credit once", async () => {
    const player = await createPlayer();
    const promo = await createPromotion({ bonusPercent: 20 });
    const deposit = await depositFor(player.id, ctx, { amount: taka(1_000), promotionId: promo.id });
    const results = await Promise.allSettled([
      approveDeposit({ staffId: staff.id, depositId: deposit.id, ip: null }),
      approveDeposit({ staffId: staff.id, depositId: deposit.id, ip: null }),
      rejectDeposit({ staffId: staff.id, depositId: deposit.id, reason: "late", ip: null }),
      approveDeposit({ staffId: staff.id, depositId: deposit.id, ip: null }),
    ]);
    const ok = results.filter((r) => r.status === "fulfilled");
    expect(ok).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "already_reviewed" });
    const b = await getPlayerBalances(player.id);
    const [row] = await db.select().from(deposits).where(eq(deposits.id, deposit.id));
    if (row!.status === "approved") {
      expect(b.main.posted).toBe(taka(1_000));
      expect(b.bonus.posted).toBe(taka(200));
      expect(await db.select().from(turnoverRequirements).where(eq(turnoverRequirements.depositId, deposit.id))).toHaveLength(1);
    } else {
      expect(b.main.posted).toBe(0n);
    }
  });

  it("unknown deposit ids are not_found", async () => {
    await expectPaymentError(approveDeposit({ staffId: staff.id, depositId: 987_654_321, ip: null }), "not_found");
    await expectPaymentError(approveDeposit({ staffId: staff.id, depositId: "x", ip: null }), "not_found");
    expect(await getDepositForStaff(987_654_321)).toBeNull();
  });

  it("the queue lists pending deposits oldest first with the player's history", async () => {
    const player = await createPlayer();
    const d1 = await depositFor(player.id, ctx);
    const d2 = await depositFor(player.id, ctx);
    const { items, total } = await listDepositQueue({ status: "pending", page: 1 });
    expect(total).toBeGreaterThanOrEqual(2);
    const mine = items.filter((i) => i.playerId === player.id);
    expect(mine.map((i) => i.id)).toEqual([d1.id, d2.id]);
    expect(mine[0]).toMatchObject({ username: player.username, methodName: ctx.method.name, history: { pendingDeposits: 2 } });
    const ids = items.map((i) => i.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });
});
