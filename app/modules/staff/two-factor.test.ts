// Two-factor sign-in, one's own password and sessions: against the real database.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { generalSettings } from "#app/modules/settings/schema.ts";
import { seedDemoContent } from "#app/startup/seed.server.ts";
import { contentChanged } from "#app/utils/ttl-cache.server.ts";
import { describeDevice } from "#app/utils/device.server.ts";
import { changeOwnPassword, endOtherSessions, endOwnSession, listOwnSessions } from "./account.server.ts";
import { completeRequiredSetup, completeSecondFactor, getPendingStaff, getStaff, loginStaff, requireStaff } from "./auth.server.ts";
import { staffRecoveryCodes, staffSessions, staffUsers } from "./schema.ts";
import { createStaff, ensureSeedAdmin, findStaffByUsername, resetStaffTwoFactor, toPublicStaff } from "./staff.server.ts";
import {
  beginTwoFactorSetup,
  disableTwoFactor,
  enableTwoFactor,
  RECOVERY_CODE_COUNT,
  totpCodeFor,
  TwoFactorError,
  twoFactorStatus,
  spendSecondFactor,
} from "./two-factor.server.ts";

await seedDemoContent(db);
await ensureSeedAdmin(db, "AdminPass12345");
const admin = (await findStaffByUsername("admin"))!;

let ipCounter = 0;
const nextIp = () => `10.42.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const request = (ip = nextIp(), cookie?: string) =>
  new Request("http://localhost/admin/login", {
    method: "POST",
    headers: { "x-client-ip": ip, "user-agent": "Mozilla/5.0 (Windows NT 10.0) Chrome/130.0 Safari/537.36", ...(cookie ? { cookie } : {}) },
  });
const pageRequest = (path: string, cookie: string) => new Request(`http://localhost${path}`, { headers: { cookie } });
const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;
const noPace = { slowMs: 0, addressStepMs: 0 };
const auditRows = (action: string, staffId: number) =>
  db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .then((rows) => rows.filter((r) => r.staffId === staffId));

async function newStaff(username: string, role: "admin" | "finance" | "support" = "support", password = "StaffPass123") {
  const made = await createStaff({ id: admin.id, ip: null }, { username, name: username, role, password });
  if (!made.ok) throw new Error("create failed");
  return made.staff;
}

async function secretOf(staffId: number) {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, staffId));
  return row!.totpSecret ?? row!.totpPendingSecret!;
}

/** Turns two-factor sign-in on for the account; returns its secret and recovery codes. */
async function withTwoFactor(staff: { id: number; username: string }) {
  await beginTwoFactorSetup(staff.id);
  const secret = await secretOf(staff.id);
  // A step in the past: the log-ins in the test then use the current one.
  const { recoveryCodes } = await enableTwoFactor(
    { staffId: staff.id, username: staff.username, ip: nextIp() },
    totpCodeFor(secret, Date.now() - 30_000),
  );
  return { secret, recoveryCodes };
}

async function passwordStep(username: string, password = "StaffPass123", ip = nextIp()) {
  const outcome = await loginStaff(request(ip), username, password);
  if (!outcome.ok) throw new Error(outcome.message);
  return { next: outcome.next, cookie: cookieOf(outcome.setCookie) };
}

async function pendingOf(cookie: string) {
  const pending = await getPendingStaff(pageRequest("/admin/login", cookie));
  if (!pending) throw new Error("no pending session");
  return pending;
}

async function thrown(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error("expected a throw");
}

async function setMode(mode: "demo" | "real") {
  await db.update(generalSettings).set({ mode });
  contentChanged();
}

