// Shared by the server (actions, JSON API) and the browser (conform). Messages are i18n keys
// under "errors."; the English catalogue holds the spec's exact texts. Written with zod/mini: the log-in and sign-up
// pages download these schemas to check as the player types, and mini's functions tree-shake (about 6 KB Brotli
// against 22 KB for classic zod).
import * as z from "zod/mini";
import { currencies } from "./currencies.ts";

const required = (key: string) => ({ error: (issue: { input: unknown }) => (issue.input === undefined ? key : undefined) });

/** A required text: trimmed, and the "required" message (once) when it is missing or blank. */
const requiredText = (key: string, trim = true) =>
  z.string(required(key)).check(...(trim ? [z.trim()] : []), z.minLength(1, { error: key, abort: true }));

export const usernameField = requiredText("errors.usernameRequired").check(z.regex(/^[A-Za-z0-9]+$/, "errors.usernameInvalid"));
const loginUsername = usernameField.check(z.maxLength(30, "errors.usernameInvalid"));

export const loginSchema = z.object({
  username: loginUsername,
  password: requiredText("errors.passwordRequired", false).check(z.minLength(8, "errors.passwordMin8"), z.maxLength(128, "errors.passwordMax")),
  redirectTo: z.optional(z.string()),
});

const signupPassword = requiredText("errors.passwordRequired", false).check(
  z.minLength(8, "errors.passwordMin8"),
  z.maxLength(20, "errors.passwordMax20"),
  z.regex(/^[A-Za-z0-9]+$/, "errors.passwordAlnum"),
);

export const phoneField = requiredText("errors.phoneRequired").check(z.regex(/^\d{10,15}$/, "errors.phoneInvalid"));

export const emailField = requiredText("errors.emailRequired").check(
  z.maxLength(254, "errors.emailInvalid"),
  z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "errors.emailInvalid"),
);

// zod 4 skips an object-level check once any field failed; run the match check whenever both passwords parsed.
const bothPasswords = (a: "password" | "newPassword") => (p: { value: unknown }) =>
  z.object({ [a]: z.string(), confirmPassword: z.string() }).safeParse(p.value).success;

const confirmPassword = requiredText("errors.confirmRequired", false);
/** "Passwords do not match" on the confirmation field. */
const passwordsMatch = <A extends "password" | "newPassword">(a: A) =>
  z.refine<Record<A | "confirmPassword", string>>((v) => !v.confirmPassword || v[a] === v.confirmPassword, {
    path: ["confirmPassword"],
    error: "errors.passwordMismatch",
    when: bothPasswords(a),
  });

const signupShape = {
  username: usernameField.check(z.minLength(4, "errors.usernameLength"), z.maxLength(15, "errors.usernameLength")),
  password: signupPassword,
  confirmPassword,
  currency: z._default(z.enum(currencies, "errors.currencyInvalid"), "BDT"),
  name: z._default(z.string().check(z.trim(), z.maxLength(100, "errors.nameTooLong")), ""),
  phone: phoneField,
  email: emailField,
  referralCode: z.optional(z.string().check(z.trim(), z.maxLength(20, "errors.referralNotFound"))),
};
/** The 18+ declaration: a ticked box, or what JSON clients send for one. */
const ageCheck = z.literal(["on", "true", "1", true], "errors.ageCheck");

/** The sign-up form: the 18+ box must be ticked. */
export const signupSchema = z.object({ ...signupShape, ageCheck }).check(passwordsMatch("password"));

/**
 * POST /api/v1/create-players: the spec's payload has no 18+ declaration, so it may be left out; one that is sent
 * must be given. Nothing records it: the birthday asked for before the first deposit is the 18+ gate.
 */
export const apiSignupSchema = z.object({ ...signupShape, ageCheck: z.optional(ageCheck) }).check(passwordsMatch("password"));

