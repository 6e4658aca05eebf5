// Day boundaries in Asia/Dhaka (UTC+6, no daylight saving), never in the server's own zone.
import { dayjs, SITE_TZ } from "#app/utils/time.ts";
import type { DateRange } from "./constants.ts";

/** Midnight in Dhaka starting the day that contains `now`. */
export function dhakaDayStart(now: Date = new Date()): Date {
  return dayjs(now).tz(SITE_TZ).startOf("day").toDate();
}

/** [from, to) for a transaction filter; `all` has no bounds. "7d" is the past 7 Dhaka days including today. */
export function dhakaRange(range: DateRange, now: Date = new Date()): { from?: Date; to?: Date } {
  const today = dayjs(now).tz(SITE_TZ).startOf("day");
  switch (range) {
    case "today":
      return { from: today.toDate(), to: today.add(1, "day").toDate() };
    case "yesterday":
      return { from: today.subtract(1, "day").toDate(), to: today.toDate() };
    case "7d":
      return { from: today.subtract(6, "day").toDate(), to: today.add(1, "day").toDate() };
    default:
      return {};
  }
}

/** "2026-11-21": the Dhaka calendar day of a moment, for grouping records by day. */
export function dhakaDateKey(at: Date): string {
  return dayjs(at).tz(SITE_TZ).format("YYYY-MM-DD");
}
