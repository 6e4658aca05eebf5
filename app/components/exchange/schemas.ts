// The market page's forms as the browser and the server both check them. Messages are "exchange.errors.*" keys.
import { z } from "zod";
import { requestKeyField } from "#app/kernel/request-key.ts";
import { idField, INT4_MAX } from "#app/utils/ids.ts";

/** An event, market, runner or order id in a form, a query or an API path. */
export const exchangeId = idField;

/** The markets a Multi Markets page shows, for its live stream: up to 20 ids separated by commas. */
export const pinnedMarketIds = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10}){0,19}$/)
  .transform((text) => text.split(",").map(Number))
  .pipe(z.array(z.number().int().positive().max(INT4_MAX)));

export const betFormSchema = z.object({
  intent: z.literal("bet"),
  market: exchangeId,
  /** Match odds and Bookmaker: the runner; absent for a Fancy line. */
  runner: exchangeId.optional(),
  side: z.enum(["back", "lay", "yes", "no"], { error: "exchange.errors.badSelection" }),
  /** Odds ("1.95") for match odds, the rate per 100 ("45") for Bookmaker and Fancy. */
  price: z.string({ error: "exchange.errors.badSelection" }).regex(/^\d{1,4}(\.\d{1,2})?$/, "exchange.errors.badSelection"),
  /** Fancy: the line the player saw. */
  line: z.coerce.number().int().min(0).max(100_000).optional(),
  stake: z
    .string({ error: "exchange.errors.stakeRequired" })
    .trim()
    .regex(/^\d{1,9}$/, "exchange.errors.stakeWhole"),
  /** Match odds before the start: keep the unmatched part when the match goes in play (PERSIST) instead of lapsing. */
  persist: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
  /** Bookmaker and Fancy: take the current quote if it moved, within the tolerance (ODDS_CHANGE_TOLERANCE). */
  acceptChanges: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
  /** Names this submission: a retried request finds its bet instead of placing another. */
  requestKey: requestKeyField(),
});

export const cancelFormSchema = z.object({
  intent: z.literal("cancel"),
  order: exchangeId,
  /** Whole taka of the unmatched stake to cancel (reduce); empty cancels all of it. */
  by: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, "exchange.errors.stakeWhole")
    .optional(),
});

export const oddsActionSchema = z.discriminatedUnion("intent", [betFormSchema, cancelFormSchema], { error: "exchange.errors.badSelection" });

export const pinFormSchema = z.object({ market: exchangeId, pin: z.enum(["1", "0"]), redirectTo: z.string().max(500).optional() });

export type BetForm = z.infer<typeof betFormSchema>;

/** One-click betting: 3 to 5 stake presets, whole taka within these bounds (the market's own limits still apply). */
export const ONE_CLICK_PRESETS = { min: 10, max: 1_000_000, fewest: 3, most: 5 } as const;

/** "100, 500, 1000": the presets as typed, to whole taka ascending; refused with one message saying what is wrong. */
export const presetsField = z
  .string({ error: "exchange.errors.presetsCount" })
  .max(200, "exchange.errors.presetsCount")
  .transform((text, ctx) => {
    const parts = text.split(/[\s,]+/).filter(Boolean);
    const refuse = (message: string) => (ctx.addIssue({ code: "custom", message }), z.NEVER);
    if (parts.length < ONE_CLICK_PRESETS.fewest || parts.length > ONE_CLICK_PRESETS.most) return refuse("exchange.errors.presetsCount");
    if (!parts.every((p) => /^\d{1,9}$/.test(p))) return refuse("exchange.errors.stakeWhole");
    const stakes = parts.map(Number);
    if (stakes.some((s) => s < ONE_CLICK_PRESETS.min || s > ONE_CLICK_PRESETS.max)) return refuse("exchange.errors.presetsRange");
    if (new Set(stakes).size !== stakes.length) return refuse("exchange.errors.presetsTwice");
    return stakes.sort((a, b) => a - b);
  });

const checkbox = z
  .literal("on")
  .optional()
  .transform((v) => v === "on");

/** The one-click settings form (/exchange/one-click). */
export const oneClickSettingsSchema = z.object({
  intent: z.literal("settings"),
  oneClick: checkbox,
  confirmBets: checkbox,
  presets: presetsField,
  redirectTo: z.string().max(500).optional(),
});

/** A preset button above the market: the stake one-click bets with from now on (one of the player's presets). */
export const oneClickStakeSchema = z.object({
  intent: z.literal("stake"),
  stake: z.coerce
    .number({ error: "exchange.errors.preset_unknown" })
    .int("exchange.errors.preset_unknown")
    .min(1, "exchange.errors.preset_unknown")
    .max(ONE_CLICK_PRESETS.max, "exchange.errors.preset_unknown"),
  redirectTo: z.string().max(500).optional(),
});

export const oneClickActionSchema = z.discriminatedUnion("intent", [oneClickSettingsSchema, oneClickStakeSchema], {
  error: "exchange.errors.badSelection",
});
