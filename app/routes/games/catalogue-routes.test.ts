// /games, the category pages, the favourite form and the catalogue's JSON API, called the way React Router calls
// them: the root middleware (language, session) fills the context, then the loader or action runs. Real database.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoContent } from "#app/startup/seed.server.ts";
import { db } from "#app/db/db.server.ts";
import { clearSiteConfigCache } from "#app/modules/content/content.server.ts";
import { getGameByCode, listFavouriteGames } from "#app/modules/games/catalogue.server.ts";
import { gameProviders } from "#app/modules/games/schema.ts";
import { seedGameCatalogue } from "#app/modules/games/seed.server.ts";
import { closeIdleConnections, createPlayer } from "#app/modules/payments/test-helpers.ts";
import * as getGamesRoute from "#app/routes/api/get-games.ts";
import * as getProviderRoute from "#app/routes/api/get-provider.ts";
import * as getSystemRoute from "#app/routes/api/get-system.ts";
import * as getTypeRoute from "#app/routes/api/get-type.ts";
import * as favourite from "./favourite.tsx";
import * as gamesPage from "./games.tsx";
import { callRoute as call, type Outcome, sessionFor } from "#tests/support/route-call.ts";

const json = async (out: Outcome) => (await out.response!.json()) as Record<string, unknown>;

type PageData = Awaited<ReturnType<typeof gamesPage.loader>>;
const page = async (path: string, cookie?: string) => (await call(gamesPage, path, { cookie })).data as PageData;

beforeAll(async () => {
  await seedDemoContent(db);
  await seedGameCatalogue(db, { demo: true });
  clearSiteConfigCache();
});
afterAll(closeIdleConnections);

describe("/games", () => {
  it("lists every game with the providers, types and a page title", async () => {
    const d = await page("/games");
    expect(d.heading).toBe("All Games");
    expect(d.pageTitle).toBe("All Games | DeshPlay");
    expect(d.metaDescription).toContain("DeshPlay");
    expect(d.games.length).toBeGreaterThan(40);
    expect(d.types).toEqual(["LIVE", "SLOT", "TABLE", "POKER", "CRASH", "FISH", "ARCADE", "LOTTERY", "SPORTS"]);
    expect(d.providers[0]).toEqual({ platform: "HOUSE", name: "DeshPlay Originals", icon: "/demo/providers/HOUSE.svg" });
    expect(d.loggedIn).toBe(false);
    expect(d.area.area).toBe("casino");
  });

  it("filters by type, by checked providers or a comma list, by name, and sorts", async () => {
    const side = await page("/games?type=slot&system=KA&title=KA%20Gaming");
    expect(side.heading).toBe("KA Gaming");
    expect(side.games.map((g) => g.code)).toEqual(["KA-SLOT-GOLDEN-TIGER", "KA-SLOT-LUCKY-LOTUS", "KA-SLOT-FORTUNE-LIONS"]);
    const checked = await page("/games?type=SLOT&system=KA&system=jili&sort=az");
    expect(checked.filter.systems).toEqual(["KA", "JILI"]);
    expect(checked.games.map((g) => g.name)).toEqual(["Fortune Lions", "Golden Tiger", "Lucky Lotus", "Money Coming", "Super Ace"]);
    expect((await page("/games?type=SLOT&system=KA,JILI&sort=az")).games).toEqual(checked.games);
    expect((await page("/games?q=ROULETTE")).games.map((g) => g.name)).toEqual(["Roulette", "Lightning Roulette", "European Roulette"]);
    expect((await page("/games?type=CRASH&sort=latest")).games[0]!.code).toBe("JDB-CRASH-PLANE-RUSH");
  });

  it("gives each provider its icon from the database, and none for an icon that is not a path of this site", async () => {
    const setIcon = (platform: string, icon: string) => db.update(gameProviders).set({ icon }).where(eq(gameProviders.platform, platform));
    const iconOf = async (platform: string) => (await page("/slot")).providers.find((p) => p.platform === platform)?.icon;
    try {
      await setIcon("KA", "/poster/0123456789abcdef0123456789abcdef.png");
      await setIcon("JILI", "");
      const d = await page("/slot");
      expect(d.providers.find((p) => p.platform === "KA")).toEqual({
        platform: "KA",
        name: "KA Gaming",
        icon: "/poster/0123456789abcdef0123456789abcdef.png",
      });
      expect(d.providers.find((p) => p.platform === "JILI")).toEqual({ platform: "JILI", name: "JILI", icon: "" });
      for (const unsafe of [
        "https://cdn.example.com/ka.png",
        "//cdn.example.com/ka.png",
        "javascript:alert(1)",
        "data:image/svg+xml,<svg/>",
        "/\\cdn.example.com/ka.png",
        "/demo/../../etc/passwd.svg",
        "/demo/providers/KA.svg?x=1",
        "/api/get-games",
      ]) {
        await setIcon("KA", unsafe);
        expect(await iconOf("KA"), unsafe).toBe("");
      }
    } finally {
      await setIcon("KA", "/demo/providers/KA.svg");
      await setIcon("JILI", "/demo/providers/JILI.svg");
    }
  });

  it("ignores malformed filters instead of failing", async () => {
    const d = await page("/games?type=NOPE&sort=sideways&system=%3Cscript%3E&q=" + "x".repeat(80));
    expect(d.filter).toMatchObject({ type: null, sort: "recommend", systems: [], q: "" });
    expect(d.games.length).toBeGreaterThan(40);
  });

  it("shows the empty state's data when nothing matches", async () => {
    const d = await page("/games?q=no-such-game");
    expect(d.games).toEqual([]);
    expect(d.action).toBe("/games");
  });

  it("serves every category page as the view of its type", async () => {
    const expected: Record<string, [string, string]> = {
      "/casino": ["LIVE", "Live Casino"],
      "/slot": ["SLOT", "Slot"],
      "/table": ["TABLE", "Table"],
      "/poker": ["POKER", "Poker"],
      "/crash": ["CRASH", "Crash"],
      "/fishing": ["FISH", "Fishing"],
      "/arcade": ["ARCADE", "Arcade"],
      "/lottery": ["LOTTERY", "Lottery"],
      "/sports": ["SPORTS", "Sports"],
    };
    for (const [path, [type, heading]] of Object.entries(expected)) {
      const d = await page(path);
      expect(d.filter.type, path).toBe(type);
      expect(d.heading).toBe(heading);
      expect(d.action).toBe(path);
      expect(d.types).toBeNull();
      expect(d.games.length, path).toBeGreaterThanOrEqual(3);
      expect(d.games.every((g) => g.type === type)).toBe(true);
    }
    // The page's type wins over a type in the query.
    expect((await page("/slot?type=LIVE")).filter.type).toBe("SLOT");
  });

  it("marks a player's favourites and sorts them first", async () => {
    const player = await createPlayer();
    const { cookie } = await sessionFor(player);
    const ace = (await getGameByCode("JILI-SLOT-SUPER-ACE"))!.game.id;
    const from = "/slot?sort=favorite";
    const out = await call(favourite, "/games/favourite", { cookie, form: { gameId: String(ace), favourite: "1", redirectTo: from } });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe(from);
    const d = await page(from, cookie);
    expect(d.loggedIn).toBe(true);
    expect(d.games[0]).toMatchObject({ code: "JILI-SLOT-SUPER-ACE", isFavourite: true });
    expect(d.games.slice(1).every((g) => !g.isFavourite)).toBe(true);
    // Another player sees no star.
    const other = await sessionFor(await createPlayer());
    expect((await page(from, other.cookie)).games[0]!.isFavourite).toBe(false);
  });
});

