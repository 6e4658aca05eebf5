import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { socialPlatforms, type SocialPlatform } from "./social-platforms.ts";

export { socialPlatforms, type SocialPlatform };

export const branding = pgTable("branding", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  logo: text().notNull(),
  mobileLogo: text().notNull(),
  loaderLogo: text().notNull(),
  favicon: text().notNull(),
});

export const socialLinks = pgTable("social_links", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  platform: text().$type<SocialPlatform>().notNull(),
  url: text().notNull(),
  label: text().notNull(),
  status: text().$type<"active" | "inactive">().notNull().default("active"),
  sortOrder: integer().notNull().default(0),
});

export const sliderTypes = ["Main", "Favourite", "Features"] as const;
export type SliderType = (typeof sliderTypes)[number];

export const sliders = pgTable(
  "sliders",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    sliderType: text().$type<SliderType>().notNull(),
    titleEn: text().notNull(),
    titleBn: text().notNull(),
    /** Where the slide leads a guest. */
    link: text(),
    /** Where it leads a logged-in player, when that differs (a sign-up offer leads them to the deposit page). */
    playerLink: text(),
    thumbnail: text().notNull(),
    status: text().$type<"active" | "inactive">().notNull().default("active"),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [index("sliders_type_idx").on(t.sliderType, t.status, t.sortOrder)],
);

export const announcements = pgTable("announcements", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  titleEn: text().notNull(),
  titleBn: text().notNull(),
  link: text(),
  image: text(),
  status: text().$type<"active" | "inactive">().notNull().default("active"),
  sortOrder: integer().notNull().default(0),
});

export const gameCategories = pgTable("game_categories", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  slug: text().notNull().unique(),
  nameEn: text().notNull(),
  nameBn: text().notNull(),
  icon: text().notNull(),
  sortOrder: integer().notNull().default(0),
  status: text().$type<"active" | "inactive">().notNull().default("active"),
});

/** Pages staff write: the side menu's Affiliate and Brand Ambassador pages (one row per slug). */
export const contentPageSlugs = ["affiliate", "brand-ambassador"] as const;
export type ContentPageSlug = (typeof contentPageSlugs)[number];

export const contentPages = pgTable(
  "content_pages",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().$type<ContentPageSlug>().notNull().unique(),
    titleEn: text().notNull(),
    titleBn: text().notNull(),
    bodyEn: text().notNull().default(""),
    bodyBn: text().notNull().default(""),
    image: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("content_pages_slug_check", sql`${t.slug} in ('affiliate', 'brand-ambassador')`)],
);

/** The footer's sponsor and brand ambassadors, each with the terms of the partnership. */
export const partnerKinds = ["sponsor", "ambassador"] as const;
export type PartnerKind = (typeof partnerKinds)[number];

export const footerPartners = pgTable(
  "footer_partners",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text().$type<PartnerKind>().notNull(),
    nameEn: text().notNull(),
    nameBn: text().notNull(),
    /** What they are to the site, e.g. "Official Sponsor", "Brand Ambassador". */
    roleEn: text().notNull().default(""),
    roleBn: text().notNull().default(""),
    /** The partnership's terms as players read them, e.g. "Brand ambassador for the 2026-2027 season". */
    termsEn: text().notNull().default(""),
    termsBn: text().notNull().default(""),
    image: text(),
    link: text(),
    status: text().$type<"active" | "inactive">().notNull().default("active"),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [
    index("footer_partners_kind_idx").on(t.kind, t.status, t.sortOrder),
    check("footer_partners_kind_check", sql`${t.kind} in ('sponsor', 'ambassador')`),
  ],
);
