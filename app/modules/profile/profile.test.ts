// Phone and e-mail verification, extra phones and the birthday, on the real database (PGlite, and PostgreSQL with
// DATABASE_URL): expiry, attempts, single use, rate limits (also 50 requests at once), caps and one-person-one-account.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { listMessagesTo } from "#app/modules/outbox/outbox.server.ts";
import { outboxMessages } from "#app/modules/outbox/schema.ts";
import { findPlayerById } from "#app/modules/players/players.server.ts";
import { players } from "#app/modules/players/schema.ts";
import { createPlayer } from "#app/modules/players/players.server.ts";
import { signupSchema } from "#app/modules/players/validation.ts";
import { latestAdultBirthday, saveBirthday } from "./birthday.server.ts";
import { emailTokenAddress, sendEmailVerification, verifyEmailToken } from "./email-verification.server.ts";
import { addExtraPhone, listExtraPhones, MAX_EXTRA_PHONES } from "./extra-phones.server.ts";
import {
  CODE_TTL_SECONDS,
  MAX_CODE_ATTEMPTS,
  MAX_CODES_PER_HOUR,
  RESEND_SECONDS,
  secondsUntilResend,
  sendPhoneCode,
  verifyPhoneCode,
} from "./phone-verification.server.ts";
import { loadProfile } from "./profile.server.ts";
import { phoneVerificationCodes, verifiedContacts } from "./schema.ts";

let seq = 0;
/** A player with a phone of their own (01 + 9 digits unique to this run). */
async function player(phone = `017${String(process.pid % 1000).padStart(3, "0")}${String(++seq).padStart(5, "0")}`) {
  const username = `prof${process.pid % 10000}x${seq}x${Math.floor(Math.random() * 1e6)}`.slice(0, 15);
  const created = await createPlayer(
    signupSchema.parse({ username, password: "Secret123", confirmPassword: "Secret123", phone, email: `${username}@example.com`, ageCheck: "on" }),
  );
  if (!created.ok) throw new Error("sign-up failed");
  return created.player;
}

const address = (phone: string) => `+880${phone.replace(/^0+/, "")}`;

async function lastCodeTo(recipient: string) {
  const messages = await listMessagesTo(recipient);
  const m = /\b(\d{6})\b/.exec(messages.at(-1)?.body ?? "");
  if (!m) throw new Error(`no code sent to ${recipient}`);
  return m[1]!;
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000);

describe("main phone verification", () => {
  it("sends a 6-digit code through the outbox, verifies once, and sets phoneVerifiedAt", async () => {
    const p = await player();
    const now = new Date();
    const sent = await sendPhoneCode(p.id, "main", now);
    expect(sent).toEqual({ ok: true, address: address(p.phone), secondsLeft: RESEND_SECONDS });
    const [message] = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, address(p.phone)));
    expect(message).toMatchObject({ channel: "sms", kind: "phone-verification", status: "pending" });
    const code = await lastCodeTo(address(p.phone));
    // Only a salted hash is stored.
    const [row] = await db.select().from(phoneVerificationCodes).where(eq(phoneVerificationCodes.playerId, p.id));
    expect(row!.codeHash).not.toContain(code);

    expect(await verifyPhoneCode(p.id, "main", code, later(now, 5))).toEqual({ ok: true, address: address(p.phone) });
    expect((await findPlayerById(p.id))!.phoneVerifiedAt).not.toBeNull();
    // Single use: the same code again finds no live code.
    expect(await verifyPhoneCode(p.id, "main", code, later(now, 6))).toMatchObject({ ok: false, error: "profile.errors.codeExpired" });
    // A verified phone gets no new code.
    expect(await sendPhoneCode(p.id, "main", later(now, 400))).toMatchObject({ ok: false, error: "profile.errors.alreadyVerified" });
  });

  it("expires a code after its validity", async () => {
    const p = await player();
    const now = new Date();
    await sendPhoneCode(p.id, "main", now);
    const code = await lastCodeTo(address(p.phone));
    expect(await verifyPhoneCode(p.id, "main", code, later(now, CODE_TTL_SECONDS + 1))).toMatchObject({ error: "profile.errors.codeExpired" });
    expect((await findPlayerById(p.id))!.phoneVerifiedAt).toBeNull();
  });

  it(`allows ${MAX_CODE_ATTEMPTS} wrong attempts, then the code is dead even for the right digits`, async () => {
    const p = await player();
    const now = new Date();
    await sendPhoneCode(p.id, "main", now);
    const code = await lastCodeTo(address(p.phone));
    for (let i = 1; i < MAX_CODE_ATTEMPTS; i++) {
      expect(await verifyPhoneCode(p.id, "main", wrong(code), now)).toMatchObject({
        error: "profile.errors.codeWrong",
        params: { left: MAX_CODE_ATTEMPTS - i },
      });
    }
    expect(await verifyPhoneCode(p.id, "main", wrong(code), now)).toMatchObject({ error: "profile.errors.codeDead" });
    expect(await verifyPhoneCode(p.id, "main", code, now)).toMatchObject({ error: "profile.errors.codeExpired" });
  });

  it("counts 50 parallel guesses one by one: at most the allowed attempts are compared", async () => {
    const p = await player();
    const now = new Date();
    await sendPhoneCode(p.id, "main", now);
    const code = await lastCodeTo(address(p.phone));
    const results = await Promise.all(Array.from({ length: 50 }, () => verifyPhoneCode(p.id, "main", wrong(code), now)));
    const compared = results.filter((r) => !r.ok && (r.error === "profile.errors.codeWrong" || r.error === "profile.errors.codeDead"));
    expect(compared).toHaveLength(MAX_CODE_ATTEMPTS);
    expect(await verifyPhoneCode(p.id, "main", code, now)).toMatchObject({ ok: false });
  });

  it("a new code voids the older one", async () => {
    const p = await player();
    const now = new Date();
    await sendPhoneCode(p.id, "main", now);
    const first = await lastCodeTo(address(p.phone));
    await sendPhoneCode(p.id, "main", later(now, RESEND_SECONDS + 1));
    const second = await lastCodeTo(address(p.phone));
    if (first !== second) {
      expect(await verifyPhoneCode(p.id, "main", first, later(now, RESEND_SECONDS + 2))).toMatchObject({ ok: false });
    }
    expect(await verifyPhoneCode(p.id, "main", second, later(now, RESEND_SECONDS + 3))).toMatchObject({ ok: true });
  });
});

