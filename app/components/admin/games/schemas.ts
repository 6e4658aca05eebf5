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
  })
  .superRefine((v, ctx) => {
    const min = parseTaka(v.minStake);
    const max = parseTaka(v.maxStake);
    if (min !== undefined && max !== undefined && max < min)
      ctx.addIssue({ code: "custom", path: ["maxStake"], message: "adminGames.errors.maxStakeInvalid" });
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
