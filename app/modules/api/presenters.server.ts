// The JSON shapes of spec sections 3 and 7, built from our rows. Field names (including the spec's
// "thubmnail") are what the app clients read; do not rename them.
import { getEnv } from "#app/config/env.server.ts";
import { type SiteConfig, type sliders, type socialLinks } from "#app/modules/content/index.server.ts";
import { socialPlatforms, type SocialPlatform } from "#app/modules/content/index.ts";
import { formatPoisha } from "#app/kernel/money.ts";
import { securityLevel, type PublicPlayer } from "#app/modules/players/index.server.ts";
import type { Promotion } from "#app/modules/promotions/index.server.ts";
import { formatHundredths } from "#app/modules/settings/index.ts";

/** Every image the API returns is an absolute URL on PUBLIC_URL (app clients live on another origin);
 *  a value already stored as an absolute URL (a CDN) is returned unchanged. */
export function absoluteUrl(pathOrUrl: string) {
  return new URL(pathOrUrl, getEnv().PUBLIC_URL).toString();
}

export function logoEntry(branding: SiteConfig["branding"]) {
  return {
    logo: absoluteUrl(branding.logo),
    mobile_logo: absoluteUrl(branding.mobileLogo),
    loader_logo: absoluteUrl(branding.loaderLogo),
    favicon: absoluteUrl(branding.favicon),
  };
}

export function generalEntry(general: SiteConfig["general"]) {
  return {
    site_title: general.siteTitle,
    support_mail: general.supportMail,
    withdrawal_status: general.withdrawalStatus,
    promotion_wallet: general.promotionWallet,
  };
}

/**
 * GET /api/sociallink answers a list with one object, like /api/logo and /api/general:
 *   [{ "whatsapp": "https://wa.me/...", "facebook": "https://...", "telegram": "https://t.me/...", "email": "mailto:..." }]
 * Each value is the link of the first active row of that platform (by sort order), or null when none is active.
 */
export function socialLinksEntry(rows: Array<typeof socialLinks.$inferSelect>) {
  const entry = Object.fromEntries(socialPlatforms.map((p) => [p, null])) as Record<SocialPlatform, string | null>;
  for (const row of rows) entry[row.platform] ??= row.url;
  return entry;
}

/** `link` is returned as stored: a path of the site ("/signup") or an external address. */
export function sliderEntry(row: typeof sliders.$inferSelect) {
  return {
    id: row.id,
    status: row.status,
    slider_type: row.sliderType,
    link: row.link,
    thubmnail: absoluteUrl(row.thumbnail),
    title: row.titleEn,
    title_bn: row.titleBn,
  };
}

/**
 * GET /api/user/show; `balance` is the main wallet's available amount from the ledger, in taka ("1250.00"); `vip_coin`
 * (whole VP) and `vip_level` come from the VIP module.
 */
export function userEntry(player: PublicPlayer, balance: bigint, vip: { points: number; level: string }) {
  return {
    username: player.username,
    id: player.id,
    vip_coin: vip.points,
    vip_level: vip.level,
    name: player.name,
    calling_code: player.callingCode,
    phone: player.phone,
    email: player.email,
    created_at: player.createdAt.toISOString(),
    dofb: player.birthday ?? null,
    session_id: player.phoneVerifiedAt ? "1" : "0", // the spec's (odd) name for "phone verified"
    phone_verified_at: player.phoneVerifiedAt?.toISOString() ?? null,
    email_verified_at: player.emailVerifiedAt?.toISOString() ?? null,
    last_login_at: player.lastLoginAt?.toISOString() ?? null,
    referral_code: player.referralCode,
    status: player.status,
    balance: formatPoisha(balance),
    currency: player.currency,
    security_level: securityLevel(player),
  };
}

/**
 * A promotion as the spec's clients read it (section 3, including its spelling "deposit_bouns"), with the Bangla
 * texts, the bonus cap in taka ("5000.00", null = none) and the bonus turnover multiplier ("5").
 */
export function promotionEntry(p: Promotion) {
  return {
    id: p.id,
    name: p.nameEn,
    name_bn: p.nameBn,
    status: p.status,
    deposit_bouns: p.bonusPercent,
    desc: p.descriptionEn,
    desc_bn: p.descriptionBn,
    terms: p.termsEn,
    terms_bn: p.termsBn,
    max_bonus: p.maxBonus === null ? null : formatPoisha(p.maxBonus),
    turnover_multiplier: formatHundredths(p.turnoverMultiplierHundredths),
    thumbnail: p.thumbnail ? absoluteUrl(p.thumbnail) : null,
    start_date: p.startsAt.toISOString(),
    end_date: p.endsAt ? p.endsAt.toISOString() : null,
    // The spec's sample variant: the /promotions tabs it shows under (section 9 ids).
    categories: p.categoryIds,
  };
}
