import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getEnv } from "#app/config/env.server.ts";
import { db } from "#app/db/db.server.ts";
import { listMessagesTo } from "#app/modules/outbox/outbox.server.ts";
import { outboxMessages } from "#app/modules/outbox/schema.ts";
import { createSession, getSessionPlayer } from "#app/modules/sessions/sessions.server.ts";
import {
  changeOwnPassword,
  isResetTokenValid,
  MAX_CODE_ATTEMPTS,
  MAX_RESETS_PER_IP,
  MAX_RESETS_PER_USERNAME,
  MAX_WRONG_RESETS_PER_IP,
  requestPasswordReset,
  resetWrongIpKey,
  resetPasswordWithToken,
  verifyResetCode,
} from "./password-reset.server.ts";
import { authenticate, createPlayer } from "#app/modules/players/players.server.ts";
import { countHits } from "#app/modules/players/rate-limit.server.ts";
import { players } from "#app/modules/players/schema.ts";
import { passwordResetTokens } from "./schema.ts";
import { signupSchema } from "#app/modules/players/validation.ts";

const MIN = 60_000;
let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;

async function newPlayer(username: string, phone: string) {
  const created = await createPlayer(
    signupSchema.parse({ username, password: "Secret123", confirmPassword: "Secret123", phone, email: `${username}@Example.com`, ageCheck: "on" }),
  );
  if (!created.ok) throw new Error("sign-up failed");
  return created.player;
}

const byEmail = (username: string, email = `${username}@example.com`) => ({ channel: "email" as const, username, email, robot: "on" as const });
const bySms = (username: string, phone: string, callingCode: "880" | "91" | "92" = "880") => ({
  channel: "sms" as const,
  username,
  callingCode,
  phone,
  robot: "on" as const,
});

async function lastLinkToken(recipient: string) {
  const messages = await listMessagesTo(recipient);
  const body = messages.at(-1)?.body ?? "";
  return body.match(/\/forgot-password\/new\?token=([A-Za-z0-9_-]+)/)?.[1];
}

async function lastCode(recipient: string) {
  const messages = await listMessagesTo(recipient);
  return messages.at(-1)?.body.match(/\b(\d{6})\b/)?.[1];
}

async function outboxCount() {
  return (await db.select({ id: outboxMessages.id }).from(outboxMessages)).length;
}

async function tokenCount() {
  return (await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens)).length;
}

