// The back-office route modules guard themselves: a guest is sent to log in and a role without access gets 403.
import { describe, expect, it } from "vitest";
import { inEnglish } from "#app/i18n/test-helpers.ts";
import { db } from "#app/db/db.server.ts";
import { seedDemoContent } from "#app/startup/seed.server.ts";
import { getEditableSettings } from "#app/modules/settings/settings.server.ts";
import { readMoneySettings } from "#app/modules/payments/settings.server.ts";
import { ensureSeedAdmin, findStaffByUsername } from "#app/modules/staff/staff.server.ts";
import * as audit from "./audit.tsx";
import * as auditExport from "./audit-export.ts";
import * as depositsExport from "./payments/deposits-export.ts";
import * as withdrawalsExport from "./payments/withdrawals-export.ts";
import * as adjustmentsExport from "./payments/adjustments-export.ts";
import * as checkoutsExport from "./payments/checkouts-export.ts";
import * as riskExport from "./risk/export.ts";
import * as settings from "./settings.tsx";
import * as staff from "./staff.tsx";
import { staffCookie } from "#tests/kit/sessions.ts";
import { staffMember } from "#tests/kit/players.ts";

await seedDemoContent(db);
await ensureSeedAdmin(db, "AdminPass12345");
const admin = (await findStaffByUsername("admin"))!;
await staffMember("finance", "finance1", "FinancePass1", "Fin");

function args(path: string, cookie?: string, init: RequestInit = {}) {
  const url = new URL(`http://localhost${path}`);
  const headers = new Headers(init.headers);
  if (cookie) headers.set("cookie", cookie);
  return { request: new Request(url, { ...init, headers }), url, params: {}, context: {} } as never;
}

async function statusOf(p: unknown) {
  try {
    await p;
  } catch (e) {
    const err = e as { status?: number; init?: { status?: number } };
    return err.init?.status ?? err.status;
  }
  return 200;
}

