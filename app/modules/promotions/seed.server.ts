// The demo's two promotions (a 100% welcome bonus and a 5% reload), seeded with the demo payment methods when the
// site has no promotion yet.
import type { Executor } from "#app/db/db.server.ts";
import { dhakaDayStart } from "#app/kernel/dhaka-time.ts";
import { fromWholeTaka } from "#app/kernel/money.ts";
import { promotions } from "./schema.ts";

export async function seedPromotionsDemo(tx: Executor) {
  const [promo] = await tx.select({ id: promotions.id }).from(promotions).limit(1);
  if (!promo) {
    await tx.insert(promotions).values([
      {
        nameEn: "100% deposit bonus",
        nameBn: "100% ডিপোজিট বোনাস",
        descriptionEn: "Double your deposit: a 100% bonus up to ৳5,000 in your bonus wallet.",
        descriptionBn: "আপনার ডিপোজিট দ্বিগুণ করুন: বোনাস ওয়ালেটে ৳5,000 পর্যন্ত 100% বোনাস।",
        termsEn:
          "The bonus is 100% of the deposit, at most ৳5,000. Play 5 times the bonus, plus the deposit once, before withdrawing; the bonus then moves to your main wallet. Play money in demo mode.",
        termsBn:
          "বোনাস ডিপোজিটের 100%, সর্বোচ্চ ৳5,000। উত্তোলনের আগে বোনাসের 5 গুণ এবং ডিপোজিট একবার খেলুন; তারপর বোনাস আপনার মেইন ওয়ালেটে যাবে। ডেমো মোডে খেলার টাকা।",
        bonusPercent: 100,
        turnoverMultiplierHundredths: 500,
        maxBonus: fromWholeTaka(5_000),
        startsAt: dhakaDayStart("2026-01-01"),
        status: "active",
        thumbnail: "/demo/banners/banner-1.svg",
        sortOrder: 1,
        // Welcome Offer, Slots, Live Casino, Sports, Fishing, Crash (spec section 9 ids).
        categoryIds: [1, 2, 4, 8, 99, 8192],
      },
      {
        nameEn: "5% daily reload",
        nameBn: "5% দৈনিক রিলোড",
        descriptionEn: "An extra 5% on every deposit, up to ৳1,000.",
        descriptionBn: "প্রতিটি ডিপোজিটে অতিরিক্ত 5%, ৳1,000 পর্যন্ত।",
        termsEn: "The bonus is 5% of the deposit, at most ৳1,000. Play the bonus once, plus the deposit once, before withdrawing.",
        termsBn: "বোনাস ডিপোজিটের 5%, সর্বোচ্চ ৳1,000। উত্তোলনের আগে বোনাস একবার এবং ডিপোজিট একবার খেলুন।",
        bonusPercent: 5,
        turnoverMultiplierHundredths: 100,
        maxBonus: fromWholeTaka(1_000),
        startsAt: dhakaDayStart("2026-01-01"),
        status: "active",
        thumbnail: "/demo/features/feature-1.svg",
        sortOrder: 2,
        // Slots, Live Casino, Table, Arcade, Others.
        categoryIds: [1, 2, 256, 512, 1024],
      },
    ]);
  }
}
