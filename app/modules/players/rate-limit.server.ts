// Rate limits that hold under parallel requests, on PostgreSQL and PGlite alike.
//
// takeHits() counts an attempt BEFORE the guarded work (a password check, a reset message, a sign-up): in one
// transaction it takes an advisory lock per key, counts the key's live hits and, only when every limit still has
// room, records one hit on each. A second request for the same key waits for the lock until the first commits,
// so it sees the first one's hit: N parallel requests never get more than `max` through. What turns out not to
// be a guess (a right password, a sign-up refused for a taken name) is given back with releaseHits().
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, count, eq, gt, inArray, lt, min, or, sql } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { rateLimitHits } from "./schema.ts";

export type Limit = { key: string; max: number; windowMinutes: number };
export type Taken = { ok: true; ids: number[] } | { ok: false; retryAfterMinutes: number };

/** The first key of the two-key advisory locks of rate-limit keys (two-key locks never clash with the app's one-key locks). */
const LOCK_SPACE = 7_240_310;
/** A 32-bit lock id per key; two keys sharing one only wait for each other a moment longer. */
const lockId = (key: string) => createHash("sha256").update(key).digest().readInt32BE(0);

const minutesUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 60_000));

/**
 * Atomically: when every limit has room, records one hit on each key (counted for its window) and returns their
 * ids; otherwise records nothing and says how long until the fullest one frees a place.
 */