describe("password reset by e-mail", () => {
  it("queues a link to the player's e-mail and stores only the SHA-256 of the token", async () => {
    const p = await newPlayer("mail01", "01711000001");
    await requestPasswordReset(byEmail("MAIL01", "Mail01@EXAMPLE.com"), { ip: freshIp(), minDurationMs: 0 });
    const [message] = await listMessagesTo("mail01@example.com");
    expect(message).toMatchObject({ channel: "email", kind: "password_reset", status: "pending" });
    expect(message!.body).toContain(`${getEnv().PUBLIC_URL.replace(/\/$/, "")}/forgot-password/new?token=`);
    const token = await lastLinkToken("mail01@example.com");
    expect(token!.length).toBeGreaterThanOrEqual(40);
    const rows = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.playerId, p.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash("sha256").update(token!).digest("base64url"));
    expect(rows[0]!.tokenHash).not.toContain(token!);
  });

  it("works once, sets the password and ends every session of the player", async () => {
    const p = await newPlayer("mail02", "01711000002");
    const phone = await createSession(p.id);
    const laptop = await createSession(p.id);
    await requestPasswordReset(byEmail("mail02"), { ip: freshIp(), minDurationMs: 0 });
    const token = (await lastLinkToken("mail02@example.com"))!;

    expect(await isResetTokenValid(token)).toBe(true);
    expect(await resetPasswordWithToken(token, "Brand4New")).toEqual({ ok: true });
    expect(await getSessionPlayer(phone.token)).toBeUndefined();
    expect(await getSessionPlayer(laptop.token)).toBeUndefined();
    expect((await authenticate("mail02", "Brand4New", freshIp())).ok).toBe(true);

    expect(await isResetTokenValid(token)).toBe(false);
    expect(await resetPasswordWithToken(token, "Other5Pass")).toEqual({ ok: false });
    expect((await authenticate("mail02", "Brand4New", freshIp())).ok).toBe(true);
  });

  it("expires after 30 minutes", async () => {
    await newPlayer("mail03", "01711000003");
    const t0 = new Date("2026-03-01T10:00:00Z");
    await requestPasswordReset(byEmail("mail03"), { ip: freshIp(), now: t0, minDurationMs: 0 });
    const token = (await lastLinkToken("mail03@example.com"))!;
    expect(await isResetTokenValid(token, new Date(t0.getTime() + 29 * MIN))).toBe(true);
    expect(await isResetTokenValid(token, new Date(t0.getTime() + 30 * MIN))).toBe(false);
    expect(await resetPasswordWithToken(token, "Brand4New", new Date(t0.getTime() + 31 * MIN))).toEqual({ ok: false });
    expect((await authenticate("mail03", "Secret123", freshIp())).ok).toBe(true);
  });

  it("voids the older unused tokens when a new one is requested", async () => {
    await newPlayer("mail04", "01711000004");
    const ip = freshIp();
    await requestPasswordReset(byEmail("mail04"), { ip, minDurationMs: 0 });
    const first = (await lastLinkToken("mail04@example.com"))!;
    await requestPasswordReset(bySms("mail04", "01711000004"), { ip, minDurationMs: 0 });
    const code = (await lastCode("+8801711000004"))!;
    await requestPasswordReset(byEmail("mail04"), { ip, minDurationMs: 0 });
    const latest = (await lastLinkToken("mail04@example.com"))!;

    expect(latest).not.toBe(first);
    expect(await isResetTokenValid(first)).toBe(false);
    expect(await verifyResetCode("mail04", code)).toEqual({ ok: false });
    expect(await resetPasswordWithToken(latest, "Brand4New")).toEqual({ ok: true });
  });

  it("answers the same and sends nothing for unknown or mismatched accounts", async () => {
    await newPlayer("mail05", "01711000005");
    await newPlayer("mail05b", "01711000050");
    await db.insert(players).values({
      username: "blocked05",
      passwordHash: "x",
      phone: "01711000055",
      email: "blocked05@example.com",
      referralCode: "BLOCK005",
      status: "blocked",
    });
    const before = { outbox: await outboxCount(), tokens: await tokenCount() };
    const ip = freshIp();
    const answers = [
      await requestPasswordReset(byEmail("nobody05", "mail05@example.com"), { ip, minDurationMs: 0 }),
      await requestPasswordReset(byEmail("mail05", "other@example.com"), { ip, minDurationMs: 0 }),
      await requestPasswordReset(bySms("mail05", "01711999999"), { ip, minDurationMs: 0 }),
      await requestPasswordReset(bySms("mail05b", "01711000050", "91"), { ip, minDurationMs: 0 }),
      await requestPasswordReset(byEmail("blocked05"), { ip, minDurationMs: 0 }),
    ];
    const matched = await requestPasswordReset(byEmail("mail05"), { ip, minDurationMs: 0 });
    expect(answers).toEqual([matched, matched, matched, matched, matched]);
    expect(await outboxCount()).toBe(before.outbox + 1);
    expect(await tokenCount()).toBe(before.tokens + 1);
    expect(await listMessagesTo("blocked05@example.com")).toHaveLength(0);
    expect(await listMessagesTo("+8801711000050")).toHaveLength(0);
  });

  it("takes at least the minimum time whether or not the account exists", async () => {
    await newPlayer("mail06", "01711000006");
    for (const input of [byEmail("mail06"), byEmail("nobody06")]) {
      const started = performance.now();
      await requestPasswordReset(input, { ip: freshIp(), minDurationMs: 150 });
      expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    }
  });

  it("a stranger naming the player with wrong addresses spends none of the owner's allowance", async () => {
    await newPlayer("victim01", "01744000101");
    for (const [i, phone] of ["01711111111", "01822222222", "01933333333"].entries()) {
      await requestPasswordReset(bySms("victim01", phone), { ip: `10.62.9.${i}`, minDurationMs: 0 });
    }
    await requestPasswordReset(byEmail("victim01", "stranger@example.com"), { ip: "10.62.9.9", minDurationMs: 0 });
    await requestPasswordReset(bySms("victim01", "01744000101"), { ip: freshIp(), minDurationMs: 0 });
    expect(await listMessagesTo("+8801744000101")).toHaveLength(1);
    await requestPasswordReset(byEmail("victim01"), { ip: freshIp(), minDurationMs: 0 });
    expect(await listMessagesTo("victim01@example.com")).toHaveLength(1);
  });

  it("quietly stops sending after the per-username limit, and again after the window", async () => {
    await newPlayer("mail07", "01711000007");
    const t0 = new Date("2026-03-02T10:00:00Z");
    for (let i = 0; i < MAX_RESETS_PER_USERNAME + 2; i++) {
      await requestPasswordReset(byEmail("mail07"), { ip: freshIp(), now: new Date(t0.getTime() + i * 1000), minDurationMs: 0 });
    }
    expect(await listMessagesTo("mail07@example.com")).toHaveLength(MAX_RESETS_PER_USERNAME);
    await requestPasswordReset(byEmail("mail07"), { ip: freshIp(), now: new Date(t0.getTime() + 16 * MIN), minDurationMs: 0 });
    expect(await listMessagesTo("mail07@example.com")).toHaveLength(MAX_RESETS_PER_USERNAME + 1);
  });
});

