import { and, asc, eq } from "drizzle-orm";
import { createHash } from "node:crypto";
import QRCode from "qrcode";
import { db } from "#app/db/db.server.ts";
import { contentChanged, keyedTtlCache, ttlCache } from "#app/utils/ttl-cache.server.ts";
import { listFavouriteGames, listFeaturedGames } from "#app/modules/games/index.server.ts";
import { categoryTypes } from "#app/modules/games/index.ts";
import { getFooterPartners } from "./pages.server.ts";
import { announcements, branding, gameCategories, sliders, socialLinks, type SliderType, type SocialPlatform } from "./schema.ts";
import { getGeneralSettings, type GeneralSettings } from "#app/modules/settings/index.server.ts";
import { paymentMethods } from "#app/modules/payments/index.server.ts";

export type SiteConfig = {
  general: GeneralSettings;
  branding: typeof branding.$inferSelect;
};

// Read on every page; staff edits show up at once on this instance and within this many milliseconds on the others.
const SITE_CONFIG_TTL_MS = 10_000;
const brandingCache = ttlCache(SITE_CONFIG_TTL_MS, loadBranding);

async function loadBranding() {
  const [brand] = await db.select().from(branding).orderBy(asc(branding.id)).limit(1);
  if (!brand) throw new Error("Site settings are missing: the database was not seeded.");
  return brand;
}

export async function getSiteConfig(): Promise<SiteConfig> {
  const [general, brand] = await Promise.all([getGeneralSettings(), brandingCache.get()]);
  return { general, branding: brand };
}

/** After a settings change: every cached page content of this instance is read again. */
export function clearSiteConfigCache() {
  contentChanged();
}

export async function listSliders(type?: SliderType) {
  const active = eq(sliders.status, "active");
  return db
    .select()
    .from(sliders)
    .where(type ? and(active, eq(sliders.sliderType, type)) : active)
    .orderBy(asc(sliders.sliderType), asc(sliders.sortOrder), asc(sliders.id));
}

export async function listAnnouncements() {
  return db.select().from(announcements).where(eq(announcements.status, "active")).orderBy(asc(announcements.sortOrder));
}

export async function listSocialLinks() {
  return db.select().from(socialLinks).where(eq(socialLinks.status, "active")).orderBy(asc(socialLinks.sortOrder));
}

export async function listCategories() {
  return db.select().from(gameCategories).where(eq(gameCategories.status, "active")).orderBy(asc(gameCategories.sortOrder));
}

export async function listPaymentMethods() {
  return db.select().from(paymentMethods).where(eq(paymentMethods.status, "active")).orderBy(asc(paymentMethods.sortOrder));
}

const qrCache = new Map<string, Promise<string>>();
/** An SVG QR code for a link, rendered on the server (no client script, no third-party image service). */
export function qrSvg(text: string): Promise<string> {
  let svg = qrCache.get(text);
  if (!svg) {
    svg = QRCode.toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    if (qrCache.size > 500) qrCache.clear();
    qrCache.set(text, svg);
  }
  return svg;
}

/**
 * Where a contact's QR code image is served: an image of its own (cached by the browser, loaded lazily) instead of
 * SVG markup inside every home page. The address names the link's hash, so a changed link is a new image.
 */
function contactQrPath(platform: SocialPlatform, url: string) {
  return `/resources/contact-qr/${platform}.svg?v=${createHash("sha256").update(url).digest("hex").slice(0, 12)}`;
}

/** The QR code (SVG) of a contact channel home shows, or null when home shows none for it. */
export async function contactQrSvg(platform: string): Promise<string | null> {
  const { contacts } = await publicHome.get("en|");
  const contact = contacts.find((c) => c.platform === platform);
  return contact ? qrSvg(contact.url) : null;
}

/** The contact channels the home page's contact panel shows, in this order. */
export const homeContactPlatforms = ["whatsapp", "facebook", "email"] as const satisfies readonly SocialPlatform[];

// Links typed in by staff are only used when they are web, mail or phone links.
const SAFE_HREF = /^(https?:|mailto:|tel:|\/(?!\/))/i;

