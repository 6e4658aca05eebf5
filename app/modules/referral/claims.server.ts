// Claim All: moves every claimable reward of a player to their main wallet in one ledger transfer.
import { and, eq, inArray } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { transfer } from "#app/modules/ledger/index.server.ts";
import type { Currency } from "#app/modules/players/index.ts";
import { referralClaims, referralRewards } from "./schema.ts";

/** The house account that pays referral rewards. */
export const REFERRAL_EXPENSE = "expense:referral";

export type ClaimResult = { ok: true; claimId: number; amount: bigint; days: number } | { ok: false; error: "nothing_to_claim" };

/**
 * Locks the player's claimable rows, marks them claimed under a new claim and credits their sum, all in one
 * transaction. A parallel claim waits on the row locks and then finds nothing claimable, so the money moves once;
 * the ledger key referral:claim:<claim id> makes the transfer itself unrepeatable.
 */
export async function claimAllRewards(player: { id: number; currency: Currency }): Promise<ClaimResult> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: referralRewards.id, reward: referralRewards.reward })
      .from(referralRewards)
      .where(and(eq(referralRewards.playerId, player.id), eq(referralRewards.status, "claimable")))
      .orderBy(referralRewards.id)
      .for("update");
    if (!rows.length) return { ok: false, error: "nothing_to_claim" };
    const amount = rows.reduce((sum, r) => sum + r.reward, 0n);
    const [claim] = await tx.insert(referralClaims).values({ playerId: player.id, amount }).returning({ id: referralClaims.id });
    await tx
      .update(referralRewards)
      .set({ status: "claimed", claimId: claim!.id })
      .where(
        and(
          inArray(
            referralRewards.id,
            rows.map((r) => r.id),
          ),
          eq(referralRewards.status, "claimable"),
        ),
      );
    await transfer(
      {
        key: `referral:claim:${claim!.id}`,
        debit: REFERRAL_EXPENSE,
        credit: `player:${player.id}:main`,
        amount,
        currency: player.currency,
        kind: "referral",
        memo: `Referral cash rewards of ${rows.length} day(s)`,
        meta: { claimId: claim!.id, rewards: rows.map((r) => r.id) },
      },
      tx,
    );
    return { ok: true, claimId: claim!.id, amount, days: rows.length };
  });
}

/** One of the player's own claims (another player's id gives nothing). */
export async function getOwnClaim(playerId: number, claimId: number) {
  if (!Number.isSafeInteger(claimId) || claimId < 1) return undefined;
  const [row] = await db
    .select()
    .from(referralClaims)
    .where(and(eq(referralClaims.id, claimId), eq(referralClaims.playerId, playerId)));
  return row;
}
