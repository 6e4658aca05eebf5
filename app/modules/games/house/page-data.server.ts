// What the in-house game pages show around the game: balance, stake limits, the seed pair; and their refusals
// as form errors.
import { getPlayerBalances } from "#app/modules/ledger/index.server.ts";
import { parseTaka } from "#app/kernel/money.ts";
import { findHouseGame } from "./game-row.server.ts";
import { getActiveSeed } from "./seeds.server.ts";
import { takaText } from "#app/kernel/money.ts";

/** Main plus bonus: what a bet can spend (main first, then bonus). */
export async function playableBalance(playerId: number): Promise<string> {
  return takaText(await playablePoisha(playerId));
}

async function playablePoisha(playerId: number): Promise<bigint> {
  const b = await getPlayerBalances(playerId);
  return b.main.available + b.bonus.available;
}

export async function housePageData(playerId: number, code: string) {
  const [game, poisha, seed] = await Promise.all([findHouseGame(code), playablePoisha(playerId), getActiveSeed(playerId)]);
  const balance = takaText(poisha);
  return {
    game: game
      ? {
          name: game.name,
          min: takaText(game.minStake),
          max: takaText(game.maxStake),
          maxWin: takaText(game.maxWin),
          maxWinPoisha: String(game.maxWin),
          // Autobet's plan in the browser holds its stakes to these.
          minPoisha: String(game.minStake),
          maxPoisha: String(game.maxStake),
        }
      : null,
    balance,
    balancePoisha: String(poisha),
    seed: { serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce: seed.nonce, nextServerSeedHash: seed.nextServerSeedHash },
  };
}

/** Taka text from a validated form ("10.5") to poisha. */
export const stakeFromText = (text: string): bigint => parseTaka(text) ?? 0n;
