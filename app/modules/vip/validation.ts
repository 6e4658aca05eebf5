// The VIP forms and the /vip query (tab, page, size) as the browser and the server both read them. Messages are catalogue keys (vip area), or text the
// caller already translated (the minimum, which names a number).
import { z } from "zod";
import { parseTaka } from "#app/kernel/money.ts";
import { requestKeyField } from "#app/kernel/request-key.ts";
import { idField } from "#app/utils/ids.ts";

/** /vip convert form: whole VP, at least `min`; `minMessage` is the translated 'Minimum VP Required: 10'. */
export function convertSchema(min: number, minMessage: string) {
  return z.object({
    vp: z
      .string({ error: minMessage })
      .trim()
      .regex(/^\d{1,12}$/, "vip.errors.vpInvalid")
      .transform((v) => BigInt(v))
      .refine((v) => v >= BigInt(min), minMessage),
    requestKey: requestKeyField("vip.errors.request_invalid"),
  });
}

const whole = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n <= max, message);

/** /admin/vip: one level (no id: a new one). */
export const levelSchema = z.object({
  id: idField.optional(),
  name: z.string({ error: "vip.admin.errors.name" }).trim().min(1, "vip.admin.errors.name").max(40, "vip.admin.errors.name"),
  // The Bangla name: up to 40 characters like the English one; empty means none (the English name is shown).
  // Left out of the form (undefined), a saved level keeps its own.
  nameBn: z
    .string({ error: "vip.admin.errors.nameBn" })
    .trim()
    .max(40, "vip.admin.errors.nameBn")
    .transform((v) => v || null)
    .optional(),
  experience: z
    .string({ error: "vip.admin.errors.experience" })
    .trim()
    .regex(/^\d{1,12}$/, "vip.admin.errors.experience")
    .transform((v) => BigInt(v)),
  ratio: whole(1_000_000, "vip.admin.errors.ratio").refine((n) => n >= 1, "vip.admin.errors.ratio"),
  sortOrder: whole(1_000, "vip.admin.errors.order"),
});

/** /admin/vip: the accrual rule (taka of settled stakes per VP) and the conversion minimum. */
export const ruleSchema = z.object({
  stakePerPoint: z
    .string({ error: "vip.admin.errors.stake" })
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, "vip.admin.errors.stake")
    .transform((v) => parseTaka(v)!)
    .refine((p) => p > 0n, "vip.admin.errors.stake"),
  minConvert: whole(1_000_000, "vip.admin.errors.minConvert").refine((n) => n >= 1, "vip.admin.errors.minConvert"),
});

/** The tabs of /vip (?tab=). */
export const vipTabs = ["myVip", "received", "used", "history"] as const;
export type VipTab = (typeof vipTabs)[number];

export const vipPageSizes = [10, 25, 50, 100] as const;
export type VipPageSize = (typeof vipPageSizes)[number];
export type VipPage = { page: number; size: VipPageSize };

/** Page and size from a query string; anything else falls back to page 1 of 10. */
export function parseVipPage(query: URLSearchParams): VipPage {
  const page = Number(query.get("page"));
  const size = Number(query.get("size"));
  return {
    page: Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    size: (vipPageSizes as readonly number[]).includes(size) ? (size as VipPageSize) : 10,
  };
}
