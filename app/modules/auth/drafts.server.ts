// Step 1 of /register kept between the two posts: in the database (any instance serves step 2), under the hash of a
// random id that only the visitor's HttpOnly cookie holds, with the password already hashed, for DRAFT_MINUTES.
import { createHash, randomBytes } from "node:crypto";
import { eq, gt, and, lt } from "drizzle-orm";
import { createCookie } from "react-router";
import { getEnv } from "#app/config/env.server.ts";
import { db, type Executor } from "#app/db/db.server.ts";
import type { Currency } from "#app/modules/players/index.ts";
import { hashPassword } from "#app/modules/players/index.server.ts";
import { signupDrafts } from "./schema.ts";

export const DRAFT_MINUTES = 30;
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

let cookie: ReturnType<typeof createCookie> | undefined;
function draftCookie() {
  cookie ??= createCookie("signup_draft", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: getEnv().PUBLIC_URL.startsWith("https:"),
    maxAge: DRAFT_MINUTES * 60,
  });
  return cookie;
}

export async function draftTokenOf(request: Request): Promise<string | null> {
  const value: unknown = await draftCookie()
    .parse(request.headers.get("cookie"))
    .catch(() => null);
  return typeof value === "string" && TOKEN.test(value) ? value : null;
}

const idHashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

export type DraftValues = { username: string; password: string; currency: Currency; referralCode: string };
export type Draft = Omit<DraftValues, "password"> & { passwordHash: string };

/** Keeps step 1 under a new id (an earlier draft of the visitor is replaced); returns the cookie to set. */
export async function saveDraft(previous: string | null, values: DraftValues, now = new Date()): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  const passwordHash = await hashPassword(values.password);
  await db.transaction(async (tx) => {
    if (previous) await tx.delete(signupDrafts).where(eq(signupDrafts.idHash, idHashOf(previous)));
    await tx.insert(signupDrafts).values({
      idHash: idHashOf(token),
      username: values.username,
      passwordHash,
      currency: values.currency,
      referralCode: values.referralCode,
      expiresAt: new Date(now.getTime() + DRAFT_MINUTES * 60_000),
    });
  });
  return draftCookie().serialize(token);
}

export async function readDraft(token: string | null, now = new Date()): Promise<Draft | null> {
  if (!token) return null;
  const [row] = await db
    .select()
    .from(signupDrafts)
    .where(and(eq(signupDrafts.idHash, idHashOf(token)), gt(signupDrafts.expiresAt, now)))
    .limit(1);
  return row ? { username: row.username, passwordHash: row.passwordHash, currency: row.currency, referralCode: row.referralCode } : null;
}

/** After the sign-up: the draft is gone and so is the cookie (returns its clearing Set-Cookie). */
export async function deleteDraft(token: string | null): Promise<string> {
  if (token) await db.delete(signupDrafts).where(eq(signupDrafts.idHash, idHashOf(token)));
  return draftCookie().serialize("", { maxAge: 0 });
}

/** Drafts past their time are useless; called hourly (app/startup/maintenance.server.ts). */
export async function pruneSignupDrafts(executor: Executor = db, now = new Date()) {
  await executor.delete(signupDrafts).where(lt(signupDrafts.expiresAt, now));
}
