// The back office's game and provider forms, shared by the server and the browser (conform). Messages are i18n keys.
import { z } from "zod";
import { takaTextField } from "#app/kernel/money-field.ts";
import { parseTaka } from "#app/kernel/money.ts";

const order = z.coerce
  .number({ error: "adminGames.errors.orderInvalid" })
  .int("adminGames.errors.orderInvalid")
  .min(0, "adminGames.errors.orderInvalid")
  .max(100_000, "adminGames.errors.orderInvalid");
const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
const stake = (key: string) => takaTextField(key, { min: 1n });
/** ৳10,000 crore: the highest max win or round payout cap the form takes (admin.server.ts checks the same). */
export const MAX_PAYOUT_LIMIT = 10n ** 13n;
// House games only (issue 30): left out (the field is not shown) or empty, the saved value stays.
const payoutLimit = (key: string) => takaTextField(key, { min: 1n, max: MAX_PAYOUT_LIMIT }).optional();

/** Crash seeding event, step 1: the public value announced to become the salt. */
export const chainPublishSchema = z.object({
  intent: z.literal("publish"),
  saltSource: z
    .string({ error: "adminGames.chains.errors.sourceRequired" })
    .trim()
    .min(1, "adminGames.chains.errors.sourceRequired")
    .max(200, "adminGames.chains.errors.sourceRequired"),
});

/** Step 2: the salt, exactly as published (not trimmed: the verifier uses it as written). */
export const chainSaltSchema = z.object({
  intent: z.literal("fix"),
  chainId: id,
  salt: z
    .string({ error: "adminGames.chains.errors.saltRequired" })
    .min(1, "adminGames.chains.errors.saltRequired")
    .max(256, "adminGames.chains.errors.saltRequired"),
});

export const gameFormSchema = z
  .object({
    intent: z.literal("save"),
    id,
    active: z.boolean().default(false),
    featured: z.boolean().default(false),
    displayOrder: order,
    minStake: stake("adminGames.errors.minStakeInvalid"),
    maxStake: stake("adminGames.errors.maxStakeInvalid"),
    maxWin: payoutLimit("adminGames.errors.maxWinInvalid"),
    roundPayoutCap: payoutLimit("adminGames.errors.roundPayoutCapInvalid"),
  })
  .superRefine((v, ctx) => {
    const min = parseTaka(v.minStake);
    const max = parseTaka(v.maxStake);
    if (min !== undefined && max !== undefined && max < min)
      ctx.addIssue({ code: "custom", path: ["maxStake"], message: "adminGames.errors.maxStakeInvalid" });
    const maxWin = v.maxWin === undefined ? undefined : parseTaka(v.maxWin);
    if (maxWin !== undefined && max !== undefined && maxWin < max)
      ctx.addIssue({ code: "custom", path: ["maxWin"], message: "adminGames.errors.maxWinInvalid" });
    const cap = v.roundPayoutCap === undefined ? undefined : parseTaka(v.roundPayoutCap);
    if (cap !== undefined && maxWin !== undefined && cap < maxWin)
      ctx.addIssue({ code: "custom", path: ["roundPayoutCap"], message: "adminGames.errors.roundPayoutCapInvalid" });
  });

export const providerFormSchema = z.object({
  intent: z.literal("save"),
  id,
  name: z.string({ error: "adminGames.errors.nameInvalid" }).trim().min(1, "adminGames.errors.nameInvalid").max(60, "adminGames.errors.nameInvalid"),
  active: z.boolean().default(false),
  sortOrder: order,
  baseUrl: z.string().trim().max(500, "adminGames.errors.baseUrlInvalid").default(""),
  operatorId: z.string().trim().max(100, "adminGames.errors.operatorInvalid").default(""),
  secret: z.string().trim().max(200, "adminGames.errors.secretInvalid").optional(),
});

export const rotationFormSchema = z.object({ intent: z.literal("finish-rotation"), id });
