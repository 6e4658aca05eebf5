// The player's birthday: saved once by the player (18 or older on the Asia/Dhaka calendar), then read-only.
import { and, eq, isNull } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { players } from "#app/modules/players/schema.ts";
import { formatDhaka } from "#app/utils/time.ts";
import type { ProfileError } from "./phone-verification.server.ts";
import { isCalendarDate } from "./validation.ts";

export const MINIMUM_AGE = 18;

/** The latest birthday (YYYY-MM-DD) of someone who is 18 today in Asia/Dhaka. Compared as text, so 29 February works too. */
export function latestAdultBirthday(now = new Date()) {
  const today = formatDhaka(now, "YYYY-MM-DD");
  return `${String(Number(today.slice(0, 4)) - MINIMUM_AGE).padStart(4, "0")}${today.slice(4)}`;
}

export function isAdultBirthday(value: string, now = new Date()) {
  return isCalendarDate(value) && value <= latestAdultBirthday(now);
}

/** Birthday error key for a value, or null when it may be saved. */
export function birthdayError(value: string, now = new Date()) {
  if (!isCalendarDate(value)) return "profile.errors.birthdayInvalid";
  if (value > latestAdultBirthday(now)) return "profile.errors.birthdayUnder18";
  return null;
}

export type BirthdayResult = { ok: true; birthday: string } | ProfileError;

/** Saves the birthday only while none is saved: of two parallel saves exactly one wins. */
export async function saveBirthday(playerId: number, value: string, now = new Date()): Promise<BirthdayResult> {
  const error = birthdayError(value, now);
  if (error) return { ok: false, error, status: 400 };
  const [row] = await db
    .update(players)
    .set({ birthday: value, updatedAt: now })
    .where(and(eq(players.id, playerId), isNull(players.birthday)))
    .returning({ birthday: players.birthday });
  if (!row) return { ok: false, error: "profile.errors.birthdayAlreadySet", status: 409 };
  return { ok: true, birthday: row.birthday! };
}
