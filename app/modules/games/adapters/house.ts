// The in-house provider: its games are pages of this app, so the launch URL is our own page for the game code.
import { houseGames } from "../house/registry.ts";
import { LaunchError, UNEXPECTED_LAUNCH_ERROR, type GameProviderAdapter } from "./types.ts";

/** Game code → our page: every in-house game of the registry (served by app/routes/games/house-*.tsx). */
export const housePages: Record<string, string> = Object.fromEntries(houseGames.map((g) => [g.code, g.path]));

export const houseAdapter: GameProviderAdapter = {
  async launch({ game }) {
    const url = housePages[game.code];
    if (!url) throw new LaunchError("unexpected", UNEXPECTED_LAUNCH_ERROR, 502);
    return { url };
  },
};
