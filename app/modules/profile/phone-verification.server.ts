// Phone verification by a 6-digit SMS code, for the main phone and the extra phones (spec: /profile, section 4).
//
// - A code is valid CODE_TTL_SECONDS (10 minutes), for one use, and dies after MAX_CODE_ATTEMPTS wrong tries.
//   Sending a new code voids the older ones of the same phone.
// - Sending is limited atomically (takeHits): one code per number every RESEND_SECONDS (the page's 300 s
//   countdown), and at most MAX_CODES_PER_HOUR per player and per number.
// - Verifying claims the number for the account (contacts.server.ts): a number verified on another account is refused.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNotNull, isNull, lt, max, sql } from "drizzle-orm";
import { getEnv } from "#app/config/env.server.ts";
import { db, type Executor } from "#app/db/db.server.ts";
import type { MessageKey, MessageParams } from "#app/i18n/message.ts";
import { enqueueMessage } from "#app/modules/outbox/index.server.ts";
import { takeHits, players, rateLimitHits, markPhoneVerified } from "#app/modules/players/index.server.ts";
import { claimContact, contactOwner, phoneAddress } from "./contacts.server.ts";
import { profileText } from "./messages.server.ts";
import { phoneVerificationCodes, playerPhones } from "./schema.ts";

export const CODE_TTL_SECONDS = 600;
export const RESEND_SECONDS = 300;
export const MAX_CODE_ATTEMPTS = 5;
export const MAX_CODES_PER_HOUR = 5;

/** "main", an extra phone's id, or (the API's /add/verify-phone-number, which names no phone) any extra phone. */
export type PhoneTarget = "main" | number;

/** Another account holds the number; thrown inside the transaction so nothing of it commits. */
class ContactTaken extends Error {}

export type ProfileError = { ok: false; error: MessageKey; params?: MessageParams; status: number };
const fail = (error: MessageKey, status = 400, params?: MessageParams): ProfileError => ({ ok: false, error, status, params });

export const resendKey = (address: string) => `phone-code:to:${address}`;
const hourlyAddressKey = (address: string) => `phone-code:to-hour:${address}`;
const hourlyPlayerKey = (playerId: number) => `phone-code:player:${playerId}`;

/** m:ss, as the countdown shows it. */
export const minutesSeconds = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

function codeHash(salt: string, code: string) {
  return `${salt}.${createHmac("sha256", getEnv().SESSION_SECRET).update(`phone:${salt}:${code}`).digest("base64url")}`;
}

function matches(stored: string, code: string) {
  const expected = Buffer.from(stored);
  const actual = Buffer.from(codeHash(stored.split(".")[0]!, code));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

type ResolvedPhone = { phoneId: number | null; address: string; verified: boolean };

/** The phone a target names on this player's account, or undefined (another player's phone id is not found). */
async function resolvePhone(executor: Executor, playerId: number, target: PhoneTarget): Promise<ResolvedPhone | undefined> {
  if (target === "main") {
    const [player] = await executor.select().from(players).where(eq(players.id, playerId));
    return player ? { phoneId: null, address: phoneAddress(player.phone, player.callingCode), verified: !!player.phoneVerifiedAt } : undefined;
  }
  const [phone] = await executor
    .select()
    .from(playerPhones)
    .where(and(eq(playerPhones.id, target), eq(playerPhones.playerId, playerId)));
  return phone ? { phoneId: phone.id, address: phoneAddress(phone.phone, phone.callingCode), verified: !!phone.verifiedAt } : undefined;
}

/** Seconds until a new code may be sent to this number (0: now). */
export async function secondsUntilResend(address: string, now = new Date()) {
  const [row] = await db
    .select({ until: max(rateLimitHits.expiresAt) })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, resendKey(address)), gt(rateLimitHits.expiresAt, now)));
  if (!row?.until) return 0;
  return Math.max(0, Math.ceil((new Date(row.until).getTime() - now.getTime()) / 1000));
}

