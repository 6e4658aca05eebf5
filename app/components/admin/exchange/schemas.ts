// The trader's forms as the browser and the server both check them. Messages are "adminExchange.errors.*" keys.
import { z } from "zod";
import { INT4_MAX } from "#app/utils/ids.ts";

/** An id, as idField reads it, with the trader's message for every refusal. */
const id = z.coerce.number({ error: "adminExchange.errors.number" }).int().positive().max(INT4_MAX);
const whole = (max: number) => z.coerce.number({ error: "adminExchange.errors.number" }).int("adminExchange.errors.number").min(0).max(max);
const text = (max: number) => z.string({ error: "adminExchange.errors.required" }).trim().min(1, "adminExchange.errors.required").max(max);

export const createEventSchema = z.object({
  sport: z.enum(["cricket", "soccer", "tennis"], { error: "adminExchange.errors.required" }),
  competition: text(80),
  name: text(80),
  /** Asia/Dhaka wall-clock time from a datetime-local input ("2026-12-01T19:30"). */
  startsAt: z.string({ error: "adminExchange.errors.date" }).regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}$/, "adminExchange.errors.date"),
  runners: z
    .string({ error: "adminExchange.errors.runners" })
    .max(300)
    .transform((s) =>
      s
        .split(/\r?\n/)
        .map((r) => r.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(60)).min(2, "adminExchange.errors.runners").max(3, "adminExchange.errors.runners")),
  bookmaker: z.literal("on").optional(),
});

export const traderActionSchema = z.discriminatedUnion("intent", [
  /** The event's live-stream URL; left empty, the stream is cleared (the page shows the match tracker). */
  z.object({ intent: z.literal("stream"), url: z.string().trim().max(500, "adminExchange.errors.stream.invalid").optional() }),
  z.object({ intent: z.enum(["open", "suspend", "void"]), market: id }),
  z.object({ intent: z.literal("inplay") }),
  z.object({ intent: z.literal("ball"), running: z.enum(["1", "0"]) }),
  z.object({ intent: z.literal("winner"), market: id, runner: id }),
  z.object({ intent: z.literal("runs"), market: id, runs: whole(2_000) }),
  z.object({ intent: z.literal("quote"), runner: id, back: whole(100_000), lay: whole(100_000) }),
  z.object({ intent: z.literal("line"), market: id, noLine: whole(10_000), yesLine: whole(10_000), noRate: whole(10_000), yesRate: whole(10_000) }),
  z.object({
    intent: z.literal("addLine"),
    name: text(60),
    noLine: whole(10_000),
    yesLine: whole(10_000),
    noRate: whole(10_000),
    yesRate: whole(10_000),
  }),
]);

export type TraderAction = z.infer<typeof traderActionSchema>;

/** The allow-list of live-stream hosts (admin only): one host per line. Parsed by parseStreamHosts on the server. */
export const streamHostsSchema = z.object({
  intent: z.literal("streamHosts"),
  hosts: z.string().max(2_000, "adminExchange.errors.hosts").optional(),
});
