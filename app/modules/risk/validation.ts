// The forms of /admin/risk and a player's risk tab, shared by the server and the browser (conform). Messages are
// i18n keys of the risk area.
import { z } from "zod";
import { takaTextField } from "#app/kernel/money-field.ts";
import { idField } from "#app/utils/ids.ts";

const MAX_MONEY = 10n ** 12n;

const whole = (min: number, max: number) =>
  z.coerce.number({ error: "risk.errors.whole" }).int("risk.errors.whole").min(min, "risk.errors.whole").max(max, "risk.errors.whole");
const money = takaTextField("risk.errors.amount", { min: 1n, max: MAX_MONEY });
const ratio = z
  .string({ error: "risk.errors.ratio" })
  .trim()
  .refine((v) => /^(0(\.\d{1,2})?|1(\.0{1,2})?)$/.test(v), "risk.errors.ratio");

export const riskSettingsSchema = z.object({
  intent: z.literal("settings"),
  lowPlayRatio: ratio,
  cyclingCount: whole(2, 100),
  cyclingWindowHours: whole(1, 720),
  splitThreshold: money,
  splitCount: whole(2, 100),
  lossThreshold: money,
  lossWindowHours: whole(1, 720),
  sharedIpAccounts: whole(2, 1000),
});
export type RiskSettingsInput = z.infer<typeof riskSettingsSchema>;

/** "0.3" -> 30 (hundredths). */
export function ratioToHundredths(v: string): number {
  const [whole = "0", frac = ""] = v.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

const note = z.string({ error: "risk.errors.noteRequired" }).trim().min(1, "risk.errors.noteRequired").max(500, "risk.errors.noteTooLong");

export const signalActionSchema = z.object({
  intent: z.enum(["dismiss", "escalate"]),
  signalId: idField,
  note,
});

export const openReviewSchema = z.object({
  intent: z.literal("open"),
  reason: note,
  signalId: idField.optional(),
});
export const clearReviewSchema = z.object({ intent: z.literal("clear"), reason: note });
