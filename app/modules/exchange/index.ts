// The exchange module's browser-safe entry: what components and routes may use in the browser.
export { decodeBook, pageCashOutValue } from "./cash-out.ts";
export type { CashOutBasis, DepthLevels } from "./cash-out.ts";
export { isExchangeError } from "./errors.ts";
export { MIN_TICK, oddsText, priceAt } from "./ladder.ts";
export { applyPinnedPush, applyPush, pushNeedsReload, shownMarket } from "./live-page.ts";
export type { LivePage, PinnedCard, PushedMarket } from "./live-page.ts";
export { marketKind, stakeAtRisk } from "./market-kinds.ts";
export type { MarketKindSpec } from "./market-kinds.ts";
export { ODDS_CHANGE_TOLERANCE } from "./odds-changes.ts";
export { QUICK_STAKES, slipEffect, slipFigures, stakePoisha } from "./slip.ts";
export type { BetKind, BetSide } from "./slip.ts";
export { trackerView } from "./tracker.ts";
export type { BallKind, TrackerBall, TrackerScore } from "./tracker.ts";
export { sports } from "./sports.ts";
export type { Sport } from "./sports.ts";
