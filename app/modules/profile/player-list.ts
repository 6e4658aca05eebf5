// The back office's player list: its query string (one GET form that works without JavaScript). Browser-safe.
// Messages are i18n keys under "adminPlayers.errors.".
import { z } from "zod";
import { isDayKey } from "#app/kernel/dhaka-time.ts";
import { readTaka } from "#app/kernel/money.ts";
import { jurisdictionCodes } from "#app/modules/settings/index.ts";
import { tagField } from "#app/modules/staff/index.ts";

export const playerSorts = ["registered", "active", "balance", "username"] as const;
export type PlayerSort = (typeof playerSorts)[number];
export const activityWindows = ["1", "7", "30", "90"] as const;
export const PLAYER_PAGE_SIZE = 50;
export const MAX_PAGE = 10_000;

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
const choice = <const T extends readonly [string, ...string[]]>(values: T, key: string) => optional(z.enum(values, { error: key }));
const day = optional(z.string().trim().refine(isDayKey, "adminPlayers.errors.day"));
const taka = optional(
  z.string().transform((text, ctx) => {
    const read = readTaka(text);
    if (read.ok) return read.poisha;
    ctx.addIssue({ code: "custom", message: "adminPlayers.errors.amount" });
    return z.NEVER;
  }),
);

export const playerListSchema = z
  .object({
    // At least 3 characters of a username, phone or e-mail, or a player id ("42" or "#42").
    q: optional(
      z
        .string()
        .trim()
        .max(100, "adminPlayers.errors.q")
        .refine((s) => s.length >= 3 || /^#?\d{1,10}$/.test(s), "adminPlayers.errors.q"),
    ),
    status: choice(["active", "blocked"], "adminPlayers.errors.choice"),
    vip: optional(
      z.coerce
        .number({ error: "adminPlayers.errors.choice" })
        .int("adminPlayers.errors.choice")
        .positive("adminPlayers.errors.choice")
        .max(2_147_483_647, "adminPlayers.errors.choice"),
    ),
    from: day,
    to: day,
    active: choice(activityWindows, "adminPlayers.errors.choice"),
    idle: choice(activityWindows, "adminPlayers.errors.choice"),
    min: taka,
    max: taka,
    country: choice(jurisdictionCodes, "adminPlayers.errors.choice"),
    risk: choice(["open"], "adminPlayers.errors.choice"),
    tag: optional(tagField),
    sort: choice(playerSorts, "adminPlayers.errors.choice"),
    dir: choice(["asc", "desc"], "adminPlayers.errors.choice"),
    page: optional(
      z.coerce
        .number({ error: "adminPlayers.errors.page" })
        .int("adminPlayers.errors.page")
        .min(1, "adminPlayers.errors.page")
        .max(MAX_PAGE, "adminPlayers.errors.page"),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.from > v.to) ctx.addIssue({ code: "custom", path: ["to"], message: "adminPlayers.errors.dayOrder" });
    if (v.min !== undefined && v.max !== undefined && v.min > v.max)
      ctx.addIssue({ code: "custom", path: ["max"], message: "adminPlayers.errors.amountOrder" });
  });

export type PlayerListQuery = z.output<typeof playerListSchema>;
export const playerListFields = [
  "q",
  "status",
  "vip",
  "from",
  "to",
  "active",
  "idle",
  "min",
  "max",
  "country",
  "risk",
  "tag",
  "sort",
  "dir",
  "page",
] as const;
export type PlayerListField = (typeof playerListFields)[number];

/** The query string's fields (each once, the first value; at most 100 characters) for the schema and the form. */
export function playerListInput(params: URLSearchParams): Record<PlayerListField, string> {
  return Object.fromEntries(playerListFields.map((f) => [f, (params.get(f) ?? "").slice(0, 100)])) as Record<PlayerListField, string>;
}
