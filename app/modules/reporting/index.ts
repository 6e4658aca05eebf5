// The reporting module's browser-safe entry: who sees what, and the dashboard's date range.
export { dashboardSections, queueNames, queuesFor, sectionsFor } from "./access.ts";
export type { DashboardSection, QueueName } from "./access.ts";
export { daysOf, MAX_RANGE_DAYS, rangeChoices, readRange } from "./range.ts";
export type { DashboardRange, Period, RangeChoice, RangeProblem } from "./range.ts";
export { isReportKind, isReportValueWord, reportColumns, reportKinds, reportRoles, reportsFor } from "./report-kinds.ts";
export type { ColumnType, ReportColumn, ReportKind, ReportRow, ReportTable } from "./report-kinds.ts";
