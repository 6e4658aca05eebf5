// Content staff write for players: the Affiliate and Brand Ambassador pages and the footer's sponsor and brand
// ambassadors. The page rows exist on every install (ensureContentPages); the demo partners only where demo content is.
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { db } from "#app/db/db.server.ts";
import { keyedTtlCache } from "#app/utils/ttl-cache.server.ts";
import { type ContentPageSlug, contentPages, footerPartners } from "./schema.ts";

const SAFE_HREF = /^(https?:|mailto:|tel:|\/(?!\/))/i;

export async function getContentPage(slug: ContentPageSlug, locale: string) {
  const [row] = await db.select().from(contentPages).where(eq(contentPages.slug, slug));
  if (!row) return null;
  const bn = locale === "bn";
  return {
    title: (bn ? row.titleBn : row.titleEn) || row.titleEn,
    body: (bn ? row.bodyBn : row.bodyEn) || row.bodyEn,
    image: row.image,
  };
}

export type FooterPartner = { id: number; name: string; role: string; terms: string; image: string | null; link: string | null };

const PARTNERS_TTL_MS = 10_000;
const partnersCache = keyedTtlCache(PARTNERS_TTL_MS, (locale: string) => loadPartners(locale));

/** The active sponsor (the first) and brand ambassadors (the first two), in the page's language; cached like home. */
export function getFooterPartners(locale: string) {
  return partnersCache.get(locale === "bn" ? "bn" : "en");
}

async function loadPartners(locale: string) {
  const bn = locale === "bn";
  const rows = await db
    .select()
    .from(footerPartners)
    .where(eq(footerPartners.status, "active"))
    .orderBy(asc(footerPartners.sortOrder), asc(footerPartners.id));
  const view = (p: typeof footerPartners.$inferSelect): FooterPartner => ({
    id: p.id,
    name: (bn ? p.nameBn : p.nameEn) || p.nameEn,
    role: (bn ? p.roleBn : p.roleEn) || p.roleEn,
    terms: (bn ? p.termsBn : p.termsEn) || p.termsEn,
    image: p.image,
    link: p.link && SAFE_HREF.test(p.link) ? p.link : null,
  });
  return {
    sponsor:
      rows
        .filter((p) => p.kind === "sponsor")
        .slice(0, 1)
        .map(view)[0] ?? null,
    ambassadors: rows
      .filter((p) => p.kind === "ambassador")
      .slice(0, 2)
      .map(view),
  };
}

export type FooterPartners = Awaited<ReturnType<typeof loadPartners>>;

/** The two pages exist on every install, with a neutral text staff replace; never overwrites theirs. */
export async function ensureContentPages(database: Db) {
  await database
    .insert(contentPages)
    .values([
      {
        slug: "affiliate",
        titleEn: "Affiliate Programme",
        titleBn: "অ্যাফিলিয়েট প্রোগ্রাম",
        bodyEn:
          "Bring players to the site and earn a share of the revenue they generate.\n\nWrite to our support team to apply: tell us about your website, page or channel and the audience you reach. We answer within two working days.",
        bodyBn:
          "সাইটে খেলোয়াড় আনুন এবং তাদের থেকে আসা আয়ের একটি অংশ উপার্জন করুন।\n\nআবেদন করতে আমাদের সাপোর্ট টিমকে লিখুন: আপনার ওয়েবসাইট, পেজ বা চ্যানেল এবং আপনার দর্শকদের সম্পর্কে জানান। আমরা দুই কর্মদিবসের মধ্যে উত্তর দিই।",
      },
      {
        slug: "brand-ambassador",
        titleEn: "Brand Ambassadors",
        titleBn: "ব্র্যান্ড অ্যাম্বাসেডর",
        bodyEn: "Meet the people and the club who represent us.",
        bodyBn: "আমাদের প্রতিনিধিত্বকারী মানুষ ও ক্লাবের সঙ্গে পরিচিত হন।",
      },
    ])
    .onConflictDoNothing({ target: contentPages.slug });
}

/** Demo sponsor and two brand ambassadors (fictional, our own images), once. */
export async function seedFooterPartnersDemo(database: Db) {
  await database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7240311)`);
    const [any] = await tx.select({ id: footerPartners.id }).from(footerPartners).limit(1);
    if (any) return;
    await tx.insert(footerPartners).values([
      {
        kind: "sponsor",
        nameEn: "Padma Riders Cricket Club",
        nameBn: "পদ্মা রাইডার্স ক্রিকেট ক্লাব",
        roleEn: "Official Sponsor",
        roleBn: "অফিসিয়াল স্পনসর",
        termsEn: "Principal shirt sponsor for the 2026 and 2027 seasons (a fictional club: demo content).",
        termsBn: "2026 ও 2027 মৌসুমের প্রধান জার্সি স্পনসর (কাল্পনিক ক্লাব: ডেমো কনটেন্ট)।",
        image: "/demo/partners/sponsor.svg",
        sortOrder: 1,
      },
      {
        kind: "ambassador",
        nameEn: "Demo Ambassador One",
        nameBn: "ডেমো অ্যাম্বাসেডর এক",
        roleEn: "Brand Ambassador",
        roleBn: "ব্র্যান্ড অ্যাম্বাসেডর",
        termsEn: "Brand ambassador from 1 January 2026 to 31 December 2027; appears in our cricket campaigns.",
        termsBn: "1 জানুয়ারি 2026 থেকে 31 ডিসেম্বর 2027 পর্যন্ত ব্র্যান্ড অ্যাম্বাসেডর; আমাদের ক্রিকেট ক্যাম্পেইনে থাকেন।",
        image: "/demo/partners/ambassador-1.svg",
        sortOrder: 2,
      },
      {
        kind: "ambassador",
        nameEn: "Demo Ambassador Two",
        nameBn: "ডেমো অ্যাম্বাসেডর দুই",
        roleEn: "Brand Ambassador",
        roleBn: "ব্র্যান্ড অ্যাম্বাসেডর",
        termsEn: "Brand ambassador from 1 March 2026 to 28 February 2027; hosts our live casino events.",
        termsBn: "1 মার্চ 2026 থেকে 28 ফেব্রুয়ারি 2027 পর্যন্ত ব্র্যান্ড অ্যাম্বাসেডর; আমাদের লাইভ ক্যাসিনো ইভেন্ট পরিচালনা করেন।",
        image: "/demo/partners/ambassador-2.svg",
        sortOrder: 3,
      },
    ]);
  });
}
