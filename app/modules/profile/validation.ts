// Shared by the profile page, the JSON API and the back office. Messages are i18n keys under "profile.errors."
// (phone numbers reuse the sign-up's rule and its "errors." messages).
import { z } from "zod";
import { emailField, phoneField } from "#app/modules/players/index.ts";
import { isCalendarDate, latestAdultBirthday } from "#app/modules/protection/index.ts";
import { idField } from "#app/utils/ids.ts";

const required = (key: string) => ({ error: (issue: { input: unknown }) => (issue.input === undefined ? key : undefined) });

export const codeField = z
  .string(required("profile.errors.codeRequired"))
  .trim()
  .min(1, { error: "profile.errors.codeRequired", abort: true })
  .regex(/^\d{6}$/, "profile.errors.codeInvalid");

export const birthdayField = z
  .string(required("profile.errors.birthdayRequired"))
  .trim()
  .min(1, { error: "profile.errors.birthdayRequired", abort: true })
  .refine(isCalendarDate, "profile.errors.birthdayInvalid");

/** "main" or the id of an extra phone. */
export const phoneTargetField = z.union([z.literal("main"), idField]);

export const addPhoneSchema = z.object({ phone: phoneField });
export const sendCodeSchema = z.object({ target: phoneTargetField });
export const verifyCodeSchema = z.object({ target: phoneTargetField, code: codeField });
export const birthdaySchema = z.object({ birthday: birthdayField });

export { isCalendarDate, latestAdultBirthday, MINIMUM_AGE } from "#app/modules/protection/index.ts";

export function isAdultBirthday(value: string, now = new Date()) {
  return isCalendarDate(value) && value <= latestAdultBirthday(now);
}

/** Birthday error key for a value, or null when it may be saved. */
export function birthdayError(value: string, now = new Date()) {
  if (!isCalendarDate(value)) return "profile.errors.birthdayInvalid";
  if (value > latestAdultBirthday(now)) return "profile.errors.birthdayUnder18";
  return null;
}

// The back office (support): player search and contact edits.
export const playerSearchSchema = z.object({ q: z.string().trim().min(3, "profile.admin.searchHint").max(100) });

export const contactEditSchema = z.object({
  name: z.string().trim().max(100, "profile.admin.nameTooLong").default(""),
  phone: phoneField,
  email: emailField,
  birthday: z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || birthdayError(v) === null, "profile.admin.birthdayInvalid"),
});
export type ContactEdit = z.infer<typeof contactEditSchema>;
