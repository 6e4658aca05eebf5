// Shared by the server (actions, JSON API) and the browser (conform). Messages are i18n keys
// under "errors."; the English catalogue holds the spec's exact texts.
import { z } from "zod";
import { currencies } from "./currencies.ts";

const required = (key: string) => ({ error: (issue: { input: unknown }) => (issue.input === undefined ? key : undefined) });

export const usernameField = z
  .string(required("errors.usernameRequired"))
  .trim()
  .min(1, { error: "errors.usernameRequired", abort: true })
  .regex(/^[A-Za-z0-9]+$/, "errors.usernameInvalid");

export const loginSchema = z.object({
  username: usernameField.max(30, "errors.usernameInvalid"),
  password: z
    .string(required("errors.passwordRequired"))
    .min(1, { error: "errors.passwordRequired", abort: true })
    .min(8, "errors.passwordMin8")
    .max(128, "errors.passwordMax"),
  redirectTo: z.string().optional(),
});

const signupPassword = z
  .string(required("errors.passwordRequired"))
  .min(1, { error: "errors.passwordRequired", abort: true })
  .min(8, "errors.passwordMin8")
  .max(20, "errors.passwordMax20")
  .regex(/^[A-Za-z0-9]+$/, "errors.passwordAlnum");

export const phoneField = z
  .string(required("errors.phoneRequired"))
  .trim()
  .min(1, { error: "errors.phoneRequired", abort: true })
  .regex(/^\d{10,15}$/, "errors.phoneInvalid");

export const emailField = z
  .string(required("errors.emailRequired"))
  .trim()
  .min(1, { error: "errors.emailRequired", abort: true })
  .max(254, "errors.emailInvalid")
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "errors.emailInvalid");

// zod 4 skips an object-level check once any field failed; run the match check whenever both passwords parsed.
const bothPasswords = (a: "password" | "newPassword") => (p: { value: unknown }) =>
  z.object({ [a]: z.string(), confirmPassword: z.string() }).safeParse(p.value).success;

export const signupSchema = z
  .object({
    username: usernameField.min(4, "errors.usernameLength").max(15, "errors.usernameLength"),
    password: signupPassword,
    confirmPassword: z.string(required("errors.confirmRequired")).min(1, { error: "errors.confirmRequired", abort: true }),
    currency: z.enum(currencies, "errors.currencyInvalid").default("BDT"),
    name: z.string().trim().max(100, "errors.nameTooLong").default(""),
    phone: phoneField,
    email: emailField,
    referralCode: z.string().trim().max(20, "errors.referralNotFound").optional(),
    ageCheck: z.literal(["on", "true", "1", true], "errors.ageCheck"),
  })
  .refine((v) => !v.confirmPassword || v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "errors.passwordMismatch",
    when: bothPasswords("password"),
  });

export type SignupInput = z.infer<typeof signupSchema>;

/** The spec's character rules for a new password, in the order they are reported. */
const newPasswordRules = [
  [/^[A-Za-z\d@$!%*#]+$/, "errors.passwordAllowedChars"],
  [/[a-z]/, "errors.passwordNeedsLower"],
  [/[A-Z]/, "errors.passwordNeedsUpper"],
  [/\d/, "errors.passwordNeedsDigit"],
] as const;
/** The first character rule a password of the right length breaks (a wrong length has its own message). */
const brokenNewPasswordRule = (value: string) =>
  value.length < 8 || value.length > 20 ? undefined : newPasswordRules.find(([re]) => !re.test(value))?.[1];

/**
 * /reset-password and /forgot-password/new: the spec's rule (upper, lower and digit; @$!%*# allowed) at 8-20
 * characters, not its 6-20, so the login form (at least 8) accepts the new password. One message per password: the
 * length, else the first character rule it breaks. (No abort here: it would also skip the form's "Passwords do not
 * match" check.)
 */
export const newPasswordField = z
  .string(required("errors.passwordRequired"))
  .min(1, { error: "errors.passwordRequired", abort: true })
  .min(8, "errors.password8to20")
  .max(20, "errors.password8to20")
  .refine((value) => !brokenNewPasswordRule(value), { error: (issue) => brokenNewPasswordRule(String(issue.input)) });

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string(required("errors.currentPasswordRequired"))
      .min(1, { error: "errors.currentPasswordRequired", abort: true })
      .max(128, "errors.passwordMax"),
    newPassword: newPasswordField,
    confirmPassword: z.string(required("errors.confirmRequired")).min(1, { error: "errors.confirmRequired", abort: true }),
  })
  .refine((v) => !v.confirmPassword || v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "errors.passwordMismatch",
    when: bothPasswords("newPassword"),
  });

export const setNewPasswordSchema = z
  .object({
    token: z.string().min(1).max(200),
    newPassword: newPasswordField,
    confirmPassword: z.string(required("errors.confirmRequired")).min(1, { error: "errors.confirmRequired", abort: true }),
  })
  .refine((v) => !v.confirmPassword || v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "errors.passwordMismatch",
    when: bothPasswords("newPassword"),
  });

export const callingCodes = ["880", "91", "92"] as const;

/** The "I'm not a robot" box of /forgot-password; the server refuses the form without it. */
const botCheck = z.literal(["on", "true", "1", true], "errors.botCheck");

export const forgotEmailSchema = z.object({
  channel: z.literal("email"),
  username: usernameField.max(30, "errors.usernameInvalid"),
  email: emailField,
  robot: botCheck,
});

export const forgotSmsSchema = z.object({
  channel: z.literal("sms"),
  username: usernameField.max(30, "errors.usernameInvalid"),
  callingCode: z.enum(callingCodes, "errors.callingCodeInvalid"),
  phone: phoneField,
  robot: botCheck,
});

export const forgotPasswordSchema = z.discriminatedUnion("channel", [forgotEmailSchema, forgotSmsSchema]);
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** /forgot-password/code: the username and the 6-digit code sent by SMS. */
export const resetCodeSchema = z.object({
  username: usernameField.max(30, "errors.usernameInvalid"),
  code: z
    .string(required("errors.resetCodeFormat"))
    .trim()
    .regex(/^\d{6}$/, "errors.resetCodeFormat"),
});