describe("turning two-factor sign-in on and off", () => {
  it("shows a QR code and the key while setting up, turns on only with a right code, and never shows the secret again", async () => {
    const staff = await newStaff("tf.setup");
    expect((await twoFactorStatus(staff.id)).setup).toBeNull();
    const setup = await beginTwoFactorSetup(staff.id);
    expect(setup.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    expect((await twoFactorStatus(staff.id)).setup?.secret).toBe(setup.secret);

    const who = { staffId: staff.id, username: staff.username, ip: nextIp() };
    const wrong = await thrown(enableTwoFactor(who, "000000" === totpCodeFor(setup.secret) ? "111111" : "000000"));
    expect(wrong).toBeInstanceOf(TwoFactorError);
    expect((wrong as TwoFactorError).code).toBe("code_invalid");
    expect((wrong as TwoFactorError).status).toBe(401);

    const { recoveryCodes } = await enableTwoFactor(who, totpCodeFor(setup.secret));
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staff.id));
    expect(stored.map((r) => r.codeHash)).not.toContain(recoveryCodes[0]);

    const status = await twoFactorStatus(staff.id);
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT, setup: null });
    const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, staff.id));
    expect(toPublicStaff(row!)).not.toHaveProperty("totpSecret");
    expect(toPublicStaff(row!).twoFactorEnabled).toBe(true);
    expect(JSON.stringify(toPublicStaff(row!))).not.toContain(setup.secret);
    expect(await auditRows("staff.two_factor_enabled", staff.id)).toHaveLength(1);
    expect(await auditRows("staff.two_factor_failed", staff.id)).toHaveLength(1);
    expect(((await thrown(beginTwoFactorSetup(staff.id))) as TwoFactorError).code).toBe("already_on");
  });

  it("turns off with the password or a current code, audited; a wrong password is refused", async () => {
    const staff = await newStaff("tf.off");
    const { secret } = await withTwoFactor(staff);
    const who = { staffId: staff.id, username: staff.username, ip: nextIp() };
    const wrong = (await thrown(disableTwoFactor(who, { password: "NotMyPassword1" }))) as TwoFactorError;
    expect([wrong.code, wrong.field, wrong.status]).toEqual(["password_invalid", "password", 401]);
    await disableTwoFactor(who, { password: "StaffPass123" });
    expect((await twoFactorStatus(staff.id)).enabled).toBe(false);
    expect(await db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staff.id))).toEqual([]);

    const again = await withTwoFactor(staff);
    expect(again.secret).not.toBe(secret);
    await disableTwoFactor(who, { code: totpCodeFor(again.secret) });
    expect((await twoFactorStatus(staff.id)).enabled).toBe(false);
    const off = await auditRows("staff.two_factor_disabled", staff.id);
    expect(off.map((r) => r.after)).toEqual([{ by: "password" }, { by: "code" }]);
    // With it off, the password alone signs in, exactly as before.
    const { next, cookie } = await passwordStep("tf.off");
    expect(next).toBe("full");
    expect((await getStaff(pageRequest("/admin", cookie)))?.staff.username).toBe("tf.off");
  });
});

describe("an admin resets another member's two-factor", () => {
  it("turns it off, deletes the recovery codes, ends their sessions, audits it; the member then signs in with the password", async () => {
    const staff = await newStaff("tf.lost");
    await withTwoFactor(staff);
    const { next } = await passwordStep("tf.lost");
    expect(next).toBe("code");
    const session = await passwordStep("tf.lost");
    expect((await db.select().from(staffSessions).where(eq(staffSessions.staffId, staff.id))).length).toBeGreaterThan(0);

    expect(await resetStaffTwoFactor({ id: admin.id, ip: "10.9.9.9" }, staff.id)).toEqual({ ok: true, username: "tf.lost" });
    expect((await twoFactorStatus(staff.id)).enabled).toBe(false);
    expect(await db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staff.id))).toEqual([]);
    expect(await db.select().from(staffSessions).where(eq(staffSessions.staffId, staff.id))).toEqual([]);
    expect(await getPendingStaff(pageRequest("/admin/login", session.cookie))).toBeFalsy();
    const reset = await auditRows("staff.two_factor_reset", admin.id);
    expect(reset.filter((r) => r.entityId === String(staff.id)).map((r) => r.after)).toEqual([{ username: "tf.lost" }]);
    expect((await passwordStep("tf.lost")).next).toBe("full");
  });

  it("refuses one's own (that is /admin/account's), a member without it and an unknown id; 50 parallel resets act once", async () => {
    const actor = { id: admin.id, ip: null };
    expect(await resetStaffTwoFactor(actor, admin.id)).toEqual({ ok: false, error: "admin.errors.twoFactorResetSelf" });
    const plain = await newStaff("tf.plain");
    expect(await resetStaffTwoFactor(actor, plain.id)).toEqual({ ok: false, error: "admin.errors.twoFactorNotOn" });
    expect(await resetStaffTwoFactor(actor, 987_654)).toEqual({ ok: false, error: "admin.errors.staffNotFound" });

    const staff = await newStaff("tf.race");
    await withTwoFactor(staff);
    const results = await Promise.all(Array.from({ length: 50 }, () => resetStaffTwoFactor(actor, staff.id)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.error === "admin.errors.twoFactorNotOn")).toHaveLength(49);
    const reset = await auditRows("staff.two_factor_reset", admin.id);
    expect(reset.filter((r) => r.entityId === String(staff.id))).toHaveLength(1);
  });
});

