// Shared by the house game tests (not a test file itself): the house provider with Dice and Mines, and funded players.
import { and, eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import type { Poisha } from "#app/kernel/money.ts";
import { getPlayerBalances } from "#app/modules/ledger/queries.server.ts";
import { fundedVerifiedPlayer } from "#tests/kit/players.ts";
import { fairAlgorithm } from "../fair/algorithms.ts";
import { minePositions } from "./mines/fair.ts";
import { fairSeeds, gameProviders, games, minesGames } from "../schema.ts";
import { DICE_CODE } from "./dice/game.ts";
import { MINES_CODE } from "./mines/game.ts";
import type { AutobetSettings } from "./autobet.ts";

/** The house provider and its Dice and Mines games (stakes ৳10 .. ৳25,000), created once per database. */
export async function ensureHouseGames() {
  const [existing] = await db.select().from(gameProviders).where(eq(gameProviders.platform, "HOUSE"));
  const provider =
    existing ?? (await db.insert(gameProviders).values({ platform: "HOUSE", name: "DeshPlay Originals", kind: "house" }).returning())[0]!;
  for (const [code, name] of [
    [DICE_CODE, "Dice"],
    [MINES_CODE, "Mines"],
  ] as const) {
    await db
      .insert(games)
      .values({ code, name, type: "ARCADE", providerId: provider.id, minStake: 1000n, maxStake: 2_500_000n })
      .onConflictDoNothing();
  }
  return provider;
}

/** A verified player with `amount` poisha on main (a house adjustment), credited through the ledger. */
export const fundedPlayer = (amount: Poisha = 1_000_000n) => fundedVerifiedPlayer(amount, { from: "house:adjustments", kind: "adjustment" });

export async function mainBalance(playerId: number) {
  return (await getPlayerBalances(playerId)).main.available;
}

/** A pair's stored server seed, or the next seed it has committed to ("next"); tests only: players never see either. */
export async function serverSeedOf(seedId: number, which: "active" | "next" = "active") {
  const [row] = await db.select({ serverSeed: fairSeeds.serverSeed, next: fairSeeds.nextServerSeed }).from(fairSeeds).where(eq(fairSeeds.id, seedId));
  return which === "next" ? row!.next! : row!.serverSeed;
}

/** The mines of the player's game in play, read from its stored seed (tests only). */
export async function minesInPlay(playerId: number) {
  const [game] = await db
    .select()
    .from(minesGames)
    .where(and(eq(minesGames.playerId, playerId), eq(minesGames.status, "playing")));
  const [seed] = await db.select().from(fairSeeds).where(eq(fairSeeds.id, game!.seedId));
  return minePositions(seed!.serverSeed, seed!.clientSeed, game!.nonce, game!.mines, fairAlgorithm(seed!.algorithm));
}

/** Autobet settings for tests: 10 bets of ৳10, reset on win and loss, no stops, changed by `over`. */
export const autobetSettings = (over: Partial<AutobetSettings> = {}): AutobetSettings => ({
  bets: 10,
  baseStake: 1_000n,
  onWin: { mode: "reset" },
  onLoss: { mode: "reset" },
  stopProfit: null,
  stopLoss: null,
  ...over,
});
