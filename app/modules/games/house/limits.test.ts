// Max win per bet (issue 30) in Dice and Mines: a win pays at most the game row's max win, and the round's
// fairness data says when it was capped.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, expectInvariants } from "#app/modules/payments/test-helpers.ts";
import { gameRounds, games } from "../schema.ts";
import { playDice } from "./dice/dice.server.ts";
import { dicePayout } from "./dice/rules.ts";
import { DICE_CODE } from "./dice/game.ts";
import { cashOutMines, revealTile, startMines } from "./mines/mines.server.ts";
import { MINES_CODE } from "./mines/game.ts";
import { minesPayout } from "./mines/rules.ts";
import { capPayout } from "./limits.ts";
import { ensureHouseGames, fundedPlayer, mainBalance, minesInPlay } from "./test-helpers.ts";

beforeAll(ensureHouseGames);
afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

const setMaxWin = (code: string, maxWin: bigint) => db.update(games).set({ maxWin }).where(eq(games.code, code));

async function fairnessOf(playerId: number, roundId: string) {
  const [round] = await db
    .select({ fairness: gameRounds.fairness, payout: gameRounds.payout })
    .from(gameRounds)
    .where(and(eq(gameRounds.playerId, playerId), eq(gameRounds.roundId, roundId)));
  return round!;
}

describe("capPayout", () => {
  it("holds a payout to the max win and says when it did", () => {
    expect(capPayout(500n, 1000n)).toEqual({ payout: 500n, capped: false });
    expect(capPayout(1000n, 1000n)).toEqual({ payout: 1000n, capped: false });
    expect(capPayout(1001n, 1000n)).toEqual({ payout: 1000n, capped: true });
  });
});

describe("Dice max win", () => {
  it("a win pays at most the max win; the round's fairness data says capped", async () => {
    await setMaxWin(DICE_CODE, 10_050n);
    try {
      const player = await fundedPlayer(1_000_000n);
      let win: Awaited<ReturnType<typeof playDice>> | undefined;
      // 98% win chance at ~1.0102×: 10,000 would pay 10,102; the max win holds it to 10,050.
      for (let i = 0; i < 20 && !win; i++) {
        const r = await playDice(player.id, { stake: 10_000n, target: 9800, direction: "under" });
        if (r.win) win = r;
        else expect(r).toMatchObject({ payout: 0n, capped: false });
      }
      expect(dicePayout(10_000n, win!.multiplier)).toBeGreaterThan(10_050n);
      expect(win).toMatchObject({ payout: 10_050n, capped: true });
      const round = await fairnessOf(player.id, win!.roundId);
      expect(round.payout).toBe(10_050n);
      expect(round.fairness).toMatchObject({ game: "dice", capped: true, maxWin: "10050" });
    } finally {
      await setMaxWin(DICE_CODE, 100_000_000n);
    }
  });

  it("an uncapped win pays stake × multiplier and is not marked", async () => {
    const player = await fundedPlayer(1_000_000n);
    for (let i = 0; i < 20; i++) {
      const r = await playDice(player.id, { stake: 10_000n, target: 9800, direction: "under" });
      if (!r.win) continue;
      expect(r).toMatchObject({ payout: dicePayout(10_000n, r.multiplier), capped: false });
      expect((await fairnessOf(player.id, r.roundId)).fairness).not.toHaveProperty("capped");
      return;
    }
    throw new Error("no win in 20 rolls at 98%");
  });
});

describe("Mines max win", () => {
  it("the cash-out value and the cash-out pay at most the max win fixed at the start", async () => {
    await setMaxWin(MINES_CODE, 5_000n);
    try {
      const player = await fundedPlayer(100_000n);
      const game = await startMines(player.id, { stake: 1000n, mines: 24 });
      // Raising it afterwards does not change the game in play.
      await setMaxWin(MINES_CODE, 100_000_000n);
      const mines = await minesInPlay(player.id);
      const tile = Array.from({ length: 25 }, (_, i) => i).find((t) => !mines.includes(t))!;
      // 24 mines: the one safe tile ends the game, paying 24.75× (24,750) held to 5,000.
      const ended = await revealTile(player.id, game.id, tile);
      expect(minesPayout(1000n, 24, 1)).toBeGreaterThan(5_000n);
      expect(ended).toMatchObject({ status: "cashed", payout: 5_000n });
      expect(await mainBalance(player.id)).toBe(104_000n);
      const round = await fairnessOf(player.id, `mines:${ended.id}`);
      expect(round.fairness).toMatchObject({ game: "mines", capped: true, maxWin: "5000" });
    } finally {
      await setMaxWin(MINES_CODE, 100_000_000n);
    }
  });

  it("a manual cash-out is capped too, and shows the capped value while playing", async () => {
    await setMaxWin(MINES_CODE, 1_500n);
    try {
      const player = await fundedPlayer(100_000n);
      const game = await startMines(player.id, { stake: 1000n, mines: 3 });
      const mines = await minesInPlay(player.id);
      const safe = Array.from({ length: 25 }, (_, i) => i).filter((t) => !mines.includes(t));
      let view = await revealTile(player.id, game.id, safe[0]!);
      for (let k = 1; minesPayout(1000n, 3, k) <= 1_500n; k++) view = await revealTile(player.id, game.id, safe[k]!);
      expect(view.status).toBe("playing");
      expect(view.payout).toBe(1_500n);
      const cashed = await cashOutMines(player.id, game.id);
      expect(cashed).toMatchObject({ status: "cashed", payout: 1_500n });
      expect((await fairnessOf(player.id, `mines:${cashed.id}`)).fairness).toMatchObject({ capped: true });
    } finally {
      await setMaxWin(MINES_CODE, 100_000_000n);
    }
  });
});