describe("sending limits", () => {
  it(`refuses a resend for ${RESEND_SECONDS} s and says how long, then allows ${MAX_CODES_PER_HOUR} an hour`, async () => {
    const p = await player();
    const start = new Date();
    expect(await sendPhoneCode(p.id, "main", start)).toMatchObject({ ok: true });
    expect(await secondsUntilResend(address(p.phone), later(start, 61))).toBe(RESEND_SECONDS - 61);
    expect(await sendPhoneCode(p.id, "main", later(start, 61))).toMatchObject({
      ok: false,
      status: 429,
      error: "profile.errors.waitToResend",
      params: { time: "3:59", seconds: 239 },
    });
    for (let i = 1; i < MAX_CODES_PER_HOUR; i++) {
      expect(await sendPhoneCode(p.id, "main", later(start, i * (RESEND_SECONDS + 1)))).toMatchObject({ ok: true });
    }
    expect(await sendPhoneCode(p.id, "main", later(start, MAX_CODES_PER_HOUR * (RESEND_SECONDS + 1)))).toMatchObject({
      ok: false,
      error: "profile.errors.tooManyCodes",
    });
    expect(await listMessagesTo(address(p.phone))).toHaveLength(MAX_CODES_PER_HOUR);
  });

  it("50 parallel requests send exactly one code", async () => {
    const p = await player();
    const now = new Date();
    const results = await Promise.all(Array.from({ length: 50 }, () => sendPhoneCode(p.id, "main", now)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.status === 429)).toHaveLength(49);
    expect(await listMessagesTo(address(p.phone))).toHaveLength(1);
    const codes = await db.select().from(phoneVerificationCodes).where(eq(phoneVerificationCodes.playerId, p.id));
    expect(codes).toHaveLength(1);
  });

  it("limits per number across accounts too", async () => {
    const shared = `0195${String(process.pid % 1000).padStart(3, "0")}${String(++seq).padStart(4, "0")}`;
    const a = await player(shared);
    const b = await player(shared);
    const now = new Date();
    expect(await sendPhoneCode(a.id, "main", now)).toMatchObject({ ok: true });
    expect(await sendPhoneCode(b.id, "main", later(now, 1))).toMatchObject({ ok: false, error: "profile.errors.waitToResend" });
  });
});

