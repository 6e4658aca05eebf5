// The protection module's server entry: what other modules and routes may use. Everything else is private.
// Tables first, then the files that need no other module: one module may import this entry while it is still loading
// (through an import cycle) and must already find them.
export { playerExclusions } from "./schema.ts";
export type { ExclusionKind } from "./schema.ts";
export { activeExclusion, excludedAt } from "./exclusions-active.server.ts";
export {
  applyExclusionForPlayer,
  closeAccount,
  confirmPlayerPassword,
  isExclusionError,
  listPlayerExclusions,
  selfExclude,
  takeTimeOut,
} from "./exclusions.server.ts";
export { saveBirthdayChecked } from "./identity-birthday.server.ts";
export type { BirthdayFailure, BirthdaySaved } from "./identity-birthday.server.ts";
export {
  IdentityError,
  MAX_PENDING_DOCUMENTS,
  getDocumentFile,
  listPlayerDocuments,
  reviewDocument,
  uploadDocument,
} from "./identity-documents.server.ts";
export { identityRefusal, identityState, requiredFor, verificationOrder } from "./identity.server.ts";
export { runHubForm } from "./limits-page.server.ts";
export { checkDepositLimits, limitOverview, limitsForStaff, shouldPromptDepositLimit } from "./limits.server.ts";
export type { LimitView } from "./limits.server.ts";
export { netDepositsText } from "./net-deposits.server.ts";
export type { NetDepositsText } from "./net-deposits.server.ts";
export { guardRealityCheck, realityCheckDue } from "./reality-guard.server.ts";
export type { RealityClientData } from "./reality-guard.server.ts";
export { realityFiguresText } from "./reality-page.server.ts";
export { acknowledgeReality, getRealityMinutes, realityDueForSession, realitySessionKey, setRealityMinutes } from "./reality.server.ts";
export { checkBeforeStake } from "./stake-check.server.ts";
export type { KnownStakeContext, StakeAmount, StakeLimit } from "./stake-check.server.ts";
