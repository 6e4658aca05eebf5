import { randomInt } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { creditDemoBalance } from "./demo-credit.server.ts";
import { hashPassword, burnPasswordCheck, verifyPassword } from "./password.server.ts";
import { beginLoginAttempt, loginFailed, loginSucceeded, releaseHits, takeHits, type LoginPace } from "./rate-limit.server.ts";
import { players } from "./schema.ts";
import type { NewPlayerInput, SignupInput } from "./validation.ts";

/** A sign-up whose password was hashed earlier (the two-step form hashes it with step 1, see modules/auth). */
export type HashedNewPlayerInput = Omit<NewPlayerInput, "password" | "confirmPassword"> & { passwordHash: string };

export type Player = typeof players.$inferSelect;
export type PublicPlayer = Omit<Player, "passwordHash">;

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O, 1/I: codes are read aloud and typed

function newReferralCode() {
  let code = "";
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export function toPublic({ passwordHash: _omit, ...rest }: Player): PublicPlayer {
  return rest;
}

export async function findPlayerByUsername(username: string) {
  const [row] = await db
    .select()
    .from(players)
    .where(sql`lower(${players.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findPlayerById(id: number) {
  const [row] = await db.select().from(players).where(eq(players.id, id)).limit(1);
  return row;
}

export async function findPlayerByReferralCode(code: string) {
  const [row] = await db.select({ id: players.id }).from(players).where(eq(players.referralCode, code.trim().toUpperCase())).limit(1);
  return row;
}

export type FieldErrors = Partial<Record<keyof SignupInput, string[]>>;
export type CreatePlayerResult =
  | { ok: true; player: PublicPlayer }
  | { ok: false; fieldErrors: FieldErrors }
  /** Too many sign-ups from the address: no field is wrong (fieldErrors is empty); try again in that many minutes. */
  | { ok: false; fieldErrors: FieldErrors; retryAfterMinutes: number };

/** Sign-ups per address and window. Generous, like the log-in limit per address: many players share a carrier's address (CGNAT). */
export const MAX_SIGNUPS_PER_IP = 30;
export const SIGNUP_WINDOW_MINUTES = 60;
export const signupIpKey = (ip: string) => `signup:ip:${ip}`;

/**
 * Only a process on this machine connects from a loopback address: a reverse proxy here is trusted and its
 * clients appear with their own address (server.mjs), so what remains is local tooling such as the browser
 * tests, which sign up a few dozen players per run. Sign-ups from there are not limited.
 */
export const isLoopback = (ip: string) => /^(127\.|::ffff:127\.)/.test(ip) || ip === "::1";

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === "23505" || err?.cause?.code === "23505";
};

/**
 * Creates an account. With `ip` (every form and API sign-up should pass clientIp(request)), the sign-up takes a
 * place under the per-address limit before the password is hashed (atomically: parallel sign-ups from one
 * address never create more than MAX_SIGNUPS_PER_IP); a sign-up that creates nothing gives its place back.
 * `callingCode` is the phone's, already checked by the caller; without it the column's default (880) is kept.
 */
export async function createPlayer(
  input: NewPlayerInput | HashedNewPlayerInput,
  { ip, now = new Date(), callingCode }: { ip?: string; now?: Date; callingCode?: string } = {},
): Promise<CreatePlayerResult> {
  if (await findPlayerByUsername(input.username)) {
    return { ok: false, fieldErrors: { username: ["errors.usernameTaken"] } };
  }
  let referredById: number | null = null;
  if (input.referralCode) {
    const referrer = await findPlayerByReferralCode(input.referralCode);
    if (!referrer) return { ok: false, fieldErrors: { referralCode: ["errors.referralNotFound"] } };
    referredById = referrer.id;
  }
  let hitIds: number[] = [];
  if (ip !== undefined && !isLoopback(ip)) {
    const taken = await takeHits([{ key: signupIpKey(ip), max: MAX_SIGNUPS_PER_IP, windowMinutes: SIGNUP_WINDOW_MINUTES }], now);
    if (!taken.ok) return { ok: false, fieldErrors: {}, retryAfterMinutes: taken.retryAfterMinutes };
    hitIds = taken.ids;
  }
  let created = false;
  try {
    const result = await insertPlayer(input, referredById, callingCode);
    created = result.ok;
    return result;
  } finally {
    if (!created) await releaseHits(hitIds);
  }
}

async function insertPlayer(
  input: NewPlayerInput | HashedNewPlayerInput,
  referredById: number | null,
  callingCode?: string,
): Promise<CreatePlayerResult> {
  const passwordHash = "passwordHash" in input ? input.passwordHash : await hashPassword(input.password);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      // The player and the demo starting balance (demo mode) commit together.
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(players)
          .values({
            username: input.username,
            passwordHash,
            name: input.name,
            ...(callingCode ? { callingCode } : {}),
            phone: input.phone,
            email: input.email.toLowerCase(),
            currency: input.currency,
            referralCode: newReferralCode(),
            referredById,
          })
          .returning();
        await creditDemoBalance(created!, tx);
        return created!;
      });
      return { ok: true, player: toPublic(row) };
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      // Either another sign-up took the username a moment ago, or the random referral code collided.
      if (await findPlayerByUsername(input.username)) {
        return { ok: false, fieldErrors: { username: ["errors.usernameTaken"] } };
      }
    }
  }
  throw new Error("Could not allocate a unique referral code");
}

export type AuthResult =
  | { ok: true; player: PublicPlayer }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "rateLimited"; retryAfterMinutes: number }
  | { ok: false; reason: "blocked" };

/**
 * Checks a player's password under the log-in limits of rate-limit.server.ts: per (username, address) a refusal
 * (429), per address and per username only a slow-down, so no stranger can lock the owner out.
 */
export async function authenticate(username: string, password: string, ip: string, options?: LoginPace): Promise<AuthResult> {
  const gate = await beginLoginAttempt("player", username, ip, options);
  if (!gate.ok) return { ok: false, reason: "rateLimited", retryAfterMinutes: gate.retryAfterMinutes };

  const player = await findPlayerByUsername(username);
  const valid = player ? await verifyPassword(player.passwordHash, password) : (await burnPasswordCheck(password), false);
  if (!player || !valid) {
    await loginFailed(gate.attempt);
    return { ok: false, reason: "invalid" };
  }
  await loginSucceeded(gate.attempt);
  if (player.status !== "active") return { ok: false, reason: "blocked" };
  return { ok: true, player: await markLoggedIn(player.id) };
}

/** Records a log-in (the member centre's "Last Login Time" and the staff dashboard's count read it). */
export async function markLoggedIn(playerId: number) {
  const [updated] = await db.update(players).set({ lastLoginAt: new Date() }).where(eq(players.id, playerId)).returning();
  return toPublic(updated!);
}

export type ChangePasswordResult = { ok: true } | { ok: false; field: "currentPassword"; error: string };

export async function changePassword(playerId: number, currentPassword: string, newPassword: string): Promise<ChangePasswordResult> {
  const player = await findPlayerById(playerId);
  if (!player || !(await verifyPassword(player.passwordHash, currentPassword))) {
    return { ok: false, field: "currentPassword", error: "errors.currentPasswordWrong" };
  }
  await setPassword(playerId, newPassword);
  return { ok: true };
}

/** Pass a transaction as executor to make the change part of it (e.g. together with using a reset token). */
export async function setPassword(playerId: number, newPassword: string, executor: Executor = db) {
  const passwordHash = await hashPassword(newPassword);
  await executor.update(players).set({ passwordHash, updatedAt: new Date() }).where(eq(players.id, playerId));
}

/** Security level of spec section 4: Unverified, Normal (e-mail or phone verified), Safe (both). */
export function securityLevel(p: Pick<Player, "emailVerifiedAt" | "phoneVerifiedAt">): "unverified" | "normal" | "safe" {
  const count = Number(!!p.emailVerifiedAt) + Number(!!p.phoneVerifiedAt);
  return count === 2 ? "safe" : count === 1 ? "normal" : "unverified";
}