/** The phones (null: the main one) that have a code waiting to be typed in. */
export async function phonesWithLiveCode(playerId: number, now = new Date()) {
  const rows = await db
    .selectDistinct({ phoneId: phoneVerificationCodes.phoneId })
    .from(phoneVerificationCodes)
    .where(
      and(
        eq(phoneVerificationCodes.playerId, playerId),
        isNull(phoneVerificationCodes.usedAt),
        gt(phoneVerificationCodes.expiresAt, now),
        lt(phoneVerificationCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    );
  return new Set(rows.map((r) => r.phoneId));
}

export type SendResult = { ok: true; address: string; secondsLeft: number } | ProfileError;

/** Sends a new code to one of the player's phones through the outbox. */
export async function sendPhoneCode(playerId: number, target: PhoneTarget, now = new Date()): Promise<SendResult> {
  const phone = await resolvePhone(db, playerId, target);
  if (!phone) return fail("profile.errors.phoneNotFound", 404);
  if (phone.verified) return fail("profile.errors.alreadyVerified", 409);
  if ((await contactOwner(db, "phone", phone.address, playerId)) !== undefined) return fail("profile.errors.phoneTaken", 409);

  const taken = await takeHits(
    [
      { key: resendKey(phone.address), max: 1, windowMinutes: RESEND_SECONDS / 60 },
      { key: hourlyAddressKey(phone.address), max: MAX_CODES_PER_HOUR, windowMinutes: 60 },
      { key: hourlyPlayerKey(playerId), max: MAX_CODES_PER_HOUR, windowMinutes: 60 },
    ],
    now,
  );
  if (!taken.ok) {
    const secondsLeft = await secondsUntilResend(phone.address, now);
    if (secondsLeft > 0) return fail("profile.errors.waitToResend", 429, { time: minutesSeconds(secondsLeft), seconds: secondsLeft });
    return fail("profile.errors.tooManyCodes", 429, { minutes: taken.retryAfterMinutes });
  }

  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await db.transaction(async (tx) => {
    const samePhone = phone.phoneId === null ? isNull(phoneVerificationCodes.phoneId) : eq(phoneVerificationCodes.phoneId, phone.phoneId);
    await tx
      .update(phoneVerificationCodes)
      .set({ usedAt: now })
      .where(and(eq(phoneVerificationCodes.playerId, playerId), samePhone, isNull(phoneVerificationCodes.usedAt)));
    await tx.insert(phoneVerificationCodes).values({
      playerId,
      phoneId: phone.phoneId,
      recipient: phone.address,
      codeHash: codeHash(randomBytes(12).toString("base64url"), code),
      expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
      createdAt: now,
    });
    await enqueueMessage(tx, {
      channel: "sms",
      recipient: phone.address,
      kind: "phone-verification",
      body: profileText("sms", { code, minutes: CODE_TTL_SECONDS / 60 }),
    });
  });
  return { ok: true, address: phone.address, secondsLeft: RESEND_SECONDS };
}

export type VerifyResult = { ok: true; address: string } | ProfileError;

/**
 * Checks a code for the main phone, one extra phone, or ("extra") whichever extra phone has the newest live code.
 * Each try counts before the comparison, so parallel guesses cannot share one attempt.
 */
export async function verifyPhoneCode(playerId: number, target: PhoneTarget | "extra", code: string, now = new Date()): Promise<VerifyResult> {
  const live = and(
    eq(phoneVerificationCodes.playerId, playerId),
    isNull(phoneVerificationCodes.usedAt),
    gt(phoneVerificationCodes.expiresAt, now),
    lt(phoneVerificationCodes.attempts, MAX_CODE_ATTEMPTS),
  );
  const which =
    target === "main"
      ? isNull(phoneVerificationCodes.phoneId)
      : target === "extra"
        ? isNotNull(phoneVerificationCodes.phoneId)
        : eq(phoneVerificationCodes.phoneId, target);
  const [latest] = await db
    .select({ id: phoneVerificationCodes.id })
    .from(phoneVerificationCodes)
    .where(and(live, which))
    .orderBy(desc(phoneVerificationCodes.id))
    .limit(1);
  const [row] = latest
    ? await db
        .update(phoneVerificationCodes)
        .set({ attempts: sql`${phoneVerificationCodes.attempts} + 1` })
        .where(and(eq(phoneVerificationCodes.id, latest.id), live))
        .returning()
    : [];
  if (!row) return fail("profile.errors.codeExpired");
  if (!matches(row.codeHash, code)) {
    const left = MAX_CODE_ATTEMPTS - row.attempts;
    if (left > 0) return fail("profile.errors.codeWrong", 400, { left });
    await db.update(phoneVerificationCodes).set({ usedAt: now }).where(eq(phoneVerificationCodes.id, row.id));
    return fail("profile.errors.codeDead");
  }

  const outcome = await db
    .transaction(async (tx) => {
      const used = await tx
        .update(phoneVerificationCodes)
        .set({ usedAt: now })
        .where(and(eq(phoneVerificationCodes.id, row.id), isNull(phoneVerificationCodes.usedAt)))
        .returning({ id: phoneVerificationCodes.id });
      if (!used.length) return "profile.errors.codeExpired";
      // The number may have changed (support edits) since the code was sent: the code verifies only the number it went to.
      const phone = await resolvePhone(tx, playerId, row.phoneId ?? "main");
      if (!phone || phone.address !== row.recipient) return "profile.errors.codeExpired";
      // Thrown, so the code stays unused: the player can still verify once the other account gives the number up.
      if (!(await claimContact(tx, "phone", phone.address, playerId))) throw new ContactTaken();
      if (row.phoneId === null) {
        await markPhoneVerified(tx, playerId, now);
      } else {
        await tx
          .update(playerPhones)
          .set({ verifiedAt: now })
          .where(and(eq(playerPhones.id, row.phoneId), isNull(playerPhones.verifiedAt)));
      }
      return null;
    })
    .catch((e: unknown) => {
      if (e instanceof ContactTaken) return "profile.errors.phoneTaken" as const;
      throw e;
    });
  if (outcome === "profile.errors.phoneTaken") return fail(outcome, 409);
  if (outcome) return fail(outcome);
  return { ok: true, address: row.recipient };
}
