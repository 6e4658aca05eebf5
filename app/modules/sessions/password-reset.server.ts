// Forgotten passwords (e-mail link or SMS code) and the logged-in password change.
// Every answer to a reset request is the same whether or not the account exists, and takes the same time.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, desc, eq, gt, isNull, like, lt, sql } from "drizzle-orm";
import { getEnv } from "#app/config/env.server.ts";
import { db, type Executor } from "#app/db/db.server.ts";
import bnMessages from "#app/i18n/locales/bn/messages.ts";
import enMessages from "#app/i18n/locales/en/messages.ts";
import { enqueueMessage } from "#app/modules/outbox/index.server.ts";
import { deleteOtherSessions } from "./sessions.server.ts";
import {
  changePassword,
  findPlayerByUsername,
  setPassword,
  type Player,
  beginLoginAttempt,
  loginFailed,
  loginSucceeded,
  takeHits,
} from "#app/modules/players/index.server.ts";
import { passwordResetTokens } from "./schema.ts";
import type { ForgotPasswordInput } from "#app/modules/players/index.ts";

export const RESET_TTL_MINUTES = 30;
export const MAX_CODE_ATTEMPTS = 5;
export const RESET_WINDOW_MINUTES = 15;
/** Messages per account in the window (requests whose username and e-mail or phone match it). */
export const MAX_RESETS_PER_USERNAME = 3;
/** Messages sent on requests from one address in the window. */
export const MAX_RESETS_PER_IP = 20;
/** Requests from one address that match no account (a wrong phone or e-mail, an unknown username) in the window. */
export const MAX_WRONG_RESETS_PER_IP = 20;
/** Every reset request takes at least this long, so a matching account cannot be told apart by timing. */
export const RESET_REQUEST_MIN_MS = 400;

export const resetUserKey = (username: string) => `reset:user:${username.toLowerCase()}`;
export const resetIpKey = (ip: string) => `reset:ip:${ip}`;
export const resetWrongIpKey = (ip: string) => `reset:wrong-ip:${ip}`;

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");

/**
 * SMS codes have only a million values, so a plain hash would give them away; they are keyed with the
 * server secret and salted per row (the salt also keeps the unique index free of collisions).
 */
function codeHash(salt: string, code: string) {
  return `${salt}.${createHmac("sha256", getEnv().SESSION_SECRET).update(`${salt}:${code}`).digest("base64url")}`;
}

function sameString(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const fill = (template: string, vars: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? "");

export function phoneDigits(phone: string, callingCode: string) {
  let digits = phone.replace(/\D/g, "");
  // Someone may type the country code too (8801711111111); strip it when a full national number remains.
  if (digits.startsWith(callingCode) && digits.length - callingCode.length >= 10) digits = digits.slice(callingCode.length);
  return digits.replace(/^0+/, "");
}

/** The SMS address of a player: +<callingCode><phone without its leading 0>. */
export const smsRecipient = (p: Pick<Player, "callingCode" | "phone">) => `+${p.callingCode}${phoneDigits(p.phone, p.callingCode)}`;

function matchesAccount(player: Player | undefined, input: ForgotPasswordInput): player is Player {
  if (!player || player.status !== "active") return false;
  if (input.channel === "email") return player.email.toLowerCase() === input.email.trim().toLowerCase();
  return player.callingCode === input.callingCode && phoneDigits(player.phone, player.callingCode) === phoneDigits(input.phone, input.callingCode);
}

/**
 * Whether this request may send its message; counted atomically, so parallel requests cannot all slip under a
 * limit. Only a request that matches the account spends the account's allowance, so nobody who merely knows a
 * username can use it up (three requests with any phone used to silence the owner's own for 15 minutes). A request
 * that matches nothing counts against its address only; an address past MAX_WRONG_RESETS_PER_IP sends nothing
 * more in the window, so it cannot go on guessing a player's phone number (the owner elsewhere is not affected).
 */
async function mayReset(username: string, ip: string, matching: boolean, now: Date) {
  const window = { windowMinutes: RESET_WINDOW_MINUTES };
  const wrong = { key: resetWrongIpKey(ip), max: MAX_WRONG_RESETS_PER_IP, ...window };
  const taken = await takeHits(
    matching
      ? [
          { key: resetUserKey(username), max: MAX_RESETS_PER_USERNAME, ...window },
          { key: resetIpKey(ip), max: MAX_RESETS_PER_IP, ...window },
          { ...wrong, record: false },
        ]
      : [wrong],
    now,
  );
  return taken.ok;
}

/** Voids the player's unused tokens and stores a new one; returns nothing the caller could leak. */
async function issueToken(tx: Executor, playerId: number, channel: "email" | "sms", tokenHash: string, now: Date) {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.playerId, playerId), isNull(passwordResetTokens.usedAt)));
  await tx.insert(passwordResetTokens).values({
    playerId,
    channel,
    tokenHash,
    expiresAt: new Date(now.getTime() + RESET_TTL_MINUTES * 60_000),
    createdAt: now,
  });
}