describe("two-step log-in", () => {
  it("a session past the password but not the code reaches no admin page, for loaders and form posts", async () => {
    const staff = await newStaff("tf.half", "admin");
    await withTwoFactor(staff);
    const { next, cookie } = await passwordStep("tf.half");
    expect(next).toBe("code");
    expect(await getStaff(pageRequest("/admin", cookie))).toBeNull();
    const redirected = (await thrown(requireStaff(pageRequest("/admin/staff", cookie)))) as Response;
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toMatch(/^\/admin\/login\?/);
    const [session] = await db.select().from(staffSessions).where(eq(staffSessions.staffId, staff.id));
    expect(session!.stage).toBe("code");
    expect(session!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);

    // Every back-office route module: its loader and action answer a redirect to the log-in or a refusal, never data.
    const modules = import.meta.glob<Record<string, unknown>>([
      "/app/routes/admin/**/*.{ts,tsx}",
      "!/app/routes/admin/**/*.test.*",
      "!/app/routes/admin/**/*page.ts",
      "!/app/routes/admin/**/*.server.ts",
      "!/app/routes/admin/pages.ts",
      "!/app/routes/admin/page-declaration.ts",
    ]);
    const checked: string[] = [];
    for (const [file, load] of Object.entries(modules)) {
      // The log-in steps; and the layout, the chrome around every page (the log-in's too): it reads getStaff(),
      // null for this session (above), and shows no staff member.
      if (/\/(login|logout|layout)\.tsx$/.test(file)) continue;
      const mod = await load();
      for (const kind of ["loader", "action"] as const) {
        const fn = mod[kind] as ((args: unknown) => Promise<unknown>) | undefined;
        if (typeof fn !== "function") continue;
        const url = new URL("http://localhost/admin/players/1");
        const init = kind === "action" ? { method: "POST", body: new URLSearchParams({ intent: "create" }) } : {};
        const req = new Request(url, { ...init, headers: { cookie } });
        let outcome: unknown;
        try {
          outcome = await fn({ request: req, url, params: { id: "1", eventId: "1", docId: "1", kind: "1" }, context: new RouterContextProvider() });
        } catch (e) {
          outcome = e;
        }
        const status = outcome instanceof Response ? outcome.status : ((outcome as { init?: { status?: number } })?.init?.status ?? null);
        const location = outcome instanceof Response ? outcome.headers.get("location") : null;
        const refused = (status === 302 && location?.startsWith("/admin/login")) || (status !== null && status >= 401 && status <= 404);
        expect(refused, `${kind} of ${file} answered ${status} ${location ?? ""}`).toBe(true);
        checked.push(`${kind}:${file}`);
      }
    }
    expect(checked.length).toBeGreaterThan(20);
    expect(checked).toContain("loader:/app/routes/admin/account.tsx");
    expect(checked).toContain("loader:/app/routes/admin/dashboard.tsx");
  });

  it("completes with a current TOTP code under a new token; the pending token stops working", async () => {
    const staff = await newStaff("tf.login");
    const { secret } = await withTwoFactor(staff);
    const { cookie } = await passwordStep("tf.login");
    const pending = await pendingOf(cookie);
    const setCookie = await completeSecondFactor(request(), pending, totpCodeFor(secret), noPace);
    expect(setCookie).toMatch(/^staff_sid=/);
    const full = cookieOf(setCookie!);
    expect(full).not.toBe(cookie);
    expect((await getStaff(pageRequest("/admin", full)))?.staff.username).toBe("tf.login");
    expect(await getStaff(pageRequest("/admin", cookie))).toBeNull();
    expect(await getPendingStaff(pageRequest("/admin", cookie))).toBeNull();
    const logins = await auditRows("staff.login", staff.id);
    expect(logins.at(-1)?.after).toEqual({ method: "totp" });
  });

  it("refuses the same TOTP code twice (replay), also when used in parallel from two sessions", async () => {
    const staff = await newStaff("tf.replay");
    const { secret } = await withTwoFactor(staff);
    const code = totpCodeFor(secret);
    const first = await passwordStep("tf.replay");
    expect(await completeSecondFactor(request(), await pendingOf(first.cookie), code, noPace)).toBeTruthy();
    const second = await passwordStep("tf.replay");
    const replay = (await thrown(completeSecondFactor(request(), await pendingOf(second.cookie), code, noPace))) as TwoFactorError;
    expect(replay.code).toBe("code_invalid");

    const later = Date.now() + 30_000;
    const nextCode = totpCodeFor(secret, later);
    const who = (i: number) => ({ staffId: staff.id, username: staff.username, ip: `10.77.0.${i}`, pace: noPace });
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => spendSecondFactor(who(i), nextCode, later)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("accepts a code one step old or ahead, not two", async () => {
    const staff = await newStaff("tf.window");
    const { secret } = await withTwoFactor(staff);
    const who = { staffId: staff.id, username: staff.username, ip: nextIp(), pace: noPace };
    const now = Date.now() + 120_000;
    expect(((await thrown(spendSecondFactor(who, totpCodeFor(secret, now - 60_000), now))) as TwoFactorError).code).toBe("code_invalid");
    await expect(spendSecondFactor(who, totpCodeFor(secret, now - 30_000), now)).resolves.toEqual({ method: "totp" });
    await expect(spendSecondFactor(who, totpCodeFor(secret, now + 30_000), now)).resolves.toEqual({ method: "totp" });
  });

  it("a recovery code works once under 50 parallel uses, and is audited once", async () => {
    const staff = await newStaff("tf.recovery");
    const { recoveryCodes } = await withTwoFactor(staff);
    const code = recoveryCodes[3]!.toUpperCase();
    const who = (i: number) => ({ staffId: staff.id, username: staff.username, ip: `10.88.${i}.1`, pace: noPace });
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => spendSecondFactor(who(i), code)));
    const ok = results.filter((r) => r.status === "fulfilled");
    expect(ok).toHaveLength(1);
    expect((ok[0] as PromiseFulfilledResult<unknown>).value).toEqual({ method: "recovery", recoveryCodesLeft: RECOVERY_CODE_COUNT - 1 });
    for (const r of results) if (r.status === "rejected") expect((r.reason as TwoFactorError).code).toBe("code_invalid");
    expect(await auditRows("staff.recovery_code_used", staff.id)).toHaveLength(1);
    expect((await twoFactorStatus(staff.id)).recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);
    // Another one still signs in, through the log-in's second step.
    const { cookie } = await passwordStep("tf.recovery");
    expect(await completeSecondFactor(request(), await pendingOf(cookie), recoveryCodes[4]!, noPace)).toBeTruthy();
  });

  it("wrong codes count as failed log-in attempts: after 5 from one address even the right code waits", async () => {
    const staff = await newStaff("tf.limit");
    const { secret } = await withTwoFactor(staff);
    const ip = nextIp();
    const { cookie } = await passwordStep("tf.limit", "StaffPass123", ip);
    const pending = await pendingOf(cookie);
    for (let i = 0; i < 5; i++) {
      expect(((await thrown(completeSecondFactor(request(ip), pending, "12345x", noPace))) as TwoFactorError).code).toBe("code_invalid");
    }
    const limited = (await thrown(completeSecondFactor(request(ip), pending, totpCodeFor(secret), noPace))) as TwoFactorError;
    expect([limited.code, limited.status]).toEqual(["too_many_attempts", 429]);
    // A right password does not clear the code counter.
    const again = await passwordStep("tf.limit", "StaffPass123", ip);
    expect(
      ((await thrown(completeSecondFactor(request(ip), await pendingOf(again.cookie), totpCodeFor(secret), noPace))) as TwoFactorError).code,
    ).toBe("too_many_attempts");
    expect((await auditRows("staff.two_factor_failed", staff.id)).length).toBe(5);
  });
});

