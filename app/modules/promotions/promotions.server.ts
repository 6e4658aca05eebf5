// Deposit promotions: what players may pick on /deposit, and the back office's edits (audited).
import { and, arrayContains, asc, desc, eq, gt, isNull, lte, or } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { audit, changedFields } from "#app/modules/audit/index.server.ts";
import { isId } from "#app/utils/ids.ts";
import { isPromotionCategory, type PromotionCategoryId } from "./categories.ts";
import { PromotionError, type PromotionField } from "./errors.ts";
import { type Promotion, promotions } from "./schema.ts";
import type { SavePromotionInput } from "./validation.ts";

export type { Promotion } from "./schema.ts";
export type { SavePromotionInput } from "./validation.ts";

const activeAt = (now: Date) =>
  and(eq(promotions.status, "active"), lte(promotions.startsAt, now), or(isNull(promotions.endsAt), gt(promotions.endsAt, now)));

/** Promotions a player may choose now, in display order (the first is preselected). */
export async function listActivePromotions(now: Date = new Date(), ex: Executor = db): Promise<Promotion[]> {
  return ex.select().from(promotions).where(activeAt(now)).orderBy(asc(promotions.sortOrder), asc(promotions.id));
}

/** The /promotions page: active promotions, of one category (spec section 9 id) or all (null), in display order. */
export async function listPromotionsInCategory(category: PromotionCategoryId | null, now: Date = new Date()): Promise<Promotion[]> {
  const where = category === null ? activeAt(now) : and(activeAt(now), arrayContains(promotions.categoryIds, [category]));
  return db.select().from(promotions).where(where).orderBy(asc(promotions.sortOrder), asc(promotions.id));
}

/** The member centre's "new promotions" strip: active promotions, the most recently started first. */
export async function listNewestPromotions(limit = 12, now: Date = new Date()): Promise<Promotion[]> {
  return db.select().from(promotions).where(activeAt(now)).orderBy(desc(promotions.startsAt), desc(promotions.id)).limit(limit);
}

/** Every promotion, for the back office. */
export async function listPromotions(): Promise<Promotion[]> {
  return db.select().from(promotions).orderBy(asc(promotions.sortOrder), asc(promotions.id));
}

/** Null for an unknown or malformed id. */
export async function getPromotion(id: unknown, ex: Executor = db): Promise<Promotion | null> {
  if (!isId(id)) return null;
  const [row] = await ex.select().from(promotions).where(eq(promotions.id, id));
  return row ?? null;
}

/** The promotion when it may be chosen at `now`, else null. */
export async function getActivePromotion(id: unknown, now: Date = new Date(), ex: Executor = db): Promise<Promotion | null> {
  if (!isId(id)) return null;
  const [row] = await ex
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, id), activeAt(now)));
  return row ?? null;
}

/** The bonus a deposit earns: bonusPercent of the amount (rounded down to the poisha), capped by maxBonus. */
export function computeBonus(amount: bigint, promotion: Pick<Promotion, "bonusPercent" | "maxBonus"> | null): bigint {
  if (!promotion) return 0n;
  const bonus = (amount * BigInt(promotion.bonusPercent)) / 100n;
  return promotion.maxBonus !== null && bonus > promotion.maxBonus ? promotion.maxBonus : bonus;
}

const snapshot = (p: Promotion | (SavePromotionInput & { id?: number | null })) => ({
  nameEn: p.nameEn,
  nameBn: p.nameBn,
  descriptionEn: p.descriptionEn ?? "",
  descriptionBn: p.descriptionBn ?? "",
  termsEn: p.termsEn ?? "",
  termsBn: p.termsBn ?? "",
  bonusPercent: p.bonusPercent,
  turnoverMultiplierHundredths: p.turnoverMultiplierHundredths,
  maxBonus: p.maxBonus === null ? null : String(p.maxBonus),
  startsAt: p.startsAt.toISOString(),
  endsAt: p.endsAt ? p.endsAt.toISOString() : null,
  status: p.status,
  thumbnail: p.thumbnail ?? null,
  sortOrder: p.sortOrder ?? 0,
  categoryIds: [...(p.categoryIds ?? [])].sort((a, b) => a - b).join(","),
});

