import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { playDice } from "#app/modules/games/house/dice/dice.server.ts";
import { walletBet, walletRollback, walletWin } from "#app/modules/games/wallet.server.ts";
import { fundedPlayer, mainBalance } from "#app/modules/games/house/test-helpers.ts";
import { getTransferByKey } from "#app/modules/ledger/queries.server.ts";
import { closeIdleConnections, createPlayer, expectInvariants } from "#app/modules/payments/test-helpers.ts";
import { conversionTransferKey } from "./convert.server.ts";
import { vipAccrualMarks, vipEntries, vipLevels, vipSettings } from "./schema.ts";
import { settledRound, vipAccount, vipReady } from "./test-helpers.ts";
import { accrueSettledStakes, convertPoints, isVipError, listVipEntries, vipHistory, vipSummary } from "./vip.server.ts";

beforeAll(vipReady);
afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

let keySeq = 0;
const key = () => `req-${process.pid}-${Date.now().toString(36)}-${++keySeq}`;
const PAGE = { page: 1, size: 100 } as const;

async function refusal(promise: Promise<unknown>) {
  const e = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  if (!isVipError(e)) throw new Error(`expected a VipError, got ${String(e)}`);
  return e.code;
}

/** A player holding `vp` whole VP, earned through the real accrual from one settled round. */
async function playerWithVp(vp: bigint) {
  const player = await fundedPlayer(0n);
  await settledRound(player.id, vp * 10_000n);
  await accrueSettledStakes();
  expect((await vipAccount(player.id)).points).toBe(vp * 100n);
  return player;
}

describe("accrual from settled rounds", () => {
  it("posts a settled round once, however often the job runs", async () => {
    const player = await createPlayer();
    const round = await settledRound(player.id, 25_000n);
    await accrueSettledStakes();
    await accrueSettledStakes();
    const rows = await db.select().from(vipEntries).where(eq(vipEntries.playerId, player.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "received", source: "casino", sourceId: String(round.id), points: 250n, stake: 25_000n });
    expect(await vipAccount(player.id)).toMatchObject({ points: 250n, experience: 250n, carry: 0n });
  });

  it("posts each round once when runs overlap", async () => {
    const player = await createPlayer();
    for (let i = 0; i < 30; i++) await settledRound(player.id, 10_000n + BigInt(i));
    await Promise.all(Array.from({ length: 8 }, () => accrueSettledStakes()));
    const rows = await db.select().from(vipEntries).where(eq(vipEntries.playerId, player.id));
    expect(rows).toHaveLength(30);
    const staked = 30n * 10_000n + 435n;
    const account = await vipAccount(player.id);
    expect(account.points * 10_000n + account.carry).toBe(staked * 100n);
    expect(account.experience).toBe(account.points);
  });

  it("keeps fractions of a hundredth of a VP as a carry, so small stakes add up exactly", async () => {
    const player = await createPlayer();
    // Each ৳0.60 stake is worth 0.6 cvp: three of them give 1 cvp and 0.8 cvp carried.
    for (let i = 0; i < 3; i++) await settledRound(player.id, 60n);
    await accrueSettledStakes();
    expect(await vipAccount(player.id)).toMatchObject({ points: 1n, carry: 8_000n });
    await settledRound(player.id, 20n);
    await accrueSettledStakes();
    expect(await vipAccount(player.id)).toMatchObject({ points: 2n, carry: 0n });
  });

  it("follows the staff's rule", async () => {
    const player = await createPlayer();
    await db.update(vipSettings).set({ stakePerPoint: 5_000n }).where(eq(vipSettings.id, 1));
    try {
      await settledRound(player.id, 10_000n);
      await accrueSettledStakes();
      expect((await vipAccount(player.id)).points).toBe(200n);
    } finally {
      await db.update(vipSettings).set({ stakePerPoint: 10_000n }).where(eq(vipSettings.id, 1));
    }
  });

  it("accrues a real Dice round played through the seamless wallet", async () => {
    const player = await fundedPlayer(100_000n);
    const result = await playDice(player.id, { stake: 5_000n, target: 5000, direction: "under" });
    await accrueSettledStakes();
    const [row] = await db.select().from(vipEntries).where(eq(vipEntries.playerId, player.id));
    expect(row).toMatchObject({ kind: "received", source: "casino", stake: 5_000n, points: 50n });
    expect(result.stake).toBe(5_000n);
  });

  it("moves a player up the levels as experience grows, and the monthly history shows it", async () => {
    const player = await createPlayer();
    expect(await vipSummary(player.id)).toMatchObject({ level: { name: "Normal" }, next: { name: "Elite I" }, points: 0n, progress: 0 });
    await settledRound(player.id, 500_000n, { settledAt: new Date("2026-01-15T10:00:00Z") });
    await settledRound(player.id, 1_000_000n, { settledAt: new Date("2026-02-28T20:00:00Z") }); // 1 March in Dhaka
    // Rounds settled long before the last run are seen only by a first run (an install that had no VIP yet).
    await db.delete(vipAccrualMarks);
    await accrueSettledStakes();
    const summary = await vipSummary(player.id);
    expect(summary).toMatchObject({ level: { name: "Elite I" }, next: { name: "Elite II" }, points: 15_000n, experience: 15_000n });
    expect(summary.progress).toBe(12.5);
    const history = await vipHistory(player.id, PAGE);
    expect(history.items).toEqual([
      { year: 2026, month: 3, experience: 10_000n, level: "Elite I" },
      { year: 2026, month: 1, experience: 5_000n, level: "Normal" },
    ]);
  });
});

