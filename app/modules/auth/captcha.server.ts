// The sign-up captcha: a 4-digit code drawn as an image (captcha-image.server.ts) for one visitor, kept in the
// database (so any instance can check it), as an HMAC only, for CAPTCHA_MINUTES, and used at most once. The visitor
// is the random id in the HttpOnly captcha cookie; its hash binds a code to the browser that was shown the image.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { createCookie } from "react-router";
import { getEnv } from "#app/config/env.server.ts";
import { db, type Executor } from "#app/db/db.server.ts";
import { isLoopback, takeHits } from "#app/modules/players/index.server.ts";
import { captchas } from "./schema.ts";

export const CAPTCHA_MINUTES = 5;
export const CAPTCHA_PATTERN = /^\d{4}$/;
/** Images per window: per address generous (CGNAT puts many players behind one), per visitor a few refreshes a minute. */
export const CAPTCHAS_PER_IP = 120;
export const CAPTCHAS_PER_VISITOR = 30;
export const CAPTCHA_WINDOW_MINUTES = 10;

const VISITOR_ID = /^[A-Za-z0-9_-]{32}$/;

let cookie: ReturnType<typeof createCookie> | undefined;
function visitorCookie() {
  cookie ??= createCookie("captcha_vid", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: getEnv().PUBLIC_URL.startsWith("https:"),
    maxAge: 86_400,
  });
  return cookie;
}

/** The visitor's captcha id from their cookie, or null. */
export async function captchaVisitorOf(request: Request): Promise<string | null> {
  const value: unknown = await visitorCookie()
    .parse(request.headers.get("cookie"))
    .catch(() => null);
  return typeof value === "string" && VISITOR_ID.test(value) ? value : null;
}

/** The visitor's id, or a new one with the Set-Cookie header that gives it to them. */
export async function ensureCaptchaVisitor(request: Request): Promise<{ visitorId: string; setCookie: string | null }> {
  const known = await captchaVisitorOf(request);
  if (known) return { visitorId: known, setCookie: null };
  const visitorId = randomBytes(24).toString("base64url");
  return { visitorId, setCookie: await visitorCookie().serialize(visitorId) };
}

const visitorHashOf = (visitorId: string) => createHash("sha256").update(visitorId).digest("base64url");
/** Keyed, so the table alone does not give the 4-digit codes away (10,000 plain hashes would). */
const codeHashOf = (visitorHash: string, code: string) =>
  createHmac("sha256", getEnv().SESSION_SECRET).update(`captcha:${visitorHash}:${code}`).digest("base64url");

/** A new ?r= for the image's address after a post, so the browser fetches a new code. */
export const newImageRound = () => randomInt(1_000_000);

export const newCaptchaCode = () => String(randomInt(10_000)).padStart(4, "0");

export type IssuedCaptcha = { ok: true; code: string } | { ok: false; retryAfterMinutes: number };

/**
 * A fresh code for the visitor; their earlier codes stop working (only the latest image counts). Limited per address
 * and per visitor (rate-limit.server.ts); local tooling (the browser tests) is limited per visitor only.
 */
export async function issueCaptcha(
  visitorId: string,
  { ip, now = new Date(), code = newCaptchaCode() }: { ip?: string; now?: Date; code?: string } = {},
): Promise<IssuedCaptcha> {
  const visitorHash = visitorHashOf(visitorId);
  const window = { windowMinutes: CAPTCHA_WINDOW_MINUTES };
  const limits = [{ key: `captcha:visitor:${visitorHash}`, max: CAPTCHAS_PER_VISITOR, ...window }];
  if (ip !== undefined && !isLoopback(ip)) limits.push({ key: `captcha:ip:${ip}`, max: CAPTCHAS_PER_IP, ...window });
  const taken = await takeHits(limits, now);
  if (!taken.ok) return taken;
  await db.transaction(async (tx) => {
    await tx
      .update(captchas)
      .set({ usedAt: now })
      .where(and(eq(captchas.visitorHash, visitorHash), isNull(captchas.usedAt)));
    await tx
      .insert(captchas)
      .values({ visitorHash, codeHash: codeHashOf(visitorHash, code), expiresAt: new Date(now.getTime() + CAPTCHA_MINUTES * 60_000) });
  });
  return { ok: true, code };
}

/**
 * Uses the visitor's live code and says whether `code` was it. One statement takes the code (used_at IS NULL AND
 * not expired), so of parallel checks exactly one gets it; a wrong guess uses it too, so each image allows one guess.
 */
export async function spendCaptcha(visitorId: string | null, code: string, now = new Date()): Promise<boolean> {
  if (!visitorId) return false;
  const visitorHash = visitorHashOf(visitorId);
  const taken = await db
    .update(captchas)
    .set({ usedAt: now })
    .where(and(eq(captchas.visitorHash, visitorHash), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
    .returning({ codeHash: captchas.codeHash });
  if (!CAPTCHA_PATTERN.test(code)) return false;
  const expected = Buffer.from(codeHashOf(visitorHash, code));
  return taken.some((row) => {
    const actual = Buffer.from(row.codeHash);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  });
}

/** Browser tests only (see routes/resources/e2e-captcha.ts): makes the visitor's live code `code`. */
export async function setLiveCaptchaCode(visitorId: string, code: string, now = new Date()) {
  const visitorHash = visitorHashOf(visitorId);
  const rows = await db
    .update(captchas)
    .set({ codeHash: codeHashOf(visitorHash, code) })
    .where(and(eq(captchas.visitorHash, visitorHash), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
    .returning({ id: captchas.id });
  return rows.length > 0;
}

/** Codes past their time are useless; called hourly (app/startup/maintenance.server.ts). */
export async function pruneCaptchas(executor: Executor = db, now = new Date()) {
  await executor.delete(captchas).where(lt(captchas.expiresAt, now));
}