function check(input: SavePromotionInput) {
  const fail = (field: PromotionField, key: ConstructorParameters<typeof PromotionError>[1]) => {
    throw new PromotionError("invalid_input", key, field);
  };
  if (!input.nameEn?.trim() || input.nameEn.length > 120) fail("nameEn", "payments.errors.promotionNameRequired");
  if (!input.nameBn?.trim() || input.nameBn.length > 120) fail("nameBn", "payments.errors.promotionNameRequired");
  if (!Number.isInteger(input.bonusPercent) || input.bonusPercent < 0 || input.bonusPercent > 500)
    fail("bonusPercent", "payments.errors.bonusPercentInvalid");
  const h = input.turnoverMultiplierHundredths;
  if (!Number.isInteger(h) || h < 0 || h > 100_000) fail("turnoverMultiplier", "payments.errors.multiplierInvalid");
  if (input.maxBonus !== null && (typeof input.maxBonus !== "bigint" || input.maxBonus <= 0n || input.maxBonus > 10n ** 15n)) {
    fail("maxBonus", "payments.errors.amountInvalid");
  }
  if (!(input.startsAt instanceof Date) || Number.isNaN(input.startsAt.getTime())) fail("startsAt", "payments.errors.dateInvalid");
  if (input.endsAt !== null && (!(input.endsAt instanceof Date) || Number.isNaN(input.endsAt.getTime())))
    fail("endsAt", "payments.errors.dateInvalid");
  if (input.endsAt && input.endsAt <= input.startsAt) fail("endsAt", "payments.errors.periodInvalid");
  if (input.categoryIds && !input.categoryIds.every(isPromotionCategory)) fail("categoryIds", "payments.errors.categoryInvalid");
  if (input.status !== "active" && input.status !== "inactive") throw new PromotionError("invalid_input", "payments.errors.statusInvalid");
}

/** Creates (no id) or updates a promotion; refusals are PromotionErrors with the field. Audited. */
export async function savePromotion(staffId: number, input: SavePromotionInput, ip: string | null = null): Promise<Promotion> {
  check(input);
  const values = {
    nameEn: input.nameEn.trim(),
    nameBn: input.nameBn.trim(),
    descriptionEn: input.descriptionEn ?? "",
    descriptionBn: input.descriptionBn ?? "",
    termsEn: input.termsEn ?? "",
    termsBn: input.termsBn ?? "",
    bonusPercent: input.bonusPercent,
    turnoverMultiplierHundredths: input.turnoverMultiplierHundredths,
    maxBonus: input.maxBonus,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    status: input.status,
    thumbnail: input.thumbnail || null,
    sortOrder: input.sortOrder ?? 0,
    categoryIds: [...new Set(input.categoryIds ?? [])].sort((a, b) => a - b),
  };
  return db.transaction(async (tx) => {
    if (input.id) {
      if (!isId(input.id)) throw new PromotionError("not_found", "payments.errors.notFound");
      const [before] = await tx.select().from(promotions).where(eq(promotions.id, input.id)).for("update");
      if (!before) throw new PromotionError("not_found", "payments.errors.notFound");
      const [after] = await tx
        .update(promotions)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(promotions.id, input.id))
        .returning();
      const diff = changedFields(snapshot(before), snapshot(after!));
      await audit(tx, { staffId, action: "promotion.update", entity: "promotion", entityId: input.id, before: diff.before, after: diff.after, ip });
      return after!;
    }
    const [row] = await tx.insert(promotions).values(values).returning();
    await audit(tx, { staffId, action: "promotion.create", entity: "promotion", entityId: row!.id, after: snapshot(row!), ip });
    return row!;
  });
}
