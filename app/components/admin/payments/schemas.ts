// The finance forms of the back office, shared by the server and the browser (conform). Messages are
// finance.errors keys; amounts are typed in taka and come out as poisha (bigint).
import { z } from "zod";
import { requestKeyField } from "#app/kernel/request-key.ts";
import { parseAmountInput } from "#app/kernel/amount-input.ts";
import { channelTypes, METHOD_TAG, toId } from "#app/modules/payments/index.ts";

/** A database id from a hidden field; forged or malformed ids are refused with a message, never a 500. */
export const idField = z
  .string({ error: "adminPayments.errors.idInvalid" })
  .transform((v, ctx) => toId(v) ?? (ctx.addIssue({ code: "custom", message: "adminPayments.errors.idInvalid" }), z.NEVER));

/** Taka text ("500", "1,250.50") to poisha. */
export const takaField = z.string({ error: "adminPayments.errors.amountRequired" }).transform((v, ctx) => {
  const r = parseAmountInput(v, "other");
  if (r.ok) return r.amount;
  const message =
    r.messageKey === "payments.errors.amountMissing"
      ? "adminPayments.errors.amountRequired"
      : r.messageKey === "payments.errors.amountZero" || r.messageKey === "payments.errors.amountNegative"
        ? "adminPayments.errors.amountPositive"
        : "adminPayments.errors.amountInvalid";
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
});

const optionalTaka = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v?.trim()) return null;
    const r = parseAmountInput(v, "other");
    if (r.ok) return r.amount;
    ctx.addIssue({
      code: "custom",
      message: r.messageKey === "payments.errors.amountZero" ? "adminPayments.errors.amountPositive" : "adminPayments.errors.amountInvalid",
    });
    return z.NEVER;
  });

const reason = z
  .string({ error: "adminPayments.errors.reasonRequired" })
  .trim()
  .min(1, "adminPayments.errors.reasonRequired")
  .max(500, "adminPayments.errors.reasonTooLong");

export const approveDepositSchema = z.object({ intent: z.literal("approve"), id: idField });
export const rejectSchema = z.object({ intent: z.literal("reject"), id: idField, reason });

export const approveWithdrawalSchema = z
  .object({
    intent: z.literal("approve"),
    id: idField,
    /** "gateway": pay through the method's gateway (its transaction id becomes the reference). */
    payVia: z.literal("gateway").optional(),
    /**
     * "first": the first of two approvals (four-eyes payouts), which pays nothing and so needs no reference. Should
     * the approval pay after all (the setting changed meanwhile), the module asks for the reference.
     */
    approval: z.literal("first").optional(),
    payoutReference: z.string().trim().max(100, "adminPayments.errors.referenceTooLong").optional(),
  })
  .refine((v) => v.payVia === "gateway" || v.approval === "first" || Boolean(v.payoutReference), {
    path: ["payoutReference"],
    message: "adminPayments.errors.referenceRequired",
  });

export const findPlayerSchema = z.object({
  username: z
    .string({ error: "adminPayments.errors.usernameRequired" })
    .trim()
    .min(1, "adminPayments.errors.usernameRequired")
    .max(30, "adminPayments.errors.usernameInvalid")
    .regex(/^[A-Za-z0-9]+$/, "adminPayments.errors.usernameInvalid"),
});

export const adjustmentSchema = z.object({
  playerId: idField,
  direction: z.enum(["credit", "debit"], "adminPayments.errors.directionInvalid"),
  amount: takaField,
  reason,
  /** Made when the form was served: a resubmitted form (double click, back button) adjusts once. */
  key: requestKeyField("adminPayments.errors.idInvalid"),
});

