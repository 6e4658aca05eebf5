import type { Promotion } from "#app/modules/promotions/index.server.ts";
import { formatDhakaDate } from "#app/kernel/dhaka-time.ts";
import { takaText } from "#app/kernel/money.ts";

/** A promotion in the player's language with its dates in Asia/Dhaka. */
export function promotionView(p: Promotion, locale: string) {
  const bn = locale === "bn";
  const description = (bn ? p.descriptionBn : p.descriptionEn) || p.descriptionEn;
  return {
    id: p.id,
    name: (bn ? p.nameBn : p.nameEn) || p.nameEn,
    percent: Math.round(p.bonusPercent),
    description,
    // The spec's card preview: the first 5 words.
    preview: description.split(/\s+/).filter(Boolean).slice(0, 5).join(" "),
    terms: (bn ? p.termsBn : p.termsEn) || p.termsEn,
    thumbnail: p.thumbnail,
    from: formatDhakaDate(p.startsAt),
    to: p.endsAt ? formatDhakaDate(p.endsAt) : null,
    maxBonus: p.maxBonus !== null ? takaText(p.maxBonus, { symbol: false, decimals: "trim" }) : null,
    turnoverTimes: String(p.turnoverMultiplierHundredths / 100),
  };
}
