// The dashboard's date range (browser-safe): a named Dhaka range or custom from/to days, with the previous period of
// equal length just before it. Bad input gives a message key, never an exception.
import {
  addDays,
  dhakaDayKey,
  dhakaRangeDays,
  dhakaRangeNames,
  isDayKey,
  type DayKey,
  type DhakaRangeName,
  type Instant,
} from "#app/kernel/dhaka-time.ts";

export const MAX_RANGE_DAYS = 366;
export const rangeChoices = [...dhakaRangeNames, "custom"] as const;
export type RangeChoice = (typeof rangeChoices)[number];
export type Period = { from: DayKey; to: DayKey };
export type DashboardRange = { choice: RangeChoice; current: Period; previous: Period; days: number };
export type RangeProblem = "badDate" | "fromAfterTo" | "tooLong";

const dayNumber = (day: DayKey) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** Reads ?range=&from=&to= (anything else: last 7 days); a custom range needs both days, from ≤ to, at most 366 days. */
export function readRange(
  params: { range?: string | null; from?: string | null; to?: string | null },
  now: Instant = new Date(),
): { ok: true; range: DashboardRange } | { ok: false; problem: RangeProblem; field: "from" | "to"; fallback: DashboardRange } {
  const fallback = periodOf("last7", dhakaRangeDays("last7", now));
  const choice = (rangeChoices as readonly string[]).includes(params.range ?? "") ? (params.range as RangeChoice) : null;
  const wantsCustom = choice === "custom" || (!choice && Boolean(params.from || params.to));
  if (!wantsCustom) {
    const name = (choice ?? "last7") as DhakaRangeName;
    return { ok: true, range: periodOf(name, dhakaRangeDays(name, now)) };
  }
  const from = (params.from ?? "").trim();
  const to = (params.to ?? "").trim() || dhakaDayKey(now);
  if (!isDayKey(from)) return { ok: false, problem: "badDate", field: "from", fallback };
  if (!isDayKey(to)) return { ok: false, problem: "badDate", field: "to", fallback };
  if (from > to) return { ok: false, problem: "fromAfterTo", field: "from", fallback };
  if (dayNumber(to) - dayNumber(from) + 1 > MAX_RANGE_DAYS) return { ok: false, problem: "tooLong", field: "from", fallback };
  return { ok: true, range: periodOf("custom", { from, to }) };
}

function periodOf(choice: RangeChoice, current: Period): DashboardRange {
  const days = dayNumber(current.to) - dayNumber(current.from) + 1;
  return { choice, current, previous: { from: addDays(current.from, -days), to: addDays(current.from, -1) }, days };
}

/** Every day of a period, in order. */
export function daysOf({ from, to }: Period): DayKey[] {
  const out: DayKey[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}
