import { db } from "#app/db/db.server.ts";
import { authenticate } from "#app/modules/players/index.server.ts";
import { activeExclusion } from "#app/modules/protection/index.server.ts";
import { exclusionRefusal } from "#app/modules/protection/index.ts";
import { deviceIdOf } from "#app/modules/risk/index.server.ts";
import { checkJurisdiction } from "#app/modules/settings/index.server.ts";
import { clientIp, commitSessionCookie, createSession } from "#app/modules/sessions/index.server.ts";

export type LoginOutcome =
  | { ok: true; token: string; player: { id: number; username: string }; setCookie: string }
  | {
      ok: false;
      status: 401 | 403 | 429;
      message:
        | "errors.invalidCredentials"
        | "errors.tooManyAttempts"
        | "errors.accountBlocked"
        | "admin.jurisdiction.refused"
        | ReturnType<typeof exclusionRefusal>["message"];
      params?: { minutes: number } | { until: string };
    };

/** Shared by the login form and POST /api/login: checks the password (rate limited) and opens a session. */
export async function loginWithPassword(request: Request, username: string, password: string): Promise<LoginOutcome> {
  const result = await authenticate(username, password, clientIp(request));
  if (!result.ok) {
    if (result.reason === "rateLimited")
      return { ok: false, status: 429, message: "errors.tooManyAttempts", params: { minutes: result.retryAfterMinutes } };
    if (result.reason === "blocked") return { ok: false, status: 403, message: "errors.accountBlocked" };
    return { ok: false, status: 401, message: "errors.invalidCredentials" };
  }
  // Real-money mode: only players from the operator's licensed jurisdictions may log in.
  const refusedCountry = await checkJurisdiction(result.player);
  if (refusedCountry) return { ok: false, status: 403, message: refusedCountry.messageKey };
  // A time-out, self-exclusion or closed account: refused (after the right password only) with until when.
  const excluded = await activeExclusion(db, result.player.id);
  if (excluded) return { ok: false, status: 403, ...exclusionRefusal(excluded) };
  const { token } = await createSession(result.player.id, {
    ip: clientIp(request),
    userAgent: request.headers.get("user-agent"),
    deviceId: await deviceIdOf(request),
  });
  return { ok: true, token, player: { id: result.player.id, username: result.player.username }, setCookie: await commitSessionCookie(token) };
}