/** Home's Featured Games: every featured game, or those of the category's game type (an unknown slug has none). */
function featuredFor(category: string | null) {
  if (category === null) return listFeaturedGames();
  const type = Object.hasOwn(categoryTypes, category) ? categoryTypes[category] : undefined;
  return type ? listFeaturedGames(type) : Promise.resolve([]);
}

/**
 * Everything the home page shows, with titles in the page's language. `category` is the raw query value:
 * a slug that matches no game type gives an empty game list (the page shows "No Data"). With `playerId`,
 * `myGames` holds the player's favourite games (home's Favourites row shows them instead of the sliders).
 * The part every visitor sees is cached per language and category (HOME_TTL_MS, emptied by contentChanged()).
 */
export async function getHomeContent({ locale, category, playerId }: { locale: string; category: string | null; playerId?: number }) {
  const wanted = category?.trim().toLowerCase() || null;
  // Any other slug shows the same empty list: one cache entry for all of them, so odd queries cannot fill the cache.
  const slug = wanted === null || Object.hasOwn(categoryTypes, wanted) ? wanted : "?";
  const [shared, myGames] = await Promise.all([
    publicHome.get(`${locale === "bn" ? "bn" : "en"}|${slug ?? ""}`),
    playerId ? listFavouriteGames(playerId) : Promise.resolve([]),
  ]);
  // Each slide leads guests and logged-in players to their own destination (a sign-up offer: a player deposits).
  const forAudience = (slides: typeof shared.banners) =>
    slides.map(({ playerLink, ...slide }) => ({ ...slide, link: playerId && playerLink ? playerLink : slide.link }));
  return {
    ...shared,
    banners: forAudience(shared.banners),
    favourites: forAudience(shared.favourites),
    features: forAudience(shared.features),
    activeCategory: wanted,
    myGames: myGames.map(homeGame),
  };
}

const HOME_TTL_MS = 10_000;
const safeHref = (link: string | null) => (link && SAFE_HREF.test(link) ? link : null);
const publicHome = keyedTtlCache(HOME_TTL_MS, (key: string) => {
  const [locale, slug] = key.split("|") as [string, string];
  return loadPublicHome(locale, slug === "" ? null : slug);
});

async function loadPublicHome(locale: string, category: string | null) {
  const bn = locale === "bn";
  const title = (row: { titleEn: string; titleBn: string }) => (bn ? row.titleBn : row.titleEn);
  const [site, allSliders, news, socials, categories, games, payments, partners] = await Promise.all([
    getSiteConfig(),
    listSliders(),
    listAnnouncements(),
    listSocialLinks(),
    listCategories(),
    featuredFor(category),
    listPaymentMethods(),
    getFooterPartners(locale),
  ]);
  const slides = (type: SliderType) =>
    allSliders
      .filter((s) => s.sliderType === type)
      .map((s) => ({ id: s.id, title: title(s), image: s.thumbnail, link: safeHref(s.link), playerLink: safeHref(s.playerLink) }));
  const contacts = homeContactPlatforms.flatMap((platform) =>
    socials
      .filter((s) => s.platform === platform && SAFE_HREF.test(s.url))
      .slice(0, 1)
      .map((s) => ({ platform, url: s.url, label: s.label, qr: contactQrPath(platform, s.url) })),
  );
  return {
    siteTitle: site.general.siteTitle,
    banners: slides("Main"),
    favourites: slides("Favourite"),
    features: slides("Features"),
    announcements: news.map((a) => ({ id: a.id, title: title(a), link: a.link && SAFE_HREF.test(a.link) ? a.link : null })),
    categories: categories.map((c) => ({ slug: c.slug, name: bn ? c.nameBn : c.nameEn, icon: c.icon })),
    games: games.map(homeGame),
    contacts,
    footer: {
      text: bn ? site.general.footerTextBn : site.general.footerTextEn,
      mode: site.general.mode,
      licenceIssuer: site.general.licenceIssuer,
      licenceNumber: site.general.licenceNumber,
      payments: payments.map((p) => ({ id: p.id, name: p.name, icon: p.icon })),
      partners,
    },
  };
}

function homeGame({ id, code, name, provider, poster }: { id: number; code: string; name: string; provider: string; poster: string }) {
  return { id, code, name, provider, poster };
}

export type HomeContent = Awaited<ReturnType<typeof getHomeContent>>;
