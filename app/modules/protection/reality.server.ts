// Reality checks on the database: the player's interval, the clock of the session they play in (the session is
// the one their own token opened, never one named by the client) and the figures a check shows.
import { and, eq, sql } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { gameRounds } from "#app/modules/games/index.server.ts";
import { sessions, hashToken, restartRealityClock } from "#app/modules/sessions/index.server.ts";
import { type RealityClock, type RealityInterval, isRealityDue, realityDueAt } from "./reality.ts";
import { playerProtection } from "./schema.ts";

export type RealityState = RealityClock & { dueAt: Date | null; due: boolean };
export type RealityFigures = RealityState & {
  /** Milliseconds since the log-in. */
  elapsedMs: number;
  /** Payouts minus stakes of the player's rounds since the log-in, in poisha (negative: a loss). */
  netWinLoss: bigint;
};

export async function getRealityMinutes(playerId: number): Promise<number> {
  const [row] = await db
    .select({ minutes: playerProtection.realityCheckMinutes })
    .from(playerProtection)
    .where(eq(playerProtection.playerId, playerId));
  return row?.minutes ?? 0;
}

/**
 * Saves the player's interval. Saving restarts the clock of the session they saved it in, so a check does not
 * interrupt at once because they were logged in longer than the new interval.
 */
export async function setRealityMinutes(playerId: number, token: string, minutes: RealityInterval, now = new Date()) {
  await db.transaction(async (tx) => {
    await tx
      .insert(playerProtection)
      .values({ playerId, realityCheckMinutes: minutes, updatedAt: now })
      .onConflictDoUpdate({ target: playerProtection.playerId, set: { realityCheckMinutes: minutes, updatedAt: now } });
    await restartRealityClock(tx, playerId, token, now);
  });
}

function stateOf(clock: RealityClock, now: Date): RealityState {
  return { ...clock, dueAt: realityDueAt(clock), due: isRealityDue(clock, now) };
}

/** The clock of the player's session (by its token); undefined when the token is not a session of this player. */
export function realityState(playerId: number, token: string, now = new Date()): Promise<RealityState | undefined> {
  return stateOfSession(playerId, hashToken(token), now);
}

/** The check's state of the session with this key (its row id). */
async function stateOfSession(playerId: number, sessionKey: string, now: Date): Promise<RealityState | undefined> {
  const [row] = await db
    .select({
      sessionStart: sessions.createdAt,
      ackAt: sessions.realityAckAt,
      minutes: sql<number>`coalesce(${playerProtection.realityCheckMinutes}, 0)`.mapWith(Number),
    })
    .from(sessions)
    .leftJoin(playerProtection, eq(playerProtection.playerId, sessions.playerId))
    .where(and(eq(sessions.id, sessionKey), eq(sessions.playerId, playerId)));
  return row ? stateOf(row, now) : undefined;
}

/**
 * For what bets on the player's behalf (Crash's autobet): the session's key, kept instead of its token, and whether
 * that session's check has fallen due (false once the session is gone).
 */
export const realitySessionKey = (token: string): string => hashToken(token);

export async function realityDueForSession(playerId: number, sessionKey: string, now = new Date()): Promise<boolean> {
  return Boolean((await stateOfSession(playerId, sessionKey, now))?.due);
}

/** The clock plus what a check shows: time since log-in and net win/loss of the rounds since then. */
export async function realityFigures(playerId: number, token: string, now = new Date()): Promise<RealityFigures | undefined> {
  const state = await realityState(playerId, token, now);
  if (!state) return undefined;
  const [sum] = await db
    .select({ net: sql<string>`coalesce(sum(${gameRounds.payout} - ${gameRounds.stake}), 0)` })
    .from(gameRounds)
    .where(
      and(
        eq(gameRounds.playerId, playerId),
        sql`${gameRounds.createdAt} >= ${state.sessionStart.toISOString()}::timestamptz`,
        // A rolled-back round gave the stake back: it is neither a win nor a loss.
        sql`${gameRounds.status} <> 'rolled_back'`,
      ),
    );
  return { ...state, elapsedMs: Math.max(0, now.getTime() - state.sessionStart.getTime()), netWinLoss: BigInt(sum?.net ?? 0) };
}

/**
 * The player acknowledged a check: the clock of this session (theirs, by its token) restarts now. Never moves the
 * acknowledgement back, so parallel or repeated acknowledgements are harmless. Undefined: not their session.
 */
export async function acknowledgeReality(playerId: number, token: string, now = new Date()): Promise<RealityState | undefined> {
  const row = await restartRealityClock(db, playerId, token, now);
  if (!row) return undefined;
  return stateOf({ ...row, minutes: await getRealityMinutes(playerId) }, now);
}
