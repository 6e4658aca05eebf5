// The vip module's browser-safe entry: what components and routes may use in the browser.
export { CVP_PER_VP, formatVp } from "./rules.ts";
export { convertSchema, levelSchema, ruleSchema, vipPageSizes, vipTabs } from "./validation.ts";
export type { VipTab } from "./validation.ts";