describe("one person, one account", () => {
  it("refuses a phone number verified on another account, at sending and at verifying", async () => {
    const shared = `0196${String(process.pid % 1000).padStart(3, "0")}${String(++seq).padStart(4, "0")}`;
    const a = await player(shared);
    const b = await player(shared);
    const now = new Date();
    // b asks for a code first; a verifies the number before b types it in.
    await sendPhoneCode(b.id, "main", now);
    const codeB = await lastCodeTo(address(shared));
    // a's code comes after the resend interval.
    expect(await sendPhoneCode(a.id, "main", later(now, RESEND_SECONDS + 1))).toMatchObject({ ok: true });
    const codeA = await lastCodeTo(address(shared));
    expect(await verifyPhoneCode(a.id, "main", codeA, later(now, RESEND_SECONDS + 2))).toMatchObject({ ok: true });
    expect(await verifyPhoneCode(b.id, "main", codeB, later(now, RESEND_SECONDS + 3))).toMatchObject({
      ok: false,
      status: 409,
      error: "profile.errors.phoneTaken",
    });
    expect((await findPlayerById(b.id))!.phoneVerifiedAt).toBeNull();
    expect(await sendPhoneCode(b.id, "main", later(now, 2 * RESEND_SECONDS + 5))).toMatchObject({ error: "profile.errors.phoneTaken" });
  });

  it("two accounts verifying one number at the same moment: exactly one wins", async () => {
    const shared = `0198${String(process.pid % 1000).padStart(3, "0")}${String(++seq).padStart(4, "0")}`;
    const a = await player(shared);
    const b = await player(shared);
    const now = new Date();
    await sendPhoneCode(a.id, "main", now);
    const codeA = await lastCodeTo(address(shared));
    await sendPhoneCode(b.id, "main", later(now, RESEND_SECONDS + 1));
    const codeB = await lastCodeTo(address(shared));
    const at = later(now, RESEND_SECONDS + 2);
    const results = await Promise.all([verifyPhoneCode(a.id, "main", codeA, at), verifyPhoneCode(b.id, "main", codeB, at)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.error === "profile.errors.phoneTaken")).toHaveLength(1);
    const claims = await db
      .select()
      .from(verifiedContacts)
      .where(eq(verifiedContacts.value, address(shared)));
    expect(claims).toHaveLength(1);
  });

  it("also sees main phones verified before the claims table (legacy rows)", async () => {
    const shared = `0197${String(process.pid % 1000).padStart(3, "0")}${String(++seq).padStart(4, "0")}`;
    const a = await player(shared);
    const b = await player(shared);
    await db.update(players).set({ phoneVerifiedAt: new Date() }).where(eq(players.id, a.id));
    expect(await sendPhoneCode(b.id, "main")).toMatchObject({ error: "profile.errors.phoneTaken" });
  });

  it("refuses an e-mail verified on another account; the link is single use", async () => {
    const a = await player();
    const b = await player();
    const email = `shared${seq}${process.pid}@example.com`;
    await db.update(players).set({ email }).where(eq(players.id, a.id));
    await db.update(players).set({ email: email.toUpperCase() }).where(eq(players.id, b.id));
    expect(await sendEmailVerification(a.id)).toMatchObject({ ok: true, email });
    expect(await sendEmailVerification(b.id)).toMatchObject({ ok: true });
    const [linkA, linkB] = await Promise.all([listMessagesTo(email), listMessagesTo(email.toUpperCase())]);
    const tokenOf = (body: string) => /token=([\w-]+)/.exec(body)![1]!;
    const tokenA = tokenOf(linkA.at(-1)!.body);
    const tokenB = tokenOf(linkB.at(-1)!.body);
    expect(await emailTokenAddress(tokenA)).toBe(email);
    expect(await verifyEmailToken(tokenA)).toEqual({ ok: true, email });
    expect(await verifyEmailToken(tokenA)).toEqual({ ok: false, error: "invalid" });
    expect(await verifyEmailToken(tokenB)).toEqual({ ok: false, error: "taken" });
    expect((await findPlayerById(a.id))!.emailVerifiedAt).not.toBeNull();
    expect((await findPlayerById(b.id))!.emailVerifiedAt).toBeNull();
    expect(await sendEmailVerification(b.id, new Date(Date.now() + 10 * 60_000))).toMatchObject({ error: "profile.errors.emailTaken" });
  });

  it("an e-mail link expires and dies when the address changes", async () => {
    const a = await player();
    const now = new Date();
    await sendEmailVerification(a.id, now);
    const token = /token=([\w-]+)/.exec((await listMessagesTo(a.email)).at(-1)!.body)![1]!;
    expect(await verifyEmailToken(token, later(now, 24 * 3600 + 1))).toEqual({ ok: false, error: "invalid" });
    expect(await sendEmailVerification(a.id, later(now, 1))).toMatchObject({ error: "profile.errors.waitToResendEmail" });
    await sendEmailVerification(a.id, later(now, 300));
    const token2 = /token=([\w-]+)/.exec((await listMessagesTo(a.email)).at(-1)!.body)![1]!;
    await db
      .update(players)
      .set({ email: `other${seq}@example.com` })
      .where(eq(players.id, a.id));
    expect(await verifyEmailToken(token2, later(now, 301))).toEqual({ ok: false, error: "changed" });
  });
});

