// Staff corrections of a player's main wallet, through house:adjustments; the player sees them as Adjustments.
import { eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { publishBalanceChanged } from "#app/modules/events/index.server.ts";
import { isLedgerError, transfer } from "#app/modules/ledger/index.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { type Currency } from "#app/modules/players/index.ts";
import { audit } from "#app/modules/audit/index.server.ts";
import { ADJUSTMENT_MAX } from "./amount.ts";
import { requireAmount, requireReason } from "./deposits.server.ts";
import { PaymentError } from "./errors.ts";
import { type Adjustment, adjustments } from "./schema.ts";
import { isIdempotencyKey, toId } from "./validation.ts";
import { takaText } from "#app/kernel/money.ts";

export type { Adjustment } from "./schema.ts";

export type AdjustBalanceInput = {
  staffId: number;
  playerId: number;
  direction: "credit" | "debit";
  /** Poisha, or taka text. */
  amount: bigint | string;
  reason: string;
  ip?: string | null;
  idempotencyKey: string;
};

/**
 * Credit: house:adjustments -> player main. Debit: player main -> house:adjustments, refused when main has less
 * available (a balance never goes negative). The same idempotencyKey again returns the same adjustment.
 */
export async function adjustBalance(input: AdjustBalanceInput): Promise<{ adjustment: Adjustment; replayed: boolean }> {
  if (!isIdempotencyKey(input?.idempotencyKey)) throw new PaymentError("invalid_input", "payments.errors.formExpired");
  const playerId = toId(input.playerId);
  const [player] = playerId ? await db.select().from(players).where(eq(players.id, playerId)) : [];
  if (!player) throw new PaymentError("not_found", "payments.errors.notFound");
  if (input.direction !== "credit" && input.direction !== "debit") throw new PaymentError("invalid_input", "payments.errors.directionInvalid");
  const amount = requireAmount(input.amount, "other");
  if (amount > ADJUSTMENT_MAX) throw new PaymentError("invalid_amount", "payments.errors.amountTooLarge", { field: "amount" });
  const reason = requireReason(input.reason);
  const key = `staff:${input.idempotencyKey}`;
  const [existing] = await db.select().from(adjustments).where(eq(adjustments.idempotencyKey, key));
  if (existing) return { adjustment: existing, replayed: true };

  const main = `player:${player.id}:main`;
  let result: Adjustment | undefined;
  try {
    result = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(adjustments)
        .values({
          playerId: player.id,
          staffId: input.staffId,
          direction: input.direction,
          amount,
          currency: player.currency,
          reason,
          idempotencyKey: key,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return undefined;
      const t = await transfer(
        {
          key: `adjustment:${row.id}`,
          debit: input.direction === "credit" ? "house:adjustments" : main,
          credit: input.direction === "credit" ? main : "house:adjustments",
          amount,
          currency: player.currency as Currency,
          kind: "adjustment",
          memo: `Adjustment A${row.id}: ${reason}`.slice(0, 500),
          meta: { adjustmentId: row.id, staffId: input.staffId },
        },
        tx,
      );
      const [withTransfer] = await tx.update(adjustments).set({ transferId: t.transfer.id }).where(eq(adjustments.id, row.id)).returning();
      await audit(tx, {
        staffId: input.staffId,
        action: `balance.${input.direction}`,
        entity: "player",
        entityId: player.id,
        after: { adjustmentId: row.id, direction: input.direction, amount: String(amount), reason },
        ip: input.ip ?? null,
      });
      return withTransfer!;
    });
  } catch (e) {
    if (isLedgerError(e, "insufficient_funds")) {
      throw new PaymentError("insufficient_balance", "payments.errors.adjustmentBelowZero", {
        field: "amount",
        params: { available: takaText(BigInt(String(e.details.available ?? 0)), { symbol: false, decimals: "trim" }) },
      });
    }
    throw e;
  }
  if (!result) {
    const [again] = await db.select().from(adjustments).where(eq(adjustments.idempotencyKey, key));
    if (again) return { adjustment: again, replayed: true };
    throw new Error("adjustment insert conflicted but no row has the key");
  }
  await publishBalanceChanged(player.id);
  return { adjustment: result, replayed: false };
}
