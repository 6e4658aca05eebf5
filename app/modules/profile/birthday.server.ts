// The player's birthday: saved once by the player, then read-only. Under 18 on the Asia/Dhaka calendar it is saved
// only after the player confirms it, and blocks the account (app/modules/protection/identity-birthday.server.ts).
import { saveBirthdayChecked, type BirthdayFailure, type BirthdaySaved } from "#app/modules/protection/index.server.ts";

export { birthdayError, isAdultBirthday, latestAdultBirthday, MINIMUM_AGE } from "./validation.ts";

export type BirthdayResult = BirthdaySaved | BirthdayFailure;

/** Saves the birthday only while none is saved: of two parallel saves exactly one wins. */
export async function saveBirthday(playerId: number, value: string, now = new Date(), { confirmUnderage = false } = {}): Promise<BirthdayResult> {
  return saveBirthdayChecked(playerId, value, { confirmUnderage, now });
}
