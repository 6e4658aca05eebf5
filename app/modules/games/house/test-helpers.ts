// Shared by the house game tests (not a test file itself): the house provider with Dice and Mines, and funded players.
import { and, eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { getPlayerBalances } from "#app/modules/ledger/queries.server.ts";
import { transfer } from "#app/modules/ledger/transfers.server.ts";
import { createPlayer } from "#app/modules/payments/test-helpers.ts";
import { minePositions } from "./mines/fair.ts";
import { fairSeeds, gameProviders, games, minesGames } from "../schema.ts";
import { DICE_CODE } from "./dice/game.ts";
import { MINES_CODE } from "./mines/game.ts";

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

let fundSeq = 0;
/** A player with `amount` poisha on main, credited through the ledger. */
export async function fundedPlayer(amount = 1_000_000n) {
  const player = await createPlayer();
  if (amount > 0n) {
    await transfer({
      key: `test:house:${player.id}:${++fundSeq}`,
      debit: "house:adjustments",
      credit: `player:${player.id}:main`,
      amount,
      currency: "BDT",
      kind: "adjustment",
    });
  }
  return player;
}

export async function mainBalance(playerId: number) {
  return (await getPlayerBalances(playerId)).main.available;
}

/** The stored server seed of a pair (tests only: players never see an active one). */
export async function serverSeedOf(seedId: number) {
  const [row] = await db.select({ serverSeed: fairSeeds.serverSeed }).from(fairSeeds).where(eq(fairSeeds.id, seedId));
  return row!.serverSeed;
}

/** The mines of the player's game in play, read from its stored seed (tests only). */
export async function minesInPlay(playerId: number) {
  const [game] = await db
    .select()
    .from(minesGames)
    .where(and(eq(minesGames.playerId, playerId), eq(minesGames.status, "playing")));
  const [seed] = await db.select().from(fairSeeds).where(eq(fairSeeds.id, game!.seedId));
  return minePositions(seed!.serverSeed, seed!.clientSeed, game!.nonce, game!.mines);
}