export async function takeHits(limits: readonly Limit[], now = new Date()): Promise<Taken> {
  const keys = [...new Set(limits.map((l) => l.key))];
  // Always in the same order, so two requests locking two keys each never wait for each other in a circle.
  const locks = [...new Set(keys.map(lockId))].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    for (const id of locks) await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}::int4, ${id}::int4)`);
    const rows = await tx
      .select({ key: rateLimitHits.key, n: count(), first: min(rateLimitHits.expiresAt) })
      .from(rateLimitHits)
      .where(and(inArray(rateLimitHits.key, keys), gt(rateLimitHits.expiresAt, now)))
      .groupBy(rateLimitHits.key);
    let freeAt: Date | undefined;
    for (const limit of limits) {
      const row = rows.find((r) => r.key === limit.key);
      if (!row || row.n < limit.max || !row.first) continue;
      const first = new Date(row.first);
      if (!freeAt || first > freeAt) freeAt = first;
    }
    if (freeAt) return { ok: false, retryAfterMinutes: minutesUntil(freeAt, now) };
    const inserted = await tx
      .insert(rateLimitHits)
      .values(limits.map((l) => ({ key: l.key, expiresAt: new Date(now.getTime() + l.windowMinutes * 60_000) })))
      .returning({ id: rateLimitHits.id });
    return { ok: true, ids: inserted.map((r) => r.id) };
  });
}

/** Gives back hits taken for an attempt that did not count after all. */
export async function releaseHits(ids: readonly number[], executor: Executor = db) {
  if (ids.length) await executor.delete(rateLimitHits).where(inArray(rateLimitHits.id, [...ids]));
}

/** A hit that limits nothing by itself (a signal read with countHits); no lock needed. */
export async function recordHit(key: string, windowMinutes: number, now = new Date()) {
  await db.insert(rateLimitHits).values({ key, expiresAt: new Date(now.getTime() + windowMinutes * 60_000) });
}

export async function countHits(key: string, now = new Date()) {
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.expiresAt, now)));
  return row?.n ?? 0;
}

/** Hits past their window are useless; called hourly (app/db/maintenance.server.ts). */
export async function pruneRateLimitHits(executor: Executor = db, now = new Date()) {
  await executor.delete(rateLimitHits).where(lt(rateLimitHits.expiresAt, now));
}
/** The name the maintenance job knows it by. */
export const pruneLoginFailures = pruneRateLimitHits;

// ---------------------------------------------------------------------------------------------------------------
// Log-in (players, staff, and the current-password check of /reset-password).
//
// Nobody can lock the owner of an account out, because nothing locks per username alone: anyone can type anyone's
// username. Guessing is limited where the guesser is:
//   - per (username, address): MAX_FAILURES_PER_USER_AND_IP in LOGIN_WINDOW_MINUTES, then 429 for that pair only
//     (the owner logging in from anywhere else is not affected; their own success clears the pair);
//   - per address: MAX_FAILURES_PER_IP, higher because Bangladeshi mobile carriers put many players behind one
//     address (CGNAT); a right password gives its hit back, so players sharing the address are not counted.
// Per username it only slows: once a username has USERNAME_SLOW_AFTER failures in the window from all addresses
// together, every attempt on it (the owner's too) waits USERNAME_SLOW_MS before the password is checked. The
// owner loses two seconds, never the account; each guess of an attacker spread over many addresses costs the
// same two seconds, on top of the 5 guesses per address they get at most. A username's failures are not cleared
// by a success, so the owner logging in does not lift the slow-down for an attacker still at work.
// ---------------------------------------------------------------------------------------------------------------

export const LOGIN_WINDOW_MINUTES = 15;
/** Failures allowed per (username, address) in the window. */
export const MAX_FAILURES_PER_USER_AND_IP = 5;
/** Per address it is higher: many players share one address behind a carrier's NAT. */
export const MAX_FAILURES_PER_IP = 30;
/** Failures of one username (from all addresses) in the window after which its attempts are slowed. */
export const USERNAME_SLOW_AFTER = 10;
export const USERNAME_SLOW_MS = 2_000;

/** Player and staff log-ins never share a counter. */
export type LoginScope = "player" | "staff";

export function loginKeys(scope: LoginScope, username: string, ip: string) {
  const user = username.toLowerCase();
  return {
    pair: `${scope}-login:pair:${JSON.stringify([user, ip])}`,
    ip: `${scope}-login:ip:${ip}`,
    user: `${scope}-login:user:${user}`,
  };
}

export type LoginAttempt = { keys: ReturnType<typeof loginKeys>; ids: number[]; now: Date };
export type LoginGate = { ok: true; attempt: LoginAttempt } | { ok: false; retryAfterMinutes: number };

/**
 * Call before checking a password: takes the attempt's place under the (username, address) and address limits,
 * or says how many minutes to wait. Then report the outcome with loginFailed() or loginSucceeded().
 */
export async function beginLoginAttempt(
  scope: LoginScope,
  username: string,
  ip: string,
  { now = new Date(), slowMs = USERNAME_SLOW_MS }: { now?: Date; slowMs?: number } = {},
): Promise<LoginGate> {
  const keys = loginKeys(scope, username, ip);
  const [taken, usernameFailures] = await Promise.all([
    takeHits(
      [
        { key: keys.pair, max: MAX_FAILURES_PER_USER_AND_IP, windowMinutes: LOGIN_WINDOW_MINUTES },
        { key: keys.ip, max: MAX_FAILURES_PER_IP, windowMinutes: LOGIN_WINDOW_MINUTES },
      ],
      now,
    ),
    countHits(keys.user, now),
  ]);
  if (!taken.ok) return taken;
  if (usernameFailures >= USERNAME_SLOW_AFTER && slowMs > 0) await sleep(slowMs);
  return { ok: true, attempt: { keys, ids: taken.ids, now } };
}

/** A wrong password: the attempt's hits stay (they are the failure) and the username's failures grow by one. */
export async function loginFailed(attempt: LoginAttempt) {
  await recordHit(attempt.keys.user, LOGIN_WINDOW_MINUTES, attempt.now);
}

/** A right password: the (username, address) pair starts afresh and the address gets its hit back. */
export async function loginSucceeded(attempt: LoginAttempt) {
  await db.delete(rateLimitHits).where(or(eq(rateLimitHits.key, attempt.keys.pair), inArray(rateLimitHits.id, attempt.ids)));
}
