// The Crash hash chain: created on first need, recomputed in memory from its seed when the engine starts.
// Game n uses chain hash n (game 1 = the last hash generated). The terminating hash and the salt are published
// (page, /fair) before game 1. The salt is 32 random bytes made with the chain; a real deployment would instead
// announce the chain's terminating hash first and then take as salt the hash of a public block mined afterwards,
// so that the operator could not have chosen the seed knowing the salt.
import { randomBytes } from "node:crypto";
import { desc, eq, max } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { newServerSeed } from "../../fair/bytes.ts";
import { hashChain, terminatingHash } from "./fair.ts";
import { crashChains, crashRounds } from "../../schema.ts";

export const CHAIN_LENGTH = 100_000;

export type LoadedChain = { id: number; length: number; salt: string; terminatingHash: string; hashes: string[] };

/** The hash of game n (1-based) of a loaded chain. */
export function gameHash(chain: LoadedChain, gameNumber: number): string {
  const hash = chain.hashes[chain.length - gameNumber];
  if (!hash) throw new RangeError(`game ${gameNumber} is outside the chain of ${chain.length}`);
  return hash;
}

function load(row: typeof crashChains.$inferSelect): LoadedChain {
  const hashes = hashChain(row.seed, row.length);
  if (terminatingHash(hashes) !== row.terminatingHash) throw new Error(`crash chain ${row.id}: the seed does not give the stored terminating hash`);
  return { id: row.id, length: row.length, salt: row.salt, terminatingHash: row.terminatingHash, hashes };
}

export async function createChain(length = CHAIN_LENGTH, ex: Executor = db): Promise<LoadedChain> {
  const seed = newServerSeed();
  const hashes = hashChain(seed, length);
  const [row] = await ex
    .insert(crashChains)
    .values({ seed, length, terminatingHash: terminatingHash(hashes), salt: randomBytes(32).toString("hex") })
    .returning();
  return { id: row!.id, length, salt: row!.salt, terminatingHash: row!.terminatingHash, hashes };
}

/** The newest chain, loaded into memory, or a new one when there is none yet. */
export async function ensureChain(length = CHAIN_LENGTH): Promise<LoadedChain> {
  const [row] = await db.select().from(crashChains).orderBy(desc(crashChains.id)).limit(1);
  return row ? load(row) : createChain(length);
}

/** The next game number of a chain (1 for a new one). */
export async function nextGameNumber(chainId: number, ex: Executor = db): Promise<number> {
  const [row] = await ex
    .select({ last: max(crashRounds.gameNumber) })
    .from(crashRounds)
    .where(eq(crashRounds.chainId, chainId));
  return (row?.last ?? 0) + 1;
}

/** What the page publishes about the chain in use: never the seed. */
export async function publishedChain(): Promise<{ terminatingHash: string; salt: string; length: number } | null> {
  const [row] = await db
    .select({ terminatingHash: crashChains.terminatingHash, salt: crashChains.salt, length: crashChains.length })
    .from(crashChains)
    .orderBy(desc(crashChains.id))
    .limit(1);
  return row ?? null;
}
