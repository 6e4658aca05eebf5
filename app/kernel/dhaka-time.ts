// The one way to do time on this site: Asia/Dhaka (GMT+6). Calendar days, their bounds as UTC instants, the named ranges
// of the record filters, display with a 24-hour clock, and reading what the forms send. Browser-safe: dayjs only.
//
// Asia/Dhaka has been UTC+6 without daylight saving since 2010 (it tried +7 in the second half of 2009). From then on
// the offset is added directly: the time-zone plugin asks Intl on every call, which costs home a third of a
// millisecond per request. Earlier moments and zone tokens (Z, z) still go through the plugin.
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);
dayjs.extend(timezone);

/** The site's time zone, for Intl and for SQL (`created_at at time zone ${DHAKA_TZ}`). */
export const DHAKA_TZ = "Asia/Dhaka";

const FIXED_SINCE = Date.UTC(2010, 0, 1);
const DHAKA_OFFSET_MS = 6 * 3_600_000;
const DAY_MS = 86_400_000;

/** A moment: a Date or milliseconds since the epoch. */
export type Instant = Date | number;
/** A Dhaka calendar day, "YYYY-MM-DD". */
export type DayKey = string;
/** [start, end) as UTC instants. */
export type Bounds = { start: Date; end: Date };

// ---- Display ----

/** A moment shown in Asia/Dhaka with a 24-hour clock, e.g. 2026-11-21 15:04:05; "" for none. */
export function formatDhaka(value: Date | string | number | null | undefined, format = "YYYY-MM-DD HH:mm:ss") {
  if (value === null || value === undefined) return "";
  const moment = dayjs(value);
  if (!moment.isValid()) return moment.format(format);
  if (moment.valueOf() < FIXED_SINCE || /[Zz]/.test(format.replace(/\[[^\]]*\]/g, ""))) return moment.tz(DHAKA_TZ).format(format);
  return dayjs.utc(moment.valueOf() + DHAKA_OFFSET_MS).format(format);
}

/** "2026-11-21": the Dhaka date of a moment; "" for none. */
export const formatDhakaDate = (value: Date | string | number | null | undefined) => formatDhaka(value, "YYYY-MM-DD");

/** "2026-11-21 15:04": the Dhaka date and 24-hour time of a moment, as the site writes them everywhere; "" for none. */
export const formatDhakaDateTime = (value: Date | string | number | null | undefined) => formatDhaka(value, "YYYY-MM-DD HH:mm");

/** "2026-11-21T15:04": a moment as a datetime-local input's value in Dhaka; "" for none. */
export const formatDhakaInput = (value: Date | string | number | null | undefined) => formatDhaka(value, "YYYY-MM-DDTHH:mm");

// ---- Days ----

/** The Dhaka calendar day that contains `at`. */
export function dhakaDayKey(at: Instant): DayKey {
  return formatDhaka(at, "YYYY-MM-DD");
}

/** `day` moved by `days` calendar days (negative goes back). */
export function addDays(day: DayKey, days: number): DayKey {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A real calendar day as YYYY-MM-DD: the date must come back unchanged (JavaScript rolls 2026-02-30 over to 2 March). */
export const isDayKey = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
};

/** The UTC instant of a Dhaka wall-clock time (date "YYYY-MM-DD", time "HH:mm" or "HH:mm:ss"); Invalid Date if unreadable. */
function fromDhakaWallClock(date: string, time: string): Date {
  const asUtc = Date.parse(`${date}T${time}Z`);
  if (Number.isNaN(asUtc)) return new Date(Number.NaN);
  if (asUtc - DHAKA_OFFSET_MS >= FIXED_SINCE) return new Date(asUtc - DHAKA_OFFSET_MS);
  return dayjs.tz(`${date} ${time}`, DHAKA_TZ).toDate();
}

/** Midnight in Dhaka starting `day`. */
export function dhakaDayStart(day: DayKey): Date {
  return fromDhakaWallClock(day, "00:00:00");
}

/** [start, end) of a Dhaka day as UTC instants: 18:00 UTC of the date before to 18:00 UTC of its date. */
export function dhakaDayBounds(day: DayKey): Bounds {
  return { start: dhakaDayStart(day), end: dhakaDayStart(addDays(day, 1)) };
}

/** Midnight in Dhaka starting the day that contains `at`. */
export function startOfDhakaDay(at: Instant = new Date()): Date {
  return dhakaDayStart(dhakaDayKey(at));
}

// ---- Ranges ----

/** The named ranges of the record filters; "last7" and "last30" end with today. */
export const dhakaRangeNames = ["today", "yesterday", "last7", "last30"] as const;
export type DhakaRangeName = (typeof dhakaRangeNames)[number];
/** A named range, or the Dhaka days from `from` to `to`, both included. */
export type DhakaRange = DhakaRangeName | { from: DayKey; to: DayKey };

/** The first and last Dhaka day (both included) of a range, resolved against `now`. */
export function dhakaRangeDays(range: DhakaRange, now: Instant = new Date()): { from: DayKey; to: DayKey } {
  if (typeof range === "object") return range;
  const today = dhakaDayKey(now);
  switch (range) {
    case "today":
      return { from: today, to: today };
    case "yesterday":
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case "last7":
      return { from: addDays(today, -6), to: today };
    case "last30":
      return { from: addDays(today, -29), to: today };
  }
}

/** [start, end) of a range as UTC instants, resolved against `now`: from the first day's midnight to the one after the last. */
export function dhakaRange(range: DhakaRange, now: Instant = new Date()): Bounds {
  const { from, to } = dhakaRangeDays(range, now);
  return { start: dhakaDayStart(from), end: dhakaDayStart(addDays(to, 1)) };
}

// ---- Parsing what forms send ----

/** "2026-11-21" read as midnight in Dhaka starting that day; null if it is not a day key. */
export function parseDhakaDate(text: string): Date | null {
  return isDayKey(text) ? dhakaDayStart(text) : null;
}

/**
 * "2026-05-01T18:30" from a datetime-local input (or "2026-05-01 18:30", seconds optional) read as Dhaka time; null if
 * it is not one.
 */
export function parseDhakaDateTime(text: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)$/.exec(text);
  if (!m) return null;
  const d = fromDhakaWallClock(m[1]!, m[2]!);
  return Number.isNaN(d.getTime()) ? null : d;
}
