// What the in-house game pages show around the game: balance, stake limits, the seed pair; and their refusals
// translated for the page.
import type { RouterContextProvider } from "react-router";
import { groupTaka } from "#app/components/payments/format.ts";
import { getInstance } from "#app/i18n/i18n.server.ts";
import { formatPoisha, getPlayerBalances, parseTaka } from "#app/modules/ledger/ledger.server.ts";
import type { HouseError } from "./errors.ts";
import { findHouseGame, taka } from "./game-row.server.ts";
import { getActiveSeed } from "./seeds.server.ts";

/** Main plus bonus: what a bet can spend (main first, then bonus). */
export async function playableBalance(playerId: number): Promise<string> {
  const b = await getPlayerBalances(playerId);
  return `৳${groupTaka(formatPoisha(b.main.available + b.bonus.available))}`;
}

export async function housePageData(playerId: number, code: string) {
  const [game, balance, seed] = await Promise.all([findHouseGame(code), playableBalance(playerId), getActiveSeed(playerId)]);
  return {
    game: game ? { name: game.name, min: taka(game.minStake), max: taka(game.maxStake) } : null,
    balance,
    seed: { serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce: seed.nonce },
  };
}

export function houseErrorText(context: Readonly<RouterContextProvider>, e: HouseError): string {
  const t = getInstance(context).t as unknown as (key: string, options?: Record<string, string>) => string;
  return t(`house.errors.${e.code}`, e.params);
}

/** Taka text from a validated form ("10.5") to poisha. */
export const stakeFromText = (text: string): bigint => parseTaka(text) ?? 0n;

export { taka };
