// The in-house provider: its games are pages of this app, so the launch URL is our own page for the game code.
import { LaunchError, UNEXPECTED_LAUNCH_ERROR, type GameProviderAdapter } from "./types.ts";

/** Game code → our page. Crash, Dice and Mines are served by this app (app/routes/games/house-*.tsx). */
export const housePages: Record<string, string> = {
  "HOUSE-CRASH-CRASH": "/house/crash",
  "HOUSE-ARCADE-DICE": "/house/dice",
  "HOUSE-ARCADE-MINES": "/house/mines",
};

export const houseAdapter: GameProviderAdapter = {
  async launch({ game }) {
    const url = housePages[game.code];
    if (!url) throw new LaunchError("unexpected", UNEXPECTED_LAUNCH_ERROR, 502);
    return { url };
  },
};
