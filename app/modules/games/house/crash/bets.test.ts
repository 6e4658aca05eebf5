// Crash bets and cash-outs through the seamless wallet, on rounds driven step by step (no engine).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, expectInvariants } from "#app/modules/payments/test-helpers.ts";
import { crashBets, gameRounds } from "../../schema.ts";
import { cashOut, placeBet, walletRoundId } from "./bets.server.ts";
import { msToReach, multiplierAt, payoutAt } from "./curve.ts";
import { CrashError } from "./errors.ts";
import { CrashHub } from "./hub.server.ts";
import { markCrashed, settleCrashedBets, voidRound } from "./rounds.server.ts";
import { bettingRound, ensureCrashGame, fundedPlayer, mainBalance, roundRow, runRound, settledOutcome, testChain } from "./test-helpers.ts";

beforeAll(ensureCrashGame);
afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

async function crashError(promise: Promise<unknown>) {
  const outcome = await settledOutcome(promise);
  expect(outcome.ok).toBe(false);
  const error = (outcome as { error: unknown }).error;
  expect(error).toBeInstanceOf(CrashError);
  return error as CrashError;
}

async function betOf(roundId: number, playerId: number) {
  const [bet] = await db
    .select()
    .from(crashBets)
    .where(and(eq(crashBets.roundId, roundId), eq(crashBets.playerId, playerId)));
  return bet;
}

const hub = new CrashHub(false);

describe("placeBet", () => {
  it("takes the stake in the betting phase, within the limits, once per round", async () => {
    const round = await bettingRound(500);
    const player = await fundedPlayer(100_000n);
    expect((await crashError(placeBet(player.id, { stake: 999n, autoCashout: null }))).code).toBe("stake_range");
    expect((await crashError(placeBet(player.id, { stake: 2_500_001n, autoCashout: null }))).code).toBe("stake_range");
    expect((await crashError(placeBet(player.id, { stake: 1000n, autoCashout: 100 }))).code).toBe("auto_invalid");
    const placed = await placeBet(player.id, { stake: 5000n, autoCashout: 200 });
    expect(placed).toMatchObject({ roundId: round.id, stake: 5000n, autoCashout: 200, balance: 95_000n });
    expect((await crashError(placeBet(player.id, { stake: 1000n, autoCashout: null }))).code).toBe("already_bet");
    expect(await mainBalance(player.id)).toBe(95_000n);
    await voidRound(round.id);
  });

  it("50 parallel bets by one player: one is accepted, one stake is taken", async () => {
    const round = await bettingRound(500);
    const player = await fundedPlayer(100_000n);
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => settledOutcome(placeBet(player.id, { stake: 1000n, autoCashout: null }))));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    for (const o of outcomes) if (!o.ok) expect((o.error as CrashError).code).toBe("already_bet");
    expect(await mainBalance(player.id)).toBe(99_000n);
    await voidRound(round.id);
    expect(await mainBalance(player.id)).toBe(100_000n);
  });

  it("is refused once the round runs, and without enough money", async () => {
    const round = await bettingRound(500);
    const poor = await fundedPlayer(500n);
    expect((await crashError(placeBet(poor.id, { stake: 1000n, autoCashout: null }))).code).toBe("insufficient_funds");
    expect(await betOf(round.id, poor.id)).toBeUndefined();
    await runRound(round.id);
    const player = await fundedPlayer(10_000n);
    expect((await crashError(placeBet(player.id, { stake: 1000n, autoCashout: null }))).code).toBe("betting_closed");
    await markCrashed(round.id);
  });
});

