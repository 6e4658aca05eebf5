// The players module's server entry: what other modules and routes may use. Everything else is private.
export { markEmailVerified, markPhoneVerified, setBirthdayOnce, setContactDetails } from "./account-updates.server.ts";
export { creditDemoBalance } from "./demo-credit.server.ts";
export { burnPasswordCheck, hashPassword, verifyPassword } from "./password.server.ts";
export {
  authenticate,
  changePassword,
  createPlayer,
  findPlayerById,
  findPlayerByReferralCode,
  findPlayerByUsername,
  isLoopback,
  markLoggedIn,
  securityLevel,
  setPassword,
  toPublic,
} from "./players.server.ts";
export type { Player, PublicPlayer } from "./players.server.ts";
export { beginLoginAttempt, loginFailed, loginSucceeded, pruneLoginFailures, releaseHits, takeHits } from "./rate-limit.server.ts";
export type { LoginPace } from "./rate-limit.server.ts";
export { players, rateLimitHits } from "./schema.ts";
export { ensureSystemPlayer } from "./system-players.server.ts";
