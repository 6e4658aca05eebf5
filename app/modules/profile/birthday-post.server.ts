// A birthday form posted to a player page (/deposit, /account/verification): the profile's own birthday save, then
// back to the page (same-site only), or, when the confirmed birthday is under 18, logged out to /age-blocked.
import type { MessageKey } from "#app/i18n/message.ts";
import { translator } from "#app/i18n/translate.server.ts";
import { data, redirect, type RouterContextProvider } from "react-router";
import { profileAction } from "./page-actions.server.ts";
import { clearSessionCookie, safeRedirect } from "#app/modules/sessions/index.server.ts";

export const AGE_BLOCKED_PATH = "/age-blocked";

/** Redirects on success (to `redirectTo` from the form when it is a same-site path, else `fallback`); else the answer. */
export async function birthdayPost(context: Readonly<RouterContextProvider>, playerId: number, formData: FormData, fallback: string) {
  const outcome = await profileAction(playerId, formData);
  if (outcome.ok) {
    if (outcome.blocked) throw redirect(AGE_BLOCKED_PATH, { headers: { "Set-Cookie": await clearSessionCookie() } });
    throw redirect(safeRedirect(formData.get("redirectTo"), fallback));
  }
  const t = translator(context);
  const error = t(outcome.error as MessageKey, outcome.params);
  return data({ birthday: { error, confirm: outcome.confirm ?? null } }, { status: outcome.status });
}
