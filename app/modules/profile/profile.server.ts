// What the profile page and the JSON API show of the signed-in player (the session decides who; never an id from
// the request).
import { findPlayerById, securityLevel } from "#app/modules/players/index.server.ts";
import { formatDhakaDate } from "#app/kernel/dhaka-time.ts";
import { phoneAddress } from "./contacts.server.ts";
import { listExtraPhones, MAX_EXTRA_PHONES } from "./extra-phones.server.ts";
import { phonesWithLiveCode, secondsUntilResend } from "./phone-verification.server.ts";
import { playerVip } from "./vip.server.ts";

export type ProfilePhone = {
  /** "main" or the extra phone's id. */
  target: "main" | number;
  phone: string;
  verified: boolean;
  /** A code was sent and can still be typed in. */
  codeSent: boolean;
  /** Seconds until another code may be sent to this number (the 300 s countdown). */
  resendIn: number;
};

/** `locale`: the page's language, which names the VIP level. */
export async function loadProfile(playerId: number, now = new Date(), locale = "en") {
  const player = await findPlayerById(playerId);
  if (!player) return null;
  const [extras, vip, live] = await Promise.all([listExtraPhones(playerId), playerVip(playerId, locale), phonesWithLiveCode(playerId, now)]);
  const phones: ProfilePhone[] = await Promise.all(
    [
      { target: "main" as const, phone: player.phone, callingCode: player.callingCode, verified: !!player.phoneVerifiedAt },
      ...extras.map((p) => ({ target: p.id, phone: p.phone, callingCode: p.callingCode, verified: !!p.verifiedAt })),
    ].map(async (p) => ({
      target: p.target,
      phone: p.phone,
      verified: p.verified,
      codeSent: !p.verified && live.has(p.target === "main" ? null : p.target),
      resendIn: p.verified ? 0 : await secondsUntilResend(phoneAddress(p.phone, p.callingCode), now),
    })),
  );
  return {
    id: player.id,
    username: player.username,
    name: player.name,
    email: player.email,
    emailVerified: !!player.emailVerifiedAt,
    birthday: player.birthday,
    registeredAt: formatDhakaDate(player.createdAt),
    vipLevel: vip.level,
    vipPoints: vip.pointsText,
    phones,
    canAddPhone: extras.length < MAX_EXTRA_PHONES,
    securityLevel: securityLevel(player),
    player,
  };
}