describe("required in real-money mode for admin and finance", () => {
  it("sends such a member without it to set it up first; demo mode leaves it optional", async () => {
    const fin = await newStaff("tf.finance", "finance");
    const support = await newStaff("tf.support", "support");
    expect((await passwordStep("tf.finance")).next).toBe("full");
    const before = await passwordStep("tf.finance");
    await setMode("real");
    try {
      expect((await passwordStep("tf.support")).next).toBe("full");
      // A session opened in demo mode now only sets it up.
      expect(await getStaff(pageRequest("/admin", before.cookie))).toBeNull();
      expect((await getPendingStaff(pageRequest("/admin", before.cookie)))?.stage).toBe("setup");

      const { next, cookie } = await passwordStep("tf.finance");
      expect(next).toBe("setup");
      expect(await getStaff(pageRequest("/admin", cookie))).toBeNull();
      const pending = await pendingOf(cookie);
      const setup = await beginTwoFactorSetup(fin.id);
      const done = await completeRequiredSetup(request(), pending, totpCodeFor(setup.secret), noPace);
      expect(done.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
      expect((await getStaff(pageRequest("/admin", cookieOf(done.setCookie!))))?.staff.username).toBe("tf.finance");
      // Required: it cannot be turned off.
      const refused = (await thrown(
        disableTwoFactor({ staffId: fin.id, username: fin.username, ip: null }, { password: "StaffPass123" }),
      )) as TwoFactorError;
      expect(refused.code).toBe("required");
      expect(support.role).toBe("support");
    } finally {
      await setMode("demo");
    }
  });
});

describe("own password and sessions", () => {
  it("changes the password with the current one, ends the other sessions and audits it", async () => {
    const staff = await newStaff("tf.password");
    const a = await passwordStep("tf.password");
    const b = await passwordStep("tf.password");
    const auth = (await getStaff(pageRequest("/admin", a.cookie)))!;
    const who = { staffId: staff.id, username: staff.username, ip: nextIp(), sessionId: auth.sessionId };
    expect(((await thrown(changeOwnPassword(who, "WrongPass999", "NewPassword123"))) as TwoFactorError).code).toBe("password_invalid");
    await changeOwnPassword(who, "StaffPass123", "NewPassword123");
    expect(await getStaff(pageRequest("/admin", a.cookie))).not.toBeNull();
    expect(await getStaff(pageRequest("/admin", b.cookie))).toBeNull();
    expect((await loginStaff(request(), "tf.password", "StaffPass123")).ok).toBe(false);
    expect((await loginStaff(request(), "tf.password", "NewPassword123")).ok).toBe(true);
    expect((await auditRows("staff.password_change", staff.id)).map((r) => r.after)).toEqual([{ sessionsEnded: 1 }]);
  });

  it("lists one's sessions with device and address, ends one or all others, never another's", async () => {
    const staff = await newStaff("tf.sessions");
    const other = await newStaff("tf.other");
    const a = await passwordStep("tf.sessions", "StaffPass123", "10.99.0.1");
    await passwordStep("tf.sessions", "StaffPass123", "10.99.0.2");
    await passwordStep("tf.sessions", "StaffPass123", "10.99.0.3");
    const otherLogin = await passwordStep("tf.other");
    const me = (await getStaff(pageRequest("/admin", a.cookie)))!;
    const list = await listOwnSessions(staff.id, me.sessionId);
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ current: true, browser: "Chrome", os: "Windows", ip: "10.99.0.1" });

    const theirs = (await getStaff(pageRequest("/admin", otherLogin.cookie)))!;
    expect(await endOwnSession({ staffId: staff.id, ip: null }, theirs.sessionId)).toBe(false);
    expect(await getStaff(pageRequest("/admin", otherLogin.cookie))).not.toBeNull();

    expect(await endOwnSession({ staffId: staff.id, ip: "10.99.0.1" }, list[1]!.id)).toBe(true);
    expect(await listOwnSessions(staff.id, me.sessionId)).toHaveLength(2);
    expect(await endOtherSessions({ staffId: staff.id, ip: "10.99.0.1", sessionId: me.sessionId })).toBe(1);
    expect((await listOwnSessions(staff.id, me.sessionId)).map((s) => s.current)).toEqual([true]);
    expect(await auditRows("staff.session_end", staff.id)).toHaveLength(2);
    expect(other.username).toBe("tf.other");
  });

  it("names devices from user agents", () => {
    expect(describeDevice("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605 Version/17.0 Mobile Safari/604.1")).toEqual({
      browser: "Mobile Safari",
      os: "iOS",
    });
    expect(describeDevice("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")).toEqual({ browser: "Firefox", os: "Linux" });
    expect(describeDevice("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36 EdgA/130 Edg/130")).toEqual({
      browser: "Edge",
      os: "Android",
    });
    expect(describeDevice("Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36")).toEqual({
      browser: "Chrome",
      os: "Chrome OS",
    });
    expect(describeDevice(null)).toEqual({ browser: null, os: null });
    expect(describeDevice("curl/8.5.0")).toEqual({ browser: null, os: null });
  });
});
