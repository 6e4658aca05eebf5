// The staff module's server entry: what other modules and routes may use. Everything else is private.
// Tables first, then the files that need no other module: one module may import this entry while it is still loading
// (through an import cycle) and must already find them.
export { playerNotes, playerTags, staffUsers } from "./schema.ts";
export type { StaffSessionStage } from "./schema.ts";
export { auditExportRows, listAudit } from "./audit-log.server.ts";
export type { AuditExportRow } from "./audit-log.server.ts";
export {
  clientIp,
  completeRequiredSetup,
  completeSecondFactor,
  getPendingStaff,
  getStaff,
  hasStaffSessionCookie,
  loginStaff,
  logoutStaff,
  requireStaff,
  safeAdminRedirect,
  startStaffSession,
} from "./auth.server.ts";
export type { PendingStaffAuth, StaffAuth } from "./auth.server.ts";
export {
  beginTwoFactorSetup,
  disableTwoFactor,
  enableTwoFactor,
  isTwoFactorError,
  totpCodeFor,
  twoFactorStatus,
  TwoFactorError,
} from "./two-factor.server.ts";
export type { TwoFactorStatus } from "./two-factor.server.ts";
export { changeOwnPassword, endOtherSessions, endOwnSession, listOwnSessions } from "./account.server.ts";
export { dashboardCounts } from "./dashboard.server.ts";
export {
  createStaff,
  ensureSeedAdmin,
  findStaffByUsername,
  listStaff,
  resetStaffPassword,
  resetStaffTwoFactor,
  setStaffActive,
} from "./staff.server.ts";
export { addPlayerNote, addPlayerTag, hasTagSql, listPlayerNotes, listPlayerTags, listTagsInUse, removePlayerTag } from "./player-notes.server.ts";
export type { NoteRow, StaffActor, TagChange } from "./player-notes.server.ts";
