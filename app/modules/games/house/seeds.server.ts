// Seed pairs of the seed games (Dice, Mines; fair_seeds): one active pair per player, created on first use. The active
// server seed never leaves this module except through takeNonce (to compute a result on the server); players see
// its SHA-256 until a rotation reveals it. Nonces count bets under a pair and start at 0.
//
// The active pair also holds the *next* server seed, whose hash players see before they choose a client seed: a
// rotation (with or without a new client seed) reveals the active seed, makes the committed next seed the active
// one and commits a new next seed. So no server seed is ever made after the house learns the client seed it is
// paired with (the first pair's client seed is the server's, and players may change it before their first bet).
import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { db, type Executor, type Tx } from "#app/db/db.server.ts";
import { CURRENT_FAIR_ALGORITHM, type FairAlgorithm, fairAlgorithm } from "../fair/algorithms.ts";
import { newServerSeed, sha256Hex } from "../fair/bytes.ts";
import { fairSeeds, gameRounds } from "../schema.ts";
import type { Fairness } from "./game.ts";
import { HouseError } from "./errors.ts";

export type PublicSeed = {
  id: number;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  createdAt: Date;
  /** The SHA-256 of the server seed the next rotation makes active. */
  nextServerSeedHash: string;
  /** fair/algorithms.ts: how this pair's results are read from its bytes. */
  algorithm: FairAlgorithm;
};
/** `lastRound`: the fairness data of the last round played under the pair (its game and nonce), null when none was. */
export type RevealedSeed = Omit<PublicSeed, "nextServerSeedHash"> & { serverSeed: string; revealedAt: Date; lastRound: Fairness | null };
export type SeedForBet = { seedId: number; serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number; algorithm: FairAlgorithm };

const CLIENT_SEED = /^[\x20-\x7e]{1,64}$/;

/** 1-64 printable ASCII characters, without leading or trailing spaces; undefined when not valid. */
export function normaliseClientSeed(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const seed = value.trim();
  return CLIENT_SEED.test(seed) ? seed : undefined;
}

const newClientSeed = () => randomBytes(8).toString("hex");

/** An active pair of `serverSeed` (a new one for the player's first pair) with a newly committed next seed. */
function newPair(playerId: number, clientSeed: string, serverSeed = newServerSeed()) {
  const nextServerSeed = newServerSeed();
  return {
    playerId,
    serverSeed,
    serverSeedHash: sha256Hex(serverSeed),
    clientSeed,
    nonce: 0,
    active: true,
    nextServerSeed,
    nextServerSeedHash: sha256Hex(nextServerSeed),
    algorithm: CURRENT_FAIR_ALGORITHM,
  };
}

/** Creates the player's active pair unless one exists (the partial unique index keeps it to one). */
async function ensureActive(playerId: number, ex: Executor) {
  await ex.insert(fairSeeds).values(newPair(playerId, newClientSeed())).onConflictDoNothing();
}

const publicColumns = {
  id: fairSeeds.id,
  serverSeedHash: fairSeeds.serverSeedHash,
  clientSeed: fairSeeds.clientSeed,
  nonce: fairSeeds.nonce,
  createdAt: fairSeeds.createdAt,
  algorithm: fairSeeds.algorithm,
};
const activeColumns = { ...publicColumns, nextServerSeedHash: fairSeeds.nextServerSeedHash };

/** The columns as stored, typed: the check constraint keeps the next seed's hash on every active pair. */
const asPublic = <T extends { algorithm: number }>(row: T) => ({ ...row, algorithm: fairAlgorithm(row.algorithm) });
const asActive = (row: { nextServerSeedHash: string | null; algorithm: number } & Omit<PublicSeed, "nextServerSeedHash" | "algorithm">) =>
  asPublic({ ...row, nextServerSeedHash: row.nextServerSeedHash! });

/** The active pair as players may see it: the server seed's hash, never the seed. */
export async function getActiveSeed(playerId: number): Promise<PublicSeed> {
  const find = () =>
    db
      .select(activeColumns)
      .from(fairSeeds)
      .where(and(eq(fairSeeds.playerId, playerId), eq(fairSeeds.active, true)));
  let [seed] = await find();
  if (!seed) {
    await ensureActive(playerId, db);
    [seed] = await find();
  }
  return asActive(seed!);
}

/**
 * Takes the next nonce of the player's active pair inside the caller's transaction: one UPDATE that locks the
 * row until commit and returns the nonce before the increment, so parallel bets get distinct nonces.
 */
