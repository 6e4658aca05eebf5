import { describe, expect, it } from "vitest";
import { changePasswordSchema, forgotPasswordSchema, loginSchema, signupSchema } from "./validation.ts";

/** The first message per field: the one the form shows first. */
const errorsOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) => {
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) out[i.path.join(".")] ??= i.message;
  return out;
};

const validSignup = {
  username: "rahim01",
  password: "Secret123",
  confirmPassword: "Secret123",
  phone: "01711111111",
  email: "rahim@example.com",
  ageCheck: "on",
};

describe("login validation (spec section 5)", () => {
  it("requires both fields with the spec's messages", () => {
    expect(errorsOf(loginSchema.safeParse({}))).toEqual({ username: "errors.usernameRequired", password: "errors.passwordRequired" });
    expect(errorsOf(loginSchema.safeParse({ username: "", password: "" }))).toMatchObject({
      username: "errors.usernameRequired",
      password: "errors.passwordRequired",
    });
  });
  it("allows only letters and digits in the username and 8+ characters in the password", () => {
    expect(errorsOf(loginSchema.safeParse({ username: "rah im", password: "short" }))).toEqual({
      username: "errors.usernameInvalid",
      password: "errors.passwordMin8",
    });
    expect(loginSchema.safeParse({ username: "Rahim01", password: "anything8" }).success).toBe(true);
  });
});

describe("sign-up validation", () => {
  it("accepts a complete form and defaults the currency to BDT", () => {
    const r = signupSchema.safeParse(validSignup);
    expect(r.success && r.data.currency).toBe("BDT");
  });
  it.each([
    [{ email: "" }, "email", "errors.emailRequired"],
    [{ email: "not-an-email" }, "email", "errors.emailInvalid"],
    [{ phone: "" }, "phone", "errors.phoneRequired"],
    [{ phone: "017111" }, "phone", "errors.phoneInvalid"],
    [{ phone: "0171111111111111" }, "phone", "errors.phoneInvalid"],
    [{ phone: "+8801711111111" }, "phone", "errors.phoneInvalid"],
    [{ password: "Secret12!", confirmPassword: "Secret12!" }, "password", "errors.passwordAlnum"],
    [{ password: "Sec1", confirmPassword: "Sec1" }, "password", "errors.passwordMin8"],
    [{ confirmPassword: "" }, "confirmPassword", "errors.confirmRequired"],
    [{ confirmPassword: "Secret124" }, "confirmPassword", "errors.passwordMismatch"],
    [{ username: "ab" }, "username", "errors.usernameLength"],
    [{ username: "user_name" }, "username", "errors.usernameInvalid"],
    [{ currency: "USD" }, "currency", "errors.currencyInvalid"],
    [{ ageCheck: undefined }, "ageCheck", "errors.ageCheck"],
    [{ name: "x".repeat(101) }, "name", "errors.nameTooLong"],
  ])("%o gives %s: %s", (patch, field, message) => {
    const r = signupSchema.safeParse({ ...validSignup, ...patch });
    expect(r.success).toBe(false);
    expect(errorsOf(r)[field]).toBe(message);
  });
});

describe("password change validation", () => {
  const base = { currentPassword: "Old12345", newPassword: "NewPass1", confirmPassword: "NewPass1" };
  it("accepts upper, lower and digit with the allowed specials", () => {
    expect(changePasswordSchema.safeParse({ ...base, newPassword: "NewP@ss1#", confirmPassword: "NewP@ss1#" }).success).toBe(true);
  });
  it.each([
    ["newpass1", "errors.passwordNeedsUpper"],
    ["NEWPASS1", "errors.passwordNeedsLower"],
    ["NewPassword", "errors.passwordNeedsDigit"],
    ["NewPass1&", "errors.passwordAllowedChars"],
    ["Ab1", "errors.password8to20"],
    ["Abc1234", "errors.password8to20"],
    ["Abcdefghij1234567890x", "errors.password8to20"],
    ["abc", "errors.password8to20"],
    ["abc&defgh", "errors.passwordAllowedChars"],
  ])("%s is refused with %s, and with nothing else", (pw, message) => {
    const r = changePasswordSchema.safeParse({ ...base, newPassword: pw, confirmPassword: pw });
    expect(r.error?.issues.map((i) => i.message)).toEqual([message]);
  });
  it("requires the confirmation to match", () => {
    expect(errorsOf(changePasswordSchema.safeParse({ ...base, confirmPassword: "NewPass2" }))).toEqual({
      confirmPassword: "errors.passwordMismatch",
    });
  });
});

describe("forgot password validation", () => {
  it("takes e-mail or SMS with one of the three calling codes", () => {
    expect(forgotPasswordSchema.safeParse({ channel: "email", username: "rahim01", email: "r@example.com", robot: "on" }).success).toBe(true);
    expect(
      forgotPasswordSchema.safeParse({ channel: "sms", username: "rahim01", callingCode: "880", phone: "01711111111", robot: "on" }).success,
    ).toBe(true);
    expect(
      errorsOf(forgotPasswordSchema.safeParse({ channel: "sms", username: "rahim01", callingCode: "1", phone: "01711111111", robot: "on" })),
    ).toEqual({
      callingCode: "errors.callingCodeInvalid",
    });
  });
});
