// Mines through the seamless wallet (these need the wallet implementation): start, reveal, bust, cash out; a move
// acts only on the game it names while that game is the player's in play (a stale tab, another player's id).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, expectInvariants } from "#app/modules/payments/test-helpers.ts";
import { minesPayout } from "./rules.ts";
import { gameRounds } from "../../schema.ts";
import { HouseError } from "../errors.ts";
import { cashOutMines, getMinesState, revealTile, startMines } from "./mines.server.ts";
import { ensureHouseGames, fundedPlayer, mainBalance, minesInPlay } from "../test-helpers.ts";
import { playDice } from "../dice/dice.server.ts";
import { rotateSeed } from "../registry.server.ts";
import { listRevealedSeeds } from "../seeds.server.ts";
import { verifyLink } from "../registry.ts";

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
  return (error as HouseError).code;
}

const safeTiles = (mines: number[]) => Array.from({ length: 25 }, (_, i) => i).filter((t) => !mines.includes(t));

describe("mines", () => {
  it("starts with the stake taken, hides the mines, reveals safe tiles and cashes out at the multiplier", async () => {
    const player = await fundedPlayer(100_000n);
    const started = await startMines(player.id, { stake: 10_000n, mines: 3 });
    expect(started.minePositions).toBeNull();
    expect(started.balance).toBe(90_000n);
    expect((await getMinesState(player.id))!.minePositions).toBeNull();
    const [a, b] = safeTiles(await minesInPlay(player.id));
    const one = await revealTile(player.id, started.id, a!);
    expect(one.status).toBe("playing");
    expect(one.revealed).toEqual([a]);
    expect(one.minePositions).toBeNull();
    expect(await houseError(revealTile(player.id, started.id, a!))).toBe("tile_revealed");
    const two = await revealTile(player.id, started.id, b!);
    expect(two.payout).toBe(minesPayout(10_000n, 3, 2));
    const cashed = await cashOutMines(player.id, started.id);
    expect(cashed.status).toBe("cashed");
    expect(cashed.payout).toBe(minesPayout(10_000n, 3, 2));
    expect(cashed.minePositions).toHaveLength(3);
    expect(await mainBalance(player.id)).toBe(90_000n + cashed.payout);
    const [round] = await db.select().from(gameRounds).where(eq(gameRounds.playerId, player.id));
    expect(round).toMatchObject({ status: "settled", stake: 10_000n, payout: cashed.payout });
    expect(await houseError(cashOutMines(player.id, started.id))).toBe("no_mines_game");
  });

  it("busts on a mine: the round settles with 0 and the mines are shown", async () => {
    const player = await fundedPlayer(100_000n);
    const game = await startMines(player.id, { stake: 5_000n, mines: 5 });
    const mines = await minesInPlay(player.id);
    const busted = await revealTile(player.id, game.id, mines[2]!);
    expect(busted.status).toBe("busted");
    expect(busted.payout).toBe(0n);
    expect([...busted.minePositions!].sort()).toEqual([...mines].sort());
    expect(await mainBalance(player.id)).toBe(95_000n);
    expect(await houseError(revealTile(player.id, game.id, 0))).toBe("no_mines_game");
  });

  it("links a revealed seed pair to the last round played under it: its game, nonce and mine count", async () => {
    const player = await fundedPlayer(100_000n);
    await playDice(player.id, { stake: 1_000n, target: 5000, direction: "under" });
    const game = await startMines(player.id, { stake: 1_000n, mines: 7 });
    await revealTile(player.id, game.id, (await minesInPlay(player.id))[0]!);
    await rotateSeed(player.id);
    // The next pair: Dice only.
    await playDice(player.id, { stake: 1_000n, target: 5000, direction: "under" });
    await rotateSeed(player.id);
    const [diceOnly, both] = await listRevealedSeeds(player.id);
    expect(both!.lastRound).toMatchObject({ game: "mines", nonce: 1, mines: 7, seedId: both!.id });
    expect(verifyLink(both!.lastRound, both!.serverSeed)).toBe(
      `/fair?${new URLSearchParams({ game: "mines", serverSeed: both!.serverSeed, clientSeed: both!.clientSeed, nonce: "1", algorithm: "2", mines: "7" })}#verifier`,
    );
    expect(diceOnly!.lastRound).toMatchObject({ game: "dice", nonce: 0, seedId: diceOnly!.id });
    // Another player's rounds never stand for this player's pairs.
    const other = await fundedPlayer(10_000n);
    await rotateSeed(other.id);
    expect((await listRevealedSeeds(other.id))[0]!.lastRound).toBeNull();
  });

  it("24 mines: the one safe tile cashes out at once at 0.99 x 25", async () => {
    const player = await fundedPlayer(100_000n);
    const game = await startMines(player.id, { stake: 1_000n, mines: 24 });
    const [safe] = safeTiles(await minesInPlay(player.id));
    const done = await revealTile(player.id, game.id, safe!);
    expect(done.status).toBe("cashed");
    expect(done.payout).toBe(24_750n);
    expect(await mainBalance(player.id)).toBe(99_000n + 24_750n);
  });

  it("one game in play per player, even under parallel starts", async () => {
    const player = await fundedPlayer(100_000n);
    const settled = await Promise.allSettled(Array.from({ length: 5 }, () => startMines(player.id, { stake: 1_000n, mines: 1 })));
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(1);
    for (const s of settled) if (s.status === "rejected") expect((s.reason as HouseError).code).toBe("mines_in_play");
    expect(await mainBalance(player.id)).toBe(99_000n);
    const game = (await getMinesState(player.id))!;
    expect(await houseError(cashOutMines(player.id, game.id))).toBe("nothing_revealed");
  });

  it("refuses bad counts, tiles, stakes and stakes above the balance", async () => {
    const player = await fundedPlayer(2_000n);
    expect(await houseError(startMines(player.id, { stake: 1_000n, mines: 0 }))).toBe("mines_invalid");
    expect(await houseError(startMines(player.id, { stake: 1_000n, mines: 25 }))).toBe("mines_invalid");
    expect(await houseError(startMines(player.id, { stake: 500n, mines: 3 }))).toBe("stake_range");
    expect(await houseError(startMines(player.id, { stake: 3_000n, mines: 3 }))).toBe("insufficient_funds");
    expect(await getMinesState(player.id)).toBeNull();
    expect(await houseError(revealTile(player.id, 1, 25))).toBe("tile_invalid");
    expect(await houseError(revealTile(player.id, 1, 3))).toBe("no_mines_game");
  });

  it("acts only on the game a move names while it is the player's game in play: a stale tab changes nothing", async () => {
    const player = await fundedPlayer(100_000n);
    const old = await startMines(player.id, { stake: 1_000n, mines: 3 });
    const [a] = safeTiles(await minesInPlay(player.id));
    await revealTile(player.id, old.id, a!);
    await cashOutMines(player.id, old.id);
    // A second tab started the next game; the first one still shows the old game.
    const current = await startMines(player.id, { stake: 1_000n, mines: 3 });
    const safe = safeTiles(await minesInPlay(player.id));
    const balance = await mainBalance(player.id);
    expect(await houseError(revealTile(player.id, old.id, safe[0]!))).toBe("mines_game_ended");
    expect(await houseError(cashOutMines(player.id, old.id))).toBe("mines_game_ended");
    for (const bad of [0, -1, 1.5, Number.NaN, current.id + 1_000_000]) {
      expect(await houseError(revealTile(player.id, bad, safe[0]!))).toBe("mines_game_ended");
      expect(await houseError(cashOutMines(player.id, bad))).toBe("mines_game_ended");
    }
    expect(await getMinesState(player.id)).toMatchObject({ id: current.id, status: "playing", revealed: [] });
    expect(await mainBalance(player.id)).toBe(balance);
    // The game in play, named by its id, plays on.
    expect((await revealTile(player.id, current.id, safe[0]!)).revealed).toEqual([safe[0]]);
  });

  it("another player's game id is refused the same way, and nothing of either game changes", async () => {
    const owner = await fundedPlayer(100_000n);
    const theirs = await startMines(owner.id, { stake: 1_000n, mines: 3 });
    const ownerSafe = safeTiles(await minesInPlay(owner.id));
    const other = await fundedPlayer(100_000n);
    // With no game of their own in play, and then with one.
    expect(await houseError(revealTile(other.id, theirs.id, ownerSafe[0]!))).toBe("no_mines_game");
    expect(await houseError(cashOutMines(other.id, theirs.id))).toBe("no_mines_game");
    const own = await startMines(other.id, { stake: 1_000n, mines: 3 });
    expect(await houseError(revealTile(other.id, theirs.id, ownerSafe[0]!))).toBe("mines_game_ended");
    expect(await houseError(cashOutMines(other.id, theirs.id))).toBe("mines_game_ended");
    expect(await getMinesState(owner.id)).toMatchObject({ id: theirs.id, status: "playing", revealed: [] });
    expect(await getMinesState(other.id)).toMatchObject({ id: own.id, status: "playing", revealed: [] });
    expect(await mainBalance(owner.id)).toBe(99_000n);
    expect(await mainBalance(other.id)).toBe(99_000n);
  });

  it("50 parallel reveals of one tile of a game open it once; 50 parallel cash-outs pay once", async () => {
    const player = await fundedPlayer(100_000n);
    const game = await startMines(player.id, { stake: 1_000n, mines: 3 });
    const [tile] = safeTiles(await minesInPlay(player.id));
    const reveals = await Promise.allSettled(Array.from({ length: 50 }, () => revealTile(player.id, game.id, tile!)));
    expect(reveals.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of reveals) if (r.status === "rejected") expect((r.reason as HouseError).code).toBe("tile_revealed");
    expect((await getMinesState(player.id))!.revealed).toEqual([tile]);
    const cashes = await Promise.allSettled(Array.from({ length: 50 }, () => cashOutMines(player.id, game.id)));
    expect(cashes.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of cashes) if (r.status === "rejected") expect((r.reason as HouseError).code).toBe("no_mines_game");
    const paid = minesPayout(1_000n, 3, 1);
    expect(await mainBalance(player.id)).toBe(99_000n + paid);
    const rounds = await db.select().from(gameRounds).where(eq(gameRounds.playerId, player.id));
    expect(rounds).toHaveLength(1);
    expect(rounds[0]).toMatchObject({ status: "settled", payout: paid });
  });
});
