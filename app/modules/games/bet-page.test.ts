// The shareable bet page's data (/bet/:id): rounds of our own games played for real through the wallet, the player's
// name masked, a Dice round's server seed only after its pair was rotated, a Mines round's mines only once it ended,
// a Crash round's hash only once it crashed, and no page for provider rounds, ids that are not a round's, or a round's
// id without the tag the server signed it with (nobody walks /bet/1, /bet/2, ... through other players' rounds).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections } from "#app/modules/payments/test-helpers.ts";
import { players } from "#app/modules/players/schema.ts";
import { betPageId, roundOfBetPageId } from "./bet-link.server.ts";
import { betPageLink, getBetPage } from "./bet-page.server.ts";
import { parseRoundId } from "./records.server.ts";
import { cashOut, placeBet, walletRoundId } from "./house/crash/bets.server.ts";
import { CrashHub } from "./house/crash/hub.server.ts";
import { markCrashed, settleCrashedBets } from "./house/crash/rounds.server.ts";
import { bettingRound, ensureCrashGame, roundRow, runRound, testChain } from "./house/crash/test-helpers.ts";
import { playDice } from "./house/dice/dice.server.ts";
import { multiplierText } from "./house/dice/rules.ts";
import { cashOutMines, revealTile, startMines } from "./house/mines/mines.server.ts";
import { rotateSeed, verifyFairness } from "./house/registry.server.ts";
import { fundedPlayer, minesInPlay, serverSeedOf } from "./house/test-helpers.ts";
import { gameProviders, gameRounds } from "./schema.ts";

beforeAll(ensureCrashGame);
afterAll(closeIdleConnections);

/** The record id of a player's round by its wallet round id. */
async function recordId(playerId: number, roundId: string) {
  const [row] = await db
    .select({ id: gameRounds.id })
    .from(gameRounds)
    .where(and(eq(gameRounds.playerId, playerId), eq(gameRounds.roundId, roundId)));
  return row!.id;
}

async function usernameOf(playerId: number) {
  const [row] = await db.select({ username: players.username }).from(players).where(eq(players.id, playerId));
  return row!.username;
}

