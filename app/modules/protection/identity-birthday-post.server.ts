// A birthday form posted to a player page (/deposit, /account/verification): the profile's own birthday save, then
// back to the page (same-site only), or, when the confirmed birthday is under 18, logged out to /age-blocked.
import { data, redirect, type RouterContextProvider } from "react-router";
import { getInstance } from "#app/i18n/i18n.server.ts";
import { profileAction } from "#app/modules/profile/page-actions.server.ts";
import { clearSessionCookie, safeRedirect } from "#app/modules/sessions/auth.server.ts";

export const AGE_BLOCKED_PATH = "/age-blocked";

type Loose = (key: string, options?: Record<string, unknown>) => string;

/** Redirects on success (to `redirectTo` from the form when it is a same-site path, else `fallback`); else the answer. */
export async function birthdayPost(context: Readonly<RouterContextProvider>, playerId: number, formData: FormData, fallback: string) {
  const outcome = await profileAction(playerId, formData);
  if (outcome.ok) {
    if (outcome.blocked) throw redirect(AGE_BLOCKED_PATH, { headers: { "Set-Cookie": await clearSessionCookie() } });
    throw redirect(safeRedirect(formData.get("redirectTo"), fallback));
  }
  const t = getInstance(context).t as unknown as Loose;
  const error = t(outcome.error, outcome.params);
  return data({ birthday: { error, confirm: outcome.confirm ?? null } }, { status: outcome.status });
}
