import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Executor } from "#app/db/db.server.ts";
import { loginFailures } from "./schema.ts";

export const LOGIN_WINDOW_MINUTES = 15;
/** Failures allowed per username in the window. */
export const MAX_FAILURES_PER_USERNAME = 5;
/** Per IP it is higher: Bangladeshi mobile carriers put many players behind one address (CGNAT). */
export const MAX_FAILURES_PER_IP = 30;

export const usernameKey = (username: string) => `user:${username.toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

function windowStart(now: Date) {
  return new Date(now.getTime() - LOGIN_WINDOW_MINUTES * 60_000);
}

/** Minutes until the caller may try again, or 0 when it is not limited. */
export async function loginRetryAfterMinutes(db: Executor, username: string, ip: string, now = new Date()) {
  const since = windowStart(now);
  const rows = await db
    .select({ key: loginFailures.key, count: sql<number>`count(*)::int`, oldest: sql<string>`min(${loginFailures.createdAt})` })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, [usernameKey(username), ipKey(ip)]), gt(loginFailures.createdAt, since)))
    .groupBy(loginFailures.key);
  let wait = 0;
  for (const row of rows) {
    const limit = row.key.startsWith("ip:") ? MAX_FAILURES_PER_IP : MAX_FAILURES_PER_USERNAME;
    if (row.count >= limit) {
      const freeAt = new Date(row.oldest).getTime() + LOGIN_WINDOW_MINUTES * 60_000;
      wait = Math.max(wait, Math.ceil((freeAt - now.getTime()) / 60_000));
    }
  }
  return Math.max(wait, 0);
}

export async function recordLoginFailure(db: Executor, username: string, ip: string, now = new Date()) {
  await db.insert(loginFailures).values([
    { key: usernameKey(username), createdAt: now },
    { key: ipKey(ip), createdAt: now },
  ]);
}

export async function clearUsernameFailures(db: Executor, username: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, usernameKey(username)));
}

/** Old rows are useless after the window; called opportunistically. */
export async function pruneLoginFailures(db: Executor, now = new Date()) {
  await db.delete(loginFailures).where(sql`${loginFailures.createdAt} < ${windowStart(now)}`);
}
