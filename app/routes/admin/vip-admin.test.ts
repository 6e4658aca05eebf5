// /admin/vip: only the admin and content roles open it; every change is audited; a level set always has a start level.
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { ensureSeedAdmin } from "#app/modules/staff/staff.server.ts";
import { vipLevels, vipSettings } from "#app/modules/vip/schema.ts";
import { vipReady } from "#app/modules/vip/test-helpers.ts";
import { callRoute } from "#tests/support/route-call.ts";
import * as vip from "./vip.tsx";
import { staffCookie } from "#tests/kit/sessions.ts";
import { staffMember } from "#tests/kit/players.ts";

let content: string;
let finance: string;

beforeAll(async () => {
  await vipReady();
  await ensureSeedAdmin(db, "AdminPass12345");
  await staffMember("content", "content1", "ContentPass1", "Content");
  await staffMember("finance", "finance1", "FinancePass1", "Fin");
  content = await staffCookie("content1", "ContentPass1");
  finance = await staffCookie("finance1", "FinancePass1");
});

const post = (cookie: string, form: Record<string, string>) => callRoute(vip, "/admin/vip", { cookie, form });
const lastAudit = async (action: string) =>
  (
    await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action)))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe("/admin/vip", () => {
  it("sends a guest to log in and gives other roles 403, for the page and its forms", async () => {
    expect((await callRoute(vip, "/admin/vip")).status).toBe(302);
    expect((await callRoute(vip, "/admin/vip", { cookie: finance })).status).toBe(403);
    expect((await post(finance, { intent: "rule", stakePerPoint: "1", minConvert: "1" })).status).toBe(403);
    const [settings] = await db.select().from(vipSettings);
    expect(settings!.stakePerPoint).toBe(10_000n);
  });

  it("lists the levels and the rule for content staff", async () => {
    const out = await callRoute(vip, "/admin/vip", { cookie: content });
    expect(out.status).toBe(200);
    const page = out.data as { rule: { stakePerPoint: string; minConvert: string }; levels: { name: string; nameBn: string }[] };
    expect(page.rule).toEqual({ stakePerPoint: "100", minConvert: "10" });
    expect(page.levels.map((l) => l.name)).toEqual(["Normal", "Elite I", "Elite II", "Elite III", "Elite IV", "Elite V"]);
    expect(page.levels.map((l) => l.nameBn)).toEqual(["সাধারণ", "এলিট I", "এলিট II", "এলিট III", "এলিট IV", "এলিট V"]);
  });

  it("saves the rule with an audit row", async () => {
    const out = await post(content, { intent: "rule", stakePerPoint: "50.50", minConvert: "20" });
    expect(out.status).toBe(302);
    const [settings] = await db.select().from(vipSettings);
    expect(settings).toMatchObject({ stakePerPoint: 5_050n, minConvert: 20 });
    expect(await lastAudit("vip.rule.update")).toMatchObject({
      before: { stakePerPoint: "10000", minConvert: 10 },
      after: { stakePerPoint: "5050", minConvert: 20 },
    });
    const bad = await post(content, { intent: "rule", stakePerPoint: "0", minConvert: "x" });
    expect(bad.status).toBe(400);
    expect((bad.data as { errors: Record<string, string[]> }).errors).toEqual({
      stakePerPoint: ["vip.admin.errors.stake"],
      minConvert: ["vip.admin.errors.minConvert"],
    });
    await post(content, { intent: "rule", stakePerPoint: "100", minConvert: "10" });
  });

  it("saves a level's Bangla name, empty as none, with the English name's length rule, and audits it", async () => {
    const added = await post(content, {
      intent: "level",
      name: "Elite VII",
      nameBn: " এলিট VII ",
      experience: "400000",
      ratio: "60",
      sortOrder: "8",
    });
    expect(added.status).toBe(302);
    const [seven] = await db.select().from(vipLevels).where(eq(vipLevels.name, "Elite VII"));
    expect(seven).toMatchObject({ nameBn: "এলিট VII", experience: 400_000n });
    expect(await lastAudit("vip.level.create")).toMatchObject({ after: { name: "Elite VII", nameBn: "এলিট VII" } });
    const listed = (await callRoute(vip, "/admin/vip", { cookie: content })).data as { levels: { id: number; nameBn: string }[] };
    expect(listed.levels.find((l) => l.id === seven!.id)?.nameBn).toBe("এলিট VII");

    const form = { intent: "level", id: String(seven!.id), name: "Elite VII", experience: "400000", ratio: "60", sortOrder: "8" };
    const long = await post(content, { ...form, nameBn: "এ".repeat(41) });
    expect(long.status).toBe(400);
    expect((long.data as { errors: Record<string, string[]>; values: Record<string, string> }).errors).toEqual({
      nameBn: ["vip.admin.errors.nameBn"],
    });
    // The refused form shows what was typed.
    expect((long.data as { values: Record<string, string> }).values.nameBn).toBe("এ".repeat(41));
    expect((await post(content, { ...form, nameBn: "এ".repeat(40) })).status).toBe(302);
    expect((await db.select().from(vipLevels).where(eq(vipLevels.id, seven!.id)))[0]!.nameBn).toBe("এ".repeat(40));

    // Emptied, the level has no Bangla name (the English one is shown); a form without the field (one rendered
    // before the field existed) leaves it as it was.
    expect((await post(content, { ...form, nameBn: "   " })).status).toBe(302);
    expect((await db.select().from(vipLevels).where(eq(vipLevels.id, seven!.id)))[0]!.nameBn).toBeNull();
    expect(await lastAudit("vip.level.update")).toMatchObject({ before: { nameBn: "এ".repeat(40) }, after: { nameBn: null } });
    await post(content, { ...form, nameBn: "এলিট VII" });
    expect((await post(content, { ...form, ratio: "70" })).status).toBe(302);
    expect((await db.select().from(vipLevels).where(eq(vipLevels.id, seven!.id)))[0]).toMatchObject({ ratio: 70, nameBn: "এলিট VII" });

    expect((await post(content, { intent: "delete", id: String(seven!.id) })).status).toBe(302);
  });

  it("adds, edits and deletes a level, each audited, and keeps a level at experience 0", async () => {
    const added = await post(content, { intent: "level", name: "Elite VI", experience: "250000", ratio: "80", sortOrder: "7" });
    expect(added.status).toBe(302);
    const [six] = await db.select().from(vipLevels).where(eq(vipLevels.name, "Elite VI"));
    expect(six).toMatchObject({ experience: 250_000n, ratio: 80, sortOrder: 7 });
    expect(await lastAudit("vip.level.create")).toMatchObject({ entityId: String(six!.id) });

    const edited = await post(content, { intent: "level", id: String(six!.id), name: "Elite VI", experience: "300000", ratio: "50", sortOrder: "7" });
    expect(edited.status).toBe(302);
    expect(await lastAudit("vip.level.update")).toMatchObject({ before: { ratio: 80 }, after: { ratio: 50, experience: "300000" } });

    const clash = await post(content, { intent: "level", name: "normal", experience: "5", ratio: "400", sortOrder: "9" });
    expect(clash.status).toBe(400);
    expect((clash.data as { errors: Record<string, string[]> }).errors).toEqual({ name: ["vip.admin.errors.nameTaken"] });

    const [normal] = await db.select().from(vipLevels).where(eq(vipLevels.name, "Normal"));
    const noStart = await post(content, { intent: "level", id: String(normal!.id), name: "Normal", experience: "1", ratio: "400", sortOrder: "1" });
    expect(noStart.status).toBe(400);
    expect((noStart.data as { errors: Record<string, string[]> }).errors).toEqual({ experience: ["vip.admin.errors.startLevel"] });
    expect((await callRoute(vip, "/admin/vip", { cookie: content, form: { intent: "delete", id: String(normal!.id) } })).status).toBe(400);
    const [still] = await db.select().from(vipLevels).where(eq(vipLevels.id, normal!.id));
    expect(still!.experience).toBe(0n);

    expect((await post(content, { intent: "delete", id: String(six!.id) })).status).toBe(302);
    expect(await db.select().from(vipLevels).where(eq(vipLevels.id, six!.id))).toEqual([]);
    expect(await lastAudit("vip.level.delete")).toMatchObject({ entityId: String(six!.id), before: { name: "Elite VI" } });
  });
});
