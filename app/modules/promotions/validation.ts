// The back-office promotion form, shared by the server and the browser (conform). Messages are money.errors keys.
import { z } from "zod";
import { parseAmountInput } from "#app/kernel/amount-input.ts";
import { parseHundredths } from "#app/modules/settings/index.ts";
import { parseDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import { idField } from "#app/utils/ids.ts";
import { isPromotionCategory } from "./categories.ts";
const promotionStatuses = ["active", "inactive"] as const;

export type SavePromotionInput = {
  id?: number | null;
  nameEn: string;
  nameBn: string;
  descriptionEn?: string;
  descriptionBn?: string;
  termsEn?: string;
  termsBn?: string;
  bonusPercent: number;
  turnoverMultiplierHundredths: number;
  maxBonus: bigint | null;
  startsAt: Date;
  endsAt: Date | null;
  status: "active" | "inactive";
  thumbnail?: string | null;
  sortOrder?: number;
  /** Spec section 9 category ids (categories.ts). */
  categoryIds?: number[];
};

const text = (max: number, key: string) => z.string().trim().max(max, key).default("");

export const promotionFormSchema = z
  .object({
    id: idField.optional(),
    nameEn: z
      .string({ error: "payments.errors.promotionNameRequired" })
      .trim()
      .min(1, "payments.errors.promotionNameRequired")
      .max(120, "payments.errors.textTooLong"),
    nameBn: z
      .string({ error: "payments.errors.promotionNameRequired" })
      .trim()
      .min(1, "payments.errors.promotionNameRequired")
      .max(120, "payments.errors.textTooLong"),
    descriptionEn: text(2000, "payments.errors.textTooLong"),
    descriptionBn: text(2000, "payments.errors.textTooLong"),
    termsEn: text(5000, "payments.errors.textTooLong"),
    termsBn: text(5000, "payments.errors.textTooLong"),
    bonusPercent: z
      .string({ error: "payments.errors.bonusPercentInvalid" })
      .regex(/^\d{1,3}$/, "payments.errors.bonusPercentInvalid")
      .transform(Number)
      .refine((v) => v <= 500, "payments.errors.bonusPercentInvalid"),
    turnoverMultiplier: z.string({ error: "payments.errors.multiplierInvalid" }).transform((v, ctx) => {
      const h = parseHundredths(v);
      if (h === null) {
        ctx.addIssue({ code: "custom", message: "payments.errors.multiplierInvalid" });
        return z.NEVER;
      }
      return h;
    }),
    maxBonus: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v?.trim()) return null;
        const r = parseAmountInput(v);
        if (!r.ok) {
          ctx.addIssue({ code: "custom", message: r.messageKey });
          return z.NEVER;
        }
        return r.amount;
      }),
    startsAt: z.string({ error: "payments.errors.dateInvalid" }).transform((v, ctx) => {
      const d = parseDhakaDateTime(v); // datetime-local: Asia/Dhaka time
      if (!d) {
        ctx.addIssue({ code: "custom", message: "payments.errors.dateInvalid" });
        return z.NEVER;
      }
      return d;
    }),
    endsAt: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v?.trim()) return null;
        const d = parseDhakaDateTime(v);
        if (!d) {
          ctx.addIssue({ code: "custom", message: "payments.errors.dateInvalid" });
          return z.NEVER;
        }
        return d;
      }),
    status: z.enum(promotionStatuses, "payments.errors.statusInvalid"),
    thumbnail: z.string().trim().max(500, "payments.errors.textTooLong").optional(),
    sortOrder: z.coerce.number().int().min(0).max(10_000).default(0),
    // Checkboxes: absent (none ticked), one value or several.
    categoryIds: z
      .preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.string()))
      .transform((values, ctx) => {
        const ids = values.map(Number);
        if (!ids.every(isPromotionCategory)) {
          ctx.addIssue({ code: "custom", message: "payments.errors.categoryInvalid" });
          return z.NEVER;
        }
        return ids;
      }),
  })
  .refine((v) => !v.endsAt || v.endsAt > v.startsAt, { path: ["endsAt"], message: "payments.errors.periodInvalid" })
  .transform(({ turnoverMultiplier, ...rest }): SavePromotionInput => ({ ...rest, turnoverMultiplierHundredths: turnoverMultiplier }));
