// The Crash hash chain and its seeding event. Game n uses chain hash n (game 1 = the last hash generated).
//
// The event, so that the operator cannot choose a chain that suits the salt: (1) staff publish a chain: its seed
// stays secret, its terminating hash is shown on /fair with the time and written to the audit log, together with
// the public value announced to become the salt (a named future drand round or block hash); (2) once that value
// exists, staff enter it as the salt (once; audited). No round of a chain starts before its salt is fixed. In demo
// (play-money) mode, when no chain can be played and none is waiting for its salt, the server makes one with a
// random salt itself, labelled as such. The chain is recomputed in memory from its seed when the engine loads it.
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, isNotNull, isNull, max, sql } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { audit } from "#app/modules/audit/index.server.ts";
import { readGeneralSettings } from "#app/modules/settings/index.server.ts";
import { newServerSeed } from "../../fair/bytes.ts";
import { crashChains, crashRounds } from "../../schema.ts";
import { HouseError } from "../errors.ts";
import { readSeedText } from "../game.ts";
import { hashChain, terminatingHash } from "./fair.ts";

export const CHAIN_LENGTH = 100_000;

/** The salt source of a chain the server seeded itself (demo mode and tests), as /fair shows it. */
export const DEMO_SALT_SOURCE = "demo: random bytes chosen by the server (play money; no seeding event)";

export type LoadedChain = { id: number; length: number; salt: string; terminatingHash: string; hashes: string[] };

/** A chain as anyone may see it: never the seed; the salt once fixed. */
export type PublicChain = {
  id: number;
  length: number;
  terminatingHash: string;
  saltSource: string;
  salt: string | null;
  publishedAt: Date;
  saltFixedAt: Date | null;
  gamesPlayed: number;
};

type Actor = { staffId: number | null; ip?: string | null };

/**
 * How many games a chain has played: its highest game number, read per chain from the (chain_id, game_number) index
 * (a correlated subquery instead of a join and GROUP BY over every round). The names are spelled out: drizzle leaves
 * the columns of a one-table select unqualified, so an unqualified "id" inside the subquery would be the round's own.
 */
const gamesPlayed =
  sql<number>`coalesce((select max("crash_rounds"."game_number") from "crash_rounds" where "crash_rounds"."chain_id" = "crash_chains"."id"), 0)`.mapWith(
    Number,
  );

/** The hash of game n (1-based) of a loaded chain. */
export function gameHash(chain: LoadedChain, gameNumber: number): string {
  const hash = chain.hashes[chain.length - gameNumber];
  if (!hash) throw new RangeError(`game ${gameNumber} is outside the chain of ${chain.length}`);
  return hash;
}

function load(row: typeof crashChains.$inferSelect): LoadedChain {
  if (row.salt === null) throw new Error(`crash chain ${row.id}: its salt is not fixed yet`);
  const hashes = hashChain(row.seed, row.length);
  if (terminatingHash(hashes) !== row.terminatingHash) throw new Error(`crash chain ${row.id}: the seed does not give the stored terminating hash`);
  return { id: row.id, length: row.length, salt: row.salt, terminatingHash: row.terminatingHash, hashes };
}

/** What the salt source must be: a short printable description (1-200 characters). */
function readSaltSource(raw: unknown): string {
  const value = typeof raw === "string" ? raw.trim() : "";
  if (!/^[\x20-\x7e]{1,200}$/.test(value)) throw new HouseError("chain_source_invalid", "Describe the public value that will become the salt.");
  return value;
}

/** Step 1: a new chain with its terminating hash published and its salt source announced (audited). */
export async function publishChain(input: { saltSource: unknown; length?: number }, actor: Actor): Promise<{ id: number; terminatingHash: string }> {
  const saltSource = readSaltSource(input.saltSource);
  const length = input.length ?? CHAIN_LENGTH;
  const seed = newServerSeed();
  const terminating = terminatingHash(hashChain(seed, length));
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(crashChains).values({ seed, length, terminatingHash: terminating, saltSource }).returning();
    await audit(tx, {
      staffId: actor.staffId,
      action: "crash.chain.published",
      entity: "crash_chain",
      entityId: row!.id,
      after: { terminatingHash: terminating, length, saltSource },
      ip: actor.ip ?? null,
    });
    return { id: row!.id, terminatingHash: terminating };
  });
}

/**
 * Step 2: fixes a published chain's salt, exactly as entered (the verifier uses it as written). Once: a chain whose
 * salt is fixed, or an unknown chain, is refused; parallel requests fix it once (the update's condition).
 */
