// What the Crash page shows around the round (balance, stake limits, the player's own bet) and its refusals
// as form errors.
import { findHouseGame } from "../game-row.server.ts";
import { playableBalance } from "../page-data.server.ts";
import { CRASH_CODE } from "./game.ts";
import { crashState } from "./store.server.ts";
import { crashView } from "./view.ts";
import { takaText } from "#app/kernel/money.ts";

export async function crashPageData(playerId: number) {
  const [game, balance, state] = await Promise.all([findHouseGame(CRASH_CODE), playableBalance(playerId), crashState(playerId)]);
  return {
    game: game ? { min: takaText(game.minStake), max: takaText(game.maxStake) } : null,
    balance,
    view: crashView(state),
  };
}
