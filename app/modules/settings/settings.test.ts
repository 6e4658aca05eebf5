import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { seedDemoContent } from "#app/startup/seed.server.ts";
import { getSiteConfig } from "#app/modules/content/content.server.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { createStaff, ensureSeedAdmin, findStaffByUsername } from "#app/modules/staff/staff.server.ts";
import { getEditableSettings, updateSettings } from "./settings.server.ts";
import { formatHundredths, parseHundredths, parseSecondApprovalAbove, settingsSchema, type SettingsInput } from "./validation.ts";

let actor: { id: number; ip: string };

function input(overrides: Partial<SettingsInput> = {}): SettingsInput {
  return {
    siteTitle: "DeshPlay",
    supportMail: "support@deshplay.example",
    withdrawalStatus: true,
    promotionWallet: true,
    depositTurnoverMultiplier: "1",
    mode: "demo",
    licenceIssuer: null,
    licenceNumber: null,
    jurisdictions: [],
    ...overrides,
  };
}

beforeAll(async () => {
  await seedDemoContent(db);
  await ensureSeedAdmin(db, "AdminPass12345");
  const admin = await findStaffByUsername("admin");
  actor = { id: admin!.id, ip: "10.9.0.1" };
});

describe("turnover multiplier", () => {
  it("is read from text into hundredths without floats", () => {
    expect(parseHundredths("1")).toBe(100);
    expect(parseHundredths("1.5")).toBe(150);
    expect(parseHundredths("2.25")).toBe(225);
    expect(parseHundredths("0")).toBe(0);
    expect(parseHundredths("0.1")).toBe(10);
    expect(parseHundredths("1.555")).toBeNull();
    expect(parseHundredths("-1")).toBeNull();
    expect(parseHundredths("1e2")).toBeNull();
    expect(parseHundredths("")).toBeNull();
    expect(formatHundredths(150)).toBe("1.5");
    expect(formatHundredths(100)).toBe("1");
    expect(formatHundredths(205)).toBe("2.05");
  });
});