/** The original site's currency ids, as its two-step form sends them (currencyType). */
export const currencyTypes = { "8": "BDT", "7": "INR", "17": "PKR" } as const;

/**
 * The spec's form-level message of each step ('Please fill in all fields.') when one of its required fields is blank,
 * beside the fields' own messages. Not a zod check: zod skips those once a field's "required" aborted.
 */
export const registerRequired = {
  1: { names: ["username", "password", "confirmPassword"], message: "errors.fillAllFields" },
  2: { names: ["realName", "phoneNumber", "email", "captcha"], message: "errors.fillAllFieldsStep2" },
} as const;
export function blankStepMessage(step: 1 | 2, formData: FormData): string | undefined {
  const { names, message } = registerRequired[step];
  return names.some((name) => String(formData.get(name) ?? "").trim() === "") ? message : undefined;
}

/** /register, step 1 (the spec's names): username, password and its confirmation, currency id, friend's code. */
export const registerStep1Schema = z
  .object({
    username: signupShape.username,
    password: signupPassword,
    confirmPassword,
    currencyType: z._default(z.enum(["8", "7", "17"], "errors.currencyInvalid"), "8"),
    friendReferCode: signupShape.referralCode,
  })
  .check(passwordsMatch("password"));

/** /register, step 2: full name, calling code (880), phone, e-mail, the image's code and the 18+ box. */
export const registerStep2Schema = z.object({
  realName: requiredText("errors.nameRequired").check(z.maxLength(100, "errors.nameTooLong")),
  callingCode: z._default(z.literal("880", "errors.callingCodeInvalid"), "880"),
  phoneNumber: phoneField,
  email: emailField,
  captcha: requiredText("errors.captchaRequired").check(z.regex(/^\d{4}$/, "errors.captchaWrong")),
  ageCheck,
});

export type SignupInput = z.infer<typeof signupSchema>;
/** What createPlayer needs: a sign-up from the form or the API (the declaration is checked, not stored). */
export type NewPlayerInput = Omit<SignupInput, "ageCheck">;

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
export const newPasswordField = requiredText("errors.passwordRequired", false).check(
  z.minLength(8, "errors.password8to20"),
  z.maxLength(20, "errors.password8to20"),
  z.refine((value: string) => !brokenNewPasswordRule(value), { error: (issue) => brokenNewPasswordRule(String(issue.input)) }),
);

export const changePasswordSchema = z
  .object({
    currentPassword: requiredText("errors.currentPasswordRequired", false).check(z.maxLength(128, "errors.passwordMax")),
    newPassword: newPasswordField,
    confirmPassword,
  })
  .check(passwordsMatch("newPassword"));

export const setNewPasswordSchema = z
  .object({
    token: z.string().check(z.minLength(1), z.maxLength(200)),
    newPassword: newPasswordField,
    confirmPassword,
  })
  .check(passwordsMatch("newPassword"));

export const callingCodes = ["880", "91", "92"] as const;

/** The "I'm not a robot" box of /forgot-password; the server refuses the form without it. */
const botCheck = z.literal(["on", "true", "1", true], "errors.botCheck");

export const forgotEmailSchema = z.object({
  channel: z.literal("email"),
  username: loginUsername,
  email: emailField,
  robot: botCheck,
});

export const forgotSmsSchema = z.object({
  channel: z.literal("sms"),
  username: loginUsername,
  callingCode: z.enum(callingCodes, "errors.callingCodeInvalid"),
  phone: phoneField,
  robot: botCheck,
});

export const forgotPasswordSchema = z.discriminatedUnion("channel", [forgotEmailSchema, forgotSmsSchema]);
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** /forgot-password/code: the username and the 6-digit code sent by SMS. */
export const resetCodeSchema = z.object({
  username: loginUsername,
  code: z.string(required("errors.resetCodeFormat")).check(z.trim(), z.regex(/^\d{6}$/, "errors.resetCodeFormat")),
});
