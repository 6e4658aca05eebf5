import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections } from "#app/modules/payments/test-helpers.ts";
import { addDays, dhakaDayBounds, dhakaDayKey } from "#app/kernel/dhaka-time.ts";
import { computeRewardsForDay, lastDueDay, runDueReferralRewards, SETTLE_GRACE_MS } from "./rewards.server.ts";
import { referralRewardDays, referralRewards } from "./schema.ts";
import { dhakaNoon, referralChain, referredPlayer, setRequirements, settledRound } from "./test-helpers.ts";
import { taka } from "#tests/kit/money.ts";

afterAll(closeIdleConnections);
beforeEach(() => setRequirements(0n, 0n));

let dayCounter = 0;
/** A day of its own for each test (all tests of the file share one database). */
const freshDay = () => addDays("2026-03-01", ++dayCounter * 3);

async function rewardOf(playerId: number, day: string) {
  const [row] = await db
    .select()
    .from(referralRewards)
    .where(and(eq(referralRewards.playerId, playerId), eq(referralRewards.day, day)));
  return row;
}

describe("the daily referral reward job", () => {
  it("credits three levels up from each downline, not a fourth, at the tab of the earner's total", async () => {
    const day = freshDay();
    const { top, l1, l2, l3, l4 } = await referralChain();
    // l4 plays ৳1,000: l3 earns level 1, l2 level 2, l1 level 3; top is four levels up and earns nothing from it.
    await settledRound(l4.id, taka(1_000), dhakaNoon(day));
    await computeRewardsForDay(day);
    expect(await rewardOf(l3.id, day)).toMatchObject({ level1Turnover: taka(1_000), turnover: taka(1_000), reward: taka(1), status: "claimable" });
    expect(await rewardOf(l2.id, day)).toMatchObject({ level2Turnover: taka(1_000), reward: taka(0.5) });
    expect(await rewardOf(l1.id, day)).toMatchObject({ level3Turnover: taka(1_000), reward: taka(0.1), ratesPpm: [1000, 500, 100] });
    expect(await rewardOf(top.id, day)).toBeUndefined();
    expect(await rewardOf(l4.id, day)).toBeUndefined();
  });

  it("sums all levels to pick the tab, and stores a day below ৳100 without a reward", async () => {
    const day = freshDay();
    const top = await referredPlayer();
    const a = await referredPlayer(top);
    const b = await referredPlayer(top);
    const grandchild = await referredPlayer(a);
    await settledRound(a.id, taka(60), dhakaNoon(day));
    await settledRound(b.id, taka(30), dhakaNoon(day));
    await settledRound(grandchild.id, taka(10), dhakaNoon(day));
    // top: level 1 = ৳90, level 2 = ৳10, total exactly ৳100: no tab applies.
    // a: level 1 = ৳10 from the grandchild.
    await computeRewardsForDay(day);
    expect(await rewardOf(top.id, day)).toMatchObject({ turnover: taka(100), reward: 0n, status: "below", tabAbove: null });
    await settledRound(grandchild.id, 1n, dhakaNoon(day)); // too late for this day: it is already computed
    await computeRewardsForDay(day);
    expect((await rewardOf(top.id, day))?.turnover).toBe(taka(100));

    const next = addDays(day, 1);
    await settledRound(a.id, taka(60), dhakaNoon(next));
    await settledRound(b.id, taka(30), dhakaNoon(next));
    await settledRound(grandchild.id, taka(10.01), dhakaNoon(next));
    await computeRewardsForDay(next);
    // ৳100.01: 9000 x 0.1 % + 1001 x 0.05 % = 9 + 0.5005 -> 9 poisha
    expect(await rewardOf(top.id, next)).toMatchObject({ turnover: taka(100.01), reward: 9n, status: "claimable", tabAbove: 100_00n });
  });

  it("uses the tab boundaries at ৳200,000 and ৳500,000", async () => {
    const day = freshDay();
    const cases = [
      { stake: taka(200_000), reward: taka(200) },
      { stake: taka(200_000.01), reward: taka(300) },
      { stake: taka(500_000), reward: taka(750) },
      { stake: taka(500_000.01), reward: taka(1_000) },
    ];
    const tops = [];
    for (const c of cases) {
      const top = await referredPlayer();
      const child = await referredPlayer(top);
      await settledRound(child.id, c.stake, dhakaNoon(day));
      tops.push({ top, ...c });
    }
    await computeRewardsForDay(day);
    for (const c of tops) expect((await rewardOf(c.top.id, day))?.reward).toBe(c.reward);
  });

  it("counts a downline only for earners of the same currency", async () => {
    const day = freshDay();
    const top = await referredPlayer();
    const inr = await referredPlayer(top, "INR");
    const grandchild = await referredPlayer(inr, "INR");
    await settledRound(inr.id, taka(1_000), dhakaNoon(day));
    await settledRound(grandchild.id, taka(2_000), dhakaNoon(day));
    await computeRewardsForDay(day);
    expect(await rewardOf(top.id, day)).toBeUndefined();
    expect(await rewardOf(inr.id, day)).toMatchObject({ level1Turnover: taka(2_000), reward: taka(2) });
  });

  it("counts only rounds settled within the Dhaka day, and only settled ones", async () => {
    const day = freshDay();
    const top = await referredPlayer();
    const child = await referredPlayer(top);
    const { start: from, end: to } = dhakaDayBounds(day);
    await settledRound(child.id, taka(1_000), from); // 00:00:00 Dhaka: in
    await settledRound(child.id, taka(2_000), new Date(to.getTime() - 1)); // 23:59:59.999: in
    await settledRound(child.id, taka(4_000), to); // next day's midnight: out
    await settledRound(child.id, taka(8_000), new Date(from.getTime() - 1)); // the day before: out
    await settledRound(child.id, taka(16_000), dhakaNoon(day), "rolled_back");
    await settledRound(child.id, taka(32_000), dhakaNoon(day), "open");
    await computeRewardsForDay(day);
    expect((await rewardOf(top.id, day))?.turnover).toBe(taka(3_000));
  });

  it("runs once per day: twice in a row and 10 in parallel give the same rows", async () => {
    const day = freshDay();
    const { top, l1 } = await referralChain();
    await settledRound(l1.id, taka(5_000), dhakaNoon(day));
    const runs = await Promise.all(Array.from({ length: 10 }, () => computeRewardsForDay(day)));
    expect(runs.filter((r) => r.computed)).toHaveLength(1);
    expect((await computeRewardsForDay(day)).computed).toBe(false);
    const rows = await db
      .select()
      .from(referralRewards)
      .where(and(eq(referralRewards.playerId, top.id), eq(referralRewards.day, day)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.reward).toBe(taka(5));
  });

  it("leaves no trace of a run that failed part-way, so the next run computes the day in full", async () => {
    const day = freshDay();
    const top = await referredPlayer();
    const child = await referredPlayer(top);
    await settledRound(child.id, taka(1_000), dhakaNoon(day));
    // A crash between the inserts: the transaction is rolled back with everything it wrote.
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(referralRewards).values({
          playerId: top.id,
          day,
          level1Turnover: 1n,
          level2Turnover: 0n,
          level3Turnover: 0n,
          turnover: 1n,
          reward: 1n,
          status: "claimable",
        });
        throw new Error("crash");
      }),
    ).rejects.toThrow("crash");
    expect(await rewardOf(top.id, day)).toBeUndefined();
    expect((await computeRewardsForDay(day)).computed).toBe(true);
    expect((await rewardOf(top.id, day))?.reward).toBe(taka(1));
  });

  it("only counts downlines that met the required deposit and turnover by the end of the day", async () => {
    const day = freshDay();
    await setRequirements(0n, taka(2_000));
    const top = await referredPlayer();
    const busy = await referredPlayer(top);
    const light = await referredPlayer(top);
    await settledRound(busy.id, taka(1_500), dhakaNoon(addDays(day, -1)));
    await settledRound(busy.id, taka(500), dhakaNoon(day)); // ৳2,000 in all by the end of the day: active
    await settledRound(light.id, taka(1_999.99), dhakaNoon(day)); // short by one poisha: not active
    await settledRound(light.id, taka(5_000), dhakaNoon(addDays(day, 1))); // after the day: does not count for it
    await computeRewardsForDay(day);
    expect((await rewardOf(top.id, day))?.level1Turnover).toBe(taka(500));
  });
});

