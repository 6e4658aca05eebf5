import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, ne, not, sql } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { players, toPublic } from "#app/modules/players/index.server.ts";
import { excludedAt } from "#app/modules/protection/index.server.ts";
import { sessionOver } from "#app/modules/protection/index.ts";
import { sessions } from "./schema.ts";

export const SESSION_DAYS = 30;

/** The player's session-time limit in minutes (responsible gaming), read with the session. */
const sessionLimitMinutes = sql<
  number | null
>`(select amount::int from rg_limits l where l.player_id = ${sessions.playerId} and l.kind = 'session' and l.period = 'session')`;
// lastSeenAt is written at most this often, so a page view is not a write.
const TOUCH_INTERVAL_MS = 5 * 60_000;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export async function createSession(playerId: number, meta: { ip?: string | null; userAgent?: string | null; deviceId?: string | null } = {}) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  await db.insert(sessions).values({
    id: hashToken(token),
    playerId,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 400) ?? null,
    deviceId: meta.deviceId ?? null,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * The active player a session token belongs to, or undefined for an unknown, expired or blocked one, or one under a
 * time-out, self-exclusion or closure (their sessions are deleted when it starts; this is the second line). A session
 * older than the player's session-time limit is ended here; `ended.sessionLimitMinutes` then says which limit.
 */
export async function getSessionPlayer(token: string, ended?: { sessionLimitMinutes?: number }) {
  if (!token || token.length > 100) return undefined;
  const id = hashToken(token);
  const now = new Date();
  const [row] = await db
    .select({ player: players, lastSeenAt: sessions.lastSeenAt, startedAt: sessions.createdAt, sessionLimit: sessionLimitMinutes })
    .from(sessions)
    .innerJoin(players, eq(players.id, sessions.playerId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), not(excludedAt(sessions.playerId, now))))
    .limit(1);
  if (!row || row.player.status !== "active") return undefined;
  if (row.sessionLimit !== null && sessionOver(row.startedAt, row.sessionLimit, now)) {
    await db.delete(sessions).where(eq(sessions.id, id));
    if (ended) ended.sessionLimitMinutes = row.sessionLimit;
    return undefined;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return toPublic(row.player);
}

export async function deleteSession(token: string) {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

/** Ends every session of the player except the one holding keepToken (after a password change). */
export async function deleteOtherSessions(playerId: number, keepToken?: string, executor: Executor = db) {
  const where = keepToken ? and(eq(sessions.playerId, playerId), ne(sessions.id, hashToken(keepToken))) : eq(sessions.playerId, playerId);
  await executor.delete(sessions).where(where);
}

/** Ends every session of the player (a time-out, self-exclusion, closure or underage block). */
export async function endAllSessions(executor: Executor, playerId: number) {
  await executor.delete(sessions).where(eq(sessions.playerId, playerId));
}

/**
 * Restarts the reality-check clock of the player's session (by its token) at `now`; never moves it back, so parallel
 * or repeated acknowledgements are harmless. Undefined: not their session.
 */
export async function restartRealityClock(executor: Executor, playerId: number, token: string, now: Date) {
  const [row] = await executor
    .update(sessions)
    .set({ realityAckAt: sql`greatest(coalesce(${sessions.realityAckAt}, ${sessions.createdAt}), ${now.toISOString()}::timestamptz)` })
    .where(and(eq(sessions.id, hashToken(token)), eq(sessions.playerId, playerId)))
    .returning({ sessionStart: sessions.createdAt, ackAt: sessions.realityAckAt });
  return row;
}

export async function pruneExpiredSessions() {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

export type PlayerSessionRow = {
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
  deviceId: string | null;
};

/** The back office's view of a player's sessions (never their tokens), most recently seen first. */
export async function listPlayerSessions(playerId: number, limit = 20): Promise<PlayerSessionRow[]> {
  return db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      deviceId: sessions.deviceId,
    })
    .from(sessions)
    .where(eq(sessions.playerId, playerId))
    .orderBy(sql`${sessions.lastSeenAt} desc`)
    .limit(Math.min(Math.max(1, Math.trunc(limit) || 1), 200));
}
