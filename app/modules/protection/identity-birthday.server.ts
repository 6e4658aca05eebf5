// The birthday a player gives (profile page, JSON API, deposit page): saved once. A birthday that makes the player
// under 18 on the Asia/Dhaka date is saved too, after the player confirms it: the account is then blocked, every
// session ends and staff get an AML signal (the site is 18+; nothing is deposited or played by a minor).
import { db } from "#app/db/db.server.ts";
import type { MessageKey, MessageParams } from "#app/i18n/message.ts";
import { isCalendarDate, MINIMUM_AGE } from "./age.ts";
import { dhakaDayKey } from "#app/kernel/dhaka-time.ts";
import { raiseSignal } from "#app/modules/risk/index.server.ts";
import { setBirthdayOnce } from "#app/modules/players/index.server.ts";
import { endAllSessions } from "#app/modules/sessions/index.server.ts";

export type BirthdayFailure = {
  ok: false;
  error: MessageKey;
  params?: MessageParams;
  status: number;
  /** Set when the birthday is under 18 and the player has not confirmed it yet: the form asks again. */
  confirm?: { birthday: string; age: number };
};
export type BirthdaySaved = { ok: true; birthday: string; blocked: boolean };

/** Full years between the birthday and the day `now` falls on in Asia/Dhaka (text dates, so 29 February works). */
export function ageOn(birthday: string, now = new Date()): number {
  const today = dhakaDayKey(now);
  const years = Number(today.slice(0, 4)) - Number(birthday.slice(0, 4));
  return today.slice(5) >= birthday.slice(5) ? years : years - 1;
}

export const underageFingerprint = (playerId: number) => `underage_birthday:${playerId}`;

/**
 * Saves the birthday while none is saved (of parallel saves exactly one wins). Under 18: refused with `confirm`
 * unless `confirmUnderage`; confirmed, the birthday is saved, the player blocked, every session deleted and one
 * `underage_birthday` signal raised, all in one transaction.
 */
export async function saveBirthdayChecked(
  playerId: number,
  value: string,
  { confirmUnderage = false, now = new Date() }: { confirmUnderage?: boolean; now?: Date } = {},
): Promise<BirthdaySaved | BirthdayFailure> {
  const birthday = typeof value === "string" ? value.trim() : "";
  if (!isCalendarDate(birthday)) return { ok: false, error: "profile.errors.birthdayInvalid", status: 400 };
  if (birthday > dhakaDayKey(now)) return { ok: false, error: "profile.errors.birthdayInvalid", status: 400 };
  const age = ageOn(birthday, now);
  const underage = age < MINIMUM_AGE;
  if (underage && !confirmUnderage) {
    return { ok: false, error: "identity.birthday.confirmUnderage", params: { birthday, age }, status: 409, confirm: { birthday, age } };
  }
  const saved = await db.transaction(async (tx) => {
    const set = await setBirthdayOnce(tx, playerId, birthday, { block: underage, now });
    if (!set) return null;
    if (underage) {
      await endAllSessions(tx, playerId);
      await raiseSignal(tx, { playerId, kind: "underage_birthday", fingerprint: underageFingerprint(playerId), evidence: { birthday, age } });
    }
    return set;
  });
  if (!saved) return { ok: false, error: "profile.errors.birthdayAlreadySet", status: 409 };
  return { ok: true, birthday: saved, blocked: underage };
}
