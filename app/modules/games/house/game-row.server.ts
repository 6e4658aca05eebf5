// The catalogue row of an in-house game (stake limits, max win, active flag), looked up by its code.
import { and, eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { HOUSE_PLATFORM } from "../types.ts";
import { gameProviders, games } from "../schema.ts";
import { HouseError } from "./errors.ts";
import { takaText } from "#app/kernel/money.ts";

export type HouseGame = {
  id: number;
  code: string;
  name: string;
  minStake: bigint;
  maxStake: bigint;
  /** The most one bet pays, stake included (limits.ts). */
  maxWin: bigint;
  /** Crash: the most a round's bets pay together; null for the other games. */
  roundPayoutCap: bigint | null;
};

/** The active game with this code from the house provider, or undefined. */
export async function findHouseGame(code: string): Promise<HouseGame | undefined> {
  const [row] = await db
    .select({
      id: games.id,
      code: games.code,
      name: games.name,
      minStake: games.minStake,
      maxStake: games.maxStake,
      maxWin: games.maxWin,
      roundPayoutCap: games.roundPayoutCap,
    })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(and(eq(games.code, code), eq(games.active, true), eq(gameProviders.platform, HOUSE_PLATFORM), eq(gameProviders.status, "active")));
  return row;
}

export async function requireHouseGame(code: string): Promise<HouseGame> {
  const game = await findHouseGame(code);
  if (!game) throw new HouseError("game_unavailable", "This game is not available right now.");
  return game;
}

/** Refuses a stake that is not a positive whole number of poisha within the game's limits. */
export function checkStake(game: HouseGame, stake: unknown): bigint {
  if (typeof stake !== "bigint" || stake <= 0n) throw new HouseError("stake_invalid", "Enter a valid stake.");
  if (stake < game.minStake || stake > game.maxStake) {
    const params = { min: takaText(game.minStake), max: takaText(game.maxStake) };
    throw new HouseError("stake_range", `The stake must be between ${params.min} and ${params.max}.`, params);
  }
  return stake;
}
