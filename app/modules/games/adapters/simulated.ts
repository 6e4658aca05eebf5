// The built-in simulated aggregator: answers launches of aggregator providers that have no base URL (the demo
// catalogue on a fresh machine). Its "game" is our own page /sim-aggregator/play, which finds the session by the
// launch token and bets through the seamless wallet like a real provider would (sim-aggregator.server.ts).
import type { GameProviderAdapter } from "./types.ts";

export const SIM_AGGREGATOR_PATH = "/sim-aggregator/play";

export const simSessionUrl = (token: string) => `${SIM_AGGREGATOR_PATH}?${new URLSearchParams({ session: token })}`;

export const simulatedAggregatorAdapter: GameProviderAdapter = {
  async launch({ token }) {
    return { url: simSessionUrl(token) };
  },
};
