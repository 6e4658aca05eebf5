// The turnover module's server entry: what other modules and routes may use. Everything else is private.
// Tables first, then the files that need no other module: one module may import this entry while it is still loading
// (through an import cycle) and must already find them.
export { turnoverRequirements } from "./schema.ts";
export {
  applyTurnover,
  cancelRequirementOfDeposit,
  completeAllRequirements,
  createRequirement,
  getTurnoverLeft,
  hasActiveTurnover,
  rollbackTurnover,
  turnoverProgress,
} from "./turnover.server.ts";
export type { TurnoverRequirement, TurnoverStatus } from "./turnover.server.ts";
