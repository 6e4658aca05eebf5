import { z } from "zod";
import { NO_STORE } from "#app/modules/api/index.server.ts";
import { liveEvents, refuseDataRequest } from "#app/modules/events/index.server.ts";
import { getRace, standingsJson, watchRace } from "#app/modules/races/index.server.ts";
import type { Route } from "./+types/race-events";

const HEARTBEAT_MS = 15_000;
const raceIds = z
  .string()
  .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,19}$/)
  .transform((text) => [...new Set(text.split(",").map(Number))])
  .refine((ids) => ids.every((id) => id <= 2_147_483_647));

/**
 * GET ?race=<id>[,<id>...] (up to 20): the live standings of those active races as server-sent events, on one
 * connection for the whole /races page (public: masked names and totals, no login): "standings" with each race's
 * current top at once and whenever it changed, at most once a second a race; "heartbeat" every 15 s. The page applies
 * them; without JavaScript it shows the standings as of its load.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  refuseDataRequest(request);
  const parsed = raceIds.safeParse(url.searchParams.get("race") ?? undefined);
  if (!parsed.success) return Response.json({ message: "race must be up to 20 race ids separated by commas" }, { status: 400, headers: NO_STORE });
  const active = (await Promise.all(parsed.data.map((id) => getRace(id)))).filter((r) => r?.active).map((r) => r!.id);
  if (!active.length) return Response.json({ message: "No such race running" }, { status: 404, headers: NO_STORE });
  const first = await Promise.all(active.map((id) => standingsJson(id)));
  return liveEvents(
    request.signal,
    (emit) => {
      for (const json of first) if (json) emit("standings", json);
      const stops = active.map((id) => watchRace(id, (json) => emit("standings", json)));
      return () => {
        for (const stop of stops) stop();
      };
    },
    { heartbeatMs: HEARTBEAT_MS },
  );
}
