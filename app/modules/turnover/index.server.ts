// The turnover module's server entry: what other modules and routes may use. Everything else is private.
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
