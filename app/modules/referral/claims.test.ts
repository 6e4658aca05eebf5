import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { getPlayerBalances, getTransferByKey } from "#app/modules/ledger/queries.server.ts";
import { approveDeposit } from "#app/modules/payments/deposits.server.ts";
import {
  closeIdleConnections,
  createMethodWithNumbers,
  createSite,
  createStaff,
  depositFor,
  expectInvariants,
} from "#app/modules/payments/test-helpers.ts";
import { claimAllRewards } from "./claims.server.ts";
import { addDays, dhakaDayKey } from "#app/kernel/dhaka-time.ts";
import { listRewardHistory, referralFigures } from "./figures.server.ts";
import { computeRewardsForDay } from "./rewards.server.ts";
import { referralClaims, referralRewards } from "./schema.ts";
import { dhakaNoon, referredPlayer, setRequirements, settledRound } from "./test-helpers.ts";
import { taka } from "#tests/kit/money.ts";

let dayCounter = 0;
const freshDay = () => addDays("2026-06-01", ++dayCounter * 3);

let staff: Awaited<ReturnType<typeof createStaff>>;
let ctx: Awaited<ReturnType<typeof createMethodWithNumbers>>;
beforeAll(async () => {
  await createSite();
  staff = await createStaff();
  ctx = await createMethodWithNumbers();
});
beforeEach(() => setRequirements(0n, 0n));
afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

/** Sign-up may credit a demo starting balance, so tests compare the main wallet before and after. */
const mainBalance = async (playerId: number) => (await getPlayerBalances(playerId)).main.posted;

/** A referrer with rewards of ৳1 and ৳2 on two days. */
async function referrerWithRewards() {
  const top = await referredPlayer();
  const child = await referredPlayer(top);
  const day = freshDay();
  await settledRound(child.id, taka(1_000), dhakaNoon(day));
  await settledRound(child.id, taka(2_000), dhakaNoon(addDays(day, 1)));
  await computeRewardsForDay(day);
  await computeRewardsForDay(addDays(day, 1));
  return { top, child, day };
}

describe("Claim All", () => {
  it("moves the claimable total to the main wallet through the ledger and marks the days claimed", async () => {
    const { top } = await referrerWithRewards();
    expect((await referralFigures(top.id)).claimable).toBe(taka(3));
    const before = await mainBalance(top.id);
    const result = await claimAllRewards(top);
    expect(result).toMatchObject({ ok: true, amount: taka(3), days: 2 });
    expect(await mainBalance(top.id)).toBe(before + taka(3));
    const transfer = await getTransferByKey(`referral:claim:${result.ok ? result.claimId : 0}`);
    expect(transfer).toMatchObject({ amount: taka(3), kind: "referral" });
    const figures = await referralFigures(top.id);
    expect(figures).toMatchObject({ claimable: 0n, lifetimeRewards: taka(3), referralTurnover: taka(3_000) });
    expect(await claimAllRewards(top)).toEqual({ ok: false, error: "nothing_to_claim" });
  });

  it("pays once when 50 claims arrive at the same time", async () => {
    const { top } = await referrerWithRewards();
    const before = await mainBalance(top.id);
    const results = await Promise.all(Array.from({ length: 50 }, () => claimAllRewards(top)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toHaveLength(49);
    expect(await mainBalance(top.id)).toBe(before + taka(3));
    expect(await db.select().from(referralClaims).where(eq(referralClaims.playerId, top.id))).toHaveLength(1);
  });

  it("pays a later day's reward in a later claim, never the same day twice", async () => {
    const { top, child, day } = await referrerWithRewards();
    const before = await mainBalance(top.id);
    await claimAllRewards(top);
    const later = addDays(day, 2);
    await settledRound(child.id, taka(4_000), dhakaNoon(later));
    await computeRewardsForDay(later);
    expect(await claimAllRewards(top)).toMatchObject({ ok: true, amount: taka(4), days: 1 });
    expect(await mainBalance(top.id)).toBe(before + taka(7));
  });
});

describe("figures", () => {
  it("counts direct referrals as active once both requirements are met, with real deposits and settled rounds", async () => {
    await setRequirements(taka(500), taka(1_000));
    const top = await referredPlayer();
    const both = await referredPlayer(top);
    const depositOnly = await referredPlayer(top);
    const turnoverOnly = await referredPlayer(top);
    const pendingDeposit = await referredPlayer(top);
    const grandchild = await referredPlayer(both);

    for (const p of [both, depositOnly, grandchild]) {
      const deposit = await depositFor(p.id, ctx, { amount: taka(500) });
      await approveDeposit({ staffId: staff.id, depositId: deposit.id });
    }
    await depositFor(pendingDeposit.id, ctx, { amount: taka(5_000) }); // never approved: does not count
    const now = new Date();
    for (const p of [both, turnoverOnly, pendingDeposit, grandchild]) await settledRound(p.id, taka(1_000), new Date(now.getTime() - 1000));
    await settledRound(depositOnly.id, taka(999.99), new Date(now.getTime() - 1000));

    const figures = await referralFigures(top.id);
    // Four direct referrals; only `both` is active (the grandchild is not a direct referral).
    expect(figures).toMatchObject({ downlines: 4, activeDownlines: 1, requiredDeposit: taka(500), requiredTurnover: taka(1_000) });
    // The job for today counts only the active one's turnover.
    const today = dhakaDayKey(now);
    await computeRewardsForDay(today);
    const [row] = await db
      .select()
      .from(referralRewards)
      .where(and(eq(referralRewards.playerId, top.id), eq(referralRewards.day, today)));
    expect(row).toMatchObject({ level1Turnover: taka(1_000), level2Turnover: taka(1_000), reward: taka(1.5) });
  });

  it("shows a player only their own history and figures", async () => {
    const { top } = await referrerWithRewards();
    const stranger = await referredPlayer();
    expect((await listRewardHistory(stranger.id, { page: 1, size: 10 })).total).toBe(0);
    expect(await referralFigures(stranger.id)).toMatchObject({ downlines: 0, lifetimeRewards: 0n, claimable: 0n });
    expect(await claimAllRewards(stranger)).toEqual({ ok: false, error: "nothing_to_claim" });
    expect((await referralFigures(top.id)).claimable).toBe(taka(3));
    const history = await listRewardHistory(top.id, { page: 1, size: 10 });
    expect(history.items.every((r) => r.playerId === top.id)).toBe(true);
    expect(history.items.map((r) => r.reward)).toEqual([taka(2), taka(1)]);
  });

  it("pages the history newest day first", async () => {
    const top = await referredPlayer();
    const child = await referredPlayer(top);
    const first = "2028-01-01";
    for (let i = 0; i < 12; i++) {
      await settledRound(child.id, taka(1_000), dhakaNoon(addDays(first, i)));
      await computeRewardsForDay(addDays(first, i));
    }
    const page1 = await listRewardHistory(top.id, { page: 1, size: 10 });
    expect(page1).toMatchObject({ total: 12, pages: 2, page: 1 });
    expect(page1.items[0]!.day).toBe("2028-01-12");
    const page2 = await listRewardHistory(top.id, { page: 5, size: 10 });
    expect(page2.page).toBe(2);
    expect(page2.items.map((r) => r.day)).toEqual(["2028-01-02", "2028-01-01"]);
  });
});