describe("extra phones", () => {
  it(`caps at ${MAX_EXTRA_PHONES} under 50 parallel adds`, async () => {
    const p = await player();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => addExtraPhone(p.id, `0188${String(seq).padStart(3, "0")}${String(i).padStart(4, "0")}`)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(MAX_EXTRA_PHONES);
    expect(results.filter((r) => !r.ok && r.error === "profile.errors.maxPhones")).toHaveLength(50 - MAX_EXTRA_PHONES);
    expect(await listExtraPhones(p.id)).toHaveLength(MAX_EXTRA_PHONES);
  });

  it("refuses the main number or one already added, and verifies an extra phone by its own code", async () => {
    const p = await player();
    expect(await addExtraPhone(p.id, p.phone)).toMatchObject({ error: "profile.errors.phoneExists" });
    const extra = `0189${String(process.pid % 1000).padStart(3, "0")}${String(++seq).padStart(4, "0")}`;
    const added = await addExtraPhone(p.id, extra);
    if (!added.ok) throw new Error("not added");
    expect(await addExtraPhone(p.id, `+880${extra.slice(1)}`)).toMatchObject({ error: "profile.errors.phoneExists" });
    expect(await sendPhoneCode(p.id, added.phone.id)).toMatchObject({ ok: true, address: address(extra) });
    const code = await lastCodeTo(address(extra));
    // A code for the extra phone does not verify the main one.
    expect(await verifyPhoneCode(p.id, "main", code)).toMatchObject({ ok: false });
    expect(await verifyPhoneCode(p.id, "extra", code)).toMatchObject({ ok: true });
    const profile = await loadProfile(p.id);
    expect(profile!.phones.map((ph) => [ph.target, ph.verified])).toEqual([
      ["main", false],
      [added.phone.id, true],
    ]);
  });

  it("another player's extra phone id is not found", async () => {
    const p = await player();
    const other = await player();
    const added = await addExtraPhone(p.id, `0187${String(process.pid % 1000).padStart(3, "0")}${String(++seq).padStart(4, "0")}`);
    if (!added.ok) throw new Error("not added");
    expect(await sendPhoneCode(other.id, added.phone.id)).toMatchObject({ ok: false, status: 404 });
  });
});

describe("birthday", () => {
  it("must make the player 18 on the Asia/Dhaka calendar", async () => {
    // 2026-03-10 20:00 UTC is already 11 March in Dhaka.
    const now = new Date("2026-03-10T20:00:00Z");
    expect(latestAdultBirthday(now)).toBe("2008-03-11");
    const p = await player();
    // Under 18 is not saved until the player confirms it (then the account is blocked: see protection/identity tests).
    expect(await saveBirthday(p.id, "2008-03-12", now)).toMatchObject({ error: "identity.birthday.confirmUnderage", confirm: { age: 17 } });
    expect(await saveBirthday(p.id, "2008-02-30", now)).toMatchObject({ error: "profile.errors.birthdayInvalid" });
    expect(await saveBirthday(p.id, "1899-12-31", now)).toMatchObject({ error: "profile.errors.birthdayInvalid" });
    expect(await saveBirthday(p.id, "2008-03-11", now)).toEqual({ ok: true, birthday: "2008-03-11", blocked: false });
  });

  it("is saved once: of parallel saves exactly one wins, and later saves are refused", async () => {
    const p = await player();
    const results = await Promise.all(["1990-01-01", "1991-02-02", "1992-03-03", "1993-04-04"].map((d) => saveBirthday(p.id, d)));
    const winners = results.filter((r) => r.ok);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.error === "profile.errors.birthdayAlreadySet")).toHaveLength(3);
    expect((await findPlayerById(p.id))!.birthday).toBe((winners[0] as { birthday: string }).birthday);
  });
});

it("codes are stored per player: verifying with another player's code does nothing", async () => {
  const a = await player();
  const b = await player();
  await sendPhoneCode(a.id, "main");
  const code = await lastCodeTo(address(a.phone));
  expect(await verifyPhoneCode(b.id, "main", code)).toMatchObject({ ok: false });
  const rows = await db
    .select()
    .from(phoneVerificationCodes)
    .where(and(eq(phoneVerificationCodes.playerId, a.id)));
  expect(rows[0]!.attempts).toBe(0);
});