describe("admin routes", () => {
  it("send a guest to /admin/login", async () => {
    expect(await statusOf(settings.loader(args("/admin/settings")))).toBe(302);
  });

  it("give finance 403 on settings, staff and audit, for pages and form posts", async () => {
    const cookie = await staffCookie("finance1", "FinancePass1");
    expect(await statusOf(settings.loader(args("/admin/settings", cookie)))).toBe(403);
    expect(
      await statusOf(settings.action(args("/admin/settings", cookie, { method: "POST", body: new URLSearchParams({ siteTitle: "Hacked" }) }))),
    ).toBe(403);
    expect(await statusOf(staff.loader(args("/admin/staff", cookie)))).toBe(403);
    expect(
      await statusOf(
        staff.action(
          args("/admin/staff", cookie, { method: "POST", body: new URLSearchParams({ intent: "deactivate", staffId: String(admin.id) }) }),
        ),
      ),
    ).toBe(403);
    expect(await statusOf(audit.loader(args("/admin/audit", cookie)))).toBe(403);
  });

  it("guard the CSV exports like their pages: a guest logs in, a role without the page gets 403", async () => {
    const exports = [
      [auditExport, "/admin/audit/export"],
      [depositsExport, "/admin/finance/deposits/export"],
      [withdrawalsExport, "/admin/finance/withdrawals/export"],
      [adjustmentsExport, "/admin/finance/adjustments/export"],
      [checkoutsExport, "/admin/finance/checkouts/export"],
      [riskExport, "/admin/risk/export"],
    ] as const;
    for (const [route, path] of exports) expect(await statusOf(route.loader(args(path))), path).toBe(302);
    const finance = await staffCookie("finance1", "FinancePass1");
    expect(await statusOf(auditExport.loader(args("/admin/audit/export", finance)))).toBe(403);
    await staffMember("content", "content1", "ContentPass1", "Con");
    const content = await staffCookie("content1", "ContentPass1");
    for (const [route, path] of exports) expect(await statusOf(route.loader(args(path, content))), path).toBe(403);
  });

  it("let an admin save settings through the form action, which redirects back with a notice", async () => {
    const cookie = await staffCookie("admin", "AdminPass12345");
    const body = new URLSearchParams({
      siteTitle: "Route Title",
      supportMail: "help@example.com",
      withdrawalStatus: "on",
      depositTurnoverMultiplier: "2.5",
      mode: "demo",
    });
    const res = (await settings.action(args("/admin/settings", cookie, { method: "POST", body }))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/settings?notice=saved");
    // An unticked box is off; "2.5" is kept as 250 hundredths.
    expect(await getEditableSettings()).toMatchObject({
      siteTitle: "Route Title",
      withdrawalStatus: true,
      promotionWallet: false,
      depositTurnoverHundredths: 250,
    });
  });

  it("answer a real-money switch without a licence with 400 and the message on the mode field", async () => {
    const cookie = await staffCookie("admin", "AdminPass12345");
    const body = new URLSearchParams({ siteTitle: "Route Title", supportMail: "help@example.com", depositTurnoverMultiplier: "1", mode: "real" });
    const res = (await settings.action(args("/admin/settings", cookie, { method: "POST", body }))) as {
      init: { status: number };
      data: { result: { error: Record<string, string[]> } };
    };
    expect(res.init.status).toBe(400);
    expect(res.data.result.error.mode).toEqual(["admin.errors.realNeedsLicence"]);
  });

  // A whole-number setting: what the form refuses on the field, and what it saves.
  it.each([
    ["payoutPromiseHours", ["0", "721", "1.5", "abc"], "Enter a whole number of hours from 1 to 720", [48]],
    ["resubmitWaitMinutes", ["-1", "1441", "2.5", "abc"], "Enter a whole number of minutes from 0 to 1440", [0, 30]],
  ] as const)("save %s from the form: %j are refused on the field", async (field, refused, message, saved) => {
    const cookie = await staffCookie("admin", "AdminPass12345");
    type Refusal = { init: { status: number }; data: { result: { error: Record<string, string[]> } } };
    const post = (value: string) =>
      settings.action(
        args("/admin/settings", cookie, {
          method: "POST",
          body: new URLSearchParams({
            siteTitle: "Route Title",
            supportMail: "help@example.com",
            depositTurnoverMultiplier: "1",
            mode: "demo",
            [field]: value,
          }),
        }),
      ) as Promise<Refusal | Response>;
    const before = (await getEditableSettings())[field];
    for (const value of refused) {
      const res = (await post(value)) as Refusal;
      expect(res.init.status, value).toBe(400);
      expect(res.data.result.error[field]?.map(inEnglish), value).toEqual([message]);
    }
    expect((await getEditableSettings())[field]).toBe(before);
    for (const value of saved) {
      expect(((await post(String(value))) as Response).status).toBe(302);
      expect((await getEditableSettings())[field]).toBe(value);
      // What the payment pages read.
      expect((await readMoneySettings())[field]).toBe(value);
    }
  });
});

describe("the settings form's second-approval amount (four-eyes payouts)", () => {
  it("saves taka, refuses bad text on its field with 400, turns off when emptied and keeps its value when left out", async () => {
    const cookie = await staffCookie("admin", "AdminPass12345");
    type Refusal = { init: { status: number }; data: { result: { error: Record<string, string[]> } } };
    const post = (extra: Record<string, string>) =>
      settings.action(
        args("/admin/settings", cookie, {
          method: "POST",
          body: new URLSearchParams({
            siteTitle: "Route Title",
            supportMail: "help@example.com",
            depositTurnoverMultiplier: "1",
            mode: "demo",
            ...extra,
          }),
        }),
      ) as Promise<Refusal | Response>;
    expect(((await post({ secondApprovalAbove: "30,000" })) as Response).status).toBe(302);
    expect((await readMoneySettings()).secondApprovalAbove).toBe(3_000_000n);
    for (const bad of ["-1", "abc", "1.234"]) {
      const res = (await post({ secondApprovalAbove: bad })) as Refusal;
      expect(res.init.status, bad).toBe(400);
      expect(res.data.result.error.secondApprovalAbove?.map(inEnglish), bad).toEqual([
        "Enter an amount in taka from 0 to 10,000,000 with at most two decimals (0 or empty: off)",
      ]);
    }
    expect(((await post({})) as Response).status).toBe(302);
    expect((await readMoneySettings()).secondApprovalAbove).toBe(3_000_000n);
    expect(((await post({ secondApprovalAbove: "" })) as Response).status).toBe(302);
    expect((await readMoneySettings()).secondApprovalAbove).toBe(0n);
    expect(((await post({ secondApprovalAbove: "50000" })) as Response).status).toBe(302);
    expect((await readMoneySettings()).secondApprovalAbove).toBe(5_000_000n);
  });
});