describe("settings form schema", () => {
  it("refuses real money without a licence and jurisdictions, naming each missing field", () => {
    const parsed = settingsSchema.safeParse({ siteTitle: "X", supportMail: "a@b.co", depositTurnoverMultiplier: "1", mode: "real" });
    expect(parsed.success).toBe(false);
    const byPath = Object.fromEntries(parsed.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(byPath).toEqual({
      mode: "admin.errors.realNeedsLicence",
      licenceIssuer: "admin.errors.licenceIssuerRequired",
      licenceNumber: "admin.errors.licenceNumberRequired",
      jurisdictions: "admin.errors.jurisdictionsRequired",
    });
  });

  it("refuses an unknown jurisdiction code", () => {
    const parsed = settingsSchema.safeParse({
      siteTitle: "X",
      supportMail: "a@b.co",
      depositTurnoverMultiplier: "1",
      mode: "demo",
      jurisdictions: ["US"],
    });
    expect(parsed.success).toBe(false);
  });
});

describe("promised payout time", () => {
  const base = { siteTitle: "X", supportMail: "a@b.co", depositTurnoverMultiplier: "1", mode: "demo" };
  it("takes a whole number of hours from 1 to 720 and names the field otherwise", () => {
    for (const hours of [0, 721, -1, 1.5]) {
      const parsed = settingsSchema.safeParse({ ...base, payoutPromiseHours: hours });
      expect(parsed.success, String(hours)).toBe(false);
      expect(parsed.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([["payoutPromiseHours", "admin.errors.payoutPromiseInvalid"]]);
    }
    for (const hours of [1, 48, 720]) expect(settingsSchema.parse({ ...base, payoutPromiseHours: hours }).payoutPromiseHours).toBe(hours);
  });

  it("is saved, audited, kept when left out, and refused out of range on its field", async () => {
    expect(await updateSettings(actor, input({ payoutPromiseHours: 48 }))).toEqual({ ok: true, changed: true });
    expect((await getEditableSettings()).payoutPromiseHours).toBe(48);
    const [row] = await db.select().from(auditLog).where(eq(auditLog.action, "settings.update")).orderBy(desc(auditLog.id)).limit(1);
    expect(row!.after).toMatchObject({ payoutPromiseHours: 48 });
    expect(await updateSettings(actor, input())).toEqual({ ok: true, changed: false });
    expect((await getEditableSettings()).payoutPromiseHours).toBe(48);
    for (const hours of [0, 721]) {
      expect(await updateSettings(actor, input({ payoutPromiseHours: hours }))).toEqual({
        ok: false,
        fieldErrors: { payoutPromiseHours: ["admin.errors.payoutPromiseInvalid"] },
      });
    }
    expect((await getEditableSettings()).payoutPromiseHours).toBe(48);
    expect(await updateSettings(actor, input({ payoutPromiseHours: 24 }))).toEqual({ ok: true, changed: true });
  });
});

describe("second approval amount (four-eyes payouts)", () => {
  it("is read from taka text into poisha; empty or 0 is off", () => {
    expect(parseSecondApprovalAbove("50000")).toBe(5_000_000n);
    expect(parseSecondApprovalAbove("1,250.50")).toBe(125_050n);
    expect(parseSecondApprovalAbove("")).toBe(0n);
    expect(parseSecondApprovalAbove("0")).toBe(0n);
    for (const bad of ["-1", "abc", "1.001", "10000000.01"]) expect(parseSecondApprovalAbove(bad), bad).toBeNull();
  });

  it("is ৳20,000 by default, saved, audited, kept when left out, and refused when bad on its field", async () => {
    expect((await getEditableSettings()).secondApprovalAbove).toBe(2_000_000n);
    expect(await updateSettings(actor, input({ secondApprovalAbove: "50,000" }))).toEqual({ ok: true, changed: true });
    expect((await getEditableSettings()).secondApprovalAbove).toBe(5_000_000n);
    const [row] = await db.select().from(auditLog).where(eq(auditLog.action, "settings.update")).orderBy(desc(auditLog.id)).limit(1);
    expect(row!.before).toMatchObject({ secondApprovalAbove: "2000000" });
    expect(row!.after).toMatchObject({ secondApprovalAbove: "5000000" });
    expect(await updateSettings(actor, input())).toEqual({ ok: true, changed: false });
    expect(await updateSettings(actor, input({ secondApprovalAbove: "-5" }))).toEqual({
      ok: false,
      fieldErrors: { secondApprovalAbove: ["admin.errors.secondApprovalInvalid"] },
    });
    expect(await updateSettings(actor, input({ secondApprovalAbove: "" }))).toEqual({ ok: true, changed: true });
    expect((await getEditableSettings()).secondApprovalAbove).toBe(0n);
    expect(await updateSettings(actor, input({ secondApprovalAbove: "20000" }))).toEqual({ ok: true, changed: true });
  });
});

describe("the high-roller stake (issue 30: live bets)", () => {
  it("is ৳5,000 by default, saved, audited, kept when left out, and refused when 0 or bad on its field", async () => {
    expect((await getEditableSettings()).highRollerStake).toBe(500_000n);
    expect(await updateSettings(actor, input({ highRollerStake: "7,500" }))).toEqual({ ok: true, changed: true });
    expect((await getEditableSettings()).highRollerStake).toBe(750_000n);
    const [row] = await db.select().from(auditLog).where(eq(auditLog.action, "settings.update")).orderBy(desc(auditLog.id)).limit(1);
    expect(row!.after).toMatchObject({ highRollerStake: "750000" });
    expect(await updateSettings(actor, input())).toEqual({ ok: true, changed: false });
    for (const bad of ["0", "-5", "abc", "1.001", "10000000.01"])
      expect(await updateSettings(actor, input({ highRollerStake: bad })), bad).toEqual({
        ok: false,
        fieldErrors: { highRollerStake: ["admin.errors.highRollerInvalid"] },
      });
    expect(await updateSettings(actor, input({ highRollerStake: "5000" }))).toEqual({ ok: true, changed: true });
  });
});

describe("updateSettings", () => {
  it("writes an audit row with the before and after values in the same change", async () => {
    const before = await getEditableSettings();
    expect(before.depositTurnoverHundredths).toBe(100);
    const result = await updateSettings(actor, input({ siteTitle: "DeshPlay Two", depositTurnoverMultiplier: "1.5", withdrawalStatus: false }));
    expect(result).toEqual({ ok: true, changed: true });
    const after = await getEditableSettings();
    expect(after).toMatchObject({ siteTitle: "DeshPlay Two", depositTurnoverHundredths: 150, withdrawalStatus: false });
    // The cached site configuration was cleared, so pages show the change at once.
    expect((await getSiteConfig()).general.siteTitle).toBe("DeshPlay Two");

    const [row] = await db.select().from(auditLog).where(eq(auditLog.action, "settings.update")).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({ staffId: actor.id, entity: "general_settings", ip: "10.9.0.1" });
    expect(row!.before).toMatchObject({ siteTitle: "DeshPlay", depositTurnoverHundredths: 100, withdrawalStatus: true, mode: "demo" });
    expect(row!.after).toMatchObject({ siteTitle: "DeshPlay Two", depositTurnoverHundredths: 150, withdrawalStatus: false, mode: "demo" });
  });

  it("writes nothing when nothing changed", async () => {
    const count = async () => (await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, "settings.update"))).length;
    const n = await count();
    expect(await updateSettings(actor, input({ siteTitle: "DeshPlay Two", depositTurnoverMultiplier: "1.50", withdrawalStatus: false }))).toEqual({
      ok: true,
      changed: false,
    });
    expect(await count()).toBe(n);
  });

  it("refuses real-money mode without licence issuer, number and jurisdictions", async () => {
    const noLicence = await updateSettings(actor, input({ mode: "real", jurisdictions: ["IN"] }));
    expect(noLicence).toEqual({
      ok: false,
      fieldErrors: {
        mode: ["admin.errors.realNeedsLicence"],
        licenceIssuer: ["admin.errors.licenceIssuerRequired"],
        licenceNumber: ["admin.errors.licenceNumberRequired"],
      },
    });
    const noJurisdictions = await updateSettings(actor, input({ mode: "real", licenceIssuer: "Authority", licenceNumber: "L-1" }));
    expect(noJurisdictions).toEqual({
      ok: false,
      fieldErrors: { mode: ["admin.errors.realNeedsLicence"], jurisdictions: ["admin.errors.jurisdictionsRequired"] },
    });
    expect((await getEditableSettings()).mode).toBe("demo");
  });

  it("switches to real money once the licence and a jurisdiction are set", async () => {
    const ok = await updateSettings(
      actor,
      input({ mode: "real", licenceIssuer: "Authority", licenceNumber: "L-1", jurisdictions: ["PK", "IN", "IN"] }),
    );
    expect(ok).toEqual({ ok: true, changed: true });
    expect(await getEditableSettings()).toMatchObject({ mode: "real", jurisdictions: ["IN", "PK"], licenceIssuer: "Authority" });
  });

  it("records who changed it: a second admin's change carries their id", async () => {
    const created = await createStaff(actor, { username: "admin2", name: "Second", role: "admin", password: "SecondPass123" });
    expect(created.ok).toBe(true);
    const second = { id: created.ok ? created.staff.id : 0, ip: "10.9.0.2" };
    await updateSettings(second, input({ mode: "demo", siteTitle: "DeshPlay" }));
    const [row] = await db.select().from(auditLog).where(eq(auditLog.action, "settings.update")).orderBy(desc(auditLog.id)).limit(1);
    expect(row!.staffId).toBe(second.id);
    expect(row!.before).toMatchObject({ mode: "real" });
    expect(row!.after).toMatchObject({ mode: "demo", siteTitle: "DeshPlay" });
  });
});
