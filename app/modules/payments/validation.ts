// Checks on what players and staff send, shared by the server and the browser (conform). Every message is
// a money.errors key; the English catalogue holds the spec's exact texts.
import { z } from "zod";
import { toId } from "#app/utils/ids.ts";
import { amountField } from "#app/kernel/money-field.ts";
import { type ChannelType, channelTypes } from "./constants.ts";

export { toId };

export function isChannelType(value: unknown): value is ChannelType {
  return (channelTypes as readonly unknown[]).includes(value);
}

/** A transaction id as players see it ("D12": deposit, W withdrawal, A adjustment, V VIP conversion, R race prize); null otherwise. */
export function parseTransactionId(value: unknown): { kind: "D" | "W" | "A" | "V" | "R"; id: number } | null {
  const m = typeof value === "string" ? /^([DWAVR])([1-9]\d{0,14})$/.exec(value.trim().toUpperCase()) : null;
  if (!m) return null;
  // R names a ledger transfer (a bigint id); the others integer rows.
  const id = m[1] === "R" ? Number(m[2]) : toId(m[2]);
  return id !== null && Number.isSafeInteger(id) ? { kind: m[1] as "D" | "W" | "A" | "V" | "R", id } : null;
}

export const SENDER_NUMBER = /^\d{11}$/;
export const TRX_ID = /^[A-Za-z0-9-]{1,40}$/;

export function normaliseTrxId(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return TRX_ID.test(trimmed) ? trimmed.toUpperCase() : null;
}

export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_.:-]{1,100}$/.test(value);
}

const idField = (key: string) => z.string({ error: key }).transform((v, ctx) => toId(v) ?? (ctx.addIssue({ code: "custom", message: key }), z.NEVER));

/** /deposit step 1: promotion (optional), method, channel, amount. */
export const depositFormSchema = z.object({
  promotionId: z
    .string()
    .optional()
    .transform((v, ctx) =>
      !v || v === "none" ? null : (toId(v) ?? (ctx.addIssue({ code: "custom", message: "payments.errors.promotionInvalid" }), z.NEVER)),
    ),
  methodId: idField("payments.errors.methodInvalid"),
  channelType: z.enum([...channelTypes, "Gateway"], "payments.errors.channelRequired"),
  amount: amountField("deposit"),
  /** Opening a gateway checkout: the same form sent twice opens one checkout. */
  idempotencyKey: z.string().max(100).optional(),
});

/** /make-payment: the proof of the transfer the player made (the file is checked by its bytes on the server). */
export const makePaymentSchema = z.object({
  senderNumber: z.string({ error: "payments.errors.senderInvalid" }).trim().regex(SENDER_NUMBER, "payments.errors.senderInvalid"),
  trxId: z.string({ error: "payments.errors.trxInvalid" }).trim().regex(TRX_ID, "payments.errors.trxInvalid"),
});

/** /withdrawal. */
export const withdrawalFormSchema = z.object({
  methodId: idField("payments.errors.withdrawMethodRequired"),
  amount: amountField("withdraw"),
  /** One of the player's verified phones (checked on the server); the main phone when left out. */
  accountNumber: z.string().trim().max(30, "payments.errors.payoutPhoneNotVerified").optional(),
});
