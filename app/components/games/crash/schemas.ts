// The Crash forms as the browser and the server both check them. Messages are "crash.errors.*" keys.
import { z } from "zod";
import { autobetFields, refineAutobet } from "#app/components/games/house/schemas.ts";

export const crashBetSchema = z.object({
  intent: z.literal("bet"),
  stake: z
    .string({ error: "crash.errors.stakeFormat" })
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, "crash.errors.stakeFormat"),
  autoCashout: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, "crash.errors.autoFormat")
    .optional(),
});

export const crashCashOutSchema = z.object({ intent: z.literal("cashout") });

export const crashActionSchema = z.discriminatedUnion("intent", [crashBetSchema, crashCashOutSchema], { error: "crash.errors.stakeFormat" });

/** "1.5" -> 150 hundredths. */
export function multiplierHundredths(text: string): number {
  const [whole, frac = ""] = text.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

/** Crash's autobet (issue 30): the plan's settings and the auto cash-out every bet gets; "until stopped" allowed. */
export const crashAutoSchema = z
  .object({
    intent: z.literal("autoStart"),
    autoCashout: z
      .string({ error: "crash.errors.autoFormat" })
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, "crash.errors.autoFormat")
      .refine((v) => multiplierHundredths(v) >= 101, "crash.errors.autoFormat"),
    ...autobetFields,
  })
  .superRefine(refineAutobet(true));
