// Demo receiving numbers and promotions for a fresh install (play money only).
import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { db as defaultDb, type Db } from "#app/db/db.server.ts";
import { paymentMethods, walletNumbers } from "./schema.ts";
import { seedPromotionsDemo } from "#app/modules/promotions/index.server.ts";
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
    await seedPromotionsDemo(tx);
    return true;
  });
}
