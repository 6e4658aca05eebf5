// Time-out, self-exclusion and account closure: the choices and the forms, shared by the browser and the server.
// Messages are catalogue keys of the protectionExclusion area (or "errors." for the password).
import { z } from "zod";
import type { ExclusionKind } from "./schema.ts";

export const timeOutPeriods = ["24h", "7d", "30d", "custom"] as const;
export type TimeOutPeriod = (typeof timeOutPeriods)[number];
/** A custom time-out runs 1 to 42 days (six weeks). */
export const MAX_TIMEOUT_DAYS = 42;
export type TimeOutChoice = "24h" | "7d" | "30d" | { days: number };

export const selfExclusionTerms = ["6m", "1y", "5y", "permanent"] as const;
export type SelfExclusionTerm = (typeof selfExclusionTerms)[number];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The end of a time-out taken at `from`; throws for a custom number of days outside 1..42. */
export function timeOutEnd(choice: TimeOutChoice, from: Date): Date {
  if (choice === "24h") return new Date(from.getTime() + DAY);
  if (choice === "7d") return new Date(from.getTime() + 7 * DAY);
  if (choice === "30d") return new Date(from.getTime() + 30 * DAY);
  const days = choice?.days;
  if (!Number.isSafeInteger(days) || days < 1 || days > MAX_TIMEOUT_DAYS) throw new RangeError("time-out days must be 1..42");
  return new Date(from.getTime() + days * DAY);
}

/** The end of a self-exclusion started at `from` (calendar months and years, UTC); null: permanent. */
export function selfExclusionEnd(term: SelfExclusionTerm, from: Date): Date | null {
  if (term === "permanent") return null;
  const end = new Date(from.getTime());
  if (term === "6m") end.setUTCMonth(end.getUTCMonth() + 6);
  else end.setUTCFullYear(end.getUTCFullYear() + (term === "1y" ? 1 : 5));
  return end;
}

const password = z
  .string({ error: "errors.passwordRequired" })
  .min(1, { error: "errors.passwordRequired", abort: true })
  .max(128, "errors.passwordMax");

const reasonText = z.string().trim().max(500, "protectionExclusion.errors.reasonTooLong").optional().default("");

const customDays = z
  .string()
  .trim()
  .optional()
  .refine((v) => !v || /^\d{1,3}$/.test(v), "protectionExclusion.errors.daysInvalid")
  .transform((v) => (v ? Number(v) : undefined))
  .refine((v) => v === undefined || (v >= 1 && v <= MAX_TIMEOUT_DAYS), "protectionExclusion.errors.daysInvalid");

const needsDays = (v: { period: TimeOutPeriod; days?: number | undefined }) => v.period !== "custom" || v.days !== undefined;

/** /account/responsible-gaming/time-out */
export const timeOutSchema = z
  .object({ period: z.enum(timeOutPeriods, "protectionExclusion.errors.periodRequired"), days: customDays, password })
  .refine(needsDays, { path: ["days"], message: "protectionExclusion.errors.daysInvalid" });

/** /account/responsible-gaming/self-exclusion */
export const selfExclusionSchema = z.object({
  term: z.enum(selfExclusionTerms, "protectionExclusion.errors.termRequired"),
  password,
  understood: z.literal("on", "protectionExclusion.errors.confirmRequired"),
});

/** /account/responsible-gaming/close-account */
export const closeAccountSchema = z.object({
  reason: reasonText,
  password,
  understood: z.literal("on", "protectionExclusion.errors.confirmRequired"),
});

/** /admin/players/:id/exclusions: a time-out or self-exclusion applied on the player's request. */
export const staffExclusionSchema = z
  .object({
    term: z.enum([...timeOutPeriods, ...selfExclusionTerms], "protectionExclusion.errors.termRequired"),
    days: customDays,
    reason: z
      .string({ error: "protectionExclusion.errors.reasonRequired" })
      .trim()
      .min(1, "protectionExclusion.errors.reasonRequired")
      .max(500, "protectionExclusion.errors.reasonTooLong"),
  })
  .refine((v) => v.term !== "custom" || v.days !== undefined, { path: ["days"], message: "protectionExclusion.errors.daysInvalid" });

/** A staff form's term as the module's (kind, term). */
export function staffTerm(v: {
  term: TimeOutPeriod | SelfExclusionTerm;
  days?: number | undefined;
}): { kind: "timeout"; term: TimeOutChoice } | { kind: "self_exclusion"; term: SelfExclusionTerm } {
  if (v.term === "custom") return { kind: "timeout", term: { days: v.days ?? 0 } };
  if (v.term === "24h" || v.term === "7d" || v.term === "30d") return { kind: "timeout", term: v.term };
  return { kind: "self_exclusion", term: v.term };
}

/** Where a player goes after taking one: the log-in page with a notice of what started. */
export const exclusionNotices = ["timeout", "self_exclusion", "closure"] as const satisfies readonly ExclusionKind[];
