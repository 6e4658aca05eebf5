// Shared by the Crash tests (not a test file itself): the Crash game row, a short chain, rounds at chosen points.
import { eq, sql } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { createSite } from "#tests/kit/settings.ts";
import { ensureHouseGames } from "../test-helpers.ts";
import { crashRounds, games } from "../../schema.ts";
import { CRASH_CODE } from "./game.ts";
import { createChain, type LoadedChain } from "./chain.server.ts";
import { openRound, startRound } from "./rounds.server.ts";

export { fundedPlayer, mainBalance } from "../test-helpers.ts";

/** The site (demo mode), the house provider and HOUSE-CRASH-CRASH (stakes ৳10 .. ৳25,000). */
export async function ensureCrashGame() {
  await createSite();
  const provider = await ensureHouseGames();
  await db
    .insert(games)
    .values({ code: CRASH_CODE, name: "Crash", type: "CRASH", providerId: provider.id, minStake: 1000n, maxStake: 2_500_000n })
    .onConflictDoNothing();
}

let chain: LoadedChain | undefined;
export async function testChain() {
  chain ??= await createChain(500);
  return chain;
}

/** A round taking bets (for a minute), its crash point overridden when given (tests only). */
export async function bettingRound(crashPoint?: number) {
  const round = (await openRound(await testChain(), 60_000))!;
  if (crashPoint !== undefined) await db.update(crashRounds).set({ crashPoint }).where(eq(crashRounds.id, round.id));
  return { ...round, crashPoint: crashPoint ?? round.crashPoint };
}

/** Starts a betting round as if it had started `agoMs` ago. */
export async function runRound(roundId: number, agoMs = 0) {
  await startRound(roundId);
  await db
    .update(crashRounds)
    .set({ startedAt: sql`clock_timestamp() - ${`${agoMs} milliseconds`}::interval` })
    .where(eq(crashRounds.id, roundId));
  const [round] = await db.select().from(crashRounds).where(eq(crashRounds.id, roundId));
  return round!;
}

export async function roundRow(roundId: number) {
  const [round] = await db.select().from(crashRounds).where(eq(crashRounds.id, roundId));
  return round!;
}

export async function settledOutcome<T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}
