// Crash's payout limits (issue 30): the max win per bet on manual and auto cash-outs, and the round payout cap
// taken atomically by parallel bets.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, expectInvariants } from "#app/modules/payments/test-helpers.ts";
import { crashBets, gameRounds, games } from "../../schema.ts";
import { findHouseGame } from "../game-row.server.ts";
import { cashOut, placeBet, roundRoom, walletRoundId } from "./bets.server.ts";
import { payoutAt } from "./curve.ts";
import { CrashError } from "./errors.ts";
import { CRASH_CODE } from "./game.ts";
import { CrashHub } from "./hub.server.ts";
import { betLimit, cappedPayout } from "./limits.ts";
import { markCrashed, settleCrashedBets, voidRound } from "./rounds.server.ts";
import { bettingRound, ensureCrashGame, fundedPlayer, mainBalance, roundRow, runRound, settledOutcome, testChain } from "./test-helpers.ts";

beforeAll(ensureCrashGame);
afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

const hub = new CrashHub(false);

async function withLimits(maxWin: bigint, roundPayoutCap: bigint | null, run: () => Promise<void>) {
  await db.update(games).set({ maxWin, roundPayoutCap }).where(eq(games.code, CRASH_CODE));
  try {
    await run();
  } finally {
    await db.update(games).set({ maxWin: 100_000_000n, roundPayoutCap: null }).where(eq(games.code, CRASH_CODE));
  }
}

async function recordOf(roundId: number, playerId: number) {
  const [record] = await db
    .select()
    .from(gameRounds)
    .where(and(eq(gameRounds.roundId, walletRoundId(roundId)), eq(gameRounds.playerId, playerId)));
  return record!;
}

describe("betLimit", () => {
  it("takes the least of the auto cash-out's payout, the max win and the room left; lowers the auto to fit", () => {
    expect(betLimit(10_000n, 200, 100_000n, null)).toEqual({ maxPayout: 20_000n, autoCashout: 200, capped: false });
    expect(betLimit(10_000n, null, 100_000n, null)).toEqual({ maxPayout: 100_000n, autoCashout: null, capped: false });
    expect(betLimit(10_000n, 2_000, 100_000n, null)).toEqual({ maxPayout: 100_000n, autoCashout: 1_000, capped: true });
    expect(betLimit(10_000n, 2_000, 100_000n, 15_555n)).toEqual({ maxPayout: 15_555n, autoCashout: 155, capped: true });
    expect(betLimit(10_000n, null, 100_000n, 50_000n)).toEqual({ maxPayout: 50_000n, autoCashout: null, capped: false });
    // No room for even 1.01×: refused.
    expect(betLimit(10_000n, 200, 100_000n, 10_099n)).toBeNull();
    expect(betLimit(1_001n, 200, 100_000n, 1_011n)).toBeNull();
    expect(betLimit(10_000n, 200, 100_000n, 10_100n)).toEqual({ maxPayout: 10_100n, autoCashout: 101, capped: true });
  });

  it("a cash-out pays the curve's payout held to the max payout", () => {
    expect(cappedPayout(10_000n, 300, 20_000n)).toEqual({ payout: 20_000n, capped: true });
    expect(cappedPayout(10_000n, 150, 20_000n)).toEqual({ payout: 15_000n, capped: false });
    expect(cappedPayout(10_000n, 300, null)).toEqual({ payout: 30_000n, capped: false });
  });
});

describe("max win per bet", () => {
  it("a manual cash-out beyond the max win pays the max win, marked capped", () =>
    withLimits(15_000n, null, async () => {
      const round = await bettingRound(1_000_000);
      const player = await fundedPlayer(100_000n);
      const placed = await placeBet(player.id, { stake: 10_000n, autoCashout: null });
      expect(placed).toMatchObject({ maxPayout: 15_000n, autoCashout: null, capped: false });
      await runRound(round.id, 20_000); // 3.32x: 33,200 uncapped
      const cash = await cashOut(player.id);
      expect(cash.payout).toBe(15_000n);
      expect(await mainBalance(player.id)).toBe(105_000n);
      expect((await recordOf(round.id, player.id)).fairness).toMatchObject({ capped: true, maxPayout: "15000" });
      await markCrashed(round.id);
    }));

  it("an auto cash-out beyond the max win is lowered at the bet and pays the max win at the crash", () =>
    withLimits(15_000n, null, async () => {
      const round = await bettingRound(400);
      const player = await fundedPlayer(100_000n);
      const placed = await placeBet(player.id, { stake: 10_000n, autoCashout: 300 });
      expect(placed).toMatchObject({ maxPayout: 15_000n, autoCashout: 150, capped: true });
      await runRound(round.id, 60_000);
      await markCrashed(round.id);
      expect(await settleCrashedBets(hub, await roundRow(round.id), (await testChain()).salt)).toBe(1);
      const [bet] = await db.select().from(crashBets).where(eq(crashBets.roundId, round.id));
      expect(bet).toMatchObject({ status: "cashed", cashoutAt: 150, payout: 15_000n });
      expect(await mainBalance(player.id)).toBe(105_000n);
      expect((await recordOf(round.id, player.id)).fairness).toMatchObject({ capped: true });
    }));

  it("a cash-out under the limits is not marked", () =>
    withLimits(100_000n, null, async () => {
      const round = await bettingRound(1_000_000);
      const player = await fundedPlayer(100_000n);
      await placeBet(player.id, { stake: 10_000n, autoCashout: 150 });
      await runRound(round.id, 20_000);
      expect(await cashOut(player.id)).toMatchObject({ cashoutAt: 150, payout: 15_000n });
      expect((await recordOf(round.id, player.id)).fairness).not.toHaveProperty("capped");
      await markCrashed(round.id);
    }));
});

describe("round payout cap", () => {
  it("50 parallel bets never reserve more than the cap; the rest are refused; the page shows the room", () =>
    withLimits(100_000n, 300_000n, async () => {
      const round = await bettingRound(1_000_000);
      const game = (await findHouseGame(CRASH_CODE))!;
      expect(await roundRoom(game)).toBe(100_000n);
      const players = await Promise.all(Array.from({ length: 50 }, () => fundedPlayer(100_000n)));
      const outcomes = await Promise.all(
        players.map((p, i) => settledOutcome(placeBet(p.id, { stake: 10_000n, autoCashout: i % 5 === 0 ? null : 150 + i * 10 }))),
      );
      for (const o of outcomes) if (!o.ok) expect((o.error as CrashError).code).toBe("round_full");
      const bets = await db.select().from(crashBets).where(eq(crashBets.roundId, round.id));
      expect(bets.length).toBe(outcomes.filter((o) => o.ok).length);
      expect(bets.length).toBeLessThan(50);
      const reserved = bets.reduce((sum, b) => sum + b.maxPayout!, 0n);
      expect(reserved).toBeLessThanOrEqual(300_000n);
      // What every bet can still pay fits the cap: its auto cash-out's payout or, by hand, its max payout.
      for (const b of bets) if (b.autoCashout !== null) expect(payoutAt(b.stake, b.autoCashout)).toBeLessThanOrEqual(b.maxPayout!);
      // Nearly full: what is left would not pay a ৳100 bet's 1.01×.
      expect(300_000n - reserved).toBeLessThan(payoutAt(10_000n, 101));
      expect(await roundRoom(game)).toBe(300_000n - reserved);
      const refused = players.find((_, i) => !outcomes[i]!.ok)!;
      expect(await mainBalance(refused.id)).toBe(100_000n);
      await voidRound(round.id);
    }));
});
