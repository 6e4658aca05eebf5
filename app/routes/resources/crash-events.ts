import { liveEvents, refuseDataRequest } from "#app/modules/events/index.server.ts";
import { engineSnapshot, subscribeCrash, currentRound, viewersBets } from "#app/modules/games/index.server.ts";
import { getAuth } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/crash-events";

const HEARTBEAT_MS = 15_000;

/**
 * GET: the shared Crash round as server-sent events (public data only, so no login): "state" at once (the current
 * round; its hash and crash point only once crashed), then every engine event under its type (betting, running,
 * tick, crashed, voided, bet, cashout; payloads in app/modules/games/house/crash/events.ts), the house games' live
 * bets ("hb", without player ids) and, for a signed-in viewer, which of a batch were theirs ("hbMine": bet ids),
 * "heartbeat" every 15 s.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  refuseDataRequest(request);
  const viewerId = getAuth(context)?.player.id ?? null;
  const round = engineSnapshot() ?? (await currentRound());
  return liveEvents(
    request.signal,
    (emit) => {
      emit("state", JSON.stringify({ round, serverNow: Date.now() }));
      return subscribeCrash((event, json) => {
        emit(event.t, json);
        const mine = viewersBets(event, viewerId);
        if (mine.length > 0) emit("hbMine", JSON.stringify(mine));
      });
    },
    { heartbeatMs: HEARTBEAT_MS },
  );
}