describe("catching up", () => {
  it("computes yesterday once the grace after midnight has passed", () => {
    const midnight = dhakaDayBounds("2026-05-10").start;
    expect(lastDueDay(new Date(midnight.getTime() + SETTLE_GRACE_MS - 1))).toBe("2026-05-08");
    expect(lastDueDay(new Date(midnight.getTime() + SETTLE_GRACE_MS))).toBe("2026-05-09");
    expect(dhakaDayKey(midnight)).toBe("2026-05-10");
  });

  it("computes every missed day after the last finished one, oldest first, and nothing more on a second run", async () => {
    // Far after the other tests' days, so the latest finished day is the one set here.
    const first = "2027-01-01";
    const top = await referredPlayer();
    const child = await referredPlayer(top);
    await computeRewardsForDay(first);
    for (let i = 1; i <= 4; i++) await settledRound(child.id, taka(1_000 * i), dhakaNoon(addDays(first, i)));
    const now = new Date(dhakaDayBounds(addDays(first, 5)).start.getTime() + SETTLE_GRACE_MS + 1);
    const [runA, runB] = await Promise.all([runDueReferralRewards(now), runDueReferralRewards(now)]);
    const computed = [...runA!, ...runB!].filter((r) => r.computed).map((r) => r.day);
    expect(computed.sort()).toEqual(["2027-01-02", "2027-01-03", "2027-01-04", "2027-01-05"]);
    expect(await runDueReferralRewards(now)).toEqual([]);
    const rows = await db.select().from(referralRewards).where(eq(referralRewards.playerId, top.id)).orderBy(referralRewards.day);
    expect(rows.map((r) => [r.day, r.reward])).toEqual([
      ["2027-01-02", taka(1)],
      ["2027-01-03", taka(2)],
      ["2027-01-04", taka(3)],
      ["2027-01-05", taka(4)],
    ]);
    const days = await db.select().from(referralRewardDays).where(eq(referralRewardDays.day, "2027-01-05"));
    expect(days[0]).toMatchObject({ players: 1, totalReward: taka(4) });
  });
});
