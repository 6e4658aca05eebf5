// Dice through the seamless wallet (these need the wallet implementation) and its refusals.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, expectInvariants } from "#app/modules/payments/test-helpers.ts";
import { diceRoll } from "./fair.ts";
import { diceMultiplier, dicePayout } from "./rules.ts";
import { gameRounds, games } from "../../schema.ts";
import { playDice } from "./dice.server.ts";
import { HouseError } from "../errors.ts";
import { DICE_CODE } from "./game.ts";
import { rotateSeed } from "../registry.server.ts";
import { getActiveSeed, listRevealedSeeds } from "../seeds.server.ts";
import { ensureHouseGames, fundedPlayer, mainBalance } from "../test-helpers.ts";

beforeAll(ensureHouseGames);
afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

async function houseError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HouseError);
  return error as HouseError;
}

describe("playDice", () => {
  it("takes the stake, pays the multiplier on a win, records the round and verifies after rotation", async () => {
    const player = await fundedPlayer(100_000n);
    const hash = (await getActiveSeed(player.id)).serverSeedHash;
    const results: Awaited<ReturnType<typeof playDice>>[] = [];
    let balance = 100_000n;
    for (let i = 0; i < 6; i++) {
      const r = await playDice(player.id, { stake: 1000n, target: 5000, direction: i % 2 ? "over" : "under" });
      balance += r.payout - 1000n;
      expect(r.nonce).toBe(i);
      expect(r.serverSeedHash).toBe(hash);
      expect(r.multiplier).toBe(diceMultiplier(5000, r.direction));
      expect(r.payout).toBe(r.win ? dicePayout(1000n, r.multiplier) : 0n);
      expect(r.balance).toBe(balance);
      results.push(r);
    }
    expect(await mainBalance(player.id)).toBe(balance);
    const rounds = await db.select().from(gameRounds).where(eq(gameRounds.playerId, player.id));
    expect(rounds).toHaveLength(6);
    expect(rounds.every((r) => r.status === "settled" && r.stake === 1000n)).toBe(true);
    const first = rounds.find((r) => r.roundId === results[0]!.roundId)!;
    expect(first.fairness).toMatchObject({ game: "dice", nonce: 0, roll: results[0]!.roll, serverSeedHash: hash, target: 5000, direction: "under" });

    await rotateSeed(player.id);
    const [revealed] = await listRevealedSeeds(player.id);
    // A pair made today reads its rolls with the published formulas, and its rounds say so.
    expect(revealed!.algorithm).toBe(2);
    expect(first.fairness).toMatchObject({ algorithm: 2 });
    for (const r of results) expect(diceRoll(revealed!.serverSeed, r.clientSeed, r.nonce, 2)).toBe(r.roll);
  });

  it("50 parallel bets use 50 distinct nonces and never overdraw", async () => {
    const player = await fundedPlayer(30_000n);
    const settled = await Promise.allSettled(
      Array.from({ length: 50 }, () => playDice(player.id, { stake: 1000n, target: 9800, direction: "under" })),
    );
    const ok = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    const refused = settled.flatMap((s) => (s.status === "rejected" ? [s.reason as HouseError] : []));
    expect(refused.every((e) => e instanceof HouseError && e.code === "insufficient_funds")).toBe(true);
    expect(ok.length).toBeGreaterThanOrEqual(30);
    expect(new Set(ok.map((r) => r.nonce)).size).toBe(ok.length);
    // Refused bets rolled back their nonce: the used ones are exactly 0..n-1.
    expect(ok.map((r) => r.nonce).sort((a, b) => a - b)).toEqual(Array.from({ length: ok.length }, (_, i) => i));
    const balance = await mainBalance(player.id);
    expect(balance).toBeGreaterThanOrEqual(0n);
    expect(balance).toBe(30_000n + ok.reduce((sum, r) => sum + r.payout - r.stake, 0n));
    // The wallet runs in the play's transaction without savepoints: a refused bet leaves no round behind either.
    expect(await db.select({ id: gameRounds.id }).from(gameRounds).where(eq(gameRounds.playerId, player.id))).toHaveLength(ok.length);
  });

  it("refuses stakes outside the game's limits, bad targets and insufficient funds with clear messages", async () => {
    const player = await fundedPlayer(5_000n);
    const low = await houseError(playDice(player.id, { stake: 999n, target: 5000, direction: "under" }));
    expect(low.code).toBe("stake_range");
    expect(low.message).toBe("The stake must be between ৳10.00 and ৳25,000.00.");
    expect((await houseError(playDice(player.id, { stake: 2_500_001n, target: 5000, direction: "under" }))).code).toBe("stake_range");
    expect((await houseError(playDice(player.id, { stake: 1000n, target: 9801, direction: "under" }))).code).toBe("target_invalid");
    expect((await houseError(playDice(player.id, { stake: 1000n, target: 199, direction: "over" }))).code).toBe("target_invalid");
    expect((await houseError(playDice(player.id, { stake: 1000n, target: 5000, direction: "sideways" as "under" }))).code).toBe("direction_invalid");
    const broke = await houseError(playDice(player.id, { stake: 6_000n, target: 5000, direction: "under" }));
    expect(broke.code).toBe("insufficient_funds");
    expect(await mainBalance(player.id)).toBe(5_000n);
    expect((await getActiveSeed(player.id)).nonce).toBe(0);
    expect(await db.select({ id: gameRounds.id }).from(gameRounds).where(eq(gameRounds.playerId, player.id))).toEqual([]);
  });

  it("refuses when the game is switched off", async () => {
    const player = await fundedPlayer(5_000n);
    await db.update(games).set({ active: false }).where(eq(games.code, DICE_CODE));
    try {
      expect((await houseError(playDice(player.id, { stake: 1000n, target: 5000, direction: "under" }))).code).toBe("game_unavailable");
    } finally {
      await db
        .update(games)
        .set({ active: true })
        .where(and(eq(games.code, DICE_CODE)));
    }
  });
});
