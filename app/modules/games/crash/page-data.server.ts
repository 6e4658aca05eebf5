// What the Crash page shows around the round (balance, stake limits, the player's own bet) and its refusals
// translated for the page.
import type { RouterContextProvider } from "react-router";
import { getInstance } from "#app/i18n/i18n.server.ts";
import { findHouseGame, taka } from "../house/game-row.server.ts";
import { playableBalance } from "../house/page-data.server.ts";
import { CRASH_CODE } from "./bets.server.ts";
import type { CrashError } from "./errors.ts";
import { crashState } from "./store.server.ts";
import { crashView } from "./view.ts";

export async function crashPageData(playerId: number) {
  const [game, balance, state] = await Promise.all([findHouseGame(CRASH_CODE), playableBalance(playerId), crashState(playerId)]);
  return {
    game: game ? { min: taka(game.minStake), max: taka(game.maxStake) } : null,
    balance,
    view: crashView(state),
  };
}

export function crashErrorText(context: Readonly<RouterContextProvider>, e: CrashError): string {
  const t = getInstance(context).t as unknown as (key: string, options?: Record<string, string>) => string;
  return t(`crash.errors.${e.code}`, e.params);
}
