// What the Crash page shows around the round (balance, stake limits, max win, what the round taking bets can still
// pay, the player's own bet) and its refusals
// as form errors.
import { findHouseGame } from "../game-row.server.ts";
import { playableBalance } from "../page-data.server.ts";
import { CRASH_CODE } from "./game.ts";
import { crashState } from "./store.server.ts";
import { crashView } from "./view.ts";
import { takaText } from "#app/kernel/money.ts";
import { roundRoom } from "./bets.server.ts";

export async function crashPageData(playerId: number) {
  const [game, balance, state] = await Promise.all([findHouseGame(CRASH_CODE), playableBalance(playerId), crashState(playerId)]);
  const room = game ? await roundRoom(game) : null;
  return {
    game: game
      ? {
          min: takaText(game.minStake),
          max: takaText(game.maxStake),
          maxWin: takaText(game.maxWin),
          roundRoom: room === null ? null : takaText(room),
        }
      : null,
    balance,
    view: crashView(state),
  };
}
