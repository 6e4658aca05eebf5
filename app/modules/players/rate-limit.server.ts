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

/** record: false checks that the key has room without counting this hit on it (a limit the request is under, not part of). */
export type Limit = { key: string; max: number; windowMinutes: number; record?: false };
export type Taken = { ok: true; ids: number[] } | { ok: false; retryAfterMinutes: number };

/** The first key of the two-key advisory locks of rate-limit keys (two-key locks never clash with the app's one-key locks). */
const LOCK_SPACE = 7_240_310;
/** A 32-bit lock id per key; two keys sharing one only wait for each other a moment longer. */
const lockId = (key: string) => createHash("sha256").update(key).digest().readInt32BE(0);

const minutesUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 60_000));

/**
 * Atomically: when every limit has room, records one hit on each key (counted for its window; not on a limit with
 * record: false) and returns their ids; otherwise records nothing and says how long until the fullest one frees a place.
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
    const counted = limits.filter((l) => l.record !== false);
    const inserted = counted.length
      ? await tx
          .insert(rateLimitHits)
          .values(counted.map((l) => ({ key: l.key, expiresAt: new Date(now.getTime() + l.windowMinutes * 60_000) })))
          .returning({ id: rateLimitHits.id })
      : [];
    return { ok: true, ids: inserted.map((r) => r.id) };
  });
}

/** Gives back hits taken for an attempt that did not count after all. */
export async function releaseHits(ids: readonly number[], executor: Executor = db) {
  if (ids.length) await executor.delete(rateLimitHits).where(inArray(rateLimitHits.id, [...ids]));
}

export async function countHits(key: string, now = new Date()) {
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.expiresAt, now)));
  return row?.n ?? 0;
}

/** Hits past their window are useless; called hourly (app/startup/maintenance.server.ts). */
export async function pruneRateLimitHits(executor: Executor = db, now = new Date()) {
  await executor.delete(rateLimitHits).where(lt(rateLimitHits.expiresAt, now));
}
/** The name the maintenance job knows it by. */
export const pruneLoginFailures = pruneRateLimitHits;

// ---------------------------------------------------------------------------------------------------------------
// Log-in (players, staff, and the current-password check of /reset-password).
//
// Nobody can lock the owner of an account out, because nothing locks per username alone (anyone can type anyone's
// username) nor per address alone (Bangladeshi mobile carriers put many players behind one address, CGNAT).
// Guessing is limited where the guesser is:
//   - per (username, address): MAX_FAILURES_PER_USER_AND_IP in LOGIN_WINDOW_MINUTES, then 429 for that pair only
//     (the owner logging in from anywhere else is not affected; their own success clears the pair);
//   - per address it only slows: once an address has ADDRESS_SLOW_AFTER failures in the window (any usernames),
//     its attempts take turns, one every ADDRESS_STEP_MS (doubling with every further ADDRESS_SLOW_AFTER failures,
//     up to ADDRESS_MAX_STEP_MS), and none waits more than ADDRESS_MAX_WAIT_MS. The turns are handed out under a
//     lock, so parallel requests from the address queue up instead of all being checked at once; a right password
//     is never refused for its address, it may only wait. Right passwords are not failures: players sharing the
//     address are not counted.
// Per username it only slows as well: once a username has USERNAME_SLOW_AFTER failures in the window from all
// addresses together, every attempt on it (the owner's too) waits USERNAME_SLOW_MS before the password is checked.
// The owner loses two seconds, never the account; each guess of an attacker spread over many addresses costs the
// same two seconds, on top of the 5 guesses per address they get at most. A username's failures are not cleared
// by a success, so the owner logging in does not lift the slow-down for an attacker still at work.
// ---------------------------------------------------------------------------------------------------------------

export const LOGIN_WINDOW_MINUTES = 15;
/** Failures allowed per (username, address) in the window. */
export const MAX_FAILURES_PER_USER_AND_IP = 5;
/** Failures of one address (any usernames) in the window after which its attempts take turns. */
export const ADDRESS_SLOW_AFTER = 30;
/** The time between two turns of a slowed address, doubled for every further ADDRESS_SLOW_AFTER failures... */
export const ADDRESS_STEP_MS = 1_000;
/** ...up to this. */
export const ADDRESS_MAX_STEP_MS = 8_000;
/** No attempt waits longer for its turn: a queue of an attacker's requests delays the address, never locks it. */
export const ADDRESS_MAX_WAIT_MS = 10_000;
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
    /** The end of the last turn handed out to the address (one row, its expiresAt). */
    turn: `${scope}-login:turn:${ip}`,
  };
}