function publicUrl() {
  return getEnv().PUBLIC_URL.replace(/\/+$/, "");
}

function resetEmail(player: Player, token: string) {
  const link = `${publicUrl()}/forgot-password/new?token=${token}`;
  const vars = { username: player.username, link, minutes: String(RESET_TTL_MINUTES) };
  return {
    subject: `${enMessages.passwordReset.emailSubject} / ${bnMessages.passwordReset.emailSubject}`,
    body: `${fill(enMessages.passwordReset.emailBody, vars)}\n\n${fill(bnMessages.passwordReset.emailBody, vars)}`,
  };
}

function resetSms(code: string) {
  const vars = { code, minutes: String(RESET_TTL_MINUTES) };
  return `${fill(enMessages.passwordReset.sms, vars)}\n${fill(bnMessages.passwordReset.sms, vars)}`;
}

export type ResetRequestOptions = { ip: string; now?: Date; minDurationMs?: number };

/**
 * /forgot-password: sends a link (e-mail) or a 6-digit code (SMS) when the username and the address
 * belong to one active account. Quietly does nothing when they do not or when the limits are reached.
 */
export async function requestPasswordReset(
  input: ForgotPasswordInput,
  { ip, now = new Date(), minDurationMs = RESET_REQUEST_MIN_MS }: ResetRequestOptions,
) {
  const floor = sleep(minDurationMs);
  const player = await findPlayerByUsername(input.username);
  const matching = matchesAccount(player, input);
  const allowed = await mayReset(input.username, ip, matching, now);
  const target = matching && allowed ? player : undefined;

  // The same secrets are made and the same kind of transaction runs either way.
  const longToken = randomBytes(32).toString("base64url");
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const tokenHash = input.channel === "email" ? sha256(longToken) : codeHash(randomBytes(12).toString("base64url"), code);
  await db.transaction(async (tx) => {
    if (!target) {
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.playerId, -1), isNull(passwordResetTokens.usedAt)));
      return;
    }
    await issueToken(tx, target.id, input.channel, tokenHash, now);
    if (input.channel === "email") {
      await enqueueMessage(tx, { channel: "email", recipient: target.email, kind: "password_reset", ...resetEmail(target, longToken) });
    } else {
      await enqueueMessage(tx, { channel: "sms", recipient: smsRecipient(target), kind: "password_reset", body: resetSms(code) });
    }
  });
  await floor;
}

export type CodeResult = { ok: true; token: string } | { ok: false };

/**
 * /forgot-password/code: a right code uses up the SMS token and gives a fresh single-use link token for the
 * set-new-password page. Each wrong code counts; the fifth voids the code.
 */
