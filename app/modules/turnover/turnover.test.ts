import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "#app/db/db.server.ts";
import { getPlayerBalances, getTransferByKey } from "#app/modules/ledger/queries.server.ts";
import { transfer } from "#app/modules/ledger/transfers.server.ts";
import { approveDeposit } from "#app/modules/payments/deposits.server.ts";
import { checkWithdrawal, requestWithdrawal } from "#app/modules/payments/withdrawals.server.ts";
import {
  closeIdleConnections,
  createMethodWithNumbers,
  createPlayer,
  createPromotion,
  createSite,
  createStaff,
  depositFor,
  expectInvariants,
  newKey,
  setSettings,
  taka,
} from "#app/modules/payments/test-helpers.ts";
import { turnoverRequirements } from "./schema.ts";
import { applyTurnover, getTurnoverLeft, hasActiveTurnover, rollbackTurnover, turnoverProgress } from "./turnover.server.ts";
import { listTurnovers } from "#app/modules/payments/turnover-record.server.ts";

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

/** A player with an approved 1,000 deposit and a 20% bonus (200): requirement 1,000 + 200 x 5 = 2,000. */
async function playerWithBonus() {
  const player = await createPlayer();
  const promo = await createPromotion({ bonusPercent: 20, turnoverMultiplierHundredths: 500, maxBonus: null, nameEn: "Reload", nameBn: "রিলোড" });
  const deposit = await depositFor(player.id, ctx, { amount: taka(1_000), promotionId: promo.id });
  await approveDeposit({ staffId: staff.id, depositId: deposit.id, ip: null });
  return { player, deposit, promo };
}

describe("progress", () => {
  it("is (required - remaining) / required, capped at 100, with nothing required as 100", () => {
    expect(turnoverProgress(taka(2_000), taka(2_000))).toBe(0);
    expect(turnoverProgress(taka(2_000), taka(1_500))).toBe(25);
    expect(turnoverProgress(3n, 2n)).toBe(33.33);
    expect(turnoverProgress(taka(2_000), 0n)).toBe(100);
    expect(turnoverProgress(0n, 0n)).toBe(100);
  });
});

describe("getTurnoverLeft", () => {
  it("sums the active requirements' required, done and left, and allows no withdrawal while one is active", async () => {
    const { player } = await playerWithBonus(); // 2,000 required
    const second = await depositFor(player.id, ctx, { amount: taka(1_500) });
    await approveDeposit({ staffId: staff.id, depositId: second.id, ip: null }); // + 1,500 required
    await applyTurnover(db, { playerId: player.id, stake: taka(500), key: `left:${player.id}:1` });
    const main = (await getPlayerBalances(player.id)).main.available;
    expect(main).toBe(taka(2_500)); // both deposits on main; the bonus is on the bonus wallet
    expect(await getTurnoverLeft(player.id)).toEqual({
      active: true,
      required: taka(3_500),
      done: taka(500),
      left: taka(3_000),
      progress: 14.28,
      withdrawableNow: 0n,
    });
    // The same rule as the withdrawal itself: refused while a requirement is active.
    expect(await checkWithdrawal(player.id)).toMatchObject({ code: "turnover_incomplete" });

    // The first requirement completes (1,500 more) and drops out of the sums; its bonus converts to main.
    await applyTurnover(db, { playerId: player.id, stake: taka(1_500), key: `left:${player.id}:2` });
    expect(await getTurnoverLeft(player.id)).toMatchObject({ active: true, required: taka(1_500), done: 0n, left: taka(1_500), progress: 0 });

    await applyTurnover(db, { playerId: player.id, stake: taka(1_500), key: `left:${player.id}:3` });
    const free = await getTurnoverLeft(player.id);
    expect(free).toEqual({ active: false, required: 0n, done: 0n, left: 0n, progress: 100, withdrawableNow: taka(2_700) });
    expect(free.withdrawableNow).toBe((await getPlayerBalances(player.id)).main.available);
    expect(await checkWithdrawal(player.id)).toEqual({ ok: true });
  });

  it("without a requirement: main's available balance, less what pending withdrawals hold", async () => {
    const player = await createPlayer();
    expect(await getTurnoverLeft(player.id)).toEqual({ active: false, required: 0n, done: 0n, left: 0n, progress: 100, withdrawableNow: 0n });
    await transfer({
      key: `test:left:${player.id}`,
      debit: `clearing:deposits:${ctx.method.id}`,
      credit: `player:${player.id}:main`,
      amount: taka(2_000),
      currency: "BDT",
      kind: "deposit",
    });
    await requestWithdrawal(player.id, { methodId: ctx.method.id, amount: "800", idempotencyKey: newKey() });
    expect(await getTurnoverLeft(player.id)).toMatchObject({ active: false, withdrawableNow: taka(1_200) });
  });
});

