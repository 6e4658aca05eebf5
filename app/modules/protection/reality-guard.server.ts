// The one reality-check guard every game page calls from its loader and its action: a check that is due sends
// the player to the interstitial /reality-check (the way it works without JavaScript) before the game is shown
// or a bet is taken; otherwise the page gets when the next check is due, for the modal's timer.
import { type RouterContextProvider, redirect } from "react-router";
import { type AreaBundle, areaBundle } from "#app/i18n/areas.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { realityState } from "./reality.server.ts";

export const REALITY_PATH = "/reality-check";

export type RealityClientData = {
  /** ISO time the next check is due, null when checks are off. */
  dueAt: string | null;
  /**
   * Milliseconds until then by the server's clock: the browser's timer counts this from when it got the answer, so a
   * browser clock that is off does not move the check.
   */
  dueInMs: number | null;
  /** The strings of the modal and the game page's responsible-gaming link. */
  area: AreaBundle<"protectionReality">;
};

export const interstitialHref = (redirectTo: string) => `${REALITY_PATH}?${new URLSearchParams({ redirectTo })}`;

/** Throws the redirect to the interstitial when a check is due; `url` is the game page's (where to come back to). */
export async function guardRealityCheck(context: Readonly<RouterContextProvider>, url: URL, now = new Date()): Promise<RealityClientData> {
  const { player, token } = requirePlayer(context, url);
  const state = await realityState(player.id, token, now);
  if (state?.due) throw redirect(interstitialHref(url.pathname + url.search));
  const dueAt = state?.dueAt ?? null;
  return {
    dueAt: dueAt?.toISOString() ?? null,
    dueInMs: dueAt ? dueAt.getTime() - now.getTime() : null,
    area: areaBundle(context, "protectionReality"),
  };
}

/**
 * True when the player's reality check has fallen due: for a run of bets in one request (autobet's server-side run),
 * which stops there instead of redirecting in the middle.
 */
export async function realityCheckDue(context: Readonly<RouterContextProvider>, url: URL, now = new Date()): Promise<boolean> {
  const { player, token } = requirePlayer(context, url);
  return Boolean((await realityState(player.id, token, now))?.due);
}
