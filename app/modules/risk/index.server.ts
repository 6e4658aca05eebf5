// The risk module's server entry: what other modules and routes may use. Everything else is private.
// Tables first, then the files that need no other module: one module may import this entry while it is still loading
// (through an import cycle) and must already find them.
export type { AmlSignalKind } from "./schema.ts";
export { signalView } from "./describe.server.ts";
export type { SignalView } from "./describe.server.ts";
export { deviceIdOf, deviceMiddleware } from "./device.server.ts";
export { startRiskJob } from "./job.server.ts";
export { riskPlayer } from "./player.server.ts";
export { clearReview, hasOpenReview, openReview, playerReviewHistory } from "./reviews.server.ts";
export { getRiskSettings, toThresholds, updateRiskSettings } from "./settings.server.ts";
export { handleSignal, hasOpenSignalSql, listSignals, playerSignals, playersUnderReview, raiseSignal, signalExportRows } from "./signals.server.ts";
export type { SignalExportRow, SignalFilter } from "./signals.server.ts";
export { openReviewQueueSql } from "./report-sources.server.ts";
