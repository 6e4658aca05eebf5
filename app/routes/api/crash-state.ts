import { crashState } from "#app/modules/games/index.server.ts";
import { crashView } from "#app/modules/games/index.ts";
import { getAuth } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/crash-state";

/**
 * GET /api/crash/state: the Crash round for clients that poll instead of listening to /resources/crash-events:
 * round (id, phase, multiplier in hundredths, bettingEndsAt, elapsed), the signed-in player's bet, this round's
 * bets (names masked), the last 20 crashed rounds with crash points and hashes, the published chain. The current
 * round's hash and crash point are never included before it crashes.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const auth = getAuth(context);
  const view = crashView(await crashState(auth?.player.id));
  return Response.json(view, { headers: { "Cache-Control": "no-store", Vary: "Cookie" } });
}
