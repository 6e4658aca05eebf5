import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { seedDemoContent } from "#app/startup/seed.server.ts";
import { authenticate, findPlayerByUsername } from "#app/modules/players/players.server.ts";
import { verifyPassword } from "#app/modules/players/password.server.ts";
import { registerStep1Schema, registerStep2Schema } from "#app/modules/players/validation.ts";
import { issueCaptcha } from "./captcha.server.ts";
import { DRAFT_MINUTES, readDraft } from "./drafts.server.ts";
import { completeSignup, saveStep1, step1Defaults } from "./register.server.ts";

beforeAll(() => seedDemoContent(db));

const step1 = (username: string, extra: Record<string, string> = {}) =>
  registerStep1Schema.parse({ username, password: "Secret123", confirmPassword: "Secret123", currencyType: "7", ...extra });
const step2 = (captcha: string, extra: Record<string, string> = {}) =>
  registerStep2Schema.parse({ realName: "Two Step", phoneNumber: "01755555555", email: "two@example.com", captcha, ageCheck: "on", ...extra });
/** The draft token inside the Set-Cookie header (the cookie's value is base64 JSON). */
const tokenOf = (setCookie: string) =>
  JSON.parse(Buffer.from(decodeURIComponent(setCookie.split(";")[0]!.split("=")[1]!), "base64").toString()) as string;

describe("two-step sign-up", () => {
  it("keeps step 1 with the password hashed, and creates the player from it and step 2 with a right captcha", async () => {
    const saved = await saveStep1(step1("twostepa", { friendReferCode: "demo2026" }), null);
    if (!saved.ok) throw new Error(JSON.stringify(saved.fieldErrors));
    expect(saved.setCookie).toMatch(/HttpOnly/i);
    expect(saved.setCookie).toMatch(/SameSite=Lax/i);
    const token = tokenOf(saved.setCookie);
    const draft = await readDraft(token);
    expect(draft).toMatchObject({ username: "twostepa", currency: "INR", referralCode: "demo2026" });
    expect(draft!.passwordHash).not.toContain("Secret123");
    expect(await verifyPassword(draft!.passwordHash, "Secret123")).toBe(true);
    expect(step1Defaults(draft, "")).toEqual({ username: "twostepa", currencyType: "7", friendReferCode: "demo2026" });

    await issueCaptcha("v".repeat(32), { code: "1234" });
    const wrong = await completeSignup({ draftToken: token, visitorId: "v".repeat(32), value: step2("4321"), ip: "203.0.113.20" });
    expect(wrong).toEqual({ kind: "captchaWrong" });
    expect(await readDraft(token)).not.toBeNull();

    await issueCaptcha("v".repeat(32), { code: "5678" });
    const done = await completeSignup({ draftToken: token, visitorId: "v".repeat(32), value: step2("5678"), ip: "203.0.113.20" });
    expect(done.kind).toBe("created");
    expect(await readDraft(token)).toBeNull();
    const demo = await findPlayerByUsername("demo");
    expect(await findPlayerByUsername("twostepa")).toMatchObject({ currency: "INR", name: "Two Step", callingCode: "880", referredById: demo!.id });
    expect((await authenticate("twostepa", "Secret123", "203.0.113.21")).ok).toBe(true);
  });

  it("refuses at step 1 a taken username and an unknown friend's code", async () => {
    const taken = await saveStep1(step1("demo", { friendReferCode: "NOPE2345" }), null);
    expect(taken).toEqual({ ok: false, fieldErrors: { username: ["errors.usernameTaken"], friendReferCode: ["errors.referralNotFound"] } });
  });

  it("replaces the visitor's earlier draft, and an expired draft is gone", async () => {
    const first = await saveStep1(step1("twostepb"), null);
    if (!first.ok) throw new Error("step 1");
    const second = await saveStep1(step1("twostepc"), tokenOf(first.setCookie));
    if (!second.ok) throw new Error("step 1");
    expect(await readDraft(tokenOf(first.setCookie))).toBeNull();
    const later = new Date(Date.now() + (DRAFT_MINUTES + 1) * 60_000);
    expect(await readDraft(tokenOf(second.setCookie), later)).toBeNull();
    expect(await completeSignup({ draftToken: tokenOf(second.setCookie), visitorId: null, value: step2("1234"), ip: "x" }, later)).toEqual({
      kind: "noDraft",
    });
  });

  it("shows a username taken between the two steps as a form message on step 2", async () => {
    const saved = await saveStep1(step1("twostepd"), null);
    if (!saved.ok) throw new Error("step 1");
    const token = tokenOf(saved.setCookie);
    // Someone takes the username between the two steps.
    const other = await saveStep1(step1("twostepd"), null);
    if (!other.ok) throw new Error("step 1");
    await issueCaptcha("w".repeat(32), { code: "1111" });
    expect((await completeSignup({ draftToken: tokenOf(other.setCookie), visitorId: "w".repeat(32), value: step2("1111"), ip: "x" })).kind).toBe(
      "created",
    );
    await issueCaptcha("w".repeat(32), { code: "2222" });
    expect(await completeSignup({ draftToken: token, visitorId: "w".repeat(32), value: step2("2222"), ip: "x" })).toEqual({
      kind: "invalid",
      fieldErrors: {},
      formErrors: ["errors.usernameTaken"],
    });
  });
});
