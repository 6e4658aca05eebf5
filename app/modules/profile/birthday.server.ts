// The player's birthday: saved once by the player (18 or older on the Asia/Dhaka calendar), then read-only.
import { and, eq, isNull } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { players } from "#app/modules/players/schema.ts";
import type { ProfileError } from "./phone-verification.server.ts";
import { birthdayError } from "./validation.ts";

export { birthdayError, isAdultBirthday, latestAdultBirthday, MINIMUM_AGE } from "./validation.ts";

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
