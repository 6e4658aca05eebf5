import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { getAccountByCode } from "#app/modules/ledger/queries.server.ts";
import { gameProviders, games } from "./schema.ts";
import { seedGameCatalogue } from "./seed.server.ts";
import { gameTypes } from "./types.ts";
import { HOUSE_SHARDS } from "./wallet.server.ts";

const counts = async () => ({
  providers: (await db.select({ n: count() }).from(gameProviders))[0]!.n,
  games: (await db.select({ n: count() }).from(games))[0]!.n,
});

describe("seedGameCatalogue", () => {
  it("always creates the house provider with Crash, Dice and Mines, featured", async () => {
    await seedGameCatalogue(db, { demo: false });
    const rows = await db.select({ code: games.code, type: games.type, featured: games.featured }).from(games).orderBy(games.displayOrder);
    expect(rows).toEqual([
      { code: "HOUSE-CRASH-CRASH", type: "CRASH", featured: true },
      { code: "HOUSE-ARCADE-DICE", type: "ARCADE", featured: true },
      { code: "HOUSE-ARCADE-MINES", type: "ARCADE", featured: true },
    ]);
    const [house] = await db.select().from(gameProviders);
    expect(house).toMatchObject({ platform: "HOUSE", name: "DeshPlay Originals", kind: "house" });
    // Issue 30: every house game has a max win per bet of ৳10,00,000, and Crash a round payout cap of ৳10 crore.
    const limits = await db.select({ code: games.code, maxWin: games.maxWin, cap: games.roundPayoutCap }).from(games).orderBy(games.displayOrder);
    expect(limits).toEqual([
      { code: "HOUSE-CRASH-CRASH", maxWin: 100_000_000n, cap: 10_000_000_000n },
      { code: "HOUSE-ARCADE-DICE", maxWin: 100_000_000n, cap: null },
      { code: "HOUSE-ARCADE-MINES", maxWin: 100_000_000n, cap: null },
    ]);
    // The house shards exist before the first bet, so no bet pays for creating one.
    const shards = await Promise.all(Array.from({ length: HOUSE_SHARDS }, (_, i) => getAccountByCode(`game:house:${i}`, "BDT")));
    expect(shards.map((s) => s?.allowNegative)).toEqual(Array.from({ length: HOUSE_SHARDS }, () => true));
    expect(await getAccountByCode(`game:house:${HOUSE_SHARDS}`, "BDT")).toBeFalsy();
  });

  it("adds the demo catalogue once: running it again (in parallel too) changes nothing", async () => {
    await seedGameCatalogue(db, { demo: true });
    const first = await counts();
    await Promise.all([seedGameCatalogue(db, { demo: true }), seedGameCatalogue(db, { demo: true })]);
    expect(await counts()).toEqual(first);
    expect(first.providers).toBe(16);

    const byPlatform = new Map((await db.select().from(gameProviders)).map((p) => [p.platform, p]));
    expect(byPlatform.get("KA")).toMatchObject({ name: "KA Gaming", filterId: 96, kind: "aggregator", baseUrl: "" });
    expect(byPlatform.get("SEXY")?.filterId).toBe(48);
    expect(byPlatform.get("RT")?.filterId).toBe(69);
    expect(byPlatform.get("SG")?.filterId).toBe(70);
    for (const p of ["ISPORTS", "E1SPORTS", "HORSEBOOK", "VIRTUAL", "KABADDI", "FANTASY", "SBO"]) {
      const list = await db
        .select()
        .from(games)
        .where(eq(games.providerId, byPlatform.get(p)!.id));
      expect(list.map((g) => g.type)).toEqual(["SPORTS"]);
    }
  });

  it("fills every game type with several games whose codes, orders and posters are well formed", async () => {
    const rows = await db.select().from(games);
    for (const type of gameTypes) expect(rows.filter((g) => g.type === type).length, type).toBeGreaterThanOrEqual(3);
    for (const type of ["LIVE", "SLOT", "TABLE", "POKER", "CRASH", "FISH", "SPORTS"]) {
      expect(
        rows.some((g) => g.type === type && g.featured),
        type,
      ).toBe(true);
    }
    const providers = new Map((await db.select().from(gameProviders)).map((p) => [p.id, p.platform]));
    for (const game of rows) {
      expect(game.code).toMatch(/^[A-Z0-9]+-[A-Z]+-[A-Z0-9-]+$/);
      expect(game.code.startsWith(`${providers.get(game.providerId)}-${game.type}-`)).toBe(true);
      const file = path.join("public", game.poster);
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).size).toBeLessThan(2048);
    }
    expect(new Set(rows.map((g) => g.displayOrder)).size).toBe(rows.length);
    expect(new Set(rows.map((g) => g.createdAt.getTime())).size).toBe(rows.length);
    expect(existsSync("public/demo/posters/default.svg")).toBe(true);
  });

  it("gives every seeded provider a small icon under public/demo/providers, and never changes one staff removed or set", async () => {
    const providers = await db.select().from(gameProviders);
    for (const p of providers) {
      expect(p.icon, p.platform).toBe(`/demo/providers/${p.platform}.svg`);
      const file = path.join("public", p.icon);
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).size).toBeLessThan(1024);
    }
    // Staff removed one icon and uploaded another: the next start keeps both choices.
    await db.update(gameProviders).set({ icon: "" }).where(eq(gameProviders.platform, "JDB"));
    await db.update(gameProviders).set({ icon: "/poster/0123456789abcdef0123456789abcdef.png" }).where(eq(gameProviders.platform, "PG"));
    await seedGameCatalogue(db, { demo: true });
    const icon = async (platform: string) => (await db.select().from(gameProviders).where(eq(gameProviders.platform, platform)))[0]!.icon;
    expect(await icon("JDB")).toBe("");
    expect(await icon("PG")).toBe("/poster/0123456789abcdef0123456789abcdef.png");
  });

  it("leaves staff changes alone on the next start", async () => {
    await db.update(games).set({ active: false, name: "Renamed" }).where(eq(games.code, "KA-SLOT-GOLDEN-TIGER"));
    await seedGameCatalogue(db, { demo: true });
    const [row] = await db.select().from(games).where(eq(games.code, "KA-SLOT-GOLDEN-TIGER"));
    expect(row).toMatchObject({ active: false, name: "Renamed" });
  });
});
