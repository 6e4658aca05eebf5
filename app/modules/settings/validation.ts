// The /admin/settings form, shared by the server and the browser (conform). Messages are i18n keys.
import { z } from "zod";
import { parseTaka } from "#app/kernel/money.ts";
import { requirableVerifications } from "./verifications.ts";
import { jurisdictionCodes, missingForRealMoney } from "./jurisdiction.ts";

export const siteModes = ["demo", "real"] as const;
export type SiteMode = (typeof siteModes)[number];

/** "1", "1.5", "2.25" -> 100, 150, 225: parsed from the text, so no float ever holds the value. */
export function parseHundredths(text: string): number | null {
  const m = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** The demo starting balance typed in taka ("10000", "10,000.50") -> poisha; null when not 0 .. ৳10,000,000. */
export function parseDemoBalance(text: string): bigint | null {
  const poisha = parseTaka(text);
  return poisha === undefined || poisha > 1_000_000_000n ? null : poisha;
}

/**
 * Four-eyes payouts: the amount typed in taka ("50000", "50,000") above which a withdrawal needs a second approval ->
 * poisha; "" is 0 (off); null when not 0 .. ৳10,000,000.
 */
export function parseSecondApprovalAbove(text: string): bigint | null {
  if (!text.trim()) return 0n;
  const poisha = parseTaka(text);
  return poisha === undefined || poisha > 1_000_000_000n ? null : poisha;
}

/** The house games' high-roller stake typed in taka -> poisha; null when not ৳0.01 .. ৳10,000,000. */
export function parseHighRollerStake(text: string): bigint | null {
  const poisha = parseTaka(text);
  return poisha === undefined || poisha < 1n || poisha > 1_000_000_000n ? null : poisha;
}

/** The promised payout time staff may set, in whole hours: an hour to 30 days. */
export const PAYOUT_PROMISE_HOURS = { min: 1, max: 720 } as const;

/** Minutes a player waits after a rejection before editing and resubmitting the deposit. */
export const RESUBMIT_WAIT_MINUTES = { min: 0, max: 1440 } as const;

export const isResubmitWaitMinutes = (v: unknown): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= RESUBMIT_WAIT_MINUTES.min && v <= RESUBMIT_WAIT_MINUTES.max;

/** A whole number of hours within PAYOUT_PROMISE_HOURS. */
export const isPayoutPromiseHours = (v: unknown): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= PAYOUT_PROMISE_HOURS.min && v <= PAYOUT_PROMISE_HOURS.max;

/** 150 -> "1.5", 100 -> "1", 125 -> "1.25". */
export function formatHundredths(value: number) {
  const whole = Math.trunc(value / 100);
  const frac = String(value % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : String(whole);
}

const optionalText = (max: number, key: string) =>
  z
    .string()
    .trim()
    .max(max, key)
    .optional()
    .transform((v) => v || null);

export const settingsSchema = z
  .object({
    siteTitle: z
      .string({ error: "admin.errors.siteTitleRequired" })
      .trim()
      .min(1, "admin.errors.siteTitleRequired")
      .max(100, "admin.errors.siteTitleTooLong"),
    supportMail: z
      .string({ error: "admin.errors.emailRequired" })
      .trim()
      .min(1, "admin.errors.emailRequired")
      .max(254, "admin.errors.emailInvalid")
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "admin.errors.emailInvalid"),
    withdrawalStatus: z.boolean().default(false),
    promotionWallet: z.boolean().default(false),
    depositTurnoverMultiplier: z
      .string({ error: "admin.errors.multiplierInvalid" })
      .refine((v) => parseHundredths(v) !== null, "admin.errors.multiplierInvalid"),
    // Hours from a withdrawal request to its promised payout (the player's tracker); absent keeps the current value.
    payoutPromiseHours: z
      .number({ error: "admin.errors.payoutPromiseInvalid" })
      .int("admin.errors.payoutPromiseInvalid")
      .min(PAYOUT_PROMISE_HOURS.min, "admin.errors.payoutPromiseInvalid")
      .max(PAYOUT_PROMISE_HOURS.max, "admin.errors.payoutPromiseInvalid")
      .optional(),
    // Minutes after a rejection before the player may edit and resubmit the deposit; absent keeps the current value.
    resubmitWaitMinutes: z
      .number({ error: "admin.errors.resubmitWaitInvalid" })
      .int("admin.errors.resubmitWaitInvalid")
      .min(RESUBMIT_WAIT_MINUTES.min, "admin.errors.resubmitWaitInvalid")
      .max(RESUBMIT_WAIT_MINUTES.max, "admin.errors.resubmitWaitInvalid")
      .optional(),
    mode: z.enum(siteModes, "admin.errors.modeInvalid"),
    // Taka; absent keeps the current amount. 0 turns the demo starting balance off.
    demoStartingBalance: z
      .string()
      .trim()
      .optional()
      .refine((v) => v === undefined || parseDemoBalance(v) !== null, "admin.errors.demoBalanceInvalid"),
    // Taka; a withdrawal above it needs a second staff approval. Empty or 0 turns it off; absent keeps the current amount.
    secondApprovalAbove: z
      .string()
      .trim()
      .optional()
      .refine((v) => v === undefined || parseSecondApprovalAbove(v) !== null, "admin.errors.secondApprovalInvalid"),
    // Taka; the live bets' High rollers tab lists stakes of at least this. Absent keeps the current amount.
    highRollerStake: z
      .string()
      .trim()
      .optional()
      .refine((v) => v === undefined || parseHighRollerStake(v) !== null, "admin.errors.highRollerInvalid"),
    licenceIssuer: optionalText(200, "admin.errors.licenceTooLong"),
    licenceNumber: optionalText(100, "admin.errors.licenceTooLong"),
    jurisdictions: z.array(z.enum(jurisdictionCodes, "admin.errors.jurisdictionInvalid")).default([]),
    // Real-money mode: the verifications a deposit or bet needs (app/modules/protection/identity.server.ts); none checked: [].
    requiredVerifications: z.array(z.enum(requirableVerifications, "identity.admin.verificationInvalid")).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.mode !== "real") return;
    const missing = missingForRealMoney(v);
    if (!missing.length) return;
    ctx.addIssue({ code: "custom", path: ["mode"], message: "admin.errors.realNeedsLicence" });
    for (const field of missing) ctx.addIssue({ code: "custom", path: [field], message: `admin.errors.${field}Required` });
  });

export type SettingsInput = z.infer<typeof settingsSchema>;
