// The rules a deposit is held to, in one place: the /deposit page shows and checks them (step 1), and submitDeposit
// enforces them (step 2). The checks are pure, over facts read from the database, so both steps refuse the same
// amounts with the same message.
import { and, count, eq, sql } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { paymentMethods, deposits } from "./schema.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { refusalMessage } from "#app/modules/protection/index.ts";
import { checkDepositLimits } from "#app/modules/protection/index.server.ts";
import { DEPOSIT_MAX, DEPOSIT_MIN } from "./amount.ts";
import type { ChannelType } from "./constants.ts";
import { PaymentError } from "./errors.ts";
import { type DepositChannel, listDepositChannels } from "./methods.server.ts";
import { toId } from "./validation.ts";
import { takaText } from "#app/kernel/money.ts";

/** Reported transfers waiting for staff; more are refused so nobody can fill the queue (or the disk). */
export const MAX_PENDING_DEPOSITS = 5;

export const range = (min: bigint, max: bigint) => ({
  min: takaText(min, { symbol: false, decimals: "trim" }),
  max: takaText(max, { symbol: false, decimals: "trim" }),
});

/** A range cut to the site-wide DEPOSIT_MIN..DEPOSIT_MAX; null when nothing of it is left. */
export function allowedRange({ min, max }: { min: bigint; max: bigint }): { min: bigint; max: bigint } | null {
  const lo = min > DEPOSIT_MIN ? min : DEPOSIT_MIN;
  const hi = max < DEPOSIT_MAX ? max : DEPOSIT_MAX;
  return lo <= hi ? { min: lo, max: hi } : null;
}

/** The channels a player may deposit through, with the amounts each really takes (a channel taking none is left out). */
export async function depositChannels(methodId: unknown, ex: Executor = db): Promise<DepositChannel[]> {
  return (await listDepositChannels(methodId, ex)).flatMap((c) => {
    const r = allowedRange(c);
    return r ? [{ ...c, ...r }] : [];
  });
}

/**
 * The amounts a deposit can have today: from the smallest minimum to the largest maximum of the active receiving
 * numbers of active methods, within the site-wide range; null when no channel is open.
 */
export async function openDepositRange(ex: Executor = db): Promise<{ min: bigint; max: bigint } | null> {
  const [row] = rowsOf<{ min: string | null; max: string | null }>(
    await ex.execute(sql`
      select min(w.min_amount)::text as min, max(w.max_amount)::text as max
      from wallet_numbers w join payment_methods m on m.id = w.method_id
      where w.active and m.status = 'active'`),
  );
  return row?.min && row.max ? allowedRange({ min: BigInt(row.min), max: BigInt(row.max) }) : null;
}

/** What the rules are checked against. `channels` is null when the method is not an active one. */
export type DepositFacts = { channels: DepositChannel[] | null; pending: number };
export type DepositStep = { channelType: unknown; amount: bigint };

/** The method's channels (null for an unknown or inactive method) and how many of the player's deposits wait. */
export async function readDepositFacts(playerId: number, methodId: unknown, ex: Executor = db): Promise<DepositFacts> {
  const id = toId(methodId);
  const [[method], channels, pending] = await Promise.all([
    id
      ? ex
          .select({ id: paymentMethods.id })
          .from(paymentMethods)
          .where(and(eq(paymentMethods.id, id), eq(paymentMethods.status, "active")))
      : [],
    depositChannels(id, ex),
    countPendingDeposits(playerId, ex),
  ]);
  return { channels: method ? channels : null, pending };
}

export async function countPendingDeposits(playerId: number, ex: Executor = db) {
  const [row] = await ex
    .select({ n: count() })
    .from(deposits)
    .where(and(eq(deposits.playerId, playerId), eq(deposits.status, "pending")));
  return row?.n ?? 0;
}

/**
 * The amount, method and channel rules: the first refusal, or the channel the deposit goes through. Amounts
 * outside the site-wide range get that range in the message; amounts outside only the channel's get the channel's.
 */
export function checkDepositChoice(
  step: DepositStep,
  channels: DepositChannel[] | null,
): { ok: true; channel: DepositChannel } | { ok: false; error: PaymentError } {
  const { amount } = step;
  if (amount < DEPOSIT_MIN || amount > DEPOSIT_MAX) {
    return {
      ok: false,
      error: new PaymentError("amount_out_of_range", "payments.errors.depositRange", { field: "amount", params: range(DEPOSIT_MIN, DEPOSIT_MAX) }),
    };
  }
  if (!channels) return { ok: false, error: new PaymentError("invalid_method", "payments.errors.methodInvalid", { field: "methodId" }) };
  const channel = channels.find((c) => c.type === (step.channelType as ChannelType));
  if (!channel) return { ok: false, error: new PaymentError("invalid_channel", "payments.errors.channelRequired", { field: "channelType" }) };
  if (amount < channel.min || amount > channel.max) {
    return {
      ok: false,
      error: new PaymentError("amount_out_of_range", "payments.errors.channelRange", { field: "amount", params: range(channel.min, channel.max) }),
    };
  }
  return { ok: true, channel };
}

/** The review-queue rule: null while the player may report another transfer. */
export function pendingCapError(pending: number): PaymentError | null {
  if (pending < MAX_PENDING_DEPOSITS) return null;
  return new PaymentError("invalid_input", "payments.errors.tooManyPending", { params: { count: String(MAX_PENDING_DEPOSITS) } });
}

/** Every rule of step 1 in the order submitDeposit applies them: the first refusal, or the channel. */
export function checkDepositRules(step: DepositStep, facts: DepositFacts) {
  const choice = checkDepositChoice(step, facts.channels);
  if (!choice.ok) return choice;
  const full = pendingCapError(facts.pending);
  return full ? { ok: false as const, error: full } : choice;
}

/** The refusal of a deposit over one of the player's deposit limits (the message names it and when it frees up). */
export async function depositLimitError(playerId: number, amount: bigint, executor: Executor = db): Promise<PaymentError | null> {
  const refusal = await checkDepositLimits(executor, playerId, amount);
  if (!refusal) return null;
  const { key, params } = refusalMessage(refusal);
  return new PaymentError("limit_exceeded", key, { field: "amount", params });
}