describe("password reset by SMS", () => {
  it("sends a 6-digit code to +<callingCode><phone without 0>, whichever way the number is typed", async () => {
    await newPlayer("sms01", "01722000001");
    const ip = freshIp();
    await requestPasswordReset(bySms("sms01", "01722000001"), { ip, minDurationMs: 0 });
    await requestPasswordReset(bySms("SMS01", "1722000001"), { ip, minDurationMs: 0 });
    await requestPasswordReset(bySms("sms01", "8801722000001"), { ip, minDurationMs: 0 });
    const messages = await listMessagesTo("+8801722000001");
    expect(messages).toHaveLength(3);
    for (const m of messages) {
      expect(m).toMatchObject({ channel: "sms", kind: "password_reset" });
      expect(m.body).toMatch(/\b\d{6}\b/);
    }
    const rows = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.channel, "sms"));
    expect(rows.every((r) => !r.tokenHash.includes(messages.at(-1)!.body.match(/\d{6}/)![0]))).toBe(true);
  });

  it("turns a right code into a single-use link token, and the code into a used one", async () => {
    await newPlayer("sms02", "01722000002");
    await requestPasswordReset(bySms("sms02", "01722000002"), { ip: freshIp(), minDurationMs: 0 });
    const code = (await lastCode("+8801722000002"))!;
    expect(await verifyResetCode("otheruser", code)).toEqual({ ok: false });
    const result = await verifyResetCode("sms02", code);
    expect(result.ok).toBe(true);
    const token = result.ok ? result.token : "";
    expect(token).not.toBe(code);
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(await verifyResetCode("sms02", code)).toEqual({ ok: false });
    expect(await resetPasswordWithToken(token, "Brand4New")).toEqual({ ok: true });
    expect(await resetPasswordWithToken(token, "Brand4New")).toEqual({ ok: false });
    expect((await authenticate("sms02", "Brand4New", freshIp())).ok).toBe(true);
  });

  it("accepts the right code after a few wrong ones, but voids it at the fifth wrong one", async () => {
    await newPlayer("sms03", "01722000003");
    await newPlayer("sms04", "01722000004");
    const ip = freshIp();
    await requestPasswordReset(bySms("sms03", "01722000003"), { ip, minDurationMs: 0 });
    await requestPasswordReset(bySms("sms04", "01722000004"), { ip, minDurationMs: 0 });
    const code3 = (await lastCode("+8801722000003"))!;
    const code4 = (await lastCode("+8801722000004"))!;
    const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

    for (let i = 0; i < MAX_CODE_ATTEMPTS - 1; i++) expect(await verifyResetCode("sms03", wrong(code3))).toEqual({ ok: false });
    expect((await verifyResetCode("sms03", code3)).ok).toBe(true);

    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) expect(await verifyResetCode("sms04", wrong(code4))).toEqual({ ok: false });
    expect(await verifyResetCode("sms04", code4)).toEqual({ ok: false });
  });

  it("expires codes after 30 minutes", async () => {
    await newPlayer("sms05", "01722000005");
    const t0 = new Date("2026-03-03T10:00:00Z");
    await requestPasswordReset(bySms("sms05", "01722000005"), { ip: freshIp(), now: t0, minDurationMs: 0 });
    const code = (await lastCode("+8801722000005"))!;
    expect(await verifyResetCode("sms05", code, new Date(t0.getTime() + 31 * MIN))).toEqual({ ok: false });
    expect((await verifyResetCode("sms05", code, new Date(t0.getTime() + 29 * MIN))).ok).toBe(true);
  });
});

