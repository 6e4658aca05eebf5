// A race's periods in Dhaka time: a daily race runs a Dhaka day (00:00-24:00 Asia/Dhaka), a weekly race a Dhaka week,
// Monday 00:00 to the next Monday 00:00. A period is named by its first day (YYYY-MM-DD).
import { addDays, type Bounds, type DayKey, dhakaDayKey, dhakaDayStart, type Instant } from "#app/kernel/dhaka-time.ts";

export type RacePeriod = "daily" | "weekly";

/** Days in a period of this kind. */
export const periodDays = (kind: RacePeriod) => (kind === "daily" ? 1 : 7);

/** The first day of the period that contains `at`: its Dhaka day, or the Monday of its Dhaka week. */
export function periodStartOf(kind: RacePeriod, at: Instant): DayKey {
  const day = dhakaDayKey(at);
  if (kind === "daily") return day;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday .. 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/** [start, end) of the period that starts on `start`, as UTC instants. */
export function periodBounds(kind: RacePeriod, start: DayKey): Bounds {
  return { start: dhakaDayStart(start), end: dhakaDayStart(addDays(start, periodDays(kind))) };
}

/** A period as players read it: its day ("2026-11-28"), or a week's first and last day ("2026-11-23 – 2026-11-29"). */
export const periodLabel = (kind: RacePeriod, start: DayKey): string =>
  kind === "daily" ? start : `${start} – ${addDays(start, periodDays(kind) - 1)}`;

/** The period after (1) or before (-1) the one starting `start`. */
export const shiftPeriod = (kind: RacePeriod, start: DayKey, by: number): DayKey => addDays(start, by * periodDays(kind));

/** Milliseconds from `now` to the end of the period that contains it. */
export function timeLeft(kind: RacePeriod, now: Instant = new Date()): number {
  const at = typeof now === "number" ? now : now.getTime();
  return periodBounds(kind, periodStartOf(kind, at)).end.getTime() - at;
}