export const paymentMethodSchema = z.object({
  intent: z.literal("method"),
  id: idField.optional(),
  name: z
    .string({ error: "adminPayments.errors.nameRequired" })
    .trim()
    .min(1, "adminPayments.errors.nameRequired")
    .max(60, "adminPayments.errors.nameTooLong"),
  icon: z
    .string({ error: "adminPayments.errors.pathInvalid" })
    .trim()
    .max(500, "adminPayments.errors.textTooLong")
    .regex(/^(\/\S*|https:\/\/\S+)$/, "adminPayments.errors.pathInvalid"),
  // The tile's badge ("+2%"); left empty, none.
  tag: z.string().trim().regex(METHOD_TAG, "adminPayments.errors.tagInvalid").optional(),
  sortOrder: z.coerce
    .number({ error: "adminPayments.errors.orderInvalid" })
    .int("adminPayments.errors.orderInvalid")
    .min(0, "adminPayments.errors.orderInvalid")
    .max(10_000, "adminPayments.errors.orderInvalid")
    .default(0),
  active: z.boolean().default(false),
});

export const walletNumberSchema = z
  .object({
    intent: z.literal("wallet"),
    id: idField.optional(),
    methodId: z
      .string({ error: "adminPayments.errors.methodInvalid" })
      .transform((v, ctx) => toId(v) ?? (ctx.addIssue({ code: "custom", message: "adminPayments.errors.methodInvalid" }), z.NEVER)),
    channelType: z.enum(channelTypes, "adminPayments.errors.typeInvalid"),
    accountNumber: z
      .string({ error: "adminPayments.errors.numberInvalid" })
      .trim()
      .regex(/^\d{11}$/, "adminPayments.errors.numberInvalid"),
    minAmount: takaField,
    maxAmount: takaField,
    dailyCap: optionalTaka,
    active: z.boolean().default(false),
  })
  .refine((v) => v.maxAmount >= v.minAmount, { path: ["maxAmount"], message: "adminPayments.errors.minMax" });

/**
 * A method's deposit mode: manual transfers (wallet numbers, staff review) or a gateway's checkout (the gateway kinds
 * of the payments module; its saveMethodGateway checks the same list again).
 */
export const depositModeOptions = ["manual", "simulated", "bkash"] as const;

/** Optional text without spaces (an app key, a username): empty comes out as "". */
const credentialText = z
  .string()
  .trim()
  .max(200, "adminPayments.errors.textTooLong")
  .regex(/^\S*$/, "adminPayments.errors.credentialInvalid")
  .optional()
  .transform((v) => v ?? "");

/** A secret typed in: empty (or missing) keeps the stored one, so it comes out as "". */
const secretText = z
  .string()
  .trim()
  .max(500, "adminPayments.errors.textTooLong")
  .regex(/^\S*$/, "adminPayments.errors.secretInvalid")
  .optional()
  .transform((v) => v ?? "");

const isHttpsUrl = (v: string) => {
  try {
    const url = new URL(v);
    return url.protocol === "https:" && !url.username && !url.password && Boolean(url.hostname);
  } catch {
    return false;
  }
};

export const methodGatewaySchema = z
  .object({
    intent: z.literal("gateway"),
    id: idField,
    gateway: z.enum(depositModeOptions, "adminPayments.errors.modeInvalid"),
    gatewayMin: takaField,
    gatewayMax: takaField,
    baseUrl: z
      .string()
      .trim()
      .max(500, "adminPayments.errors.httpsUrlInvalid")
      .refine(isHttpsUrl, "adminPayments.errors.httpsUrlInvalid")
      .optional()
      .transform((v) => v ?? ""),
    appKey: credentialText,
    username: credentialText,
    appSecret: secretText,
    password: secretText,
    webhookSecret: secretText.refine((v) => !v || v.length >= 16, "adminPayments.errors.webhookSecretShort"),
  })
  .superRefine((v, ctx) => {
    if (v.gatewayMax < v.gatewayMin) ctx.addIssue({ code: "custom", path: ["gatewayMax"], message: "adminPayments.errors.minMax" });
    // bKash's secrets may already be stored (the page cannot know), so only the visible fields are checked here.
    if (v.gateway === "bkash")
      for (const field of ["baseUrl", "appKey", "username"] as const)
        if (!v[field]) ctx.addIssue({ code: "custom", path: [field], message: "adminPayments.errors.bkashRequired" });
  });
