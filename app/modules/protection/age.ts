// The minimum age to play and the birthday checks built on it (browser-safe: the profile form uses them too).
import { dhakaDayKey } from "#app/kernel/dhaka-time.ts";

/** A real date written YYYY-MM-DD, from 1900 on. */
export function isCalendarDate(value: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export const MINIMUM_AGE = 18;

/** The latest birthday (YYYY-MM-DD) of someone who is 18 today in Asia/Dhaka. Compared as text, so 29 February works too. */
export function latestAdultBirthday(now = new Date()) {
  const today = dhakaDayKey(now);
  return `${String(Number(today.slice(0, 4)) - MINIMUM_AGE).padStart(4, "0")}${today.slice(4)}`;
}
