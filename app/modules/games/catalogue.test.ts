import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, createPlayer } from "#app/modules/payments/test-helpers.ts";
import {
  clearCatalogueMenuCache,
  containsPattern,
  DEFAULT_POSTER,
  getCatalogueMenu,
  getGameByCode,
  listFavouriteGames,
  listFeaturedGames,
  listGames,
  listProviders,
  listTypes,
  toggleFavourite,
} from "./catalogue.server.ts";
import { gameFavourites, gameProviders, games } from "./schema.ts";
import { seedGameCatalogue } from "./seed.server.ts";

const idOf = async (code: string) => (await getGameByCode(code))!.game.id;

beforeAll(async () => {
  await seedGameCatalogue(db, { demo: true });
});
afterAll(closeIdleConnections);

describe("listGames", () => {
  it("filters by type and providers, in display order by default", async () => {
    const live = await listGames({ type: "LIVE" });
    expect(live.map((g) => g.code)).toEqual([
      "SEXY-LIVE-BACCARAT-LIVE",
      "SEXY-LIVE-DRAGON-TIGER",
      "SEXY-LIVE-ROULETTE",
      "SEXY-LIVE-SIC-BO",
      "EVO-LIVE-LIGHTNING-ROULETTE",
      "EVO-LIVE-CRAZY-TIME",
    ]);
    const slots = await listGames({ type: "SLOT", systems: ["KA", "JILI"] });
    expect(slots.map((g) => g.platform)).toEqual(["KA", "KA", "KA", "JILI", "JILI"]);
    expect(slots.every((g) => g.type === "SLOT" && !g.isFavourite)).toBe(true);
    expect(await listGames({ type: "SLOT", systems: ["NOPE"] })).toEqual([]);
    expect((await listGames()).length).toBeGreaterThan(40);
  });

  it("searches names case-insensitively and treats LIKE wildcards literally", async () => {
    expect((await listGames({ title: "roulette" })).map((g) => g.name)).toEqual(["Roulette", "Lightning Roulette", "European Roulette"]);
    expect((await listGames({ title: "  TIGER " })).map((g) => g.code)).toEqual(["SEXY-LIVE-DRAGON-TIGER", "KA-SLOT-GOLDEN-TIGER"]);
    expect(await listGames({ title: "%" })).toEqual([]);
    expect(await listGames({ title: "_" })).toEqual([]);
    expect(await listGames({ title: "\\" })).toEqual([]);
    expect(containsPattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
  });

  it("sorts A-Z, latest first, and the player's favourites first", async () => {
    const az = (await listGames({ type: "CRASH", sort: "az" })).map((g) => g.name);
    expect(az).toEqual(["Crash", "Jet Crash", "Plane Rush", "Rocket Rise"]);
    const latest = await listGames({ type: "CRASH", sort: "latest" });
    expect(latest.map((g) => g.code)).toEqual(["JDB-CRASH-PLANE-RUSH", "JILI-CRASH-ROCKET-RISE", "KA-CRASH-JET-CRASH", "HOUSE-CRASH-CRASH"]);

    const player = await createPlayer();
    expect(await toggleFavourite(player.id, await idOf("JILI-CRASH-ROCKET-RISE"))).toBe(true);
    const fav = await listGames({ type: "CRASH", sort: "favorite", playerId: player.id });
    expect(fav.map((g) => [g.code, g.isFavourite])).toEqual([
      ["JILI-CRASH-ROCKET-RISE", true],
      ["HOUSE-CRASH-CRASH", false],
      ["KA-CRASH-JET-CRASH", false],
      ["JDB-CRASH-PLANE-RUSH", false],
    ]);
    // Another player's favourites never show.
    const other = await createPlayer();
    expect((await listGames({ type: "CRASH", sort: "favorite", playerId: other.id }))[0]!.code).toBe("HOUSE-CRASH-CRASH");
  });

  it("hides inactive games and the games of an inactive provider, and falls back to the default poster", async () => {
    await db.update(games).set({ active: false }).where(eq(games.code, "SEXY-LIVE-ROULETTE"));
    await db.update(gameProviders).set({ status: "inactive" }).where(eq(gameProviders.platform, "EVO"));
    await db.update(games).set({ poster: "" }).where(eq(games.code, "SEXY-LIVE-SIC-BO"));
    try {
      const live = await listGames({ type: "LIVE" });
      expect(live.map((g) => g.code)).toEqual(["SEXY-LIVE-BACCARAT-LIVE", "SEXY-LIVE-DRAGON-TIGER", "SEXY-LIVE-SIC-BO"]);
      expect(live[2]!.poster).toBe(DEFAULT_POSTER);
      expect((await listProviders({ type: "LIVE" })).map((p) => p.platform)).toEqual(["SEXY"]);
      expect(await getGameByCode("SEXY-LIVE-ROULETTE")).toBeUndefined();
      expect(await getGameByCode("EVO-LIVE-CRAZY-TIME")).toBeUndefined();
      expect((await listFeaturedGames("POKER")).map((g) => g.code)).toEqual([]);
    } finally {
      await db.update(games).set({ active: true }).where(eq(games.code, "SEXY-LIVE-ROULETTE"));
      await db.update(gameProviders).set({ status: "active" }).where(eq(gameProviders.platform, "EVO"));
      await db.update(games).set({ poster: "/demo/posters/SEXY-LIVE-SIC-BO.svg" }).where(eq(games.code, "SEXY-LIVE-SIC-BO"));
    }
  });
});

describe("providers, types and featured games", () => {
  it("lists the providers of a type and every type in order", async () => {
    expect((await listProviders({ type: "SLOT" })).map((p) => p.platform)).toEqual(["KA", "RT", "SG", "JILI", "PG", "JDB"]);
    expect((await listProviders({ type: "SPORTS" })).map((p) => p.name)).toEqual([
      "I-Sports",
      "E1Sports",
      "Horsebook",
      "Virtual",
      "Kabaddi",
      "Fantasy",
      "SBO Sports",
    ]);
    expect((await listProviders())[0]).toMatchObject({ platform: "HOUSE", name: "DeshPlay Originals", icon: "/demo/providers/HOUSE.svg" });
    expect(await listTypes()).toEqual(["LIVE", "SLOT", "TABLE", "POKER", "CRASH", "FISH", "ARCADE", "LOTTERY", "SPORTS"]);
  });

  it("reads each provider's icon from the database", async () => {
    await db.update(gameProviders).set({ icon: "/poster/0123456789abcdef0123456789abcdef.webp" }).where(eq(gameProviders.platform, "RT"));
    await db.update(gameProviders).set({ icon: "" }).where(eq(gameProviders.platform, "SG"));
    try {
      const slot = new Map((await listProviders({ type: "SLOT" })).map((p) => [p.platform, p.icon]));
      expect(slot.get("RT")).toBe("/poster/0123456789abcdef0123456789abcdef.webp");
      expect(slot.get("SG")).toBe("");
      expect(slot.get("KA")).toBe("/demo/providers/KA.svg");
    } finally {
      await db.update(gameProviders).set({ icon: "/demo/providers/RT.svg" }).where(eq(gameProviders.platform, "RT"));
      await db.update(gameProviders).set({ icon: "/demo/providers/SG.svg" }).where(eq(gameProviders.platform, "SG"));
    }
  });

  it("lists featured games, all or of one type", async () => {
    const all = await listFeaturedGames();
    expect(all.slice(0, 3).map((g) => g.code)).toEqual(["HOUSE-CRASH-CRASH", "HOUSE-ARCADE-DICE", "HOUSE-ARCADE-MINES"]);
    expect((await listFeaturedGames("CRASH")).map((g) => g.code)).toEqual(["HOUSE-CRASH-CRASH", "JILI-CRASH-ROCKET-RISE"]);
    expect((await listFeaturedGames("SPORTS")).map((g) => g.code)).toEqual(["SBO-SPORTS-BOOK"]);
  });

  it("builds the side menu's provider lists and sports books", async () => {
    clearCatalogueMenuCache();
    const menu = await getCatalogueMenu();
    expect(menu.providers.LIVE).toEqual([
      { platform: "SEXY", name: "Sexy" },
      { platform: "EVO", name: "Evolution" },
    ]);
    expect(menu.providers.ARCADE.map((p) => p.platform)).toEqual(["HOUSE", "KA", "JDB"]);
    expect(menu.sports.map((s) => s.code)).toEqual([
      "ISPORTS-SPORTS-BOOK",
      "E1SPORTS-SPORTS-BOOK",
      "HORSEBOOK-SPORTS-BOOK",
      "VIRTUAL-SPORTS-BOOK",
      "KABADDI-SPORTS-BOOK",
      "FANTASY-SPORTS-BOOK",
      "SBO-SPORTS-BOOK",
    ]);
    expect(await getCatalogueMenu()).toBe(menu);
  });
});

describe("favourites", () => {
  it("marks, unmarks and lists a player's favourites, newest first", async () => {
    const player = await createPlayer();
    const dice = await idOf("HOUSE-ARCADE-DICE");
    const mines = await idOf("HOUSE-ARCADE-MINES");
    expect(await toggleFavourite(player.id, dice)).toBe(true);
    expect(await toggleFavourite(player.id, mines, true)).toBe(true);
    expect(await toggleFavourite(player.id, mines, true)).toBe(true);
    expect((await listFavouriteGames(player.id)).map((g) => g.code)).toEqual(["HOUSE-ARCADE-MINES", "HOUSE-ARCADE-DICE"]);
    expect(await toggleFavourite(player.id, dice)).toBe(false);
    expect(await toggleFavourite(player.id, mines, false)).toBe(false);
    expect(await toggleFavourite(player.id, mines, false)).toBe(false);
    expect(await listFavouriteGames(player.id)).toEqual([]);
  });

  it("refuses unknown and inactive games", async () => {
    const player = await createPlayer();
    expect(await toggleFavourite(player.id, 999_999)).toBeNull();
    await db.update(games).set({ active: false }).where(eq(games.code, "PG-SLOT-FORTUNE-OX"));
    expect(
      await toggleFavourite(
        player.id,
        await db
          .select({ id: games.id })
          .from(games)
          .where(eq(games.code, "PG-SLOT-FORTUNE-OX"))
          .then((r) => r[0]!.id),
      ),
    ).toBeNull();
    await db.update(games).set({ active: true }).where(eq(games.code, "PG-SLOT-FORTUNE-OX"));
  });

  it("hides a favourite whose game was deactivated", async () => {
    const player = await createPlayer();
    const ox = await idOf("PG-SLOT-FORTUNE-OX");
    await toggleFavourite(player.id, ox, true);
    await db.update(games).set({ active: false }).where(eq(games.id, ox));
    expect(await listFavouriteGames(player.id)).toEqual([]);
    await db.update(games).set({ active: true }).where(eq(games.id, ox));
    expect((await listFavouriteGames(player.id)).map((g) => g.id)).toEqual([ox]);
  });

  it("stays consistent under 50 parallel toggles: no error, one row or none, and the answers agree with it", async () => {
    const player = await createPlayer();
    const game = await idOf("JILI-SLOT-SUPER-ACE");
    const results = await Promise.all(Array.from({ length: 50 }, () => toggleFavourite(player.id, game)));
    expect(results.every((r) => typeof r === "boolean")).toBe(true);
    const rows = await db
      .select()
      .from(gameFavourites)
      .where(and(eq(gameFavourites.playerId, player.id), eq(gameFavourites.gameId, game)));
    expect(rows.length).toBeLessThanOrEqual(1);
    const listed = (await listGames({ systems: ["JILI"], playerId: player.id })).find((g) => g.id === game)!;
    expect(listed.isFavourite).toBe(rows.length === 1);
    // The next toggle flips whatever state the race left.
    expect(await toggleFavourite(player.id, game)).toBe(rows.length === 0);

    // Explicit marks in parallel always end marked (then unmarked).
    const marks = await Promise.all(Array.from({ length: 50 }, () => toggleFavourite(player.id, game, true)));
    expect(marks.every((r) => r === true)).toBe(true);
    expect((await listFavouriteGames(player.id)).map((g) => g.id)).toEqual([game]);
    await Promise.all(Array.from({ length: 50 }, () => toggleFavourite(player.id, game, false)));
    expect(await listFavouriteGames(player.id)).toEqual([]);
  });
});
