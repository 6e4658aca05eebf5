// The vip module's server entry: what other modules and routes may use. Everything else is private.
export { DEFAULT_LEVELS, deleteLevel, listLevels, saveLevel, saveVipRule } from "./levels.server.ts";
export { findConversion, vipPageData } from "./page.server.ts";
export { vipEntries } from "./schema.ts";
export {
  convertPoints,
  ensureVipDefaults,
  formatVp,
  isRequestKey,
  isVipError,
  levelName,
  readVipSettings,
  startVipAccrual,
  vipSummary,
} from "./vip.server.ts";