describe("cashOut", () => {
  it("pays at the server's multiplier since the start, once; 50 parallel cash-outs pay once", async () => {
    const round = await bettingRound(1_000_000);
    const player = await fundedPlayer(100_000n);
    await placeBet(player.id, { stake: 10_000n, autoCashout: null });
    expect((await crashError(cashOut(player.id))).code).toBe("not_running");
    await runRound(round.id, 11_553); // 2.00x
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => settledOutcome(cashOut(player.id))));
    const paid = outcomes.filter((o) => o.ok);
    expect(paid).toHaveLength(1);
    const cash = (paid[0] as { value: Awaited<ReturnType<typeof cashOut>> }).value;
    expect(cash.cashoutAt).toBeGreaterThanOrEqual(200);
    expect(cash.cashoutAt).toBeLessThan(multiplierAt(11_553 + 10_000));
    expect(cash.payout).toBe(payoutAt(10_000n, cash.cashoutAt));
    expect(await mainBalance(player.id)).toBe(90_000n + cash.payout);
    for (const o of outcomes) if (!o.ok) expect((o.error as CrashError).code).toBe("already_cashed");
    const [record] = await db
      .select()
      .from(gameRounds)
      .where(eq(gameRounds.roundId, walletRoundId(round.id)));
    expect(record).toMatchObject({ status: "settled", stake: 10_000n, payout: cash.payout });
    // The betting record gets no hash or crash point before the round has crashed.
    expect(record!.fairness).not.toHaveProperty("hash");
    expect(record!.fairness).not.toHaveProperty("crashPoint");
    await markCrashed(round.id);
    expect(await settleCrashedBets(hub, await roundRow(round.id), (await testChain()).salt)).toBe(0);
    expect(await mainBalance(player.id)).toBe(90_000n + cash.payout);
  });

  it("is refused after the crash point, and with no bet", async () => {
    const round = await bettingRound(150);
    const player = await fundedPlayer(10_000n);
    const other = await fundedPlayer(10_000n);
    await placeBet(player.id, { stake: 1000n, autoCashout: null });
    await runRound(round.id, msToReach(150) + 50);
    expect((await crashError(cashOut(player.id))).code).toBe("crashed");
    expect((await crashError(cashOut(other.id))).code).toBe("no_bet");
    await markCrashed(round.id);
    expect(await settleCrashedBets(hub, await roundRow(round.id), (await testChain()).salt)).toBe(1);
    expect((await crashError(cashOut(player.id))).code).toBe("crashed");
    expect(await betOf(round.id, player.id)).toMatchObject({ status: "lost", payout: 0n });
    expect(await mainBalance(player.id)).toBe(9_000n);
    const [record] = await db
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.roundId, walletRoundId(round.id)), eq(gameRounds.playerId, player.id)));
    expect(record).toMatchObject({ status: "settled", stake: 1000n, payout: 0n });
    expect(record!.fairness).toMatchObject({ hash: round.hash, crashPoint: 150 });
  });

  it("a manual cash-out above the auto cash-out pays the auto cash-out", async () => {
    const round = await bettingRound(1_000_000);
    const player = await fundedPlayer(10_000n);
    await placeBet(player.id, { stake: 1000n, autoCashout: 150 });
    await runRound(round.id, 20_000); // 3.32x
    const cash = await cashOut(player.id);
    expect(cash).toMatchObject({ cashoutAt: 150, payout: 1500n });
    await markCrashed(round.id);
  });
});

describe("settling a crash", () => {
  it("pays auto cash-outs at or below the crash point at their value; everyone else loses", async () => {
    const round = await bettingRound(250);
    const [atPoint, below, above, none] = await Promise.all([1, 2, 3, 4].map(() => fundedPlayer(10_000n)));
    await placeBet(atPoint!.id, { stake: 1000n, autoCashout: 250 });
    await placeBet(below!.id, { stake: 1000n, autoCashout: 120 });
    await placeBet(above!.id, { stake: 1000n, autoCashout: 251 });
    await placeBet(none!.id, { stake: 1000n, autoCashout: null });
    await runRound(round.id, 60_000);
    await markCrashed(round.id);
    expect(await settleCrashedBets(hub, await roundRow(round.id), (await testChain()).salt)).toBe(4);
    expect(await mainBalance(atPoint!.id)).toBe(9_000n + 2_500n);
    expect(await mainBalance(below!.id)).toBe(9_000n + 1_200n);
    expect(await mainBalance(above!.id)).toBe(9_000n);
    expect(await mainBalance(none!.id)).toBe(9_000n);
    const records = await db
      .select()
      .from(gameRounds)
      .where(eq(gameRounds.roundId, walletRoundId(round.id)));
    expect(records.map((r) => r.status)).toEqual(["settled", "settled", "settled", "settled"]);
  });
});
