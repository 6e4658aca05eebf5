// Reads of promotions for the back-office reports (app/modules/reporting).
import { inArray } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { promotions } from "./schema.ts";

/** Promotion names by id in both languages, for the reports' rows. */
export async function promotionNamesOf(ids: readonly number[], ex: Executor = db): Promise<Map<number, { en: string; bn: string }>> {
  if (!ids.length) return new Map();
  const rows = await ex
    .select({ id: promotions.id, en: promotions.nameEn, bn: promotions.nameBn })
    .from(promotions)
    .where(inArray(promotions.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { en: r.en, bn: r.bn }]));
}