export async function takeNonce(tx: Tx, playerId: number): Promise<SeedForBet> {
  const take = () =>
    tx
      .update(fairSeeds)
      .set({ nonce: sql`${fairSeeds.nonce} + 1` })
      .where(and(eq(fairSeeds.playerId, playerId), eq(fairSeeds.active, true)))
      .returning({
        seedId: fairSeeds.id,
        serverSeed: fairSeeds.serverSeed,
        serverSeedHash: fairSeeds.serverSeedHash,
        clientSeed: fairSeeds.clientSeed,
        nonce: sql<number>`${fairSeeds.nonce} - 1`.mapWith(Number),
        algorithm: fairSeeds.algorithm,
      });
  let [seed] = await take();
  if (!seed) {
    await ensureActive(playerId, tx);
    [seed] = await take();
  }
  return asPublic(seed!);
}

/**
 * Checks, inside the rotation's transaction (the pair locked), that no round in play holds the pair: revealing its
 * server seed would show the round's outcome. Throws a HouseError to refuse. The games' checks, from the registry.
 */
export type SeedHolds = (tx: Tx) => Promise<void>;

/**
 * Locks the player's active pair (creating it on first use). A parallel rotation that held the lock first has made
 * the row it waited for inactive, so the lock is taken again on the pair that rotation made active.
 */
async function lockActive(tx: Tx, playerId: number) {
  for (;;) {
    await ensureActive(playerId, tx);
    const [row] = await tx
      .select()
      .from(fairSeeds)
      .where(and(eq(fairSeeds.playerId, playerId), eq(fairSeeds.active, true)))
      .for("update");
    if (row) return row;
  }
}

/** Ends the active pair (revealing its server seed) and makes its committed next seed active, with nonce 0. */
async function rotate(playerId: number, clientSeed: string | undefined, holds: SeedHolds): Promise<PublicSeed> {
  return db.transaction(async (tx) => {
    const old = await lockActive(tx, playerId);
    await holds(tx);
    await tx
      .update(fairSeeds)
      .set({ active: false, revealedAt: new Date(), nextServerSeed: null, nextServerSeedHash: null })
      .where(eq(fairSeeds.id, old.id));
    const [next] = await tx
      .insert(fairSeeds)
      .values(newPair(playerId, clientSeed ?? old.clientSeed, old.nextServerSeed!))
      .returning(activeColumns);
    return asActive(next!);
  });
}

/** Sets a new client seed; this rotates the pair (the old server seed is revealed). Public: registry.server.ts. */
export async function setClientSeedPair(playerId: number, seed: unknown, holds: SeedHolds): Promise<PublicSeed> {
  const clientSeed = normaliseClientSeed(seed);
  if (!clientSeed) throw new HouseError("client_seed_invalid", "The client seed must be 1 to 64 printable characters (letters, digits, symbols).");
  return rotate(playerId, clientSeed, holds);
}

/** Reveals the active server seed and starts a new pair with the same client seed. Public: registry.server.ts. */
export async function rotateSeedPair(playerId: number, holds: SeedHolds): Promise<PublicSeed> {
  return rotate(playerId, undefined, holds);
}

/** The player's revealed pairs, newest first; nonce = how many bets used the pair. */
export async function listRevealedSeeds(playerId: number, limit = 20): Promise<RevealedSeed[]> {
  const rows = await db
    .select({ ...publicColumns, serverSeed: fairSeeds.serverSeed, revealedAt: fairSeeds.revealedAt })
    .from(fairSeeds)
    .where(and(eq(fairSeeds.playerId, playerId), eq(fairSeeds.active, false)))
    .orderBy(desc(fairSeeds.id))
    .limit(limit);
  const last = await lastRoundsOf(
    playerId,
    rows.filter((r) => r.nonce > 0).map((r) => r.id),
  );
  return rows.map((r) => ({ ...asPublic(r), revealedAt: r.revealedAt!, lastRound: last.get(r.id) ?? null }));
}

const roundSeedId = sql<number>`(${gameRounds.fairness}->>'seedId')::int`;

/** The last round played under each of these pairs (game_rounds_player_seed_idx), by seed id. */
async function lastRoundsOf(playerId: number, seedIds: number[]): Promise<Map<number, Fairness>> {
  if (!seedIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([roundSeedId], { seedId: roundSeedId, fairness: gameRounds.fairness })
    .from(gameRounds)
    // The index's own condition, spelled out so the planner uses the partial index.
    .where(and(eq(gameRounds.playerId, playerId), sql`${gameRounds.fairness}->>'seedId' is not null`, inArray(roundSeedId, seedIds)))
    .orderBy(roundSeedId, desc(gameRounds.id));
  return new Map(rows.filter((r) => r.fairness).map((r) => [Number(r.seedId), r.fairness as Fairness]));
}
