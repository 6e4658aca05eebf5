// The back office's reports (browser-safe): which there are, their columns, and who may open each.
import type { StaffRole } from "#app/modules/staff/index.ts";

export const reportKinds = ["games", "providers", "exchange", "bonus", "payments"] as const;
export type ReportKind = (typeof reportKinds)[number];
export const isReportKind = (value: unknown): value is ReportKind => (reportKinds as readonly unknown[]).includes(value);

/** How a column's values read: text as is, a count grouped, money (poisha as a string) in taka, a percentage. */
export type ColumnType = "text" | "count" | "money" | "percent";
export type ReportColumn = { key: string; type: ColumnType };
/** One row: text, counts and percentages as numbers (null: not defined, e.g. RTP without stakes), money as poisha strings. */
export type ReportRow = Record<string, string | number | null>;
export type ReportTable = { kind: ReportKind; columns: readonly ReportColumn[]; rows: ReportRow[]; totals: ReportRow };

const casinoFigures: ReportColumn[] = [
  { key: "rounds", type: "count" },
  { key: "stakes", type: "money" },
  { key: "wins", type: "money" },
  { key: "ggr", type: "money" },
  { key: "rtp", type: "percent" },
];

export const reportColumns: Record<ReportKind, readonly ReportColumn[]> = {
  games: [
    { key: "product", type: "text" },
    { key: "provider", type: "text" },
    { key: "game", type: "text" },
    { key: "name", type: "text" },
    ...casinoFigures,
  ],
  providers: [{ key: "product", type: "text" }, { key: "provider", type: "text" }, { key: "games", type: "count" }, ...casinoFigures],
  exchange: [
    { key: "kind", type: "text" },
    { key: "marketId", type: "text" },
    { key: "event", type: "text" },
    { key: "market", type: "text" },
    { key: "matched", type: "money" },
    { key: "commission", type: "money" },
    { key: "houseResult", type: "money" },
  ],
  bonus: [
    { key: "promotionId", type: "text" },
    { key: "promotion", type: "text" },
    { key: "cost", type: "money" },
  ],
  payments: [
    { key: "kind", type: "text" },
    { key: "method", type: "text" },
    { key: "channel", type: "text" },
    { key: "requestedCount", type: "count" },
    { key: "requestedAmount", type: "money" },
    { key: "paidCount", type: "count" },
    { key: "paidAmount", type: "money" },
  ],
};

/** Money reports are for admin and finance; traders also see the exchange's. */
export const reportRoles: Record<ReportKind, readonly StaffRole[]> = {
  games: ["admin", "finance"],
  providers: ["admin", "finance"],
  exchange: ["admin", "finance", "trader"],
  bonus: ["admin", "finance"],
  payments: ["admin", "finance"],
};

/** Stored values a report shows as a word in the staff member's language (adminReports.values.<value>). */
const valueWords = ["house", "provider", "match_odds", "bookmaker", "fancy", "deposit", "withdrawal"] as const;
export type ReportValueWord = (typeof valueWords)[number];
export const isReportValueWord = (value: unknown): value is ReportValueWord => (valueWords as readonly unknown[]).includes(value);

export const reportsFor = (role: StaffRole): ReportKind[] => reportKinds.filter((k) => reportRoles[k].includes(role));
