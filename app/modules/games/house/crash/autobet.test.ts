// Crash autobet sessions, on rounds driven step by step: one bet per round even when two engines serve the same
// round, the plan's rules between rounds, a refusal stops it, parallel starts make one session.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { autobetSettings } from "../test-helpers.ts";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, expectInvariants } from "#app/modules/payments/test-helpers.ts";
import { realitySessionKey, setRealityMinutes, takeTimeOut } from "#app/modules/protection/index.server.ts";
import { sessions } from "#app/modules/sessions/schema.ts";
import { sessionFor } from "#tests/kit/sessions.ts";
import { crashBets } from "../../schema.ts";
import { activeCrashAutobet, latestCrashAutobet, placeAutobets, startCrashAutobet, stopCrashAutobet } from "./autobet.server.ts";
import { autoCashOut } from "./bets.server.ts";
import { CrashHub } from "./hub.server.ts";
import { autoBets, markCrashed, settleCrashedBets, voidRound } from "./rounds.server.ts";
import { bettingRound, ensureCrashGame, fundedPlayer, mainBalance, roundRow, runRound, settledOutcome, testChain } from "./test-helpers.ts";

beforeAll(ensureCrashGame);
afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

const hub = new CrashHub(false);
const settings = autobetSettings;

/** One round at `crashPoint`: autobets bet (served twice at once, as two racing engines would), then it plays out. */
async function playRound(crashPoint: number) {
  const round = await bettingRound(crashPoint);
  const served = await Promise.all([placeAutobets(round.id), placeAutobets(round.id)]);
  await runRound(round.id, 60_000);
  for (const bet of await autoBets(round.id)) if (bet.autoCashout < crashPoint) await autoCashOut(hub, bet, round.gameNumber);
  await markCrashed(round.id);
  await settleCrashedBets(hub, await roundRow(round.id), (await testChain()).salt);
  return { round, served: served[0] + served[1] };
}

const betsOf = (playerId: number) => db.select().from(crashBets).where(eq(crashBets.playerId, playerId)).orderBy(crashBets.id);

describe("Crash autobet", () => {
  it("50 parallel starts create one session", async () => {
    const player = await fundedPlayer(100_000n);
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => settledOutcome(startCrashAutobet(player.id, settings(), 200))));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const ids = new Set(outcomes.map((o) => (o.ok ? o.value.id : 0)));
    expect(ids.size).toBe(1);
    expect(await stopCrashAutobet(player.id)).toBe(true);
    expect(await activeCrashAutobet(player.id)).toBeUndefined();
  });

  it("places exactly one bet per round with two engines serving it, doubles on loss, stops after its bets", async () => {
    const player = await fundedPlayer(100_000n);
    await startCrashAutobet(player.id, settings({ bets: 3, onLoss: { mode: "increase", percent: 10_000 } }), 200);
    for (let i = 0; i < 3; i++) {
      const { served } = await playRound(150); // every bet loses
      expect(served).toBe(1);
    }
    const { served } = await playRound(150);
    expect(served).toBe(0);
    expect((await betsOf(player.id)).map((b) => b.stake)).toEqual([1_000n, 2_000n, 4_000n]);
    const session = await latestCrashAutobet(player.id);
    expect(session).toMatchObject({ status: "stopped", stopReason: "bets_done", betsDone: 3, profit: -7_000n });
    expect(await mainBalance(player.id)).toBe(93_000n);
  });

  it("stops on profit after a win and skips a voided round", async () => {
    const player = await fundedPlayer(100_000n);
    await startCrashAutobet(player.id, settings({ bets: 10, stopProfit: 500n }), 200);
    const voided = await bettingRound(500);
    await placeAutobets(voided.id);
    await voidRound(voided.id);
    await playRound(500); // wins 1,000 at 2x
    await playRound(500);
    const bets = await betsOf(player.id);
    expect(bets.map((b) => b.status)).toEqual(["voided", "cashed"]);
    expect(await latestCrashAutobet(player.id)).toMatchObject({ status: "stopped", stopReason: "stop_profit", betsDone: 1, profit: 1_000n });
  });

  it("a time-out stops it at the next round with the refusal", async () => {
    const player = await fundedPlayer(100_000n);
    await startCrashAutobet(player.id, settings({ bets: 10 }), 200);
    await playRound(150);
    await takeTimeOut(player.id, "24h");
    await playRound(150);
    expect(await betsOf(player.id)).toHaveLength(1);
    expect(await latestCrashAutobet(player.id)).toMatchObject({ status: "stopped", stopReason: "refused", stopToken: "crash.errors.player_blocked" });
  });

  it("the reality check of the session that started it falling due stops it before the next bet", async () => {
    const player = await fundedPlayer(100_000n);
    const { token } = await sessionFor(player);
    const loginAt = new Date(Date.now() - 10 * 60_000);
    await setRealityMinutes(player.id, token, 15, loginAt);
    await db
      .update(sessions)
      .set({ createdAt: loginAt, realityAckAt: null })
      .where(eq(sessions.id, realitySessionKey(token)));
    await startCrashAutobet(player.id, settings({ bets: 10 }), 200, realitySessionKey(token));
    await playRound(150);
    expect(await betsOf(player.id)).toHaveLength(1);
    // Sixteen minutes since log-in: the 15-minute check is due.
    await db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(sessions.id, realitySessionKey(token)));
    await playRound(150);
    expect(await betsOf(player.id)).toHaveLength(1);
    expect(await latestCrashAutobet(player.id)).toMatchObject({
      status: "stopped",
      stopReason: "refused",
      stopToken: "house.errors.reality_check_due",
    });
  });

  it("cancelled, it bets no more", async () => {
    const player = await fundedPlayer(100_000n);
    await startCrashAutobet(player.id, settings({ bets: 10 }), 200);
    await playRound(150);
    await stopCrashAutobet(player.id);
    await playRound(150);
    const rows = await db
      .select()
      .from(crashBets)
      .where(and(eq(crashBets.playerId, player.id)));
    expect(rows).toHaveLength(1);
    expect(await latestCrashAutobet(player.id)).toMatchObject({ status: "stopped", stopReason: "user" });
  });
});
