import { liveEvents, refuseDataRequest } from "#app/modules/events/index.server.ts";
import { engineSnapshot, subscribeCrash, currentRound } from "#app/modules/games/index.server.ts";
import type { Route } from "./+types/crash-events";

const HEARTBEAT_MS = 15_000;

/**
 * GET: the shared Crash round as server-sent events (public data only, so no login): "state" at once (the current
 * round; its hash and crash point only once crashed), then every engine event under its type (betting, running,
 * tick, crashed, voided, bet, cashout; payloads in app/modules/games/house/crash/events.ts), "heartbeat" every 15 s.
 */
export async function loader({ request }: Route.LoaderArgs) {
  refuseDataRequest(request);
  const round = engineSnapshot() ?? (await currentRound());
  return liveEvents(
    request.signal,
    (emit) => {
      emit("state", JSON.stringify({ round, serverNow: Date.now() }));
      return subscribeCrash((event, json) => emit(event.t, json));
    },
    { heartbeatMs: HEARTBEAT_MS },
  );
}
