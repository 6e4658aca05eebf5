// The referral module's browser-safe entry: what components and routes may use in the browser.
export { formatPpmPercent, historyPageSizes } from "./board.ts";
export type { HistoryPageSize } from "./board.ts";
export { referralSettingsSchema, toSettings } from "./validation.ts";
