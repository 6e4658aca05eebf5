import { liveEvents, refuseDataRequest } from "#app/modules/events/index.server.ts";
import { subscribeCrash, viewersBets } from "#app/modules/games/index.server.ts";
import { getAuth } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/live-bets";

const HEARTBEAT_MS = 15_000;

/**
 * GET: the house games' live bets as server-sent events, for the pages other than Crash's (whose own stream carries
 * them): "hb" ({ l: settled bets, masked, without player ids }) from the Crash event channel, "hbMine" (the ids of a
 * batch's bets that are the signed-in viewer's), "heartbeat" every 15 s. Public data: no login needed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  refuseDataRequest(request);
  const viewerId = getAuth(context)?.player.id ?? null;
  return liveEvents(
    request.signal,
    (emit) =>
      subscribeCrash((event, json) => {
        if (event.t !== "hb") return;
        emit("hb", json);
        const mine = viewersBets(event, viewerId);
        if (mine.length > 0) emit("hbMine", JSON.stringify(mine));
      }),
    { heartbeatMs: HEARTBEAT_MS },
  );
}