describe("/games/favourite", () => {
  it("sends a guest to log in and back to the page", async () => {
    const out = await call(favourite, "/games/favourite", { form: { gameId: "1", favourite: "1", redirectTo: "/slot?sort=az" } });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/login?redirectTo=%2Fslot%3Fsort%3Daz");
  });

  it("unmarks with 0, flips without a wanted state, and never redirects off the site", async () => {
    const player = await createPlayer();
    const { cookie } = await sessionFor(player);
    const dice = (await getGameByCode("HOUSE-ARCADE-DICE"))!.game.id;
    await call(favourite, "/games/favourite", { cookie, form: { gameId: String(dice), favourite: "1" } });
    expect((await listFavouriteGames(player.id)).map((g) => g.id)).toEqual([dice]);
    const off = await call(favourite, "/games/favourite", {
      cookie,
      form: { gameId: String(dice), favourite: "0", redirectTo: "https://evil.example/" },
    });
    expect(off.headers.get("location")).toBe("/games");
    expect(await listFavouriteGames(player.id)).toEqual([]);
    await call(favourite, "/games/favourite", { cookie, form: { gameId: String(dice), redirectTo: "//evil.example" } });
    expect((await listFavouriteGames(player.id)).map((g) => g.id)).toEqual([dice]);
  });

  it("answers 400 for a malformed id and 404 for an unknown game", async () => {
    const { cookie } = await sessionFor(await createPlayer());
    expect((await call(favourite, "/games/favourite", { cookie, form: { gameId: "abc" } })).status).toBe(400);
    expect((await call(favourite, "/games/favourite", { cookie, form: { gameId: "1", favourite: "yes" } })).status).toBe(400);
    const missing = await call(favourite, "/games/favourite", { cookie, form: { gameId: "999999" } });
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ error: "This game is not available." });
  });
});