export async function verifyResetCode(username: string, code: string, now = new Date()): Promise<CodeResult> {
  const player = await findPlayerByUsername(username);
  const active = and(isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now), lt(passwordResetTokens.attempts, MAX_CODE_ATTEMPTS));
  const [latest] = player
    ? await db
        .select({ id: passwordResetTokens.id })
        .from(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.playerId, player.id),
            eq(passwordResetTokens.channel, "sms"),
            like(passwordResetTokens.tokenHash, "%.%"),
            active,
          ),
        )
        .orderBy(desc(passwordResetTokens.id))
        .limit(1)
    : [];
  // The attempt is counted before the code is compared, so parallel guesses cannot share one attempt.
  const [row] = latest
    ? await db
        .update(passwordResetTokens)
        .set({ attempts: sql`${passwordResetTokens.attempts} + 1` })
        .where(and(eq(passwordResetTokens.id, latest.id), active))
        .returning({ id: passwordResetTokens.id, tokenHash: passwordResetTokens.tokenHash, attempts: passwordResetTokens.attempts })
    : [];
  const expected = row?.tokenHash ?? "no-such-token.";
  const right = sameString(codeHash(expected.split(".")[0]!, code), expected);
  if (!player || player.status !== "active" || !row) return { ok: false };
  if (!right) {
    if (row.attempts >= MAX_CODE_ATTEMPTS) await db.update(passwordResetTokens).set({ usedAt: now }).where(eq(passwordResetTokens.id, row.id));
    return { ok: false };
  }
  const token = randomBytes(32).toString("base64url");
  const issued = await db.transaction(async (tx) => {
    // Only one of two simultaneous right answers wins the code.
    const used = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    if (!used.length) return false;
    await issueToken(tx, player.id, "sms", sha256(token), now);
    return true;
  });
  return issued ? { ok: true, token } : { ok: false };
}

function linkTokenWhere(token: string, now: Date) {
  return and(eq(passwordResetTokens.tokenHash, sha256(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now));
}

/** Whether a link token can still be used (the set-new-password page shows its form only then). */
export async function isResetTokenValid(token: string, now = new Date()) {
  if (!token || token.length > 200) return false;
  const [row] = await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(linkTokenWhere(token, now)).limit(1);
  return !!row;
}

/** /forgot-password/new: uses up the token, sets the password and ends every session of the player. */
export async function resetPasswordWithToken(token: string, newPassword: string, now = new Date()): Promise<{ ok: boolean }> {
  if (!token || token.length > 200) return { ok: false };
  const playerId = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(linkTokenWhere(token, now))
      .returning({ playerId: passwordResetTokens.playerId });
    if (!row) return undefined;
    await setPassword(row.playerId, newPassword, tx);
    await deleteOtherSessions(row.playerId, undefined, tx);
    return row.playerId;
  });
  return { ok: playerId !== undefined };
}

export type OwnPasswordResult =
  { ok: true } | { ok: false; error: "errors.currentPasswordWrong" } | { ok: false; error: "errors.tooManyAttempts"; minutes: number };

/**
 * /reset-password: needs the current password (wrong guesses count like failed log-ins, so a borrowed
 * session cannot try passwords without limit) and ends the player's other sessions.
 */
export async function changeOwnPassword(
  player: Pick<Player, "id" | "username">,
  input: { currentPassword: string; newPassword: string },
  { ip, keepToken }: { ip: string; keepToken: string },
): Promise<OwnPasswordResult> {
  const gate = await beginLoginAttempt("player", player.username, ip);
  if (!gate.ok) return { ok: false, error: "errors.tooManyAttempts", minutes: gate.retryAfterMinutes };
  const result = await changePassword(player.id, input.currentPassword, input.newPassword);
  if (!result.ok) {
    await loginFailed(gate.attempt);
    return { ok: false, error: "errors.currentPasswordWrong" };
  }
  await loginSucceeded(gate.attempt);
  await deleteOtherSessions(player.id, keepToken);
  return { ok: true };
}
