// Shared by the VIP tests (not a test file itself): settled casino rounds as the seamless wallet leaves them.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { ensureHouseGames } from "#app/modules/games/house/test-helpers.ts";
import { gameRounds } from "#app/modules/games/schema.ts";
import { ensureVipDefaults } from "./levels.server.ts";
import { vipAccounts } from "./schema.ts";

/** A settled round of a house game with `stake` poisha (what walletWin leaves behind when it closes a round). */
export async function settledRound(playerId: number, stake: bigint, { settledAt = new Date(), currency = "BDT" } = {}) {
  const provider = await ensureHouseGames();
  const [round] = await db
    .insert(gameRounds)
    .values({
      providerId: provider.id,
      playerId,
      roundId: `test:${randomUUID()}`,
      gameCode: "HOUSE-ARCADE-DICE",
      gameType: "ARCADE",
      platform: "HOUSE",
      currency,
      stake,
      status: "settled",
      createdAt: settledAt,
      settledAt,
    })
    .returning();
  return round!;
}

export async function vipAccount(playerId: number) {
  const [row] = await db.select().from(vipAccounts).where(eq(vipAccounts.playerId, playerId));
  return row ?? { points: 0n, experience: 0n, carry: 0n };
}

export async function vipReady() {
  await ensureVipDefaults();
}
