// Browser tests log players and staff in by opening a session directly (the log-in form has tests of its own and costs
// an argon2 hash per test). Only when the server was started with E2E_SESSION_KEY (scripts/e2e-server.mjs) and never
// under https; the caller proves it knows the key. Anything else is a 404, as if the route did not exist.
import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { type Env, getEnv } from "#app/config/env.server.ts";
import { findPlayerByUsername, markLoggedIn } from "#app/modules/players/index.server.ts";
import { startStaffSession, findStaffByUsername } from "#app/modules/staff/index.server.ts";
import { clientIp, commitSessionCookie, createSession } from "#app/modules/sessions/index.server.ts";

const requestSchema = z.object({ role: z.enum(["player", "staff"]), username: z.string().min(1).max(50) });

export type TestSessionOutcome = { status: 204; setCookie: string } | { status: 400 | 404 };

function keyMatches(env: Pick<Env, "E2E_SESSION_KEY" | "PUBLIC_URL">, given: string | null) {
  if (!env.E2E_SESSION_KEY || env.PUBLIC_URL.startsWith("https:") || !given) return false;
  const expected = Buffer.from(env.E2E_SESSION_KEY);
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whether a request comes from the browser tests (see above): other test-only routes answer 404 otherwise. */
export function isTestRequest(request: Request, env: Pick<Env, "E2E_SESSION_KEY" | "PUBLIC_URL"> = getEnv()): boolean {
  return keyMatches(env, request.headers.get("x-e2e-session-key"));
}

export async function openTestSession(request: Request, env: Pick<Env, "E2E_SESSION_KEY" | "PUBLIC_URL"> = getEnv()): Promise<TestSessionOutcome> {
  if (!keyMatches(env, request.headers.get("x-e2e-session-key"))) return { status: 404 };
  const form = await request.formData().catch(() => null);
  const body = requestSchema.safeParse(form ? Object.fromEntries(form) : null);
  if (!body.success) return { status: 400 };
  const { role, username } = body.data;
  if (role === "staff") {
    const staff = await findStaffByUsername(username);
    if (!staff?.active) return { status: 404 };
    return { status: 204, setCookie: (await startStaffSession(request, staff.id)).setCookie };
  }
  const player = await findPlayerByUsername(username);
  if (!player || player.status !== "active") return { status: 404 };
  await markLoggedIn(player.id);
  const { token } = await createSession(player.id, { ip: clientIp(request), userAgent: request.headers.get("user-agent") });
  return { status: 204, setCookie: await commitSessionCookie(token) };
}
