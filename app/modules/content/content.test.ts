import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { contentChanged } from "#app/utils/ttl-cache.server.ts";
import { seedDemoContent } from "#app/startup/seed.server.ts";
import { listGames, toggleFavourite } from "#app/modules/games/catalogue.server.ts";
import { games } from "#app/modules/games/schema.ts";
import { seedGameCatalogue } from "#app/modules/games/seed.server.ts";
import { createPlayer } from "#app/modules/payments/test-helpers.ts";
import { clearSiteConfigCache, contactQrSvg, getHomeContent, listSliders, qrSvg } from "./content.server.ts";
import { sliders, socialLinks } from "./schema.ts";

beforeAll(async () => {
  expect(await seedDemoContent(db)).toBe(true);
  await seedGameCatalogue(db, { demo: true });
  clearSiteConfigCache();
});

describe("content", () => {
  it("shows the catalogue's featured games, all or of the category's game type", async () => {
    const all = await getHomeContent({ locale: "en", category: null });
    expect(all.games.slice(0, 3).map((g) => g.code)).toEqual(["HOUSE-CRASH-CRASH", "HOUSE-ARCADE-DICE", "HOUSE-ARCADE-MINES"]);
    expect(all.games).toHaveLength(14);
    const casino = await getHomeContent({ locale: "en", category: "casino" });
    expect(casino.games.map((g) => g.code)).toEqual(["SEXY-LIVE-BACCARAT-LIVE", "EVO-LIVE-LIGHTNING-ROULETTE"]);
    expect(casino.games[0]).toEqual({
      id: expect.any(Number),
      code: "SEXY-LIVE-BACCARAT-LIVE",
      name: "Baccarat Live",
      provider: "Sexy",
      poster: "/demo/posters/SEXY-LIVE-BACCARAT-LIVE.svg",
    });
    expect((await getHomeContent({ locale: "en", category: "fishing" })).games.map((g) => g.code)).toEqual(["KA-FISH-FISH-HUNTER"]);
    expect((await getHomeContent({ locale: "en", category: "sports" })).games.map((g) => g.code)).toEqual(["SBO-SPORTS-BOOK"]);
  });

  it("leaves out games that are not featured any more, inactive, or of an inactive provider", async () => {
    await db.update(games).set({ featured: false }).where(eq(games.code, "SEXY-LIVE-BACCARAT-LIVE"));
    contentChanged(); // what a staff edit does
    expect((await getHomeContent({ locale: "en", category: "casino" })).games.map((g) => g.code)).toEqual(["EVO-LIVE-LIGHTNING-ROULETTE"]);
    await db.update(games).set({ active: false }).where(eq(games.code, "EVO-LIVE-LIGHTNING-ROULETTE"));
    contentChanged(); // what a staff edit does
    expect((await getHomeContent({ locale: "en", category: "casino" })).games).toEqual([]);
    await db.update(games).set({ featured: true }).where(eq(games.code, "SEXY-LIVE-BACCARAT-LIVE"));
    contentChanged(); // what a staff edit does
    await db.update(games).set({ active: true }).where(eq(games.code, "EVO-LIVE-LIGHTNING-ROULETTE"));
    contentChanged(); // what a staff edit does
  });

  it("reads home's shared content once per language and category until staff change something", async () => {
    const before = await getHomeContent({ locale: "en", category: null });
    const [first] = await db.select().from(sliders).where(eq(sliders.sliderType, "Main")).orderBy(sliders.sortOrder).limit(1);
    await db.update(sliders).set({ titleEn: "Changed behind the cache" }).where(eq(sliders.id, first!.id));
    // Without a staff edit's contentChanged() the cached copy is served (for at most the TTL)...
    expect((await getHomeContent({ locale: "en", category: null })).banners).toEqual(before.banners);
    contentChanged();
    // ...and right after one, the change shows.
    expect((await getHomeContent({ locale: "en", category: null })).banners[0]!.title).toBe("Changed behind the cache");
    await db.update(sliders).set({ titleEn: first!.titleEn }).where(eq(sliders.id, first!.id));
    contentChanged();
  });

  it("leads guests and logged-in players to their own destination from the same slide", async () => {
    const player = await createPlayer();
    const guest = await getHomeContent({ locale: "en", category: null });
    const member = await getHomeContent({ locale: "en", category: null, playerId: player.id });
    const welcome = (c: typeof guest) => c.banners.find((b) => b.image === "/demo/banners/banner-1.svg")!;
    expect(welcome(guest).link).toBe("/signup");
    expect(welcome(member).link).toBe("/deposit"); // /signup would only send a player home
    // A slide without a player destination leads both to the same place.
    const exchange = (c: typeof guest) => c.banners.find((b) => b.image === "/demo/banners/banner-2.svg")!;
    expect(exchange(member).link).toBe(exchange(guest).link);
    expect(Object.keys(welcome(member))).not.toContain("playerLink");
  });

  it("hides inactive sliders", async () => {
    const [first] = await listSliders("Main");
    await db.update(sliders).set({ status: "inactive" }).where(eq(sliders.id, first!.id));
    contentChanged(); // what a staff edit does
    const main = await listSliders("Main");
    expect(main).toHaveLength(3);
    expect(main.map((s) => s.id)).not.toContain(first!.id);
    await db.update(sliders).set({ status: "active" }).where(eq(sliders.id, first!.id));
    contentChanged(); // what a staff edit does
  });

  it("gives a logged-in player's favourite games, and none to guests", async () => {
    const player = await createPlayer();
    expect((await getHomeContent({ locale: "en", category: null, playerId: player.id })).myGames).toEqual([]);
    const [dice] = await listGames({ title: "Dice" });
    await toggleFavourite(player.id, dice!.id, true);
    const content = await getHomeContent({ locale: "en", category: null, playerId: player.id });
    expect(content.myGames.map((g) => g.code)).toEqual(["HOUSE-ARCADE-DICE"]);
    expect((await getHomeContent({ locale: "en", category: null })).myGames).toEqual([]);
  });

  it("renders a QR code as SVG markup", async () => {
    const svg = await qrSvg("https://wa.me/8801700000000");
    expect(svg.trimStart().startsWith("<svg")).toBe(true);
    expect(svg).toContain("</svg>");
    expect(await qrSvg("mailto:support@deshplay.example")).not.toBe(svg);
  });

  it("builds the home page content in the page's language", async () => {
    const en = await getHomeContent({ locale: "en", category: null });
    expect(en.banners.map((b) => b.image)).toEqual([
      "/demo/banners/banner-1.svg",
      "/demo/banners/banner-2.svg",
      "/demo/banners/banner-3.svg",
      "/demo/banners/banner-4.svg",
    ]);
    expect(en.favourites).toHaveLength(4);
    expect(en.features).toHaveLength(3);
    expect(en.games).toHaveLength(14);
    expect(en.categories.map((c) => c.slug)).toEqual(["sports", "casino", "slot", "table", "poker", "crash", "fishing"]);
    expect(en.contacts.map((c) => c.platform)).toEqual(["whatsapp", "facebook", "email"]);
    expect(en.contacts.every((c) => /^\/resources\/contact-qr\/[a-z]+\.svg\?v=[0-9a-f]{12}$/.test(c.qr))).toBe(true);
    expect(await contactQrSvg("whatsapp")).toMatch(/^<svg/);
    expect(await contactQrSvg("telegram")).toBeNull(); // not one of home's channels
    expect(en.footer.payments.map((p) => p.name)).toEqual(["bKash", "Nagad", "Rocket", "Upay"]);
    expect(en.footer.text).toMatch(/^DeshPlay is an online gaming site/);

    const bn = await getHomeContent({ locale: "bn", category: "Slot" });
    expect(bn.activeCategory).toBe("slot");
    expect(bn.games.map((g) => g.code)).toEqual(["KA-SLOT-GOLDEN-TIGER", "JILI-SLOT-SUPER-ACE", "PG-SLOT-MAHJONG-WAYS"]);
    expect(bn.categories[0]!.name).toBe("স্পোর্টস");
    expect(bn.announcements[0]!.title).toMatch(/^দেশপ্লেতে স্বাগতম/);
    expect(bn.footer.text).toMatch(/^দেশপ্লে/);
  });

  it("gives no games (and no error) for an unknown or malformed category", async () => {
    for (const category of ["unknown", "../../etc", "x".repeat(500), "constructor", "__proto__"]) {
      const content = await getHomeContent({ locale: "en", category });
      expect(content.games).toEqual([]);
      expect(content.categories).toHaveLength(7);
    }
  });

  it("drops contact and slider links that are not web, mail or phone links", async () => {
    await db.update(socialLinks).set({ url: "javascript:alert(1)" }).where(eq(socialLinks.platform, "facebook"));
    contentChanged(); // what a staff edit does
    await db.update(sliders).set({ link: "javascript:alert(1)" }).where(eq(sliders.thumbnail, "/demo/banners/banner-1.svg"));
    contentChanged(); // what a staff edit does
    const content = await getHomeContent({ locale: "en", category: null });
    expect(content.contacts.map((c) => c.platform)).toEqual(["whatsapp", "email"]);
    expect(content.banners[0]!.link).toBeNull();
  });
});
