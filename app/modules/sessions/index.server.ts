// The sessions module's server entry: what other modules and routes may use. Everything else is private.
// Tables first, then the files that need no other module: one module may import this entry while it is still loading
// (through an import cycle) and must already find them.
export { sessions } from "./schema.ts";
export {
  authMiddleware,
  clearSessionCookie,
  clientIp,
  commitSessionCookie,
  getAuth,
  isApiPath,
  readSessionToken,
  requireApiPlayer,
  requirePlayer,
  safeRedirect,
} from "./auth.server.ts";
export {
  changeOwnPassword,
  isResetTokenValid,
  phoneDigits,
  requestPasswordReset,
  resetPasswordWithToken,
  verifyResetCode,
} from "./password-reset.server.ts";
export {
  createSession,
  deleteSession,
  endAllSessions,
  getSessionPlayer,
  hashToken,
  listPlayerSessions,
  pruneExpiredSessions,
  restartRealityClock,
} from "./sessions.server.ts";
export type { PlayerSessionRow } from "./sessions.server.ts";
