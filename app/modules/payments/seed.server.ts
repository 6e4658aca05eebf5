// Demo receiving numbers and promotions for a fresh install (play money only).
import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { db as defaultDb, type Db } from "#app/db/db.server.ts";
import { dhakaDayStart } from "#app/kernel/dhaka-time.ts";
import { paymentMethods, walletNumbers } from "./schema.ts";
import { promotions } from "#app/modules/promotions/schema.ts";
import { fromWholeTaka } from "#app/kernel/money.ts";

/**
 * Seeds a few wallet numbers per active method (Agent 500-25,000, Personal 500-10,000), Nagad in gateway mode (the
 * simulated gateway) and two promotions, only
 * when there are no wallet numbers yet. Returns true when it seeded.
 */
export async function seedPaymentsDemo(db: Db = defaultDb): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two instances starting together must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(7240303)`);
    const [any] = await tx.select({ id: walletNumbers.id }).from(walletNumbers).limit(1);
    if (any) return false;
    const methods = await tx.select().from(paymentMethods).where(eq(paymentMethods.status, "active")).orderBy(asc(paymentMethods.id));
    const seen = new Set<string>();
    const rows = methods
      .filter((m) => !seen.has(m.name.toLowerCase()) && seen.add(m.name.toLowerCase()))
      .flatMap((m, i) => {
        const base = 1_711_000_000 + i * 1_000;
        const number = (k: number) => `0${base + k}`;
        return [
          {
            methodId: m.id,
            channelType: "Agent" as const,
            accountNumber: number(1),
            minAmount: fromWholeTaka(500),
            maxAmount: fromWholeTaka(25_000),
            dailyCap: fromWholeTaka(300_000),
          },
          {
            methodId: m.id,
            channelType: "Agent" as const,
            accountNumber: number(2),
            minAmount: fromWholeTaka(500),
            maxAmount: fromWholeTaka(25_000),
            dailyCap: fromWholeTaka(300_000),
          },
          {
            methodId: m.id,
            channelType: "Personal" as const,
            accountNumber: number(3),
            minAmount: fromWholeTaka(500),
            maxAmount: fromWholeTaka(10_000),
            dailyCap: fromWholeTaka(100_000),
          },
          {
            methodId: m.id,
            channelType: "Personal" as const,
            accountNumber: number(4),
            minAmount: fromWholeTaka(500),
            maxAmount: fromWholeTaka(10_000),
            dailyCap: fromWholeTaka(100_000),
          },
        ];
      });
    if (rows.length) await tx.insert(walletNumbers).values(rows);
    // Nagad takes deposits through the built-in simulated gateway (checkout, no screenshot, no review), so a fresh
    // install shows both kinds; its numbers stay for when staff switch it back to manual transfers.
    await tx
      .update(paymentMethods)
      .set({ gateway: "simulated", gatewayCredentials: { webhookSecret: randomBytes(24).toString("hex") } })
      .where(and(eq(paymentMethods.name, "Nagad"), isNull(paymentMethods.gateway)));
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
    return true;
  });
}
