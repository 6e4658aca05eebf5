// The referral module's server entry: what other modules and routes may use. Everything else is private.
export { claimAllRewards, getOwnClaim } from "./claims.server.ts";
export { listRewardHistory, referralFigures } from "./figures.server.ts";
export { inviteLink } from "./invite.server.ts";
export { lastComputedDay, startReferralRewards } from "./rewards.server.ts";
export { getReferralSettings, updateReferralSettings } from "./settings.server.ts";
