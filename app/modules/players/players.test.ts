import { describe, expect, it } from "vitest";
import {
  authenticate,
  changePassword,
  createPlayer,
  findPlayerByUsername,
  MAX_SIGNUPS_PER_IP,
  SIGNUP_WINDOW_MINUTES,
  securityLevel,
} from "./players.server.ts";
import { MAX_FAILURES_PER_USER_AND_IP } from "./rate-limit.server.ts";
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

  it("locks a username at one address after repeated failures, even with the right password, but not elsewhere", async () => {
    await createPlayer(signup({ username: "target01" }));
    for (let i = 0; i < MAX_FAILURES_PER_USER_AND_IP; i++) {
      await authenticate("target01", "Wrong1234", "10.1.0.1");
    }
    const locked = await authenticate("target01", "Secret123", "10.1.0.1");
    expect(locked.ok).toBe(false);
    expect(!locked.ok && locked.reason).toBe("rateLimited");
    expect(!locked.ok && locked.reason === "rateLimited" && locked.retryAfterMinutes).toBeGreaterThan(0);
    expect((await authenticate("target01", "Secret123", "10.2.0.1")).ok).toBe(true);
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

describe("sign-ups per address", () => {
  const parallel = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));

  it(`50 parallel sign-ups from one address: exactly ${MAX_SIGNUPS_PER_IP} accounts, then the minutes to wait`, async () => {
    const results = await parallel(50, (i) => createPlayer(signup({ username: `flood${i}`, email: `flood${i}@example.com` }), { ip: "10.50.0.1" }));
    expect(results.filter((r) => r.ok)).toHaveLength(MAX_SIGNUPS_PER_IP);
    const refused = results.filter((r) => !r.ok);
    expect(refused).toHaveLength(50 - MAX_SIGNUPS_PER_IP);
    for (const r of refused) expect(r).toEqual({ ok: false, fieldErrors: {}, retryAfterMinutes: SIGNUP_WINDOW_MINUTES });
    let created = 0;
    for (let i = 0; i < 50; i++) if (await findPlayerByUsername(`flood${i}`)) created++;
    expect(created).toBe(MAX_SIGNUPS_PER_IP);
    // Another address is not affected.
    expect((await createPlayer(signup({ username: "flood99" }), { ip: "10.50.0.2" })).ok).toBe(true);
  });

  it("a sign-up that creates nothing does not count", async () => {
    const ip = "10.50.1.1";
    for (let i = 0; i < MAX_SIGNUPS_PER_IP + 5; i++) {
      expect(await createPlayer(signup({ username: "rahim01" }), { ip })).toEqual({ ok: false, fieldErrors: { username: ["errors.usernameTaken"] } });
    }
    // Two sign-ups for one new name at once: one account, and the loser's place is given back.
    const [a, b] = await Promise.all([createPlayer(signup({ username: "twin01" }), { ip }), createPlayer(signup({ username: "twin01" }), { ip })]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    for (let i = 0; i < MAX_SIGNUPS_PER_IP - 1; i++) expect((await createPlayer(signup({ username: `solo${i}` }), { ip })).ok).toBe(true);
    expect((await createPlayer(signup({ username: "solo99" }), { ip })).ok).toBe(false);
  });

  it("does not limit loopback (only local tooling connects from there)", async () => {
    for (let i = 0; i < MAX_SIGNUPS_PER_IP + 1; i++)
      expect((await createPlayer(signup({ username: `local${i}` }), { ip: "127.0.0.1" })).ok).toBe(true);
    expect((await createPlayer(signup({ username: "local99" }), { ip: "::1" })).ok).toBe(true);
  });
});
