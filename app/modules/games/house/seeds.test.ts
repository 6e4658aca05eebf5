import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, createPlayer } from "#app/modules/payments/test-helpers.ts";
import { sha256Hex } from "../fair/bytes.ts";
import { fairSeeds, minesGames } from "../schema.ts";
import { HouseError } from "./errors.ts";
import { rotateSeed, setClientSeed } from "./registry.server.ts";
import { getActiveSeed, listRevealedSeeds, takeNonce } from "./seeds.server.ts";

afterAll(closeIdleConnections);

async function expectHouseError(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HouseError);
  expect((error as HouseError).code).toBe(code);
}

describe("seed pairs", () => {
  it("creates one active pair on first use and shows only the server seed's hash", async () => {
    const player = await createPlayer();
    const [a, b] = await Promise.all([getActiveSeed(player.id), getActiveSeed(player.id)]);
    expect(a.id).toBe(b.id);
    expect(a).not.toHaveProperty("serverSeed");
    expect(a.nonce).toBe(0);
    const rows = await db.select().from(fairSeeds).where(eq(fairSeeds.playerId, player.id));
    expect(rows).toHaveLength(1);
    expect(sha256Hex(rows[0]!.serverSeed)).toBe(a.serverSeedHash);
    expect(rows[0]!.serverSeed).toMatch(/^[0-9a-f]{64}$/);
  });

  it("takes nonces 0, 1, 2 ... and 50 parallel takes get 50 distinct nonces", async () => {
    const player = await createPlayer();
    const first = await db.transaction((tx) => takeNonce(tx, player.id));
    expect(first.nonce).toBe(0);
    expect(sha256Hex(first.serverSeed)).toBe(first.serverSeedHash);
    const taken = await Promise.all(Array.from({ length: 50 }, () => db.transaction((tx) => takeNonce(tx, player.id))));
    expect(new Set(taken.map((t) => t.nonce)).size).toBe(50);
    expect(taken.map((t) => t.nonce).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect((await getActiveSeed(player.id)).nonce).toBe(51);
  });

  it("a new player's first 20 parallel bets share one new pair", async () => {
    const player = await createPlayer();
    const taken = await Promise.all(Array.from({ length: 20 }, () => db.transaction((tx) => takeNonce(tx, player.id))));
    expect(new Set(taken.map((t) => t.seedId)).size).toBe(1);
    expect(new Set(taken.map((t) => t.nonce)).size).toBe(20);
  });

  it("a new client seed rotates: the old server seed is revealed, the new pair starts at nonce 0", async () => {
    const player = await createPlayer();
    const old = await getActiveSeed(player.id);
    await db.transaction((tx) => takeNonce(tx, player.id));
    const next = await setClientSeed(player.id, "  my seed: ascii only ");
    expect(next.clientSeed).toBe("my seed: ascii only");
    expect(next.nonce).toBe(0);
    expect(next.serverSeedHash).not.toBe(old.serverSeedHash);
    const [revealed] = await listRevealedSeeds(player.id);
    expect(revealed!.id).toBe(old.id);
    expect(sha256Hex(revealed!.serverSeed)).toBe(old.serverSeedHash);
    expect(revealed!.nonce).toBe(1);
    expect(revealed!.revealedAt).toBeInstanceOf(Date);
  });

  it("commits the next server seed before the client seed is chosen: a rotation activates exactly that seed", async () => {
    const player = await createPlayer();
    const first = await getActiveSeed(player.id);
    expect(first.nextServerSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.nextServerSeedHash).not.toBe(first.serverSeedHash);
    expect(first.algorithm).toBe(2);
    // The player sets a client seed before the first bet: the pair's server seed is the one committed before.
    const chosen = await setClientSeed(player.id, "chosen after seeing the hash");
    expect(chosen.serverSeedHash).toBe(first.nextServerSeedHash);
    expect(chosen.nextServerSeedHash).not.toBe(first.nextServerSeedHash);
    const bet = await db.transaction((tx) => takeNonce(tx, player.id));
    expect(sha256Hex(bet.serverSeed)).toBe(first.nextServerSeedHash);
    expect(bet.clientSeed).toBe("chosen after seeing the hash");
    const rotated = await rotateSeed(player.id);
    expect(rotated.serverSeedHash).toBe(chosen.nextServerSeedHash);
    // A revealed pair keeps no next seed (it is the active one now); only the active pair holds one.
    const rows = await db.select().from(fairSeeds).where(eq(fairSeeds.playerId, player.id));
    expect(rows.filter((r) => r.nextServerSeed !== null).map((r) => r.id)).toEqual([rotated.id]);
    expect(rows.every((r) => r.active || r.nextServerSeedHash === null)).toBe(true);
  });

  it("50 parallel rotations each rotate the pair the one before made active, and none fails", async () => {
    const player = await createPlayer();
    const start = await getActiveSeed(player.id);
    const results = await Promise.all(Array.from({ length: 50 }, () => rotateSeed(player.id)));
    expect(new Set(results.map((r) => r.id)).size).toBe(50);
    const rows = await db.select().from(fairSeeds).where(eq(fairSeeds.playerId, player.id)).orderBy(fairSeeds.id);
    expect(rows).toHaveLength(51);
    expect(rows.filter((r) => r.active)).toHaveLength(1);
    // Every server seed after the first was the next seed committed while the pair before it was active.
    expect(sha256Hex(rows[1]!.serverSeed)).toBe(start.nextServerSeedHash);
    expect(new Set(rows.map((r) => r.serverSeed)).size).toBe(51);
  });

  it("keeps each pair's algorithm: a pair made before the published formulas stays on version 1 until rotated", async () => {
    const player = await createPlayer();
    const seed = await getActiveSeed(player.id);
    await db.update(fairSeeds).set({ algorithm: 1 }).where(eq(fairSeeds.id, seed.id));
    expect((await db.transaction((tx) => takeNonce(tx, player.id))).algorithm).toBe(1);
    expect((await rotateSeed(player.id)).algorithm).toBe(2);
    const [revealed] = await listRevealedSeeds(player.id);
    expect(revealed).toMatchObject({ id: seed.id, algorithm: 1 });
  });

  it("refuses client seeds that are empty, too long or not printable", async () => {
    const player = await createPlayer();
    for (const bad of ["", "   ", "x".repeat(65), "tab\there", "বাংলা", 42])
      await expectHouseError(setClientSeed(player.id, bad), "client_seed_invalid");
    expect(await listRevealedSeeds(player.id)).toEqual([]);
    expect((await setClientSeed(player.id, "x".repeat(64))).clientSeed).toHaveLength(64);
  });

  it("rotation keeps the client seed, and each player sees only their own revealed seeds", async () => {
    const [p1, p2] = [await createPlayer(), await createPlayer()];
    const before = await getActiveSeed(p1.id);
    const after = await rotateSeed(p1.id);
    expect(after.clientSeed).toBe(before.clientSeed);
    expect(await listRevealedSeeds(p1.id)).toHaveLength(1);
    expect(await listRevealedSeeds(p2.id)).toEqual([]);
  });

  it("refuses to rotate while a Mines game drawn from the pair is in play", async () => {
    const player = await createPlayer();
    const seed = await getActiveSeed(player.id);
    await db.insert(minesGames).values({ playerId: player.id, seedId: seed.id, nonce: 0, mines: 3, stake: 1000n, currency: "BDT" });
    await expectHouseError(rotateSeed(player.id), "mines_in_play");
    await expectHouseError(setClientSeed(player.id, "abc"), "mines_in_play");
    expect((await getActiveSeed(player.id)).id).toBe(seed.id);
  });
});
