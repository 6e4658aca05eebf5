import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

// Every password check against a staff member's hash is counted: a limit holds when the checks stop at it.
const checks = vi.hoisted(() => ({ n: 0 }));
vi.mock("#app/modules/players/password.server.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("#app/modules/players/password.server.ts")>();
  return { ...original, verifyPassword: async (hash: string, password: string) => (checks.n++, original.verifyPassword(hash, password)) };
});

import { db } from "#app/db/db.server.ts";
import { captureLogs } from "#app/kernel/log.server.ts";
import { authenticate } from "#app/modules/players/players.server.ts";
import { MAX_FAILURES_PER_USER_AND_IP } from "#app/modules/players/rate-limit.server.ts";
import { audit, listAuditActions } from "#app/modules/audit/audit.server.ts";
import { AUDIT_PAGE_SIZE, listAudit } from "#app/modules/staff/audit-log.server.ts";
import { getStaff, loginStaff, logoutStaff, requireStaff, safeAdminRedirect } from "./auth.server.ts";
import { staffSessions, staffUsers } from "./schema.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { createStaff, ensureSeedAdmin, findStaffByUsername, resetStaffPassword, setStaffActive } from "./staff.server.ts";

const loginRequest = (ip: string) =>
  new Request("http://localhost/admin/login", { method: "POST", headers: { "x-client-ip": ip, "user-agent": "vitest" } });
const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;
const pageRequest = (path: string, cookie?: string) => new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });

async function login(username: string, password: string, ip = "10.0.0.1") {
  const outcome = await loginStaff(loginRequest(ip), username, password);
  if (!outcome.ok) throw new Error(`login failed: ${outcome.message}`);
  return cookieOf(outcome.setCookie);
}

async function thrown(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error("expected a throw");
}

const auditRows = (action: string) => db.select().from(auditLog).where(eq(auditLog.action, action));

describe("ensureSeedAdmin", () => {
  it("creates one admin with a random password printed once, and does nothing afterwards", async () => {
    let logs = captureLogs();
    const first = await ensureSeedAdmin(db, undefined);
    logs.restore();
    expect(first.created).toBe(true);
    const password = first.created ? first.password! : "";
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(logs.records).toEqual([
      expect.objectContaining({ level: "info", module: "staff", msg: `Admin created: admin / ${password} — change it in /admin/account` }),
    ]);

    logs = captureLogs();
    expect(await ensureSeedAdmin(db, "AnotherPass123")).toEqual({ created: false });
    expect(await ensureSeedAdmin(db, undefined)).toEqual({ created: false });
    logs.restore();
    expect(logs.records).toEqual([]);

    const admins = await db.select().from(staffUsers);
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ username: "admin", role: "admin", active: true });
    expect(admins[0]!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await auditRows("staff.seed")).toHaveLength(1);
    // The printed password works; the later one was not applied.
    expect((await loginStaff(loginRequest("10.0.0.9"), "admin", password)).ok).toBe(true);
    expect((await loginStaff(loginRequest("10.0.0.9"), "admin", "AnotherPass123")).ok).toBe(false);
    await resetStaffPassword({ id: admins[0]!.id, ip: null }, admins[0]!.id, "AdminPass12345");
  });

  it("refuses a too short ADMIN_INITIAL_PASSWORD", async () => {
    await expect(ensureSeedAdmin(db, "short")).rejects.toThrow(/at least 10/);
  });
});