describe("catalogue API", () => {
  it("GET /api/get-system gives the providers of a type, LIVE by default", async () => {
    const live = await call(getSystemRoute, "/api/get-system");
    expect(live.status).toBe(200);
    expect(await json(live)).toEqual({
      systems: [
        { platform: "SEXY", name: "Sexy" },
        { platform: "EVO", name: "Evolution" },
      ],
      message: "Systems fetched successfully.",
    });
    const fish = await json(await call(getSystemRoute, "/api/get-system?type=fish"));
    expect((fish.systems as Array<{ platform: string }>).map((s) => s.platform)).toEqual(["KA", "SG", "JILI", "JDB"]);
  });

  it("GET /api/get-system refuses an unknown type with the spec's message", async () => {
    const out = await call(getSystemRoute, "/api/get-system?type=BINGO");
    expect(out.status).toBe(400);
    const body = await json(out);
    expect(body.message).toBe("An unexpected error occurred while fetching systems");
    expect(body.error).toMatch(/^Unknown game type/);
  });

  it("GET /api/get-provider takes a JSON list or a comma list", async () => {
    const list = await json(await call(getProviderRoute, `/api/get-provider?system=${encodeURIComponent('["KA","JILI"]')}`));
    expect(list).toEqual({
      data: [
        { platform: "KA", name: "KA Gaming" },
        { platform: "JILI", name: "JILI" },
      ],
      message: "Providers fetched successfully.",
    });
    expect((await json(await call(getProviderRoute, "/api/get-provider?system=jili,ka"))).data).toEqual(list.data);
    expect(await json(await call(getProviderRoute, "/api/get-provider?system=NOPE"))).toEqual({ data: [], message: "No providers available" });
    expect(await json(await call(getProviderRoute, "/api/get-provider"))).toEqual({ data: [], message: "No providers available" });
  });

  it("GET /api/get-provider refuses a malformed list", async () => {
    for (const bad of ['["KA",', "[1,2]", "K A", '{"a":1}']) {
      const out = await call(getProviderRoute, `/api/get-provider?system=${encodeURIComponent(bad)}`);
      expect(out.status, bad).toBe(400);
      expect((await json(out)).message).toBe("An unexpected error occurred while fetching providers");
    }
  });

  it("GET /api/get-games filters by providers and type, with absolute poster URLs", async () => {
    const out = await call(getGamesRoute, "/api/get-games?system=KA,JILI&type=SLOT");
    expect(out.status).toBe(200);
    const body = await json(out);
    expect(body.message).toBe("Games fetched successfully.");
    const games = body.games as Array<Record<string, string>>;
    expect(games.map((g) => g.code)).toEqual([
      "KA-SLOT-GOLDEN-TIGER",
      "KA-SLOT-LUCKY-LOTUS",
      "KA-SLOT-FORTUNE-LIONS",
      "JILI-SLOT-SUPER-ACE",
      "JILI-SLOT-MONEY-COMING",
    ]);
    expect(games[0]).toEqual({
      code: "KA-SLOT-GOLDEN-TIGER",
      name: "Golden Tiger",
      type: "SLOT",
      platform: "KA",
      poster: "http://localhost:3000/demo/posters/KA-SLOT-GOLDEN-TIGER.svg",
    });
    const all = (await json(await call(getGamesRoute, "/api/get-games"))).games as unknown[];
    expect(all.length).toBeGreaterThan(40);
    expect(((await json(await call(getGamesRoute, "/api/get-games?type=SPORTS"))).games as unknown[]).length).toBe(7);
  });

  it("GET /api/get-games refuses a bad type or system list", async () => {
    for (const path of ["/api/get-games?type=XYZ", "/api/get-games?system=%25%25"]) {
      const out = await call(getGamesRoute, path);
      expect(out.status, path).toBe(400);
      expect((await json(out)).message).toBe("An unexpected error occurred while fetching games");
    }
  });

  it("GET /api/get-type needs a bearer token and lists the types", async () => {
    expect((await call(getTypeRoute, "/api/get-type")).status).toBe(401);
    const { token } = await sessionFor(await createPlayer());
    const out = await call(getTypeRoute, "/api/get-type", { token });
    expect(out.status).toBe(200);
    expect(await json(out)).toEqual({ types: ["LIVE", "SLOT", "TABLE", "POKER", "CRASH", "FISH", "ARCADE", "LOTTERY", "SPORTS"] });
  });

  it("answers 405 to a POST", async () => {
    const out = await call(getGamesRoute, "/api/get-games", { form: {} });
    expect(out.status).toBe(405);
  });
});
