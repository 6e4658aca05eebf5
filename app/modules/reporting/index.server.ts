// The reporting module's server entry: daily aggregates of the other modules' records for the back-office dashboard
// and reports. See README.md.
export {
  reportAdjustmentsDaily,
  reportBonusDaily,
  reportCasinoDaily,
  reportCursor,
  reportExchangeDaily,
  reportPaymentsDaily,
  reportPlayerBits,
} from "./schema.ts";
export { foldDay, foldedUntil, REPORT_SETTLE_MS, runReportJob, startReportJob } from "./job.server.ts";
export type { ReportJobResult } from "./job.server.ts";
export { chartFigures, dashboard, openFrom, periodFigures, queues, reportRows } from "./figures.server.ts";
export type { ChartFigures, Dashboard, PeriodFigures, Queue } from "./figures.server.ts";
export { reports } from "./sources.server.ts";
export type { ReportName } from "./sources.server.ts";
export { report } from "./reports.server.ts";