describe("conversion", () => {
  it("credits main at the level's ratio through the ledger and records the VP used", async () => {
    const player = await playerWithVp(40n);
    const requestKey = key();
    const done = await convertPoints(player.id, { vp: 10n, requestKey });
    expect(done).toMatchObject({ usedVp: 10n, poisha: 250n, pointsLeft: 3_000n, replayed: false });
    expect(await mainBalance(player.id)).toBe(250n);
    expect(await getTransferByKey(conversionTransferKey(player.id, requestKey))).toMatchObject({ amount: 250n, kind: "vip" });
    const used = await listVipEntries(player.id, "used", PAGE);
    expect(used.items).toMatchObject([{ points: 1_000n, amount: 250n, ratio: 400 }]);
    // Experience is what was earned: converting does not lower the level.
    expect(await vipAccount(player.id)).toMatchObject({ points: 3_000n, experience: 4_000n });
  });

  it("refuses below the minimum and beyond the points held, moving nothing", async () => {
    const player = await playerWithVp(12n);
    expect(await refusal(convertPoints(player.id, { vp: 9n, requestKey: key() }))).toBe("below_minimum");
    expect(await refusal(convertPoints(player.id, { vp: 13n, requestKey: key() }))).toBe("not_enough");
    expect(await refusal(convertPoints(player.id, { vp: 12n, requestKey: "bad key!" }))).toBe("request_invalid");
    expect(await mainBalance(player.id)).toBe(0n);
    expect((await vipAccount(player.id)).points).toBe(1_200n);
  });

  it("uses only whole units at a ratio that does not divide ৳100 by the VP, keeping the rest", async () => {
    const player = await playerWithVp(20n);
    const [normal] = await db.select().from(vipLevels).where(eq(vipLevels.name, "Normal"));
    await db.update(vipLevels).set({ ratio: 300 }).where(eq(vipLevels.id, normal!.id));
    try {
      const done = await convertPoints(player.id, { vp: 11n, requestKey: key() });
      expect(done).toMatchObject({ usedVp: 9n, poisha: 300n, pointsLeft: 1_100n });
    } finally {
      await db.update(vipLevels).set({ ratio: 400 }).where(eq(vipLevels.id, normal!.id));
    }
  });

  it("converts once for a replayed request, and returns the first outcome", async () => {
    const player = await playerWithVp(30n);
    const requestKey = key();
    const first = await convertPoints(player.id, { vp: 10n, requestKey });
    const again = await convertPoints(player.id, { vp: 20n, requestKey });
    expect(again).toMatchObject({ replayed: true, usedVp: 10n, poisha: 250n });
    expect(again.entry.id).toBe(first.entry.id);
    expect(await mainBalance(player.id)).toBe(250n);
  });

  it("converts once when 50 identical requests arrive together", async () => {
    const player = await playerWithVp(100n);
    const requestKey = key();
    const results = await Promise.all(Array.from({ length: 50 }, () => convertPoints(player.id, { vp: 10n, requestKey })));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.entry.id)).size).toBe(1);
    expect(await mainBalance(player.id)).toBe(250n);
    expect((await vipAccount(player.id)).points).toBe(9_000n);
  });

  it("never lets VP go below zero under 50 different parallel requests", async () => {
    const player = await playerWithVp(35n);
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => convertPoints(player.id, { vp: 10n, requestKey: key() })));
    const ok = outcomes.filter((o) => o.status === "fulfilled");
    expect(ok).toHaveLength(3);
    for (const o of outcomes) if (o.status === "rejected") expect(isVipError(o.reason) && o.reason.code).toBe("not_enough");
    expect((await vipAccount(player.id)).points).toBe(500n);
    expect(await mainBalance(player.id)).toBe(750n);
  });

  it("keeps each player's rows to themselves", async () => {
    const a = await playerWithVp(10n);
    const b = await createPlayer();
    expect((await listVipEntries(a.id, "received", PAGE)).total).toBe(1);
    expect((await listVipEntries(b.id, "received", PAGE)).total).toBe(0);
    // Another player's request key is theirs alone: the same key converts for each player separately.
    const requestKey = key();
    await convertPoints(a.id, { vp: 10n, requestKey });
    expect(await refusal(convertPoints(b.id, { vp: 10n, requestKey }))).toBe("not_enough");
  });
});

describe("a bet rolled back after its round settled", () => {
  it("takes the round's VP and experience back once, never below zero", async () => {
    const player = await fundedPlayer(1_000_000n);
    const call = { platform: "HOUSE", playerId: player.id, roundId: `vip-rb-${player.id}`, gameCode: "HOUSE-ARCADE-DICE" };
    expect(await walletBet({ ...call, txnId: `vip-rb-${player.id}-bet`, amount: 300_000n })).toMatchObject({ ok: true });
    expect(await walletWin({ ...call, txnId: `vip-rb-${player.id}-win`, amount: 0n })).toMatchObject({ ok: true });
    await accrueSettledStakes();
    expect(await vipAccount(player.id)).toMatchObject({ points: 3_000n, experience: 3_000n });
    // 20 of the 30 VP are converted before the provider rolls the bet back: the other 10 are what can be taken.
    await convertPoints(player.id, { vp: 20n, requestKey: key() });
    expect(await walletRollback({ ...call, txnId: `vip-rb-${player.id}-rb`, refTxnId: `vip-rb-${player.id}-bet` })).toMatchObject({ ok: true });
    await accrueSettledStakes();
    await accrueSettledStakes();
    expect(await vipAccount(player.id)).toMatchObject({ points: 0n, experience: 0n });
    const used = await listVipEntries(player.id, "used", PAGE);
    expect(used.items.map((e) => [e.source, e.points])).toEqual([
      ["rollback", 1_000n],
      ["conversion", 2_000n],
    ]);
  });
});
