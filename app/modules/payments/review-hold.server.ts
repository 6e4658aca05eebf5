// An open AML review holds a player's withdrawals: approving or reverting one is refused until staff clear it.
import type { Tx } from "#app/db/db.server.ts";
import { hasOpenReview } from "#app/modules/risk/index.server.ts";
import { PaymentError } from "./errors.ts";

/** Inside the approving transaction (see hasOpenReview for the lock it takes). */
export async function refuseWhileUnderReview(tx: Tx, playerId: number) {
  if (await hasOpenReview(tx, playerId)) throw new PaymentError("under_review", "risk.errors.underReview");
}
