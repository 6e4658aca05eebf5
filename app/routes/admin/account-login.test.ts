// The two-step log-in and the account page as form posts (plain HTML, no JavaScript): redirects on success, the
// message on its field and a 4xx on a refusal, never a 500.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inEnglish } from "#app/i18n/test-helpers.ts";
import { db } from "#app/db/db.server.ts";
import { generalSettings } from "#app/modules/settings/schema.ts";
import { seedDemoContent } from "#app/startup/seed.server.ts";
import { staffUsers } from "#app/modules/staff/schema.ts";
import { createStaff, ensureSeedAdmin, findStaffByUsername } from "#app/modules/staff/staff.server.ts";
import { totpCodeFor } from "#app/modules/staff/two-factor.server.ts";
import { contentChanged } from "#app/utils/ttl-cache.server.ts";
import * as account from "./account.tsx";
import * as login from "./login.tsx";

await seedDemoContent(db);
await ensureSeedAdmin(db, "AdminPass12345");
const admin = (await findStaffByUsername("admin"))!;

type Refusal = { init: { status: number; headers?: HeadersInit }; data: { result?: { error: Record<string, string[]> }; recoveryCodes?: string[] } };
let ip = 0;
function post(route: { action: (args: never) => unknown }, path: string, fields: Record<string, string>, cookie?: string) {
  const headers = new Headers({ "x-client-ip": `10.61.0.${++ip}` });
  if (cookie) headers.set("cookie", cookie);
  const request = new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(fields), headers });
  return route.action({ request, url: new URL(request.url), params: {}, context: {} } as never) as Promise<Response | Refusal>;
}
const cookieOf = (res: Response | Refusal) => {
  const header = res instanceof Response ? res.headers.get("set-cookie") : new Headers(res.init.headers).get("set-cookie");
  return header!.split(";")[0]!;
};
const errorsOf = (res: Response | Refusal, field: string) => (res as Refusal).data.result?.error[field]?.map(inEnglish);

async function newStaff(username: string, role: "support" | "finance" = "support") {
  const made = await createStaff({ id: admin.id, ip: null }, { username, name: username, role, password: "StaffPass123" });
  if (!made.ok) throw new Error("create failed");
  return made.staff;
}

