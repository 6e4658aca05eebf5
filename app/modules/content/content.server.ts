import { and, asc, eq } from "drizzle-orm";
import QRCode from "qrcode";
import { db } from "#app/db/db.server.ts";
import {
  announcements,
  branding,
  featuredGames,
  gameCategories,
  generalSettings,
  paymentMethods,
  sliders,
  socialLinks,
  type SliderType,
} from "./schema.ts";

export type SiteConfig = {
  general: typeof generalSettings.$inferSelect;
  branding: typeof branding.$inferSelect;
};

// Read on every page; staff edits show up within this many milliseconds on every instance.
const SITE_CONFIG_TTL_MS = 10_000;
let cache: { at: number; value: Promise<SiteConfig> } | undefined;

async function loadSiteConfig(): Promise<SiteConfig> {
  const [[general], [brand]] = await Promise.all([
    db.select().from(generalSettings).orderBy(asc(generalSettings.id)).limit(1),
    db.select().from(branding).orderBy(asc(branding.id)).limit(1),
  ]);
  if (!general || !brand) throw new Error("Site settings are missing: the database was not seeded.");
  return { general, branding: brand };
}

export function getSiteConfig(): Promise<SiteConfig> {
  const now = Date.now();
  if (!cache || now - cache.at > SITE_CONFIG_TTL_MS) {
    const value = loadSiteConfig();
    cache = { at: now, value };
    value.catch(() => (cache = undefined));
  }
  return cache.value;
}

export function clearSiteConfigCache() {
  cache = undefined;
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

/** Featured game tiles, optionally of one category (by slug); unknown slugs give an empty list. */
export async function listFeaturedGames(categorySlug?: string) {
  const active = and(eq(featuredGames.status, "active"), eq(gameCategories.status, "active"));
  return db
    .select({
      id: featuredGames.id,
      code: featuredGames.code,
      name: featuredGames.name,
      provider: featuredGames.provider,
      thumbnail: featuredGames.thumbnail,
      category: gameCategories.slug,
    })
    .from(featuredGames)
    .innerJoin(gameCategories, eq(gameCategories.id, featuredGames.categoryId))
    .where(categorySlug ? and(active, eq(gameCategories.slug, categorySlug)) : active)
    .orderBy(asc(featuredGames.sortOrder));
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
