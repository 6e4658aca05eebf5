// The profile module's server entry: what other modules and routes may use. Everything else is private.
export { playerCard, playerSearchSchema, searchPlayers, updatePlayerContact } from "./admin-players.server.ts";
export { AGE_BLOCKED_PATH, birthdayPost } from "./birthday-post.server.ts";
export { saveBirthday } from "./birthday.server.ts";
export { phoneAddress } from "./contacts.server.ts";
export { EMAIL_LINK_TTL_HOURS, emailTokenAddress, verifyEmailToken } from "./email-verification.server.ts";
export { MAX_EXTRA_PHONES, addExtraPhone, findExtraPhone, listExtraPhones } from "./extra-phones.server.ts";
export { profileAction } from "./page-actions.server.ts";
export type { Notice } from "./page-actions.server.ts";
export { CODE_TTL_SECONDS, RESEND_SECONDS, sendPhoneCode, verifyPhoneCode } from "./phone-verification.server.ts";
export type { ProfileError } from "./phone-verification.server.ts";
export { loadProfile } from "./profile.server.ts";
export { playerVip } from "./vip.server.ts";
export { listPlayers, playerExportPage, playerListInput, playerListSchema, playerListSql } from "./player-list.server.ts";
export type { PlayerListPage, PlayerListRow } from "./player-list.server.ts";
