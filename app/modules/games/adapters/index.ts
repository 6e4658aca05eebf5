// Which adapter launches a provider's games.
import type { GameProvider } from "../schema.ts";
import { houseAdapter } from "./house.ts";
import { httpAggregatorAdapter } from "./http.server.ts";
import { simulatedAggregatorAdapter } from "./simulated.ts";
import type { GameProviderAdapter } from "./types.ts";

/** house → our own pages; aggregator with a base URL → the HTTP aggregator; without one → the simulated aggregator. */
export function adapterFor(provider: Pick<GameProvider, "kind" | "baseUrl">): GameProviderAdapter {
  if (provider.kind === "house") return houseAdapter;
  return provider.baseUrl.trim() ? httpAggregatorAdapter : simulatedAggregatorAdapter;
}

export {
  LaunchError,
  isLaunchError,
  UNEXPECTED_LAUNCH_ERROR,
  type GameProviderAdapter,
  type AdapterLaunchInput,
  type LaunchDevice,
  type LaunchLang,
} from "./types.ts";
