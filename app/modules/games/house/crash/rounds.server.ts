// The life of a shared Crash round in the database, step by step (the engine strings them together):
// open (taking bets) -> start (running, started_at from the database clock) -> crash (settle) or void.
import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { crashPointFromHash } from "./fair.ts";
import { type CrashRound, crashBets, crashRounds } from "../../schema.ts";
import { autoCashOut, loseBet, voidBet } from "./bets.server.ts";
import { gameHash, type LoadedChain, nextGameNumber } from "./chain.server.ts";
import type { CrashHub } from "./hub.server.ts";

/** A new round of the chain taking bets for bettingMs; null when the chain is used up. */
export async function openRound(chain: LoadedChain, bettingMs: number): Promise<CrashRound | null> {
  const gameNumber = await nextGameNumber(chain.id);
  if (gameNumber > chain.length) return null;
  const hash = gameHash(chain, gameNumber);
  const [round] = await db
    .insert(crashRounds)
    .values({
      chainId: chain.id,
      gameNumber,
      hash,
      crashPoint: crashPointFromHash(hash, chain.salt),
      status: "betting",
      bettingEndsAt: sql`clock_timestamp() + ${`${Math.max(0, Math.round(bettingMs))} milliseconds`}::interval`,
    })
    .returning();
  return round!;
}

/** Betting ends and the multiplier starts rising (waits for bets in flight: they hold the row FOR SHARE). */
export async function startRound(roundId: number): Promise<CrashRound | null> {
  const [round] = await db
    .update(crashRounds)
    .set({ status: "running", startedAt: sql`clock_timestamp()` })
    .where(and(eq(crashRounds.id, roundId), eq(crashRounds.status, "betting")))
    .returning();
  return round ?? null;
}

/** Milliseconds since the round started, on the database clock (the clock cash-outs are judged by). */
export async function elapsedMs(roundId: number): Promise<number> {
  const [row] = rowsOf<{ ms: unknown }>(
    await db.execute(sql`select (extract(epoch from (clock_timestamp() - started_at)) * 1000)::float8 as ms from crash_rounds where id = ${roundId}`),
  );
  return Number(row?.ms ?? 0);
}

export type AutoBet = {
  id: number;
  roundId: number;
  playerId: number;
  stake: bigint;
  autoCashout: number;
  maxPayout: bigint | null;
  capped: boolean;
};

/** Active bets with an auto cash-out, lowest first. */
export async function autoBets(roundId: number): Promise<AutoBet[]> {
  const rows = await db
    .select({
      id: crashBets.id,
      roundId: crashBets.roundId,
      playerId: crashBets.playerId,
      stake: crashBets.stake,
      autoCashout: crashBets.autoCashout,
      maxPayout: crashBets.maxPayout,
      capped: crashBets.capped,
    })
    .from(crashBets)
    .where(and(eq(crashBets.roundId, roundId), eq(crashBets.status, "active"), isNotNull(crashBets.autoCashout)))
    .orderBy(asc(crashBets.autoCashout));
  return rows.map((r) => ({ ...r, autoCashout: r.autoCashout! }));
}

export const crashFairness = (round: CrashRound, salt: string) => ({
  game: "crash",
  crashRoundId: round.id,
  chainId: round.chainId,
  gameNumber: round.gameNumber,
  hash: round.hash,
  salt,
  crashPoint: round.crashPoint,
});

/** Marks the round crashed (ended now); false when it was not running. */
export async function markCrashed(roundId: number): Promise<boolean> {
  const rows = await db
    .update(crashRounds)
    .set({ status: "crashed", endedAt: sql`now()` })
    .where(and(eq(crashRounds.id, roundId), eq(crashRounds.status, "running")))
    .returning({ id: crashRounds.id });
  return rows.length > 0;
}

/**
 * Settles the bets of a crashed round: auto cash-outs at or below the crash point are paid at their value, every
 * other active bet loses (a win of 0). Safe to repeat. Returns how many bets it settled.
 */
export async function settleCrashedBets(hub: CrashHub, round: CrashRound, salt: string): Promise<number> {
  let settled = 0;
  const autos = await db
    .select({
      id: crashBets.id,
      roundId: crashBets.roundId,
      playerId: crashBets.playerId,
      stake: crashBets.stake,
      autoCashout: crashBets.autoCashout,
      maxPayout: crashBets.maxPayout,
      capped: crashBets.capped,
    })
    .from(crashBets)
    .where(and(eq(crashBets.roundId, round.id), eq(crashBets.status, "active"), lte(crashBets.autoCashout, round.crashPoint)));
  for (const bet of autos) if (await autoCashOut(hub, { ...bet, autoCashout: bet.autoCashout! }, round.gameNumber)) settled++;
  const losers = await db
    .select({ id: crashBets.id, roundId: crashBets.roundId, playerId: crashBets.playerId, stake: crashBets.stake })
    .from(crashBets)
    .where(and(eq(crashBets.roundId, round.id), eq(crashBets.status, "active")));
  const fairness = crashFairness(round, salt);
  for (const bet of losers) if (await loseBet(bet, fairness)) settled++;
  return settled;
}

/** Voids a round that is betting or running and refunds its active bets. */
export async function voidRound(roundId: number): Promise<number> {
  await db
    .update(crashRounds)
    .set({ status: "voided", endedAt: sql`now()` })
    .where(and(eq(crashRounds.id, roundId), inArray(crashRounds.status, ["betting", "running"])));
  const bets = await db
    .select({ id: crashBets.id, roundId: crashBets.roundId, playerId: crashBets.playerId, stake: crashBets.stake })
    .from(crashBets)
    .where(and(eq(crashBets.roundId, roundId), eq(crashBets.status, "active")));
  let refunded = 0;
  for (const bet of bets) if (await voidBet(bet)) refunded++;
  return refunded;
}

/** Rounds a dead leader left betting or running, oldest first. */
export async function openRounds(): Promise<CrashRound[]> {
  return db
    .select()
    .from(crashRounds)
    .where(inArray(crashRounds.status, ["betting", "running"]))
    .orderBy(asc(crashRounds.id));
}

/** Ended rounds that still have active bets (a leader died while settling them). */
export async function endedRoundsWithActiveBets(): Promise<CrashRound[]> {
  return db
    .select()
    .from(crashRounds)
    .where(
      and(
        inArray(crashRounds.status, ["crashed", "voided"]),
        sql`exists (select 1 from ${crashBets} b where b.round_id = ${crashRounds.id} and b.status = 'active')`,
      ),
    )
    .orderBy(asc(crashRounds.id));
}
