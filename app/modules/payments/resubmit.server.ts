// Edit and resubmit: a rejected manual deposit sent again, corrected, as a new pending deposit linked to it. The
// transfer went to the rejected deposit's wallet number, so the method, channel and number stay; the amount, sender
// number, TRX ID and screenshot may change. Everything else is submitDeposit's (ranges, TRX ID once, proof, queue).
import { and, eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { getActivePromotion } from "#app/modules/promotions/index.server.ts";
import type { ChannelType } from "./constants.ts";
import { type Deposit, submitDeposit } from "./deposits.server.ts";
import { PaymentError } from "./errors.ts";
import type { ProofUpload } from "./proofs.server.ts";
import { resubmitRefusal, resubmitState } from "./resubmit-rules.server.ts";
import { deposits } from "./schema.ts";
import { readMoneySettings } from "./settings.server.ts";
import { toId } from "./validation.ts";

export type ResubmitInput = {
  amount: bigint | string;
  senderNumber: string;
  trxId: string;
  proof: ProofUpload;
  idempotencyKey: string;
};

/** The player's rejected deposit `sourceId` sent again as a new pending deposit; refusals are PaymentErrors. */
export async function resubmitDeposit(playerId: number, sourceId: unknown, input: ResubmitInput): Promise<{ deposit: Deposit; replayed: boolean }> {
  const id = toId(sourceId);
  const [source] = id
    ? await db
        .select()
        .from(deposits)
        .where(and(eq(deposits.id, id), eq(deposits.playerId, playerId)))
    : [];
  if (!source) throw new PaymentError("not_found", "payments.errors.notFound");
  const [next] = await db.select({ id: deposits.id, key: deposits.idempotencyKey }).from(deposits).where(eq(deposits.resubmittedFrom, source.id));
  // The same form sent twice is the deposit it made.
  if (next && next.key === input?.idempotencyKey) return submitDeposit(playerId, { ...carried(source, null), ...input });
  // A quick look before the screenshot is stored; the check that holds is under the row lock in submitDeposit.
  const refusal = resubmitRefusal(resubmitState(source, next?.id ?? null, (await readMoneySettings()).resubmitWaitMinutes));
  if (refusal) throw refusal;
  // The promotion chosen then still applies while it runs; an ended one is dropped rather than refusing the deposit.
  const promotion = source.promotionId ? await getActivePromotion(source.promotionId) : null;
  return submitDeposit(playerId, { ...carried(source, promotion?.id ?? null), ...input, resubmittedFrom: source.id });
}

const carried = (source: Deposit, promotionId: number | null) => ({
  methodId: source.methodId,
  channelType: source.channelType as ChannelType,
  // null for a deposit reported through the API without naming the number: still not named.
  walletNumberId: source.walletNumberId,
  promotionId,
});