export async function fixChainSalt(chainId: number, rawSalt: unknown, actor: Actor): Promise<void> {
  const read = readSeedText(typeof rawSalt === "string" ? rawSalt : "", { max: 256, required: "house.errors.saltRequired" });
  if ("error" in read)
    throw new HouseError("chain_salt_invalid", "Enter the public value exactly as published (printable characters, no spaces at the ends).");
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(crashChains)
      .set({ salt: read.value, saltFixedAt: sql`now()` })
      .where(and(eq(crashChains.id, chainId), isNull(crashChains.salt)))
      .returning({ id: crashChains.id, saltSource: crashChains.saltSource, terminatingHash: crashChains.terminatingHash });
    if (!row) throw new HouseError("chain_salt_fixed", "This chain's salt is already fixed.");
    await audit(tx, {
      staffId: actor.staffId,
      action: "crash.chain.saltFixed",
      entity: "crash_chain",
      entityId: chainId,
      after: { salt: read.value, saltSource: row.saltSource, terminatingHash: row.terminatingHash },
      ip: actor.ip ?? null,
    });
  });
}

/** A chain published and salted by the server at once (demo mode and tests): not a seeding event, and labelled so. */
export async function createChain(length = CHAIN_LENGTH, ex: Executor = db): Promise<LoadedChain> {
  const seed = newServerSeed();
  const hashes = hashChain(seed, length);
  const salt = randomBytes(32).toString("hex");
  const [row] = await ex
    .insert(crashChains)
    .values({ seed, length, terminatingHash: terminatingHash(hashes), saltSource: DEMO_SALT_SOURCE, salt, saltFixedAt: new Date() })
    .returning();
  return { id: row!.id, length, salt, terminatingHash: row!.terminatingHash, hashes };
}

/**
 * The chain rounds are drawn from: the newest chain whose salt is fixed and which has games left, loaded into
 * memory. With none, in demo mode and with no chain waiting for its salt, the server seeds one itself; otherwise
 * null: Crash waits for a seeding event.
 */
export async function playableChain(length = CHAIN_LENGTH): Promise<LoadedChain | null> {
  const rows = await db
    .select({ chain: crashChains, played: gamesPlayed })
    .from(crashChains)
    .where(isNotNull(crashChains.salt))
    .orderBy(desc(crashChains.id));
  const open = rows.find((r) => (r.played ?? 0) < r.chain.length);
  if (open) return load(open.chain);
  const [waiting] = await db.select({ id: crashChains.id }).from(crashChains).where(isNull(crashChains.salt)).limit(1);
  // No settings row yet (a database nobody seeded, as the SSE bench's): the site's default, demo mode.
  if (waiting || ((await readGeneralSettings())?.mode ?? "demo") !== "demo") return null;
  return createChain(length);
}

/** The next game number of a chain (1 for a new one). */
export async function nextGameNumber(chainId: number, ex: Executor = db): Promise<number> {
  const [row] = await ex
    .select({ last: max(crashRounds.gameNumber) })
    .from(crashRounds)
    .where(eq(crashRounds.chainId, chainId));
  return (row?.last ?? 0) + 1;
}

/** Every chain as published, oldest first (/fair lists them all; the back office too). */
export async function publishedChains(): Promise<PublicChain[]> {
  const rows = await db
    .select({
      id: crashChains.id,
      length: crashChains.length,
      terminatingHash: crashChains.terminatingHash,
      saltSource: crashChains.saltSource,
      salt: crashChains.salt,
      publishedAt: crashChains.createdAt,
      saltFixedAt: crashChains.saltFixedAt,
      gamesPlayed,
    })
    .from(crashChains)
    .orderBy(asc(crashChains.id));
  return rows;
}

/** What the game page publishes about the chain in use (the latest round's; before any, the newest salted): never the seed. */
export async function publishedChain(): Promise<{ terminatingHash: string; salt: string; length: number } | null> {
  const columns = { terminatingHash: crashChains.terminatingHash, salt: crashChains.salt, length: crashChains.length };
  const [inPlay] = await db
    .select(columns)
    .from(crashRounds)
    .innerJoin(crashChains, eq(crashChains.id, crashRounds.chainId))
    .orderBy(desc(crashRounds.id))
    .limit(1);
  const [row] = inPlay
    ? [inPlay]
    : await db.select(columns).from(crashChains).where(isNotNull(crashChains.salt)).orderBy(desc(crashChains.id)).limit(1);
  // A chain with rounds had its salt fixed before the first one.
  return row ? { ...row, salt: row.salt! } : null;
}
