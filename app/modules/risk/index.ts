// The risk module's browser-safe entry: what components and routes may use in the browser.
export { signalKinds, signalStatuses } from "./kinds.ts";
export type { SignalStatus } from "./kinds.ts";
export { clearReviewSchema, openReviewSchema, riskSettingsSchema, signalActionSchema } from "./validation.ts";