describe("applyTurnover", () => {
  it("counts settled stakes, then completes and converts the bonus to main", async () => {
    const { player, deposit, promo } = await playerWithBonus();
    expect(await hasActiveTurnover(player.id)).toBe(true);
    const [active] = await listTurnovers(player.id, "active");
    expect(active).toMatchObject({
      depositId: deposit.id,
      required: taka(2_000),
      remaining: taka(2_000),
      progress: 0,
      methodName: ctx.method.name,
      promotionNameEn: promo.nameEn,
    });

    const r1 = await applyTurnover(db, { playerId: player.id, stake: taka(500), key: "bet:1" });
    expect(r1).toEqual({ replayed: false, applied: taka(500), completed: [] });
    // The same bet settled twice counts once.
    expect(await applyTurnover(db, { playerId: player.id, stake: taka(500), key: "bet:1" })).toMatchObject({ replayed: true, applied: 0n });
    expect((await listTurnovers(player.id, "active"))[0]).toMatchObject({ remaining: taka(1_500), progress: 25 });

    // Bets spent 50 of the bonus wallet meanwhile: 150 of the 200 is left to convert.
    await transfer({
      key: `test:bet:${player.id}`,
      debit: `player:${player.id}:bonus`,
      credit: "game:test",
      amount: taka(50),
      currency: "BDT",
      kind: "bet",
    });
    const r2 = await db.transaction((tx) => applyTurnover(tx, { playerId: player.id, stake: taka(2_000), key: "bet:2" }));
    expect(r2).toEqual({ replayed: false, applied: taka(1_500), completed: [active!.id] });
    expect(await hasActiveTurnover(player.id)).toBe(false);
    const [done] = await listTurnovers(player.id, "complete");
    expect(done).toMatchObject({ status: "complete", remaining: 0n, progress: 100 });
    expect(done!.completedAt).toBeInstanceOf(Date);
    const b = await getPlayerBalances(player.id);
    expect(b.bonus.posted).toBe(0n);
    expect(b.main.posted).toBe(taka(1_000) + taka(150));
    expect(await getTransferByKey(`turnover:${active!.id}:release`)).toMatchObject({ amount: taka(150), kind: "bonus_release" });
    // Withdrawal is open again.
    expect(await checkWithdrawal(player.id)).toEqual({ ok: true });
    await requestWithdrawal(player.id, { methodId: ctx.method.id, amount: "1150", idempotencyKey: newKey() });
  });

  it("reduces the oldest requirement first and spills over to the next", async () => {
    const { player } = await playerWithBonus();
    const second = await depositFor(player.id, ctx, { amount: taka(600) });
    await approveDeposit({ staffId: staff.id, depositId: second.id, ip: null });
    const [newer, older] = await listTurnovers(player.id, "active");
    expect(older!.id).toBeLessThan(newer!.id);
    const r = await applyTurnover(db, { playerId: player.id, stake: taka(2_100), key: "spill" });
    expect(r.completed).toEqual([older!.id]);
    const [left] = await listTurnovers(player.id, "active");
    expect(left).toMatchObject({ id: newer!.id, remaining: taka(500) });
  });

  it("a rollback gives back what the bet counted, once", async () => {
    const { player } = await playerWithBonus();
    await applyTurnover(db, { playerId: player.id, stake: taka(300), key: "rb:1" });
    expect(await rollbackTurnover(db, { key: "rb:1" })).toEqual({ restored: taka(300) });
    expect(await rollbackTurnover(db, { key: "rb:1" })).toEqual({ restored: 0n });
    expect(await rollbackTurnover(db, { key: "never-settled" })).toEqual({ restored: 0n });
    expect((await listTurnovers(player.id, "active"))[0]).toMatchObject({ remaining: taka(2_000) });
  });

  it("does nothing without an active requirement and refuses bad stakes", async () => {
    const player = await createPlayer();
    expect(await applyTurnover(db, { playerId: player.id, stake: taka(10), key: "none" })).toEqual({ replayed: false, applied: 0n, completed: [] });
    await expect(applyTurnover(db, { playerId: player.id, stake: 0n, key: "zero" })).rejects.toThrow();
  });

  it("a deposit with nothing to wager completes at once and releases its bonus", async () => {
    await setSettings({ depositTurnoverHundredths: 0 });
    try {
      const player = await createPlayer();
      const promo = await createPromotion({ bonusPercent: 10, turnoverMultiplierHundredths: 0, maxBonus: null });
      const deposit = await depositFor(player.id, ctx, { amount: taka(1_000), promotionId: promo.id });
      await approveDeposit({ staffId: staff.id, depositId: deposit.id, ip: null });
      const [req] = await db.select().from(turnoverRequirements).where(eq(turnoverRequirements.depositId, deposit.id));
      expect(req).toMatchObject({ status: "complete", required: 0n, bonusAmount: taka(100) });
      expect(await hasActiveTurnover(player.id)).toBe(false);
      const b = await getPlayerBalances(player.id);
      expect(b.main.posted).toBe(taka(1_100));
      expect(b.bonus.posted).toBe(0n);
    } finally {
      await setSettings({ depositTurnoverHundredths: 100 });
    }
  });
});
