// The players module's server entry: what other modules and routes may use. Everything else is private.
// Tables first, then the files that need no other module: one module may import this entry while it is still loading
// (through an import cycle) and must already find them.
export { players, rateLimitHits } from "./schema.ts";
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
export { ensureSystemPlayer } from "./system-players.server.ts";
export { firstSignupSql, signupsSql } from "./report-sources.server.ts";
export { playerSearchTextSql, playerTextMatchSql } from "./text-search.server.ts";
