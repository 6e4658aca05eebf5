// The vip module's server entry: what other modules and routes may use. Everything else is private.
// Tables first, then the files that need no other module: one module may import this entry while it is still loading
// (through an import cycle) and must already find them.
export { vipEntries } from "./schema.ts";
export { DEFAULT_LEVELS, deleteLevel, listLevels, saveLevel, saveVipRule } from "./levels.server.ts";
export { findConversion, vipPageData } from "./page.server.ts";
export {
  convertPoints,
  ensureVipDefaults,
  formatVp,
  isVipError,
  levelFor,
  levelName,
  playerExperienceSql,
  readVipSettings,
  startVipAccrual,
  vipSummary,
} from "./vip.server.ts";
