import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { seedDemoContent } from "#app/db/seed.server.ts";
import { clearSiteConfigCache, getHomeContent, listFeaturedGames, listSliders, qrSvg } from "./content.server.ts";
import { featuredGames, gameCategories, sliders, socialLinks } from "./schema.ts";

beforeAll(async () => {
  expect(await seedDemoContent(db)).toBe(true);
  clearSiteConfigCache();
});

describe("content", () => {
  it("lists every active featured game, or only those of one category", async () => {
    const all = await listFeaturedGames();
    expect(all).toHaveLength(16);
    const casino = await listFeaturedGames("casino");
    expect(casino.map((g) => g.code)).toEqual(["baccarat-live", "dragon-tiger", "dice", "mines"]);
    expect(casino.every((g) => g.category === "casino")).toBe(true);
    expect((await listFeaturedGames("fishing")).map((g) => g.code)).toEqual(["fish-hunter", "royal-fishing"]);
  });

  it("gives an empty list for an unknown category", async () => {
    expect(await listFeaturedGames("no-such-category")).toEqual([]);
    expect(await listFeaturedGames("'; drop table featured_games; --")).toEqual([]);
  });

  it("hides inactive sliders, games and the games of an inactive category", async () => {
    const [first] = await listSliders("Main");
    await db.update(sliders).set({ status: "inactive" }).where(eq(sliders.id, first!.id));
    const main = await listSliders("Main");
    expect(main).toHaveLength(3);
    expect(main.map((s) => s.id)).not.toContain(first!.id);

    await db.update(featuredGames).set({ status: "inactive" }).where(eq(featuredGames.code, "dice"));
    expect((await listFeaturedGames("casino")).map((g) => g.code)).toEqual(["baccarat-live", "dragon-tiger", "mines"]);

    await db.update(gameCategories).set({ status: "inactive" }).where(eq(gameCategories.slug, "poker"));
    expect(await listFeaturedGames("poker")).toEqual([]);
    expect((await listFeaturedGames()).some((g) => g.category === "poker")).toBe(false);

    await db.update(sliders).set({ status: "active" }).where(eq(sliders.id, first!.id));
    await db.update(featuredGames).set({ status: "active" }).where(eq(featuredGames.code, "dice"));
    await db.update(gameCategories).set({ status: "active" }).where(eq(gameCategories.slug, "poker"));
  });

  it("renders a QR code as SVG markup", async () => {
    const svg = await qrSvg("https://wa.me/8801700000000");
    expect(svg.trimStart().startsWith("<svg")).toBe(true);
    expect(svg).toContain("</svg>");
    expect(await qrSvg("mailto:support@deshplay.example")).not.toBe(svg);
  });

  it("builds the home page content in the page's language", async () => {
    const en = await getHomeContent({ locale: "en", category: null });
    expect(en.banners.map((b) => b.image)).toEqual(["/demo/banners/banner-1.svg", "/demo/banners/banner-2.svg", "/demo/banners/banner-3.svg", "/demo/banners/banner-4.svg"]);
    expect(en.favourites).toHaveLength(4);
    expect(en.features).toHaveLength(3);
    expect(en.games).toHaveLength(16);
    expect(en.categories.map((c) => c.slug)).toEqual(["sports", "casino", "slot", "table", "poker", "crash", "fishing"]);
    expect(en.contacts.map((c) => c.platform)).toEqual(["whatsapp", "facebook", "email"]);
    expect(en.contacts.every((c) => c.qr.startsWith("<svg"))).toBe(true);
    expect(en.footer.payments.map((p) => p.name)).toEqual(["bKash", "Nagad", "Rocket", "Upay"]);
    expect(en.footer.text).toMatch(/^DeshPlay is an online gaming site/);

    const bn = await getHomeContent({ locale: "bn", category: "Slot" });
    expect(bn.activeCategory).toBe("slot");
    expect(bn.games.map((g) => g.code)).toEqual(["golden-tiger", "lucky-lotus"]);
    expect(bn.categories[0]!.name).toBe("স্পোর্টস");
    expect(bn.announcements[0]!.title).toMatch(/^দেশপ্লেতে স্বাগতম/);
    expect(bn.footer.text).toMatch(/^দেশপ্লে/);
  });

  it("gives no games (and no error) for an unknown or malformed category", async () => {
    for (const category of ["unknown", "../../etc", "x".repeat(500)]) {
      const content = await getHomeContent({ locale: "en", category });
      expect(content.games).toEqual([]);
      expect(content.categories).toHaveLength(7);
    }
  });

  it("drops contact and slider links that are not web, mail or phone links", async () => {
    await db.update(socialLinks).set({ url: "javascript:alert(1)" }).where(eq(socialLinks.platform, "facebook"));
    await db.update(sliders).set({ link: "javascript:alert(1)" }).where(eq(sliders.thumbnail, "/demo/banners/banner-1.svg"));
    const content = await getHomeContent({ locale: "en", category: null });
    expect(content.contacts.map((c) => c.platform)).toEqual(["whatsapp", "email"]);
    expect(content.banners[0]!.link).toBeNull();
  });
});
