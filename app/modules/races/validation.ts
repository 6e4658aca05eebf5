// The /admin/races form, shared by the server and the browser (conform). Messages are i18n keys.
import { z } from "zod";
import { takaTextField } from "#app/kernel/money-field.ts";
import { parseTaka, type Poisha } from "#app/kernel/money.ts";

export const MAX_PRIZE_RANKS = 50;
/** ৳10,000,000 per prize and per minimum stake: far above a promotion's scale, still a safe JSON number. */
const MAX_PRIZE: Poisha = 10n ** 9n;
export const racePeriodChoices = ["daily", "weekly"] as const;
export const raceProductChoices = ["house", "provider", "exchange"] as const;
export const raceWalletChoices = ["main", "bonus"] as const;

/** The prize table as typed: one amount per line, rank 1 first (blank lines ignored). */
export const prizeLines = (text: string) =>
  text
    .split(/\r\n?|\n/)
    .map((line) => line.trim())
    .filter(Boolean);

export const raceFormSchema = z
  .object({
    name: z.string({ error: "races.admin.errors.name" }).trim().min(1, "races.admin.errors.name").max(60, "races.admin.errors.name"),
    nameBn: z.string().trim().max(60, "races.admin.errors.name").optional().default(""),
    period: z.enum(racePeriodChoices, "races.admin.errors.period"),
    // Checkboxes: absent (none ticked), one value or several.
    products: z
      .preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.enum(raceProductChoices, "races.admin.errors.products")))
      .refine((v) => v.length > 0, "races.admin.errors.products"),
    minStake: takaTextField("races.admin.errors.minStake", { max: MAX_PRIZE }),
    prizes: z.string({ error: "races.admin.errors.prizesEmpty" }).superRefine((text, ctx) => {
      const lines = prizeLines(text);
      if (lines.length === 0) return void ctx.addIssue({ code: "custom", message: "races.admin.errors.prizesEmpty" });
      if (lines.length > MAX_PRIZE_RANKS) return void ctx.addIssue({ code: "custom", message: "races.admin.errors.prizesTooMany" });
      const amounts = lines.map(parseTaka);
      if (amounts.some((a) => a === undefined || a <= 0n || a > MAX_PRIZE))
        return void ctx.addIssue({ code: "custom", message: "races.admin.errors.prizeAmount" });
      for (let i = 1; i < amounts.length; i++)
        if (amounts[i]! > amounts[i - 1]!) return void ctx.addIssue({ code: "custom", message: "races.admin.errors.prizesOrder" });
    }),
    wallet: z.enum(raceWalletChoices, "races.admin.errors.wallet"),
    turnoverMultiplier: z.coerce
      .number({ error: "races.admin.errors.multiplier" })
      .int("races.admin.errors.multiplier")
      .min(0, "races.admin.errors.multiplier")
      .max(100, "races.admin.errors.multiplier")
      .default(0),
    active: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
  })
  .refine((v) => v.wallet === "bonus" || v.turnoverMultiplier === 0, { path: ["turnoverMultiplier"], message: "races.admin.errors.multiplierMain" });

export type RaceFormInput = z.infer<typeof raceFormSchema>;

export type RaceSettings = {
  name: string;
  nameBn: string;
  period: (typeof racePeriodChoices)[number];
  products: (typeof raceProductChoices)[number][];
  minStake: Poisha;
  prizes: Poisha[];
  wallet: (typeof raceWalletChoices)[number];
  turnoverMultiplier: number;
  active: boolean;
};

/** The parsed form as settings (call only with a successful parse). */
export function toRaceSettings(v: RaceFormInput): RaceSettings {
  return {
    name: v.name,
    nameBn: v.nameBn ?? "",
    period: v.period,
    products: [...new Set(v.products)],
    minStake: parseTaka(v.minStake)!,
    prizes: prizeLines(v.prizes).map((line) => parseTaka(line)!),
    wallet: v.wallet,
    turnoverMultiplier: v.turnoverMultiplier,
    active: v.active,
  };
}
