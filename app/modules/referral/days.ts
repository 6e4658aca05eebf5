// Dhaka calendar days as "YYYY-MM-DD" keys. Asia/Dhaka is UTC+6 without daylight saving (since 2010), so a day
// runs from 18:00 UTC of the previous date to 18:00 UTC of its date.
const DHAKA_OFFSET_MS = 6 * 3_600_000;
const DAY_MS = 86_400_000;

/** The Dhaka day containing `at`. */
export function dhakaDay(at: Date): string {
  return new Date(at.getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 10);
}

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** [from, to) of a Dhaka day. */
export function dayBounds(day: string): { from: Date; to: Date } {
  const from = new Date(Date.parse(`${day}T00:00:00+06:00`));
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

export const isDayKey = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
