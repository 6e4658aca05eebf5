// The balance of a self-exclusion or closure: the bonus is forfeited and main's available balance becomes a pending
// withdrawal in finance's queue (held on the ledger like any withdrawal), inside the exclusion's transaction.
import { and, asc, desc, eq } from "drizzle-orm";
import type { Tx } from "#app/db/db.server.ts";
import { paymentMethods, deposits, type Withdrawal, holdWithdrawal } from "#app/modules/payments/index.server.ts";
import { getPlayerBalances, isLedgerError, transfer } from "#app/modules/ledger/index.server.ts";
import type { Player } from "#app/modules/players/index.server.ts";
import type { Currency } from "#app/modules/players/index.ts";
import type { PlayerExclusion } from "./exclusions.server.ts";
import { completeAllRequirements } from "#app/modules/turnover/index.server.ts";

/** The method of the player's last approved deposit while it is active, else the first active method; null: none. */
async function payoutMethodId(tx: Tx, playerId: number): Promise<number | null> {
  const [last] = await tx
    .select({ id: paymentMethods.id })
    .from(deposits)
    .innerJoin(paymentMethods, eq(paymentMethods.id, deposits.methodId))
    .where(and(eq(deposits.playerId, playerId), eq(deposits.status, "approved"), eq(paymentMethods.status, "active")))
    .orderBy(desc(deposits.id))
    .limit(1);
  if (last) return last.id;
  const [first] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(eq(paymentMethods.status, "active"))
    .orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.id))
    .limit(1);
  return first?.id ?? null;
}

/**
 * Retries when a game's debit moved the balance between the read and the ledger call (the ledger refuses with
 * insufficient_funds inside its own savepoint, so the transaction stays usable).
 */
async function withFreshBalance<T>(
  tx: Tx,
  playerId: number,
  pick: (b: Awaited<ReturnType<typeof getPlayerBalances>>) => bigint,
  move: (amount: bigint, currency: Currency) => Promise<T>,
) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const balances = await getPlayerBalances(playerId, tx);
    const amount = pick(balances);
    if (amount <= 0n) return null;
    try {
      return await move(amount, balances.currency);
    } catch (e) {
      if (!isLedgerError(e, "insufficient_funds")) throw e;
    }
  }
  throw new Error(`exclusion payout: the balance of player ${playerId} kept changing`);
}

export type ExclusionPayout = { withdrawal: Withdrawal | null; bonusForfeited: bigint };

/**
 * Bonus forfeited (player:<id>:bonus -> expense:bonus, key exclusion:<id>:bonus-forfeit, the reverse of a bonus
 * grant) and the player's turnover requirements closed (their money is gone); then main's available balance held as
 * withdrawal key exclusion:<id>, at most one per exclusion (unique withdrawals.exclusion_id). No turnover,
 * verification or minimum applies. With no payment method at all the main balance stays for staff to pay by hand.
 */
export async function payOutExclusion(tx: Tx, player: Pick<Player, "id" | "phone">, exclusion: PlayerExclusion): Promise<ExclusionPayout> {
  const forfeited = await withFreshBalance(
    tx,
    player.id,
    (b) => b.bonus.available,
    async (amount, currency) => {
      await transfer(
        {
          key: `exclusion:${exclusion.id}:bonus-forfeit`,
          debit: `player:${player.id}:bonus`,
          credit: "expense:bonus",
          amount,
          currency,
          kind: "bonus_forfeit",
          memo: `Bonus forfeited: ${exclusion.kind === "closure" ? "account closed" : "self-exclusion"} X${exclusion.id}`,
          meta: { exclusionId: exclusion.id },
        },
        tx,
      );
      return amount;
    },
  );
  await completeAllRequirements(tx, player.id);

  const methodId = await payoutMethodId(tx, player.id);
  const withdrawal =
    methodId === null
      ? null
      : await withFreshBalance(
          tx,
          player.id,
          (b) => b.main.available,
          (amount, currency) =>
            holdWithdrawal(
              tx,
              { playerId: player.id, currency, phone: player.phone },
              { methodId, amount, idempotencyKey: `exclusion:${exclusion.id}`, exclusionId: exclusion.id },
            ),
        );
  return { withdrawal: withdrawal ?? null, bonusForfeited: forfeited ?? 0n };
}
