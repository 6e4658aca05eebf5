// Staff sign-in: its own cookie, its own sessions table, the players' log-in limits (per username and address;
// per address and per username only a slow-down, so nobody can lock the admin out) under their own "staff" keys,
// and every log-in and log-out in the audit log.
import { randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { createCookie, data, redirect } from "react-router";
import { getEnv } from "#app/config/env.server.ts";
import { db } from "#app/db/db.server.ts";
import {
  burnPasswordCheck,
  verifyPassword,
  beginLoginAttempt,
  loginFailed,
  loginSucceeded,
  type LoginPace,
} from "#app/modules/players/index.server.ts";
import { clientIp, safeRedirect, hashToken } from "#app/modules/sessions/index.server.ts";
import { audit } from "#app/modules/audit/index.server.ts";
import { staffSessions, staffUsers, type StaffRole } from "./schema.ts";
import { findStaffByUsername, toPublicStaff, type PublicStaff } from "./staff.server.ts";

/** Staff sessions are short: a working day. */
export const STAFF_SESSION_HOURS = 12;
const TOUCH_INTERVAL_MS = 5 * 60_000;

let cookie: ReturnType<typeof createCookie> | undefined;
export function staffCookie() {
  const env = getEnv();
  cookie ??= createCookie("staff_sid", {
    httpOnly: true,
    sameSite: "lax",
    // Not "/admin": the data requests of the dashboard go to /admin.data, which that path would not match.
    path: "/",
    secure: env.PUBLIC_URL.startsWith("https:"),
    secrets: [env.SESSION_SECRET],
    maxAge: STAFF_SESSION_HOURS * 3600,
  });
  return cookie;
}

export type StaffLoginOutcome =
  | { ok: true; staff: PublicStaff; setCookie: string }
  | {
      ok: false;
      status: 401 | 403 | 429;
      message: "admin.errors.invalidCredentials" | "admin.errors.accountInactive" | "admin.errors.tooManyAttempts";
      params?: { minutes: number };
    };

export async function loginStaff(request: Request, username: string, password: string, options?: LoginPace): Promise<StaffLoginOutcome> {
  const ip = clientIp(request);
  const gate = await beginLoginAttempt("staff", username, ip, options);
  // Refused before any password work: a flood of refused attempts costs no hashing.
  if (!gate.ok) {
    return { ok: false, status: 429, message: "admin.errors.tooManyAttempts", params: { minutes: gate.retryAfterMinutes } };
  }
  const staff = await findStaffByUsername(username);
  const valid = staff ? await verifyPassword(staff.passwordHash, password) : (await burnPasswordCheck(password), false);
  if (!staff || !valid) {
    await loginFailed(gate.attempt);
    // Guesses at a real staff account are worth seeing in the log; unknown names are not recorded.
    if (staff)
      await db.transaction((tx) => audit(tx, { staffId: staff.id, action: "staff.login_failed", entity: "staff_user", entityId: staff.id, ip }));
    return { ok: false, status: 401, message: "admin.errors.invalidCredentials" };
  }
  await loginSucceeded(gate.attempt);
  if (!staff.active) return { ok: false, status: 403, message: "admin.errors.accountInactive" };
  return { ok: true, ...(await startStaffSession(request, staff.id)) };
}

/** Opens a session for an active staff member (after the password check, or a browser test's session fixture), audited. */
export async function startStaffSession(request: Request, staffId: number) {
  const ip = clientIp(request);
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx.update(staffUsers).set({ lastLoginAt: now }).where(eq(staffUsers.id, staffId)).returning();
    await tx.insert(staffSessions).values({
      id: hashToken(token),
      staffId,
      ip,
      userAgent: request.headers.get("user-agent")?.slice(0, 400) ?? null,
      expiresAt: new Date(now.getTime() + STAFF_SESSION_HOURS * 3_600_000),
    });
    await audit(tx, { staffId, action: "staff.login", entity: "staff_user", entityId: staffId, ip });
    return row!;
  });
  return { staff: toPublicStaff(updated), setCookie: await staffCookie().serialize(token) };
}

async function readStaffToken(request: Request) {
  const value = await staffCookie().parse(request.headers.get("cookie"));
  return typeof value === "string" && value.length <= 100 ? value : null;
}

/** Whether the request carries a staff session cookie signed by us (not whether its session is still open). */
export async function hasStaffSessionCookie(request: Request) {
  return (await readStaffToken(request)) !== null;
}

export type StaffAuth = { staff: PublicStaff; sessionId: string };

async function lookup(request: Request): Promise<StaffAuth | null> {
  const token = await readStaffToken(request);
  if (!token) return null;
  const id = hashToken(token);
  const now = new Date();
  const [row] = await db
    .select({ staff: staffUsers, lastSeenAt: staffSessions.lastSeenAt })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(and(eq(staffSessions.id, id), gt(staffSessions.expiresAt, now)))
    .limit(1);
  if (!row || !row.staff.active) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, id));
  }
  return { staff: toPublicStaff(row.staff), sessionId: id };
}

// The layout and the page loaders of one request share a single look-up.
const perRequest = new WeakMap<Request, Promise<StaffAuth | null>>();

/** The signed-in staff member, or null. */
export function getStaff(request: Request): Promise<StaffAuth | null> {
  let found = perRequest.get(request);
  if (!found) {
    found = lookup(request);
    perRequest.set(request, found);
  }
  return found;
}

/** The page a guest is sent back to after logging in, without React Router's data-request details. */
function backPath(request: Request) {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const path = url.pathname.replace(/\.data$/, "").replace(/\/_root$/, "") || "/admin";
  return path + (url.search === "?" ? "" : url.search);
}

/**
 * For back-office loaders and actions: the signed-in staff member. A guest is redirected to
 * /admin/login?redirectTo=<this page>; a staff member without one of `roles` gets a 403.
 */
export async function requireStaff(request: Request, roles?: readonly StaffRole[]): Promise<StaffAuth> {
  const auth = await getStaff(request);
  if (!auth) throw redirect(`/admin/login?${new URLSearchParams({ redirectTo: backPath(request) })}`);
  if (roles && !roles.includes(auth.staff.role)) throw data({ forbidden: true }, { status: 403 });
  return auth;
}

/** Ends the session in the cookie (if any) and records the log-out. Returns the Set-Cookie that clears it. */
export async function logoutStaff(request: Request): Promise<string> {
  const auth = await getStaff(request);
  if (auth) {
    await db.transaction(async (tx) => {
      await tx.delete(staffSessions).where(eq(staffSessions.id, auth.sessionId));
      await audit(tx, { staffId: auth.staff.id, action: "staff.logout", entity: "staff_user", entityId: auth.staff.id, ip: clientIp(request) });
    });
  }
  return staffCookie().serialize("", { maxAge: 0 });
}

/** Only back-office paths; anything else goes to the dashboard. */
export function safeAdminRedirect(to: FormDataEntryValue | string | null | undefined) {
  const path = safeRedirect(to, "/admin");
  if (/^\/admin\/(login|logout)(\/|\?|$)/.test(path)) return "/admin";
  return path === "/admin" || path.startsWith("/admin/") || path.startsWith("/admin?") ? path : "/admin";
}

export { clientIp };
