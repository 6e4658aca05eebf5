import { exchangeId, pinnedMarketIds } from "#app/components/exchange/schemas.ts";
import { NO_STORE } from "#app/modules/api/index.server.ts";
import { subscribeBalance, liveEvents, refuseDataRequest } from "#app/modules/events/index.server.ts";
import { watchMarkets, liveMarketIds, unsettledMarketIds } from "#app/modules/exchange/index.server.ts";
import { type PushedMarket, marketKind } from "#app/modules/exchange/index.ts";
import { getAuth } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/exchange-events";

const HEARTBEAT_MS = 15_000;

/**
 * GET ?event=<id>: an exchange event's markets as server-sent events (public prices, so no login): "market" with a
 * market's state (app/modules/exchange/market-stream.server.ts) whenever it changed, at most once per market per
 * 100 ms; "heartbeat" every 15 s. A page drops a message whose `version` is older than the one it shows. For a
 * logged-in player also "position" when their money moved (a fill of a resting bet, a lapse, a settlement): the page
 * applies prices itself and reloads its data only then (app/modules/exchange/live-page.ts). A Fancy line opened
 * later joins the stream when a match-odds push names it, and a settled one leaves it after its closing push.
 *
 * GET ?markets=<id>,<id>,... (up to 20): the Multi Markets page, "market" for those markets only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  refuseDataRequest(request);
  const query = new URL(request.url).searchParams;
  if (query.has("markets")) return pinnedMarkets(request.signal, query.get("markets")!);
  const parsed = exchangeId.safeParse(query.get("event") ?? undefined);
  if (!parsed.success) return Response.json({ message: "event must be an event id" }, { status: 400, headers: NO_STORE });
  const markets = await liveMarketIds(parsed.data);
  if (!markets.length) return Response.json({ message: "No such event with open markets" }, { status: 404, headers: NO_STORE });
  const playerId = getAuth(context)?.player.id;
  return liveEvents(
    request.signal,
    (emit) => {
      // One watch per market, so that a settled Fancy line can leave the stream while the others stay.
      const watching = new Map<number, () => void>();
      const watch = (ids: number[]) => {
        for (const id of ids) if (!watching.has(id)) watching.set(id, watchMarkets([id], send));
      };
      const send = (id: number, json: string, market: PushedMarket) => {
        emit("market", json);
        // A settled Fancy line leaves the page (it reloads on this push), so its later changes go nowhere.
        if (!marketKind(market.kind).hasRunners && market.status === "closed") {
          watching.get(id)?.();
          watching.set(id, () => {});
        }
        // A match-odds push names the event's live markets: a Fancy line opened since the page connected joins.
        if (market.markets) watch([...market.markets]);
      };
      watch(markets);
      const stopPositions = playerId ? subscribeBalance(playerId, () => emit("position", String(Date.now()))) : () => {};
      return () => {
        for (const stop of watching.values()) stop();
        stopPositions();
      };
    },
    { heartbeatMs: HEARTBEAT_MS },
  );
}

async function pinnedMarkets(signal: AbortSignal, text: string) {
  const parsed = pinnedMarketIds.safeParse(text);
  if (!parsed.success)
    return Response.json({ message: "markets must be up to 20 market ids separated by commas" }, { status: 400, headers: NO_STORE });
  const markets = await unsettledMarketIds([...new Set(parsed.data)]);
  if (!markets.length) return Response.json({ message: "No such markets open" }, { status: 404, headers: NO_STORE });
  return liveEvents(signal, (emit) => watchMarkets(markets, (_id, json) => emit("market", json)), { heartbeatMs: HEARTBEAT_MS });
}
