// The in-house game forms as the browser and the server both check them. Messages are "house.errors.*" keys.
import { z } from "zod";
import { diceTargetAllowed } from "#app/modules/games/index.ts";

export const stakeText = z
  .string({ error: "house.errors.stakeFormat" })
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, "house.errors.stakeFormat");

export const diceFormSchema = z
  .object({
    stake: stakeText,
    target: z
      .string({ error: "house.errors.targetFormat" })
      .trim()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, "house.errors.targetFormat"),
    direction: z.enum(["under", "over"], { error: "house.errors.directionFormat" }),
  })
  .refine((v) => diceTargetAllowed(toHundredths(v.target), v.direction), { path: ["target"], message: "house.errors.target_invalid" });

export const minesStartSchema = z.object({
  intent: z.literal("start"),
  stake: stakeText,
  mines: z.coerce
    .number({ error: "house.errors.minesFormat" })
    .int("house.errors.minesFormat")
    .min(1, "house.errors.minesFormat")
    .max(24, "house.errors.minesFormat"),
});

export const clientSeedSchema = z.object({
  intent: z.literal("clientSeed"),
  clientSeed: z
    .string({ error: "house.errors.clientSeedFormat" })
    .trim()
    .regex(/^[\x20-\x7e]{1,64}$/, "house.errors.clientSeedFormat"),
});

/** "49.5" -> 4950 hundredths. */
export function toHundredths(text: string): number {
  const [whole, frac = ""] = text.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}
