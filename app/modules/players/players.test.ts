import { describe, expect, it } from "vitest";
import { authenticate, changePassword, createPlayer, findPlayerByUsername, securityLevel } from "./players.server.ts";
import { MAX_FAILURES_PER_USERNAME } from "./rate-limit.server.ts";
import { signupSchema } from "./validation.ts";

function signup(overrides: Record<string, string> = {}) {
  return signupSchema.parse({
    username: "rahim01",
    password: "Secret123",
    confirmPassword: "Secret123",
    phone: "01711111111",
    email: "rahim@example.com",
    ageCheck: "on",
    ...overrides,
  });
}

describe("players", () => {
  it("creates a player with an argon2id hash, their own referral code and BDT by default", async () => {
    const result = await createPlayer(signup());
    expect(result.ok).toBe(true);
    const row = await findPlayerByUsername("RAHIM01");
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.currency).toBe("BDT");
    expect(row?.referralCode).toMatch(/^[A-Z2-9]{8}$/);
  });

  it("refuses a username that differs only in case", async () => {
    const result = await createPlayer(signup({ username: "Rahim01" }));
    expect(result).toEqual({ ok: false, fieldErrors: { username: ["errors.usernameTaken"] } });
  });

  it("links the referrer by code and refuses an unknown code", async () => {
    const referrer = await findPlayerByUsername("rahim01");
    const ok = await createPlayer(signup({ username: "karim02", referralCode: referrer!.referralCode.toLowerCase() }));
    expect(ok.ok && ok.player.referredById).toBe(referrer!.id);
    const bad = await createPlayer(signup({ username: "karim03", referralCode: "NOPE1234" }));
    expect(bad).toEqual({ ok: false, fieldErrors: { referralCode: ["errors.referralNotFound"] } });
  });

  it("authenticates case-insensitively and records the login time", async () => {
    const result = await authenticate("RaHiM01", "Secret123", "10.0.0.1");
    expect(result.ok).toBe(true);
    expect(result.ok && result.player.lastLoginAt).toBeInstanceOf(Date);
  });

  it("gives the same answer for a wrong password and an unknown user", async () => {
    expect(await authenticate("rahim01", "Wrong1234", "10.0.0.2")).toEqual({ ok: false, reason: "invalid" });
    expect(await authenticate("nobody99", "Wrong1234", "10.0.0.2")).toEqual({ ok: false, reason: "invalid" });
  });

  it("locks a username after repeated failures, even with the right password", async () => {
    await createPlayer(signup({ username: "target01" }));
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME; i++) {
      await authenticate("target01", "Wrong1234", `10.1.0.${i}`);
    }
    const locked = await authenticate("target01", "Secret123", "10.2.0.1");
    expect(locked.ok).toBe(false);
    expect(!locked.ok && locked.reason).toBe("rateLimited");
    expect(!locked.ok && locked.reason === "rateLimited" && locked.retryAfterMinutes).toBeGreaterThan(0);
  });

  it("changes the password only with the right current one", async () => {
    const p = await findPlayerByUsername("karim02");
    expect(await changePassword(p!.id, "nope", "NewPass123")).toMatchObject({ ok: false, field: "currentPassword" });
    expect(await changePassword(p!.id, "Secret123", "NewPass123")).toEqual({ ok: true });
    expect((await authenticate("karim02", "NewPass123", "10.3.0.1")).ok).toBe(true);
  });

  it("derives the security level from verified e-mail and phone", () => {
    expect(securityLevel({ emailVerifiedAt: null, phoneVerifiedAt: null })).toBe("unverified");
    expect(securityLevel({ emailVerifiedAt: new Date(), phoneVerifiedAt: null })).toBe("normal");
    expect(securityLevel({ emailVerifiedAt: new Date(), phoneVerifiedAt: new Date() })).toBe("safe");
  });
});
