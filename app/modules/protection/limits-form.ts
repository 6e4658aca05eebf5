// The hub's forms (several on one page, told apart by `intent`), as the server reads them. No server imports.
import { z } from "zod";

export const HUB_PATH = "/account/responsible-gaming";
export const limitIntents = ["set", "remove", "confirm", "cancel", "skip-prompt"] as const;
export type LimitIntent = (typeof limitIntents)[number];

export const limitFormSchema = z.object({
  intent: z.enum(limitIntents),
  kind: z.enum(["deposit", "loss", "stake", "session"]).optional(),
  period: z.enum(["day", "week", "month", "session"]).optional(),
  value: z.string().max(40).optional(),
  redirectTo: z.string().max(2048).optional(),
});
export type LimitForm = z.infer<typeof limitFormSchema>;

/** A slot's form id ("deposit_day"), used for the action address and the element ids. */
export const slotId = (s: { kind: string; period: string }) => `${s.kind}_${s.period}`;
