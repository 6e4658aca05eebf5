// The back office's provider and game management: edits, their audit rows (never a secret), the secret
// rotation, validation, and posters checked by their bytes.
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { createStaff, ensureSeedAdmin, findStaffByUsername } from "#app/modules/staff/staff.server.ts";
import { PNG } from "#app/modules/payments/test-helpers.ts";
import {
  finishSecretRotation,
  listAdminGames,
  listAdminProviders,
  maskSecret,
  normaliseBaseUrl,
  saveGame,
  saveProvider,
  setGamePoster,
} from "./admin.server.ts";
import { uploadStore } from "#app/modules/uploads/storage.server.ts";
import { checkPoster, findPoster, POSTER_MAX_BYTES, storePoster } from "./posters.server.ts";
import { gameProviders, games } from "./schema.ts";

let actor: { staffId: number; ip: string };
let provider: typeof gameProviders.$inferSelect;
let game: typeof games.$inferSelect;

const OLD_SECRET = "old-secret-0123456789abcdef";
const NEW_SECRET = "new-secret-fedcba9876543210";

beforeAll(async () => {
  await ensureSeedAdmin(db, "AdminPass12345");
  const admin = await findStaffByUsername("admin");
  const content = await createStaff(
    { id: admin!.id, ip: null },
    { username: "content1", name: "Content", role: "content", password: "StaffPass12345" },
  );
  if (!content.ok) throw new Error("staff not created");
  actor = { staffId: content.staff.id, ip: "10.3.0.1" };
  provider = (
    await db.insert(gameProviders).values({ platform: "KA", name: "KA Gaming", filterId: 96, secret: OLD_SECRET, sortOrder: 2 }).returning()
  )[0]!;
  await db.insert(gameProviders).values({ platform: "RT", name: "Red Tiger", sortOrder: 1 });
  game = (await db.insert(games).values({ code: "KA-SLOT-TIGER", name: "Golden Tiger", type: "SLOT", providerId: provider.id }).returning())[0]!;
  await db.insert(games).values([
    { code: "KA-FISH-OCEAN", name: "Ocean King", type: "FISH", providerId: provider.id },
    { code: "KA-SLOT-LOTUS", name: "Lucky Lotus", type: "SLOT", providerId: provider.id, displayOrder: 5 },
  ]);
});