describe("account page and two-step log-in through the forms", () => {
  it("turns two-factor on, then logs in with the password and a code; a wrong code is answered 401 on its field", async () => {
    await newStaff("route.tf");
    const first = (await post(login, "/admin/login", { username: "route.tf", password: "StaffPass123", redirectTo: "/admin/account" })) as Response;
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/admin/account");
    const cookie = cookieOf(first);

    expect(((await post(account, "/admin/account", { intent: "startTwoFactor" }, cookie)) as Response).status).toBe(302);
    const [row] = await db.select().from(staffUsers).where(eq(staffUsers.username, "route.tf"));
    const secret = row!.totpPendingSecret!;
    const empty = (await post(account, "/admin/account", { intent: "enableTwoFactor", code: "" }, cookie)) as Refusal;
    expect(empty.init.status).toBe(400);
    expect(errorsOf(empty, "code")).toEqual(["Enter the code"]);
    const enabled = (await post(
      account,
      "/admin/account",
      { intent: "enableTwoFactor", code: totpCodeFor(secret, Date.now() - 30_000) },
      cookie,
    )) as Refusal;
    expect(enabled.data.recoveryCodes).toHaveLength(10);

    const password = (await post(login, "/admin/login", { username: "route.tf", password: "StaffPass123", redirectTo: "/admin/staff" })) as Response;
    expect(password.headers.get("location")).toBe(`/admin/login?${new URLSearchParams({ redirectTo: "/admin/staff" })}`);
    const pending = cookieOf(password);
    const wrong = (await post(login, "/admin/login", { intent: "code", code: "12x456", redirectTo: "/admin/staff" }, pending)) as Refusal;
    expect(wrong.init.status).toBe(401);
    expect(errorsOf(wrong, "code")).toEqual(["That code is not right (or was already used)"]);
    // Without JavaScript the refused post is answered on /admin/login with no query: the way back comes with it.
    expect((wrong as { data: { redirectTo?: string } }).data.redirectTo).toBe("/admin/staff");
    const right = (await post(login, "/admin/login", { intent: "code", code: totpCodeFor(secret), redirectTo: "/admin/staff" }, pending)) as Response;
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe("/admin/staff");
    expect(cookieOf(right)).not.toBe(pending);
    // The same step again, on a new password step: refused.
    const again = cookieOf((await post(login, "/admin/login", { username: "route.tf", password: "StaffPass123" })) as Response);
    expect(((await post(login, "/admin/login", { intent: "code", code: totpCodeFor(secret) }, again)) as Refusal).init.status).toBe(401);
    // A code post without a pending session goes back to the log-in page.
    expect(((await post(login, "/admin/login", { intent: "code", code: "123456" })) as Response).headers.get("location")).toMatch(
      /^\/admin\/login\?/,
    );
  });

  it("in real-money mode sends finance to the setup step and signs in once it is confirmed, with the recovery codes", async () => {
    const fin = await newStaff("route.fin", "finance");
    await db.update(generalSettings).set({ mode: "real" });
    contentChanged();
    try {
      const password = (await post(login, "/admin/login", { username: "route.fin", password: "StaffPass123" })) as Response;
      expect(password.headers.get("location")).toMatch(/^\/admin\/login\?/);
      const pending = cookieOf(password);
      // The page (loader) starts the setup; here it is started directly.
      const { beginTwoFactorSetup } = await import("#app/modules/staff/two-factor.server.ts");
      const setup = await beginTwoFactorSetup(fin.id);
      expect(((await post(login, "/admin/login", { intent: "code", code: totpCodeFor(setup.secret) }, pending)) as Response).status).toBe(302);
      const done = (await post(login, "/admin/login", { intent: "setup", code: totpCodeFor(setup.secret) }, pending)) as Refusal;
      expect(done.data.recoveryCodes).toHaveLength(10);
      expect(cookieOf(done)).toMatch(/^staff_sid=/);
    } finally {
      await db.update(generalSettings).set({ mode: "demo" });
      contentChanged();
    }
  });

  it("changes the own password: wrong current 401 and a mismatch 400 on their fields, then a redirect", async () => {
    await newStaff("route.pw");
    const cookie = cookieOf((await post(login, "/admin/login", { username: "route.pw", password: "StaffPass123" })) as Response);
    const base = { intent: "changePassword", currentPassword: "StaffPass123", newPassword: "Brand-New-Pass1", confirmPassword: "Brand-New-Pass1" };
    const short = (await post(account, "/admin/account", { ...base, newPassword: "short", confirmPassword: "short" }, cookie)) as Refusal;
    expect(short.init.status).toBe(400);
    expect(errorsOf(short, "newPassword")).toEqual(["Password must be at least 10 characters"]);
    const mismatch = (await post(account, "/admin/account", { ...base, confirmPassword: "Other-Pass-123" }, cookie)) as Refusal;
    expect(mismatch.init.status).toBe(400);
    expect(errorsOf(mismatch, "confirmPassword")).toEqual(["The two passwords differ"]);
    const wrong = (await post(account, "/admin/account", { ...base, currentPassword: "Not-My-Pass-1" }, cookie)) as Refusal;
    expect(wrong.init.status).toBe(401);
    expect(errorsOf(wrong, "currentPassword")).toEqual(["That is not your current password"]);
    const ok = (await post(account, "/admin/account", base, cookie)) as Response;
    expect(ok.headers.get("location")).toBe("/admin/account?notice=passwordChanged");
    const unknown = (await post(account, "/admin/account", { intent: "endSession", sessionId: "x".repeat(43) }, cookie)) as Refusal;
    expect(unknown.init.status).toBe(404);
  });
});