describe("staff log-in and roles", () => {
  it("logs in case-insensitively, records the log-in time and audits it", async () => {
    const cookie = await login("ADMIN", "AdminPass12345", "10.0.1.1");
    expect(cookie).toMatch(/^staff_sid=/);
    const auth = await getStaff(pageRequest("/admin", cookie));
    expect(auth?.staff).toMatchObject({ username: "admin", role: "admin" });
    expect(auth?.staff.lastLoginAt).toBeInstanceOf(Date);
    const [row] = (await auditRows("staff.login")).slice(-1);
    expect(row).toMatchObject({ staffId: auth!.staff.id, ip: "10.0.1.1" });
  });

  it("sets its own httpOnly, SameSite=Lax cookie, apart from the player's", async () => {
    const outcome = await loginStaff(loginRequest("10.0.1.2"), "admin", "AdminPass12345");
    expect(outcome.ok && outcome.setCookie).toMatch(/^staff_sid=.*Path=\/;.*HttpOnly.*SameSite=Lax/);
  });

  it("refuses wrong passwords with one answer for known and unknown names", async () => {
    const wrong = await loginStaff(loginRequest("10.0.2.1"), "admin", "WrongPass123");
    const unknown = await loginStaff(loginRequest("10.0.2.1"), "nobody", "WrongPass123");
    expect(wrong).toEqual({ ok: false, status: 401, message: "admin.errors.invalidCredentials" });
    expect(unknown).toEqual(wrong);
    expect((await auditRows("staff.login_failed")).length).toBeGreaterThanOrEqual(1);
  });

  it("redirects a guest to the log-in page with the way back", async () => {
    const res = (await thrown(requireStaff(pageRequest("/admin/settings?x=1")))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/admin/login?${new URLSearchParams({ redirectTo: "/admin/settings?x=1" })}`);
  });

  it("gives a staff member without the role a 403, and the right role passes", async () => {
    const admin = (await findStaffByUsername("admin"))!;
    const created = await createStaff(
      { id: admin.id, ip: "10.0.3.1" },
      { username: "fin.ance", name: "Finance One", role: "finance", password: "FinancePass1" },
    );
    expect(created.ok).toBe(true);
    const cookie = await login("fin.ance", "FinancePass1");
    const err = (await thrown(requireStaff(pageRequest("/admin/settings", cookie), ["admin"]))) as { init?: { status?: number }; status?: number };
    expect(err.init?.status ?? err.status).toBe(403);
    const ok = await requireStaff(pageRequest("/admin", cookie));
    expect(ok.staff.role).toBe("finance");
    expect((await requireStaff(pageRequest("/admin/deposits", cookie), ["admin", "finance"])).staff.username).toBe("fin.ance");
  });

  it("refuses a second account whose username differs only in case", async () => {
    const admin = (await findStaffByUsername("admin"))!;
    const dup = await createStaff({ id: admin.id, ip: null }, { username: "FIN.ANCE", name: "X", role: "support", password: "SupportPass1" });
    expect(dup).toEqual({ ok: false, fieldErrors: { username: ["admin.errors.usernameTaken"] } });
  });

  it("deactivating ends the sessions and blocks log-in; an admin cannot deactivate themselves", async () => {
    const admin = (await findStaffByUsername("admin"))!;
    const fin = (await findStaffByUsername("fin.ance"))!;
    const cookie = await login("fin.ance", "FinancePass1");
    expect(await setStaffActive({ id: admin.id, ip: "10.0.4.1" }, admin.id, false)).toEqual({
      ok: false,
      error: "admin.errors.cannotDeactivateSelf",
    });
    expect(await setStaffActive({ id: admin.id, ip: "10.0.4.1" }, fin.id, false)).toEqual({ ok: true, username: "fin.ance" });
    expect(await getStaff(pageRequest("/admin", cookie))).toBeNull();
    expect(await db.select().from(staffSessions).where(eq(staffSessions.staffId, fin.id))).toHaveLength(0);
    expect(await loginStaff(loginRequest("10.0.4.2"), "fin.ance", "FinancePass1")).toEqual({
      ok: false,
      status: 403,
      message: "admin.errors.accountInactive",
    });
    const [row] = (await auditRows("staff.deactivate")).slice(-1);
    expect(row).toMatchObject({ staffId: admin.id, entityId: String(fin.id), before: { active: true }, after: { active: false } });
  });

  it("resetting a password ends the account's other sessions but keeps the admin's own", async () => {
    const admin = (await findStaffByUsername("admin"))!;
    const mine = await login("admin", "AdminPass12345");
    const other = await login("admin", "AdminPass12345");
    const myAuth = (await getStaff(pageRequest("/admin", mine)))!;
    expect(await resetStaffPassword({ id: admin.id, ip: null, sessionId: myAuth.sessionId }, admin.id, "NewAdminPass1")).toEqual({
      ok: true,
      username: "admin",
    });
    expect(await getStaff(pageRequest("/admin", mine))).not.toBeNull();
    expect(await getStaff(pageRequest("/admin", other))).toBeNull();
    const [row] = (await auditRows("staff.password_reset")).slice(-1);
    expect(JSON.stringify(row)).not.toMatch(/NewAdminPass1|argon2/);
    await resetStaffPassword({ id: admin.id, ip: null }, admin.id, "AdminPass12345");
  });

  it("logs out: the session ends and the log-out is audited", async () => {
    const cookie = await login("admin", "AdminPass12345");
    const before = (await auditRows("staff.logout")).length;
    const cleared = await logoutStaff(pageRequest("/admin/logout", cookie));
    expect(cleared).toMatch(/staff_sid=;.*Max-Age=0/);
    expect(await getStaff(pageRequest("/admin", cookie))).toBeNull();
    expect(await auditRows("staff.logout")).toHaveLength(before + 1);
  });

  it("rate-limits staff log-ins per (username, address) under their own keys, apart from players", async () => {
    const admin = (await findStaffByUsername("admin"))!;
    expect((await createStaff({ id: admin.id, ip: null }, { username: "support1", name: "S", role: "support", password: "SupportPass1" })).ok).toBe(
      true,
    );
    for (let i = 0; i < MAX_FAILURES_PER_USER_AND_IP; i++) await loginStaff(loginRequest("10.5.0.1"), "support1", "WrongPass123");
    const locked = await loginStaff(loginRequest("10.5.0.1"), "support1", "SupportPass1");
    expect(locked).toEqual({ ok: false, status: 429, message: "admin.errors.tooManyAttempts", params: { minutes: 15 } });
    expect((await loginStaff(loginRequest("10.6.0.1"), "support1", "SupportPass1")).ok).toBe(true);
    // A player called support1 at that address is not limited by the staff failures.
    expect(await authenticate("support1", "WrongPass123", "10.5.0.1")).toEqual({ ok: false, reason: "invalid" });
  });

  it("50 parallel wrong passwords for the admin from one address: exactly 5 checks, and the admin still logs in from elsewhere", async () => {
    checks.n = 0;
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => loginStaff(loginRequest("10.7.0.1"), "admin", "WrongPass123")));
    expect(checks.n).toBe(MAX_FAILURES_PER_USER_AND_IP);
    expect(outcomes.filter((o) => !o.ok && o.status === 401)).toHaveLength(MAX_FAILURES_PER_USER_AND_IP);
    expect(outcomes.filter((o) => !o.ok && o.status === 429)).toHaveLength(50 - MAX_FAILURES_PER_USER_AND_IP);
    expect((await loginStaff(loginRequest("10.7.0.2"), "admin", "AdminPass12345")).ok).toBe(true);
  });

  it("only sends staff back to back-office pages after log-in", () => {
    expect(safeAdminRedirect("/admin/audit?page=2")).toBe("/admin/audit?page=2");
    expect(safeAdminRedirect("/account")).toBe("/admin");
    expect(safeAdminRedirect("//evil.example/admin")).toBe("/admin");
    expect(safeAdminRedirect("/admin/login?redirectTo=/admin")).toBe("/admin");
    expect(safeAdminRedirect("/administrator")).toBe("/admin");
  });
});

describe("audit log", () => {
  it("is append-only: the database refuses UPDATE, DELETE and TRUNCATE", async () => {
    await db.transaction((tx) =>
      audit(tx, { staffId: null, action: "test.entry", entity: "test", entityId: 1, before: { a: 1 }, after: { a: 2 }, ip: "127.0.0.1" }),
    );
    const count = async () => (await db.select({ id: auditLog.id }).from(auditLog)).length;
    const n = await count();
    await expect(db.update(auditLog).set({ action: "changed" }).where(eq(auditLog.action, "test.entry"))).rejects.toThrow();
    await expect(db.delete(auditLog).where(eq(auditLog.action, "test.entry"))).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect(await count()).toBe(n);
    const [row] = await auditRows("test.entry");
    expect(row).toMatchObject({ before: { a: 1 }, after: { a: 2 } });
  });

  it("an audit row written in a transaction that fails is rolled back with the change", async () => {
    const n = (await auditRows("test.rollback")).length;
    await expect(
      db.transaction(async (tx) => {
        await audit(tx, { staffId: null, action: "test.rollback", entity: "test" });
        throw new Error("change failed");
      }),
    ).rejects.toThrow("change failed");
    expect(await auditRows("test.rollback")).toHaveLength(n);
  });

  it("lists newest first, filters by staff and action, and pages", async () => {
    const admin = (await findStaffByUsername("admin"))!;
    await db.transaction(async (tx) => {
      for (let i = 0; i < AUDIT_PAGE_SIZE + 3; i++) await audit(tx, { staffId: admin.id, action: "test.page", entity: "test", entityId: i });
    });
    const first = await listAudit({ action: "test.page" });
    expect(first.rows).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.hasOlder).toBe(true);
    expect(first.rows[0]).toMatchObject({ entityId: String(AUDIT_PAGE_SIZE + 2), staffUsername: "admin" });
    const second = await listAudit({ action: "test.page", page: 2 });
    expect(second.rows.map((r) => r.entityId)).toEqual(["2", "1", "0"]);
    expect(second.hasOlder).toBe(false);
    const fin = (await findStaffByUsername("fin.ance"))!;
    const byStaff = await listAudit({ staffId: fin.id });
    expect(byStaff.rows.length).toBeGreaterThan(0);
    expect(byStaff.rows.every((r) => r.staffId === fin.id)).toBe(true);
    const actions = await listAuditActions();
    expect(actions).toEqual([...actions].sort());
    expect(actions).toEqual(expect.arrayContaining(["staff.login", "staff.seed", "test.entry", "test.page"]));
    expect(new Set(actions).size).toBe(actions.length);
  });
});
