import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, createStaff, taka } from "#app/modules/payments/test-helpers.ts";
import { PromotionError, type PromotionErrorCode } from "./errors.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { computeBonus, getPromotion, listActivePromotions, savePromotion } from "./promotions.server.ts";
import { promotionFormSchema, type SavePromotionInput } from "./validation.ts";

afterAll(closeIdleConnections);

const base = (over: Partial<SavePromotionInput> = {}): SavePromotionInput => ({
  nameEn: "Weekend bonus",
  nameBn: "সাপ্তাহিক বোনাস",
  bonusPercent: 25,
  turnoverMultiplierHundredths: 300,
  maxBonus: taka(2_000),
  startsAt: new Date(Date.now() - 60_000),
  endsAt: null,
  status: "active",
  ...over,
});

async function expectPromotionError(promise: Promise<unknown>, code: PromotionErrorCode) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected PromotionError ${code}, got ${String(error)}`).toBeInstanceOf(PromotionError);
  expect((error as PromotionError).code).toBe(code);
  return error as PromotionError;
}

describe("promotions", () => {
  it("creates, updates (audited) and lists only what is active now", async () => {
    const staff = await createStaff();
    const p = await savePromotion(staff.id, base({ sortOrder: 2 }), "192.0.2.9");
    const q = await savePromotion(staff.id, base({ nameEn: "First", sortOrder: 1 }), null);
    await savePromotion(staff.id, base({ nameEn: "Later", startsAt: new Date(Date.now() + 3_600_000) }), null);
    await savePromotion(staff.id, base({ nameEn: "Off", status: "inactive" }), null);
    expect((await listActivePromotions()).map((x) => x.id)).toEqual([q.id, p.id]);
    const updated = await savePromotion(staff.id, { ...base(), id: p.id, bonusPercent: 30, endsAt: new Date(Date.now() + 1_000) }, null);
    expect(updated.bonusPercent).toBe(30);
    expect(await listActivePromotions(new Date(Date.now() + 60_000))).not.toContainEqual(expect.objectContaining({ id: p.id }));
    const audits = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(p.id)));
    expect(audits.map((a) => a.action)).toEqual(["promotion.create", "promotion.update"]);
    expect(audits[1]!.after).toMatchObject({ bonusPercent: 30 });
    expect(await getPromotion(p.id)).toMatchObject({ id: p.id, bonusPercent: 30 });
    expect(await getPromotion(999_999)).toBeNull();
    expect(await getPromotion("1")).toBeNull();
  });

  it("refuses bad input with the field", async () => {
    const staff = await createStaff();
    expect((await expectPromotionError(savePromotion(staff.id, base({ bonusPercent: 501 })), "invalid_input")).field).toBe("bonusPercent");
    expect((await expectPromotionError(savePromotion(staff.id, base({ nameEn: " " })), "invalid_input")).field).toBe("nameEn");
    expect((await expectPromotionError(savePromotion(staff.id, base({ maxBonus: 0n })), "invalid_input")).field).toBe("maxBonus");
    expect((await expectPromotionError(savePromotion(staff.id, base({ endsAt: new Date(Date.now() - 3_600_000) })), "invalid_input")).field).toBe(
      "endsAt",
    );
    await expectPromotionError(savePromotion(staff.id, { ...base(), id: 987_654 }), "not_found");
  });

  it("computes the bonus, capped, rounded down to the poisha", () => {
    expect(computeBonus(taka(3_000), { bonusPercent: 50, maxBonus: taka(1_000) })).toBe(taka(1_000));
    expect(computeBonus(taka(1_000), { bonusPercent: 50, maxBonus: null })).toBe(taka(500));
    expect(computeBonus(333n, { bonusPercent: 10, maxBonus: null })).toBe(33n);
    expect(computeBonus(taka(1_000), null)).toBe(0n);
  });

  it("the form reads multipliers, amounts and Asia/Dhaka times", () => {
    const parsed = promotionFormSchema.parse({
      nameEn: "A",
      nameBn: "আ",
      bonusPercent: "100",
      turnoverMultiplier: "1.5",
      maxBonus: "5,000",
      startsAt: "2026-12-01T00:00",
      endsAt: "",
      status: "active",
    });
    expect(parsed).toMatchObject({ bonusPercent: 100, turnoverMultiplierHundredths: 150, maxBonus: taka(5_000), endsAt: null });
    expect(parsed.startsAt.toISOString()).toBe("2026-11-30T18:00:00.000Z");
    const bad = promotionFormSchema.safeParse({
      nameEn: "A",
      nameBn: "B",
      bonusPercent: "12.5",
      turnoverMultiplier: "x",
      startsAt: "2026-12-01T00:00",
      endsAt: "2026-11-01T00:00",
      status: "active",
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(["payments.errors.bonusPercentInvalid", "payments.errors.multiplierInvalid"]),
    );
  });
});
