// The /admin/referral form, shared by the server and the browser (conform). Messages are i18n keys.
import { z } from "zod";
import { takaTextField } from "#app/kernel/money-field.ts";
import { parseTaka } from "#app/kernel/money.ts";
import { parsePercentPpm, type RatioBoard } from "./board.ts";
import type { ReferralSettings } from "./settings.server.ts";

const MAX_THRESHOLD = 10n ** 12n; // ৳10,000,000,000: far above any day's turnover, and still a safe JSON number

const amount = takaTextField("referral.admin.errors.amount", { max: MAX_THRESHOLD });
const rate = z
  .string({ error: "referral.admin.errors.rate" })
  .trim()
  .refine((v) => parsePercentPpm(v) !== null, "referral.admin.errors.rate");

export const referralSettingsSchema = z
  .object({
    requiredDeposit: amount,
    requiredTurnover: amount,
    tabs: z.array(z.object({ above: amount, rates: z.array(rate).length(3) })).length(3),
  })
  .superRefine((v, ctx) => {
    for (let i = 1; i < v.tabs.length; i++) {
      const prev = parseTaka(v.tabs[i - 1]!.above);
      const cur = parseTaka(v.tabs[i]!.above);
      if (prev !== undefined && cur !== undefined && cur <= prev) {
        ctx.addIssue({ code: "custom", path: ["tabs", i, "above"], message: "referral.admin.errors.tabsOrder" });
      }
    }
  });

export type ReferralSettingsInput = z.infer<typeof referralSettingsSchema>;

/** The parsed form as settings (call only with a successful parse). */
export function toSettings(input: ReferralSettingsInput): ReferralSettings {
  const board: RatioBoard = {
    tabs: input.tabs.map((t) => ({
      above: Number(parseTaka(t.above)!),
      ratesPpm: t.rates.map((r) => parsePercentPpm(r)!) as [number, number, number],
    })),
  };
  return { requiredDeposit: parseTaka(input.requiredDeposit)!, requiredTurnover: parseTaka(input.requiredTurnover)!, board };
}
