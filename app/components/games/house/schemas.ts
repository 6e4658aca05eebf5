// The in-house game forms as the browser and the server both check them. Messages are "house.errors.*" keys.
import { z } from "zod";
import { parseTaka } from "#app/kernel/money.ts";
import { requestKeyField, RUN_KEY } from "#app/kernel/request-key.ts";
import { AUTOBET_MAX_PERCENT, AUTOBET_SERVER_MAX_BETS, type AutobetSettings, diceTargetAllowed } from "#app/modules/games/index.ts";

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
    /** Autobet's loop in the browser: one key per bet, so a retried request answers its first roll. */
    requestKey: requestKeyField().optional(),
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

// Autobet's settings (issue 30), as the auto forms of Dice, Mines and Crash send them. The server-side run needs 1 to
// 100 bets; the browser's loop may instead run "until stopped" (untilStopped, up to AUTOBET_CLIENT_CAP bets).
const percentText = z
  .string({ error: "house.errors.percentFormat" })
  .trim()
  .regex(/^\d{1,4}(\.\d{1,2})?$/, "house.errors.percentFormat")
  .refine((v) => toHundredths(v) >= 1 && toHundredths(v) <= AUTOBET_MAX_PERCENT, "house.errors.percentFormat");
const stopText = stakeText.refine((v) => (parseTaka(v) ?? 0n) > 0n, "house.errors.stopFormat").optional();
const betsNumber = z.coerce
  .number({ error: "house.errors.betsFormat" })
  .int("house.errors.betsFormat")
  .min(1, "house.errors.betsFormat")
  .max(AUTOBET_SERVER_MAX_BETS, "house.errors.betsFormat");

export const autobetFields = {
  stake: stakeText,
  bets: betsNumber.optional(),
  untilStopped: z.literal("on").optional(),
  onWin: z.enum(["reset", "increase"]).default("reset"),
  onWinPercent: percentText.optional(),
  onLoss: z.enum(["reset", "increase"]).default("reset"),
  onLossPercent: percentText.optional(),
  stopProfit: stopText,
  stopLoss: stopText,
};

type AutobetValues = {
  stake: string;
  bets?: number;
  untilStopped?: "on";
  onWin: "reset" | "increase";
  onWinPercent?: string;
  onLoss: "reset" | "increase";
  onLossPercent?: string;
  stopProfit?: string;
  stopLoss?: string;
};

/** The checks across fields: a percentage for "increase", a number of bets unless "until stopped" is allowed. */
export function refineAutobet(untilStoppedAllowed: boolean) {
  return (v: AutobetValues, ctx: z.RefinementCtx) => {
    if (v.onWin === "increase" && !v.onWinPercent) ctx.addIssue({ code: "custom", path: ["onWinPercent"], message: "house.errors.percentFormat" });
    if (v.onLoss === "increase" && !v.onLossPercent) ctx.addIssue({ code: "custom", path: ["onLossPercent"], message: "house.errors.percentFormat" });
    if (v.bets === undefined && !(untilStoppedAllowed && v.untilStopped))
      ctx.addIssue({ code: "custom", path: ["bets"], message: "house.errors.betsFormat" });
  };
}

/** The plan's settings from a valid form. */
export function autobetSettingsFrom(v: AutobetValues, untilStoppedAllowed = false): AutobetSettings {
  const adjust = (mode: "reset" | "increase", percent?: string) =>
    mode === "increase" && percent ? ({ mode, percent: toHundredths(percent) } as const) : ({ mode: "reset" } as const);
  return {
    bets: untilStoppedAllowed && v.untilStopped ? null : (v.bets ?? 1),
    baseStake: parseTaka(v.stake) ?? 0n,
    onWin: adjust(v.onWin, v.onWinPercent),
    onLoss: adjust(v.onLoss, v.onLossPercent),
    stopProfit: v.stopProfit ? (parseTaka(v.stopProfit) ?? null) : null,
    stopLoss: v.stopLoss ? (parseTaka(v.stopLoss) ?? null) : null,
  };
}

const diceBetFields = {
  target: z
    .string({ error: "house.errors.targetFormat" })
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, "house.errors.targetFormat"),
  direction: z.enum(["under", "over"], { error: "house.errors.directionFormat" }),
};

/** Dice's auto form; `untilStoppedAllowed` in the browser's loop only. */
export const diceAutoSchema = (untilStoppedAllowed = false) =>
  z
    .object({
      intent: z.literal("auto"),
      runKey: z.string().regex(RUN_KEY).optional(),
      ...diceBetFields,
      ...autobetFields,
    })
    .superRefine(refineAutobet(untilStoppedAllowed))
    .refine((v) => diceTargetAllowed(toHundredths(v.target), v.direction), { path: ["target"], message: "house.errors.target_invalid" });

/** Mines' auto form: the mines and the tiles each bet opens. */
export const minesAutoSchema = z
  .object({
    intent: z.literal("auto"),
    mines: z.coerce
      .number({ error: "house.errors.minesFormat" })
      .int("house.errors.minesFormat")
      .min(1, "house.errors.minesFormat")
      .max(24, "house.errors.minesFormat"),
    tiles: z
      .array(z.coerce.number().int().min(0).max(24), { error: "house.errors.tilesFormat" })
      .min(1, "house.errors.tilesFormat")
      .refine((t) => new Set(t).size === t.length, "house.errors.tilesFormat"),
    /** Autobet's loop in the browser: one key per game, so a retried request answers the game it started. */
    requestKey: requestKeyField().optional(),
    ...autobetFields,
  })
  .superRefine(refineAutobet(false))
  .refine((v) => v.tiles.length <= 25 - v.mines, { path: ["tiles"], message: "house.errors.tilesFormat" });
