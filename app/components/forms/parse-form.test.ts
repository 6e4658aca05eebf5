import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { changePasswordSchema, loginSchema, signupSchema } from "#app/modules/players/validation.ts";
import { parseForm } from "./parse-form.ts";

const form = (entries: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) for (const v of [value].flat()) data.append(name, v);
  return data;
};

const signup = {
  username: "player77",
  password: "abc12345",
  confirmPassword: "abc12345",
  currency: "BDT",
  name: " Rahim ",
  phone: "01712345678",
  email: "rahim@example.com",
  referralCode: "",
  ageCheck: "on",
};

// The browser's parse must agree with the server's (conform's parseWithZod) on value and on every field's messages.
const cases = [
  ["login, empty", loginSchema, form({ username: "", password: "" })],
  ["login, missing fields", loginSchema, form({})],
  ["login, spaces and short password", loginSchema, form({ username: "  ", password: "abc" })],
  ["login, bad username", loginSchema, form({ username: "ab c!", password: "x".repeat(200), redirectTo: "/games" })],
  ["login, valid", loginSchema, form({ username: " player77 ", password: "abc12345", redirectTo: "" })],
  ["signup, valid", signupSchema, form(signup)],
  ["signup, empty", signupSchema, form(Object.fromEntries(Object.keys(signup).map((k) => [k, ""])))],
  ["signup, mismatch and no age", signupSchema, form({ ...signup, confirmPassword: "abc12346", ageCheck: [] })],
  ["signup, bad values", signupSchema, form({ ...signup, username: "ab", currency: "USD", phone: "12", email: "a@b", name: "n".repeat(101) })],
  ["change password, rules", changePasswordSchema, form({ currentPassword: "", newPassword: "abcdefgh", confirmPassword: "x" })],
] as const;

describe("parseForm (the browser's validation)", () => {
  it.each(cases)("%s: same outcome as the server's parseWithZod", (_name, schema, data) => {
    const browser = parseForm(data, schema);
    const server = parseWithZod(data, { schema });
    expect(browser.status).toBe(server.status);
    expect(browser.status === "success" ? browser.value : browser.error).toEqual(server.status === "success" ? server.value : server.error);
    expect(browser.reply()).toEqual(server.reply());
  });

  it("reports a nested or listed field under conform's name for it", () => {
    const schema = z.object({ rows: z.array(z.object({ amount: z.string().check(z.minLength(3, "short")) })) });
    const result = parseForm(form({ "rows[0].amount": "12345", "rows[1].amount": "1" }), schema);
    expect(result.status === "success" ? result.value : result.error).toEqual({ "rows[1].amount": ["short"] });
  });
});