describe("changing the password while logged in", () => {
  it("needs the current password and ends only the other sessions", async () => {
    const p = await newPlayer("change01", "01733000001");
    const here = await createSession(p.id);
    const elsewhere = await createSession(p.id);
    const ip = freshIp();

    expect(await changeOwnPassword(p, { currentPassword: "Wrong1234", newPassword: "Brand4New" }, { ip, keepToken: here.token })).toEqual({
      ok: false,
      error: "errors.currentPasswordWrong",
    });
    expect(await getSessionPlayer(elsewhere.token)).toBeDefined();

    expect(await changeOwnPassword(p, { currentPassword: "Secret123", newPassword: "Brand4New" }, { ip, keepToken: here.token })).toEqual({
      ok: true,
    });
    expect(await getSessionPlayer(here.token)).toBeDefined();
    expect(await getSessionPlayer(elsewhere.token)).toBeUndefined();
    expect((await authenticate("change01", "Brand4New", freshIp())).ok).toBe(true);
  });
});

describe("reset limits under parallel requests", () => {
  const parallel = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  it(`50 parallel reset requests for one username: exactly ${MAX_RESETS_PER_USERNAME} messages`, async () => {
    await newPlayer("par01", "01744000001");
    await parallel(50, (i) => requestPasswordReset(byEmail("par01"), { ip: `10.60.0.${i}`, minDurationMs: 0 }));
    expect(await listMessagesTo("par01@example.com")).toHaveLength(MAX_RESETS_PER_USERNAME);
  });

  it(`100 parallel reset requests from one address: exactly ${MAX_RESETS_PER_IP} messages`, async () => {
    const names = Array.from({ length: 25 }, (_, i) => `parip${i}`);
    await db.insert(players).values(
      names.map((username, i) => ({
        username,
        passwordHash: "x",
        phone: `0174410${String(i).padStart(4, "0")}`,
        email: `${username}@example.com`,
        referralCode: `PARIP${i}`,
      })),
    );
    // Four requests per player: the per-username limit (3) alone would let 75 through.
    await parallel(100, (i) => requestPasswordReset(byEmail(names[i % names.length]!), { ip: "10.61.0.1", minDurationMs: 0 }));
    let sent = 0;
    for (const name of names) sent += (await listMessagesTo(`${name}@example.com`)).length;
    expect(sent).toBe(MAX_RESETS_PER_IP);
  });

  it("50 parallel SMS requests naming a player with wrong phones (from 50 addresses) spend none of the owner's allowance", async () => {
    await newPlayer("victim02", "01744000102");
    const owner = "+8801744000102";
    const outcomes = await parallel(51, (i) =>
      i === 20
        ? requestPasswordReset(bySms("victim02", "01744000102"), { ip: "10.62.1.1", minDurationMs: 0 })
        : requestPasswordReset(bySms("victim02", `0171100${String(i).padStart(4, "0")}`), { ip: `10.62.0.${i}`, minDurationMs: 0 }),
    );
    expect(outcomes).toHaveLength(51);
    expect(await listMessagesTo(owner)).toHaveLength(1);
    // The owner still has the rest of the allowance, and no more.
    for (let i = 0; i < MAX_RESETS_PER_USERNAME + 2; i++) {
      await requestPasswordReset(bySms("victim02", "01744000102"), { ip: `10.62.2.${i}`, minDurationMs: 0 });
    }
    expect(await listMessagesTo(owner)).toHaveLength(MAX_RESETS_PER_USERNAME);
  });

  it(`50 parallel right SMS requests for one player from 50 addresses: exactly ${MAX_RESETS_PER_USERNAME} codes`, async () => {
    await newPlayer("victim03", "01744000103");
    await parallel(50, (i) => requestPasswordReset(bySms("victim03", "1744000103"), { ip: `10.63.0.${i}`, minDurationMs: 0 }));
    expect(await listMessagesTo("+8801744000103")).toHaveLength(MAX_RESETS_PER_USERNAME);
  });

  it(`50 parallel wrong-phone requests from one address: ${MAX_WRONG_RESETS_PER_IP} are counted, then that address sends nothing (the owner elsewhere does)`, async () => {
    await newPlayer("victim04", "01744000104");
    const ip = "10.64.0.1";
    await parallel(50, (i) => requestPasswordReset(bySms("victim04", `0181100${String(i).padStart(4, "0")}`), { ip, minDurationMs: 0 }));
    expect(await countHits(resetWrongIpKey(ip))).toBe(MAX_WRONG_RESETS_PER_IP);
    await requestPasswordReset(bySms("victim04", "01744000104"), { ip, minDurationMs: 0 });
    expect(await listMessagesTo("+8801744000104")).toHaveLength(0);
    await requestPasswordReset(bySms("victim04", "01744000104"), { ip: "10.64.0.2", minDurationMs: 0 });
    expect(await listMessagesTo("+8801744000104")).toHaveLength(1);
  });

  it(`50 parallel wrong codes: exactly ${MAX_CODE_ATTEMPTS} are counted, then the code is void`, async () => {
    const p = await newPlayer("parcode1", "01744000002");
    await requestPasswordReset(bySms("parcode1", "01744000002"), { ip: freshIp(), minDurationMs: 0 });
    const code = (await lastCode("+8801744000002"))!;
    expect(await parallel(50, () => verifyResetCode("parcode1", wrong(code)))).toEqual(Array(50).fill({ ok: false }));
    const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.playerId, p.id));
    expect(row!.attempts).toBe(MAX_CODE_ATTEMPTS);
    expect(row!.usedAt).not.toBeNull();
    expect(await verifyResetCode("parcode1", code)).toEqual({ ok: false });
  });

  it("50 parallel right codes: exactly one link token", async () => {
    await newPlayer("parcode2", "01744000003");
    await requestPasswordReset(bySms("parcode2", "01744000003"), { ip: freshIp(), minDurationMs: 0 });
    const code = (await lastCode("+8801744000003"))!;
    const results = await parallel(50, () => verifyResetCode("parcode2", code));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it("50 parallel wrong current passwords on /reset-password from one address: 5 are checked", async () => {
    const p = await newPlayer("parchg1", "01744000004");
    const session = await createSession(p.id);
    const results = await parallel(50, () =>
      changeOwnPassword(p, { currentPassword: "Wrong1234", newPassword: "Brand4New" }, { ip: "10.62.0.1", keepToken: session.token }),
    );
    expect(results.filter((r) => !r.ok && r.error === "errors.currentPasswordWrong")).toHaveLength(5);
    expect(results.filter((r) => !r.ok && r.error === "errors.tooManyAttempts")).toHaveLength(45);
    expect(
      await changeOwnPassword(p, { currentPassword: "Secret123", newPassword: "Brand4New" }, { ip: "10.62.0.2", keepToken: session.token }),
    ).toEqual({ ok: true });
  });
});
