// E-mail verification by a single-use link sent through the outbox; only the token's SHA-256 is stored.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { getEnv } from "#app/config/env.server.ts";
import { db } from "#app/db/db.server.ts";
import { enqueueMessage } from "#app/modules/outbox/index.server.ts";
import { findPlayerById, takeHits, players, markEmailVerified } from "#app/modules/players/index.server.ts";
import { claimContact, contactOwner, emailAddress } from "./contacts.server.ts";
import { profileText } from "./messages.server.ts";
import type { ProfileError } from "./phone-verification.server.ts";
import { emailVerificationTokens } from "./schema.ts";

export const EMAIL_LINK_TTL_HOURS = 24;
export const EMAIL_RESEND_MINUTES = 2;
export const MAX_EMAIL_LINKS_PER_HOUR = 5;

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");

export type EmailSendResult = { ok: true; email: string } | ProfileError;

/** Sends a link to the player's current address (a newer link voids the older ones). */
export async function sendEmailVerification(playerId: number, now = new Date()): Promise<EmailSendResult> {
  const player = await findPlayerById(playerId);
  if (!player) return { ok: false, error: "profile.errors.phoneNotFound", status: 404 };
  if (player.emailVerifiedAt) return { ok: false, error: "profile.errors.emailAlreadyVerified", status: 409 };
  const email = emailAddress(player.email);
  if ((await contactOwner(db, "email", email, playerId)) !== undefined) return { ok: false, error: "profile.errors.emailTaken", status: 409 };
  const taken = await takeHits(
    [
      { key: `email-verify:player:${playerId}`, max: 1, windowMinutes: EMAIL_RESEND_MINUTES },
      { key: `email-verify:player-hour:${playerId}`, max: MAX_EMAIL_LINKS_PER_HOUR, windowMinutes: 60 },
    ],
    now,
  );
  if (!taken.ok) return { ok: false, error: "profile.errors.waitToResendEmail", status: 429, params: { minutes: taken.retryAfterMinutes } };

  const token = randomBytes(32).toString("base64url");
  const link = `${getEnv().PUBLIC_URL.replace(/\/+$/, "")}/profile/verify-email?token=${token}`;
  const vars = { username: player.username, link, hours: EMAIL_LINK_TTL_HOURS };
  await db.transaction(async (tx) => {
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(and(eq(emailVerificationTokens.playerId, playerId), isNull(emailVerificationTokens.usedAt)));
    await tx.insert(emailVerificationTokens).values({
      playerId,
      email,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + EMAIL_LINK_TTL_HOURS * 3_600_000),
      createdAt: now,
    });
    await enqueueMessage(tx, {
      channel: "email",
      recipient: player.email,
      kind: "email-verification",
      subject: profileText("emailSubject", vars),
      body: profileText("emailBody", vars),
    });
  });
  return { ok: true, email: player.email };
}

const liveToken = (token: string, now: Date) =>
  and(eq(emailVerificationTokens.tokenHash, sha256(token)), isNull(emailVerificationTokens.usedAt), gt(emailVerificationTokens.expiresAt, now));

/** The address a link would verify, or null when the link cannot be used (the page shows its confirm button only then). */
export async function emailTokenAddress(token: string, now = new Date()) {
  if (!token || token.length > 200) return null;
  const [row] = await db.select({ email: emailVerificationTokens.email }).from(emailVerificationTokens).where(liveToken(token, now));
  return row?.email ?? null;
}

export type EmailVerifyResult = { ok: true; email: string } | { ok: false; error: "invalid" | "changed" | "taken" };

class EmailTaken extends Error {}

/** Uses up the link and marks the address verified, unless another account verified it first. */
export async function verifyEmailToken(token: string, now = new Date()): Promise<EmailVerifyResult> {
  if (!token || token.length > 200) return { ok: false, error: "invalid" };
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(emailVerificationTokens)
        .set({ usedAt: now })
        .where(liveToken(token, now))
        .returning({ playerId: emailVerificationTokens.playerId, email: emailVerificationTokens.email });
      if (!row) return { ok: false, error: "invalid" } as const;
      const [player] = await tx.select().from(players).where(eq(players.id, row.playerId)).for("update");
      if (!player || emailAddress(player.email) !== row.email) return { ok: false, error: "changed" } as const;
      if (!(await claimContact(tx, "email", row.email, player.id))) throw new EmailTaken();
      await markEmailVerified(tx, player.id, now);
      return { ok: true, email: player.email } as const;
    });
  } catch (e) {
    if (e instanceof EmailTaken) return { ok: false, error: "taken" };
    throw e;
  }
}