describe("a Dice round", () => {
  it("shows the bet with the name masked; the server seed and the verify link only once the pair is rotated", async () => {
    const player = await fundedPlayer(100_000n);
    const rolled = await playDice(player.id, { stake: 5_000n, target: 5000, direction: "under" });
    const id = await recordId(player.id, rolled.roundId);
    const username = await usernameOf(player.id);

    const before = (await getBetPage(betPageId(id)))!;
    expect(before).toMatchObject({
      id,
      gameId: "dice",
      game: "Dice",
      player: `${username.slice(0, 2)}***${username.slice(-1)}`,
      status: "settled",
      stake: "50.00",
      payout: rolled.win ? "99.00" : "0.00",
      profit: rolled.win ? "49.00" : "\u221250.00",
      multiplier: rolled.win ? multiplierText(rolled.multiplier) : "0.00",
      result: { key: "roll" },
      verify: null,
    });
    expect(before.placedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(before.fairness).toMatchObject({
      seedPair: true,
      serverSeedHash: rolled.serverSeedHash,
      serverSeed: null,
      clientSeed: rolled.clientSeed,
      nonce: String(rolled.nonce),
      hash: null,
    });
    const secret = await serverSeedOf(rolled.seedId);
    expect(JSON.stringify(before)).not.toContain(secret);
    expect(JSON.stringify(before)).not.toContain(username);

    await rotateSeed(player.id);
    const after = (await getBetPage(betPageId(id)))!;
    expect(after.fairness.serverSeed).toBe(secret);
    expect(after.verify).toBe(
      `/fair?${new URLSearchParams({ game: "dice", serverSeed: secret, clientSeed: rolled.clientSeed, nonce: String(rolled.nonce), algorithm: "2" })}#verifier`,
    );
  });
});

describe("a Mines round", () => {
  it("hides the mines while the game is in play and shows them once it has ended", async () => {
    const player = await fundedPlayer(100_000n);
    const started = await startMines(player.id, { stake: 2_000n, mines: 3 });
    const mines = await minesInPlay(player.id);
    const id = await recordId(player.id, `mines:${started.id}`);
    const open = (await getBetPage(betPageId(id)))!;
    expect(open).toMatchObject({ gameId: "mines", status: "open", stake: "20.00", payout: null, profit: null, multiplier: null, verify: null });
    expect(open.fairness).toMatchObject({ mines: "3", minePositions: null, serverSeed: null });

    const safe = Array.from({ length: 25 }, (_, i) => i).find((tile) => !mines.includes(tile))!;
    await revealTile(player.id, started.id, safe);
    const cashed = await cashOutMines(player.id, started.id);
    const ended = (await getBetPage(betPageId(id)))!;
    expect(ended).toMatchObject({ status: "settled", payout: "22.50", result: { key: "mines", params: { mines: "3" } } });
    expect(ended.multiplier).toBe("1.1250");
    expect(ended.fairness.minePositions).toBe(mines.join(", "));
    expect(ended.fairness.serverSeed).toBeNull();
    expect(ended.verify).toBeNull();
    expect(cashed.status).toBe("cashed");

    await rotateSeed(player.id);
    const revealed = (await getBetPage(betPageId(id)))!;
    expect(revealed.fairness.serverSeed).not.toBeNull();
    expect(revealed.verify).toContain("game=mines");
    expect(revealed.verify).toContain("mines=3");
  });
});

describe("a Crash round", () => {
  const hub = new CrashHub(false);

  it("keeps the round's hash from a bet cashed out before the crash, and shows it with the salt and a verify link after", async () => {
    const round = await bettingRound(1_000_000);
    const player = await fundedPlayer(100_000n);
    await placeBet(player.id, { stake: 10_000n, autoCashout: 150 });
    await runRound(round.id, 20_000);
    await cashOut(player.id);
    const id = await recordId(player.id, walletRoundId(round.id));
    const running = (await getBetPage(betPageId(id)))!;
    expect(running).toMatchObject({ gameId: "crash", status: "settled", payout: "150.00", multiplier: "1.50", verify: null });
    expect(running.fairness).toMatchObject({ seedPair: false, hash: null, salt: null, serverSeedHash: null });
    expect(JSON.stringify(running)).not.toContain(round.hash);

    await markCrashed(round.id);
    await settleCrashedBets(hub, await roundRow(round.id), (await testChain()).salt);
    const crashed = (await getBetPage(betPageId(id)))!;
    const salt = (await testChain()).salt;
    expect(crashed.fairness).toMatchObject({ hash: round.hash, salt });
    expect(crashed.verify).toBe(
      `/fair?${new URLSearchParams({ game: "crash", hash: round.hash, salt, gameNumber: String(round.gameNumber) })}#verifier`,
    );
    // The verifier walks the round's hash back to its chain's published terminating hash.
    const checked = (await verifyFairness(new URL(crashed.verify!, "http://x").searchParams)).result!;
    expect(checked.chain).toEqual({ gameNumber: round.gameNumber, reaches: (await testChain()).terminatingHash, chainId: (await testChain()).id });
  });

  it("a lost bet: multiplier 0.00 and the crash point", async () => {
    const round = await bettingRound(150);
    const player = await fundedPlayer(100_000n);
    await placeBet(player.id, { stake: 1_000n, autoCashout: null });
    await runRound(round.id, 60_000);
    await markCrashed(round.id);
    await settleCrashedBets(hub, await roundRow(round.id), (await testChain()).salt);
    const page = (await getBetPage(betPageId(await recordId(player.id, walletRoundId(round.id)))))!;
    expect(page).toMatchObject({ multiplier: "0.00", payout: "0.00", result: { key: "crashPoint", params: { point: "1.50" } } });
    expect(page.verify).toContain("game=crash");
  });
});

describe("no page", () => {
  it("for a provider's round, even one carrying a house game's fairness data", async () => {
    const player = await fundedPlayer(0n);
    const [ka] = await db.insert(gameProviders).values({ platform: "BPKA", name: "KA Gaming" }).returning();
    const [row] = await db
      .insert(gameRounds)
      .values({
        providerId: ka!.id,
        playerId: player.id,
        roundId: "ka-1",
        gameCode: "KA-SLOT-TIGER",
        gameType: "SLOT",
        platform: "BPKA",
        currency: "BDT",
        stake: 1_000n,
        payout: 0n,
        status: "settled",
        settledAt: new Date(),
        fairness: { game: "dice", seedId: 1, clientSeed: "x", nonce: 0 },
      })
      .returning();
    expect(await getBetPage(betPageId(row!.id))).toBeUndefined();
    expect(betPageLink({ id: row!.id, platform: "BPKA", fairness: row!.fairness })).toBeNull();
    expect(betPageLink({ id: 7, platform: "HOUSE", fairness: { game: "dice" } })).toBe(`/bet/${betPageId(7)}`);
    expect(betPageLink({ id: 7, platform: "HOUSE", fairness: null })).toBeNull();
  });

  it("for a round's id without its tag, with another round's tag or with a changed tag; ids are signed, not counted", async () => {
    const player = await fundedPlayer(100_000n);
    const rolled = await Promise.all([0, 1, 2].map(() => playDice(player.id, { stake: 1_000n, target: 5000, direction: "under" })));
    const [before, id, after] = (await Promise.all(rolled.map((r) => recordId(player.id, r.roundId)))) as [number, number, number];
    const pageId = betPageId(id);
    expect(pageId).toMatch(new RegExp(`^${id}-[A-Za-z0-9_-]{16}$`));
    expect(betPageId(id)).toBe(pageId);
    expect(roundOfBetPageId(pageId)).toBe(id);
    expect((await getBetPage(pageId))?.id).toBe(id);
    const tag = pageId.slice(String(id).length + 1);
    const flipped = `${tag.slice(0, -1)}${tag.endsWith("A") ? "B" : "A"}`;
    const otherTag = betPageId(before).slice(String(before).length + 1);
    for (const bad of [
      String(id),
      `${id}-`,
      `${id}-${flipped}`,
      `${id}-${otherTag}`,
      `${before}-${tag}`,
      `${after}-${tag}`,
      `0${id}-${tag}`,
      `${id}-${tag}x`,
      `${id}-${tag.slice(0, -1)}`,
      `${id}-${tag.toLowerCase() === tag ? tag.toUpperCase() : tag.toLowerCase()}`,
      `${id}_${tag}`,
      ` ${pageId}`,
      `${pageId}\u0000`,
      `${id}-${"é".repeat(16)}`,
      `${"9".repeat(16)}-${tag}`,
      `2147483648-${tag}`,
    ]) {
      expect(roundOfBetPageId(bad), bad).toBeNull();
      expect(await getBetPage(bad), bad).toBeUndefined();
    }
    // The neighbours open with their own links only.
    expect((await getBetPage(betPageId(before)))?.id).toBe(before);
    expect((await getBetPage(betPageId(after)))?.id).toBe(after);
  });

  it("for ids that are not a round's", async () => {
    for (const id of ["abc", "-1", "0", "1.5", "1e3", " 1", "", "2147483648", "999999999999999", "9".repeat(20), "1\u0000", undefined, 5])
      expect(await getBetPage(id)).toBeUndefined();
    // Well signed, but no round has the id (past int4, or never played).
    for (const id of [2147483648, 999_999_999_999_999]) expect(await getBetPage(betPageId(id))).toBeUndefined();
    expect(parseRoundId("42")).toBe(42);
    expect(parseRoundId("0042")).toBe(42);
    expect(parseRoundId("9".repeat(16))).toBeNull();
  });
});