/** The time between turns for an address with `failures` in the window; 0 while it is not slowed. */
export function addressStepMs(failures: number, baseMs = ADDRESS_STEP_MS) {
  if (failures < ADDRESS_SLOW_AFTER) return 0;
  return Math.min(ADDRESS_MAX_STEP_MS, baseMs * 2 ** Math.floor((failures - ADDRESS_SLOW_AFTER) / ADDRESS_SLOW_AFTER));
}

/**
 * Atomically hands out the address's next turn, `stepMs` after the last one began and at most `maxWaitMs` from
 * now, and returns how long to wait for it. Two servers on one database hand out turns from the same row.
 */
async function nextTurn(key: string, stepMs: number, maxWaitMs: number, now: Date) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}::int4, ${lockId(key)}::int4)`);
    const [last] = await tx.delete(rateLimitHits).where(eq(rateLimitHits.key, key)).returning({ endsAt: rateLimitHits.expiresAt });
    const free = Math.max(now.getTime(), last ? new Date(last.endsAt).getTime() : 0);
    const start = Math.min(free, now.getTime() + maxWaitMs);
    await tx.insert(rateLimitHits).values({ key, expiresAt: new Date(start + stepMs) });
    return start - now.getTime();
  });
}

export type LoginAttempt = { keys: ReturnType<typeof loginKeys>; ids: number[]; now: Date };
export type LoginGate = { ok: true; attempt: LoginAttempt } | { ok: false; retryAfterMinutes: number };
export type LoginPace = {
  now?: Date;
  /** The username slow-down (tests shorten it). */
  slowMs?: number;
  /** The first step between a slowed address's turns (tests shorten it). */
  addressStepMs?: number;
  addressMaxWaitMs?: number;
};

/**
 * Call before checking a password: takes the attempt's place under the (username, address) limit, or says how
 * many minutes to wait; then waits for the address's turn and the username's slow-down when they apply. Report
 * the outcome with loginFailed() or loginSucceeded().
 */
export async function beginLoginAttempt(
  scope: LoginScope,
  username: string,
  ip: string,
  {
    now = new Date(),
    slowMs = USERNAME_SLOW_MS,
    addressStepMs: baseStepMs = ADDRESS_STEP_MS,
    addressMaxWaitMs = ADDRESS_MAX_WAIT_MS,
  }: LoginPace = {},
): Promise<LoginGate> {
  const keys = loginKeys(scope, username, ip);
  const [taken, usernameFailures, addressFailures] = await Promise.all([
    takeHits([{ key: keys.pair, max: MAX_FAILURES_PER_USER_AND_IP, windowMinutes: LOGIN_WINDOW_MINUTES }], now),
    countHits(keys.user, now),
    countHits(keys.ip, now),
  ]);
  if (!taken.ok) return taken;
  const step = addressStepMs(addressFailures, baseStepMs);
  const turnIn = step > 0 ? await nextTurn(keys.turn, step, addressMaxWaitMs, now) : 0;
  const wait = turnIn + (usernameFailures >= USERNAME_SLOW_AFTER ? slowMs : 0);
  if (wait > 0) await sleep(wait);
  return { ok: true, attempt: { keys, ids: taken.ids, now } };
}

/** A wrong password: the pair's hit stays (it is the failure), and the username and the address have one failure more. */
export async function loginFailed(attempt: LoginAttempt) {
  await db
    .insert(rateLimitHits)
    .values([attempt.keys.user, attempt.keys.ip].map((key) => ({ key, expiresAt: new Date(attempt.now.getTime() + LOGIN_WINDOW_MINUTES * 60_000) })));
}

/** A right password: the (username, address) pair starts afresh. */
export async function loginSucceeded(attempt: LoginAttempt) {
  await db.delete(rateLimitHits).where(or(eq(rateLimitHits.key, attempt.keys.pair), inArray(rateLimitHits.id, attempt.ids)));
}
