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
import { staffSessions, staffUsers, type StaffRole, type StaffSessionStage } from "./schema.ts";
import { findStaffByUsername, toPublicStaff, type PublicStaff } from "./staff.server.ts";
import { enableTwoFactor, twoFactorRequired, spendSecondFactor } from "./two-factor.server.ts";

/** Staff sessions are short: a working day. */
export const STAFF_SESSION_HOURS = 12;
const TOUCH_INTERVAL_MS = 5 * 60_000;
/** A session waiting for its second factor (or for two-factor setup) lasts this long. */
export const PENDING_SESSION_MINUTES = 10;

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
  | { ok: true; staff: PublicStaff; setCookie: string; next: StaffSessionStage }
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
  // With two-factor sign-in on, the password opens only a session that waits for the code; a role that must have it
  // (real-money mode) and has not turned it on gets a session that can only set it up.
  const stage: StaffSessionStage = staff.totpSecret ? "code" : (await twoFactorRequired(staff.role)) ? "setup" : "full";
  return { ok: true, next: stage, ...(await startStaffSession(request, staff.id, stage)) };
}

const sessionExpiry = (stage: StaffSessionStage, now: Date) =>
  new Date(now.getTime() + (stage === "full" ? STAFF_SESSION_HOURS * 3_600_000 : PENDING_SESSION_MINUTES * 60_000));

/**
 * Opens a session for an active staff member (after the password check, or a browser test's session fixture). A
 * "full" one is the log-in (audited); a pending one ("code", "setup") reaches no back-office page until it is completed.
 */
export async function startStaffSession(request: Request, staffId: number, stage: StaffSessionStage = "full") {
  const ip = clientIp(request);
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const updated = await db.transaction(async (tx) => {
    const [row] =
      stage === "full"
        ? await tx.update(staffUsers).set({ lastLoginAt: now }).where(eq(staffUsers.id, staffId)).returning()
        : await tx.select().from(staffUsers).where(eq(staffUsers.id, staffId));
    await tx.insert(staffSessions).values({
      id: hashToken(token),
      staffId,
      ip,
      userAgent: request.headers.get("user-agent")?.slice(0, 400) ?? null,
      stage,
      expiresAt: sessionExpiry(stage, now),
    });
    if (stage === "full") await audit(tx, { staffId, action: "staff.login", entity: "staff_user", entityId: staffId, ip });
    return row!;
  });
  return { staff: toPublicStaff(updated), setCookie: await staffCookie().serialize(token) };
}

/**
 * Turns a pending session into a signed-in one under a new token (the pending token stops working), audited as the
 * log-in. Null when the session is gone or was completed by a parallel request.
 */
async function completeSession(request: Request, pending: PendingStaffAuth, method: string) {
  const ip = clientIp(request);
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const done = await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(staffSessions)
      .set({ id: hashToken(token), stage: "full", lastSeenAt: now, expiresAt: sessionExpiry("full", now) })
      .where(and(eq(staffSessions.id, pending.sessionId), eq(staffSessions.stage, pending.stage)))
      .returning({ id: staffSessions.id });
    if (!moved) return false;
    await tx.update(staffUsers).set({ lastLoginAt: now }).where(eq(staffUsers.id, pending.staff.id));
    await audit(tx, { staffId: pending.staff.id, action: "staff.login", entity: "staff_user", entityId: pending.staff.id, after: { method }, ip });
    return true;
  });
  return done ? staffCookie().serialize(token) : null;
}

/**
 * The second step of a log-in with two-factor sign-in on: a TOTP code or a recovery code. Throws TwoFactorError for a
 * wrong code (a failed log-in attempt) or too many of them. Returns the signed-in session's Set-Cookie, or null when
 * the pending session is gone (expired, or completed by a parallel request).
 */
export async function completeSecondFactor(request: Request, pending: PendingStaffAuth, code: string, options?: LoginPace) {
  const who = { staffId: pending.staff.id, username: pending.staff.username, ip: clientIp(request), pace: options };
  const used = await spendSecondFactor(who, code);
  return completeSession(request, pending, used.method);
}

/**
 * The required setup after the password (real-money mode, admin and finance): confirms the new secret with a current
 * code, then signs in. Returns the recovery codes (shown once) and the Set-Cookie.
 */
export async function completeRequiredSetup(request: Request, pending: PendingStaffAuth, code: string, options?: LoginPace) {
  const who = { staffId: pending.staff.id, username: pending.staff.username, ip: clientIp(request), pace: options };
  const { recoveryCodes } = await enableTwoFactor(who, code);
  return { recoveryCodes, setCookie: await completeSession(request, pending, "setup") };
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
/** A session past the password whose second factor (or two-factor setup) is still due. */
export type PendingStaffAuth = StaffAuth & { stage: "code" | "setup" };
type Found = StaffAuth & { stage: StaffSessionStage };

async function lookup(request: Request): Promise<Found | null> {
  const token = await readStaffToken(request);
  if (!token) return null;
  const id = hashToken(token);
  const now = new Date();
  const [row] = await db
    .select({ staff: staffUsers, lastSeenAt: staffSessions.lastSeenAt, stage: staffSessions.stage })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(and(eq(staffSessions.id, id), gt(staffSessions.expiresAt, now)))
    .limit(1);
  if (!row || !row.staff.active) return null;
  if (row.stage === "full" && now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, id));
  }
  // A signed-in session of a role that must have two-factor sign-in (the site went to real money since) and has not
  // turned it on: it may only set it up.
  const stage = row.stage === "full" && !row.staff.totpSecret && (await twoFactorRequired(row.staff.role)) ? "setup" : row.stage;
  return { staff: toPublicStaff(row.staff), sessionId: id, stage };
}

// The layout and the page loaders of one request share a single look-up.
const perRequest = new WeakMap<Request, Promise<Found | null>>();

function find(request: Request): Promise<Found | null> {
  let found = perRequest.get(request);
  if (!found) {
    found = lookup(request);
    perRequest.set(request, found);
  }
  return found;
}

/** The signed-in staff member (both factors done), or null. A pending session is null here: it reaches no page. */
export async function getStaff(request: Request): Promise<StaffAuth | null> {
  const found = await find(request);
  return found && found.stage === "full" ? { staff: found.staff, sessionId: found.sessionId } : null;
}

/** The session past the password that still owes its second factor or two-factor setup (the log-in page's steps). */
export async function getPendingStaff(request: Request): Promise<PendingStaffAuth | null> {
  const found = await find(request);
  return found && found.stage !== "full" ? { staff: found.staff, sessionId: found.sessionId, stage: found.stage } : null;
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
  const auth = await find(request);
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