const lastAudit = async (action: string) =>
  (await db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

describe("providers", () => {
  it("lists providers in order without their secrets", async () => {
    const list = await listAdminProviders();
    expect(list.map((p) => p.platform)).toEqual(["RT", "KA"]);
    const ka = list.find((p) => p.platform === "KA")!;
    expect(ka).not.toHaveProperty("secret");
    expect(ka).not.toHaveProperty("secretPrevious");
    expect(ka.secretMask).toBe(maskSecret(OLD_SECRET));
    expect(ka.secretMask).not.toContain(OLD_SECRET.slice(0, 6));
    expect(ka.games).toBe(3);
  });

  it("saves an edit with its before/after in the audit log", async () => {
    await saveProvider(
      { id: provider.id, name: "KA Gaming Asia", status: "inactive", sortOrder: 3, baseUrl: "https://agg.example.com/api/", operatorId: "op-77" },
      actor,
    );
    const [row] = await db.select().from(gameProviders).where(eq(gameProviders.id, provider.id));
    expect(row).toMatchObject({
      name: "KA Gaming Asia",
      status: "inactive",
      sortOrder: 3,
      baseUrl: "https://agg.example.com/api",
      operatorId: "op-77",
      secret: OLD_SECRET,
      secretPrevious: null,
    });
    const audit = await lastAudit("game_provider.update");
    expect(audit).toMatchObject({ staffId: actor.staffId, entity: "game_provider", entityId: String(provider.id), ip: "10.3.0.1" });
    expect(audit!.before).toEqual({ name: "KA Gaming", status: "active", sortOrder: 2, baseUrl: "", operatorId: "" });
    expect(audit!.after).toEqual({
      name: "KA Gaming Asia",
      status: "inactive",
      sortOrder: 3,
      baseUrl: "https://agg.example.com/api",
      operatorId: "op-77",
    });
  });

  it("rotates the secret: the old one stays accepted, the audit says only that it changed", async () => {
    await saveProvider(
      { id: provider.id, name: "KA Gaming", status: "active", sortOrder: 2, baseUrl: "", operatorId: "op-77", secret: NEW_SECRET },
      actor,
    );
    const [row] = await db.select().from(gameProviders).where(eq(gameProviders.id, provider.id));
    expect(row).toMatchObject({ secret: NEW_SECRET, secretPrevious: OLD_SECRET, baseUrl: "" });
    const audit = await lastAudit("game_provider.update");
    expect(audit!.after).toMatchObject({ secret: "changed" });
    const everything = JSON.stringify(await db.select().from(auditLog));
    expect(everything).not.toContain(NEW_SECRET);
    expect(everything).not.toContain(OLD_SECRET);
    expect((await listAdminProviders()).find((p) => p.id === provider.id)!.rotating).toBe(true);

    // An empty secret keeps the current one (and the rotation).
    await saveProvider({ id: provider.id, name: "KA Gaming", status: "active", sortOrder: 2, baseUrl: "", operatorId: "op-77", secret: "" }, actor);
    expect((await db.select().from(gameProviders).where(eq(gameProviders.id, provider.id)))[0]).toMatchObject({
      secret: NEW_SECRET,
      secretPrevious: OLD_SECRET,
    });

    expect(await finishSecretRotation(provider.id, actor)).toEqual({ finished: true, name: "KA Gaming" });
    expect((await db.select().from(gameProviders).where(eq(gameProviders.id, provider.id)))[0]).toMatchObject({
      secret: NEW_SECRET,
      secretPrevious: null,
    });
    expect(await lastAudit("game_provider.rotation_finished")).toMatchObject({ staffId: actor.staffId, entityId: String(provider.id) });
    expect(JSON.stringify(await db.select().from(auditLog))).not.toContain(NEW_SECRET);
    expect((await finishSecretRotation(provider.id, actor)).finished).toBe(false);
  });

  it("refuses bad input with the field, changing nothing", async () => {
    const base = { id: provider.id, name: "KA", status: "active" as const, sortOrder: 1, baseUrl: "", operatorId: "" };
    const before = await db.select().from(gameProviders).where(eq(gameProviders.id, provider.id));
    await expect(saveProvider({ ...base, baseUrl: "javascript:alert(1)" }, actor)).rejects.toMatchObject({ field: "baseUrl", code: "invalid_input" });
    await expect(saveProvider({ ...base, baseUrl: "ftp://x.example" }, actor)).rejects.toMatchObject({ field: "baseUrl" });
    await expect(saveProvider({ ...base, baseUrl: "https://user:pw@x.example" }, actor)).rejects.toMatchObject({ field: "baseUrl" });
    await expect(saveProvider({ ...base, name: " " }, actor)).rejects.toMatchObject({ field: "name" });
    await expect(saveProvider({ ...base, secret: "short" }, actor)).rejects.toMatchObject({ field: "secret" });
    await expect(saveProvider({ ...base, sortOrder: -1 }, actor)).rejects.toMatchObject({ field: "sortOrder" });
    await expect(saveProvider({ ...base, id: 999_999 }, actor)).rejects.toMatchObject({ code: "not_found" });
    expect(await db.select().from(gameProviders).where(eq(gameProviders.id, provider.id))).toEqual(before);
    expect(normaliseBaseUrl("http://10.0.0.5:8080/")).toBe("http://10.0.0.5:8080");
  });
});

describe("games", () => {
  it("filters by provider, type and search, with paging", async () => {
    expect((await listAdminGames({ providerId: provider.id })).total).toBe(3);
    expect((await listAdminGames({ type: "SLOT" })).items.map((g) => g.code)).toEqual(["KA-SLOT-TIGER", "KA-SLOT-LOTUS"]);
    expect((await listAdminGames({ search: "lotus" })).items.map((g) => g.code)).toEqual(["KA-SLOT-LOTUS"]);
    expect((await listAdminGames({ search: "100%_" })).total).toBe(0);
    const page = await listAdminGames({ page: 99 });
    expect(page.pages).toBe(1);
    expect(page.items).toHaveLength(3);
  });

  it("saves activation, order, featured and stakes with an audit row", async () => {
    await saveGame({ id: game.id, active: false, featured: true, displayOrder: 7, minStake: 500n, maxStake: 1_000_000n }, actor);
    const [row] = await db.select().from(games).where(eq(games.id, game.id));
    expect(row).toMatchObject({ active: false, featured: true, displayOrder: 7, minStake: 500n, maxStake: 1_000_000n });
    const audit = await lastAudit("game.update");
    expect(audit).toMatchObject({ staffId: actor.staffId, entity: "game", entityId: String(game.id) });
    expect(audit!.before).toEqual({ active: true, featured: false, displayOrder: 0, minStake: "1000", maxStake: "2500000" });
    expect(audit!.after).toEqual({ active: false, featured: true, displayOrder: 7, minStake: "500", maxStake: "1000000" });
  });

  it("refuses a zero minimum and a maximum below the minimum", async () => {
    const base = { id: game.id, active: true, featured: false, displayOrder: 0 };
    await expect(saveGame({ ...base, minStake: 0n, maxStake: 100n }, actor)).rejects.toMatchObject({ field: "minStake" });
    await expect(saveGame({ ...base, minStake: 1000n, maxStake: 999n }, actor)).rejects.toMatchObject({ field: "maxStake" });
    await expect(saveGame({ ...base, minStake: 1000n, maxStake: 1000n, id: 424242 }, actor)).rejects.toMatchObject({ code: "not_found" });
    expect((await db.select().from(games).where(eq(games.id, game.id)))[0]).toMatchObject({ minStake: 500n, maxStake: 1_000_000n });
  });

  it("sets the max win (at least the max stake) and a round payout cap (at least the max win, only where one exists)", async () => {
    const base = { id: game.id, active: true, featured: false, displayOrder: 0, minStake: 1000n, maxStake: 2_500_000n };
    await expect(saveGame({ ...base, maxWin: 2_499_999n }, actor)).rejects.toMatchObject({ field: "maxWin" });
    await expect(saveGame({ ...base, maxWin: 10n ** 13n + 1n }, actor)).rejects.toMatchObject({ field: "maxWin" });
    // Left out, the saved max win stays (an aggregator game's form has no such field).
    await saveGame({ ...base, maxStake: 200_000_000n }, actor);
    await saveGame({ ...base, maxWin: 3_000_000n, roundPayoutCap: 9_000_000n }, actor);
    expect((await db.select().from(games).where(eq(games.id, game.id)))[0]).toMatchObject({ maxWin: 3_000_000n, roundPayoutCap: null });
    const crash = (
      await db
        .insert(games)
        .values({ code: "KA-CRASH-ROCKET", name: "Rocket", type: "CRASH", providerId: provider.id, roundPayoutCap: 10n ** 9n })
        .returning()
    )[0]!;
    const crashBase = { ...base, id: crash.id };
    await expect(saveGame({ ...crashBase, maxWin: 3_000_000n, roundPayoutCap: 2_999_999n }, actor)).rejects.toMatchObject({
      field: "roundPayoutCap",
    });
    await saveGame({ ...crashBase, maxWin: 3_000_000n, roundPayoutCap: 3_000_000n }, actor);
    expect((await db.select().from(games).where(eq(games.id, crash.id)))[0]).toMatchObject({ maxWin: 3_000_000n, roundPayoutCap: 3_000_000n });
    const audit = await lastAudit("game.update");
    expect(audit!.before).toMatchObject({ maxWin: "100000000", roundPayoutCap: "1000000000" });
    expect(audit!.after).toMatchObject({ maxWin: "3000000", roundPayoutCap: "3000000" });
  });
});

describe("posters", () => {
  const WEBP = Uint8Array.from(Buffer.from("UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAQAcJaQAA3AA/v3AgAA=", "base64"));

  it("accepts PNG and WebP by their bytes and stores them under a random name", async () => {
    expect(await checkPoster(PNG)).toBe("image/png");
    expect(await checkPoster(WEBP)).toBe("image/webp");
    const stored = await storePoster(PNG);
    expect(stored).toMatch(/^\/poster\/[a-f0-9]{32}\.png$/);
    const name = stored.slice("/poster/".length);
    expect(await uploadStore().get(`posters/${name}`)).toMatchObject({ contentType: "image/png", size: PNG.byteLength });
    const found = await findPoster(name);
    expect(found).toMatchObject({ mime: "image/png", size: PNG.byteLength });
    expect(new Uint8Array(found!.bytes)).toEqual(PNG);
    await setGamePoster(game.id, stored, actor);
    expect((await db.select().from(games).where(eq(games.id, game.id)))[0]!.poster).toBe(stored);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "game.poster"), eq(auditLog.entityId, String(game.id))));
    expect(audit!.after).toEqual({ poster: stored });
  });

  it("refuses anything else, whatever it claims to be", async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expect(storePoster(svg)).rejects.toMatchObject({ messageKey: "adminGames.errors.posterType" });
    await expect(storePoster(new Uint8Array(0))).rejects.toMatchObject({ messageKey: "adminGames.errors.posterRequired" });
    const big = new Uint8Array(POSTER_MAX_BYTES + 1);
    big.set(PNG);
    await expect(storePoster(big)).rejects.toMatchObject({ messageKey: "adminGames.errors.posterTooLarge" });
    await expect(setGamePoster(game.id, "https://evil.example/x.png", actor)).rejects.toMatchObject({ field: "poster" });
    expect(await findPoster("../../etc/passwd")).toBeNull();
    expect(await findPoster(`${"0".repeat(32)}.png`)).toBeNull();
  });
});
