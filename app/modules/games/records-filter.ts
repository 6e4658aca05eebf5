// The betting record's filter (spec /betting-record): day, platform, game type, page and page size, read from
// and written to query strings. Pure: used by the server and by the page in the browser.
import type { DhakaRangeName } from "#app/kernel/dhaka-time.ts";
import { type GameType, isGameType } from "./types.ts";

/** The spec's day values, each one of the kernel's Dhaka range names. */
export const recordDays = ["today", "yesterday", "last7"] as const satisfies readonly DhakaRangeName[];
export type RecordDay = (typeof recordDays)[number];
export const recordPageSizes = [10, 25, 50, 100] as const;
export type RecordPageSize = (typeof recordPageSizes)[number];

export type RecordFilter = { day: RecordDay; platform?: string; type?: GameType; page: number; size: RecordPageSize };

/** The platform filter's value for the exchange's own bets (the Unsettled tab lists them beside the casino's rounds). */
export const EXCHANGE_PLATFORM = "EXCHANGE";

/** Whether the filter lets exchange bets through: any or the exchange's platform, any type or sports. */
export const filterTakesExchange = (filter: RecordFilter) =>
  (!filter.platform || filter.platform === EXCHANGE_PLATFORM) && (!filter.type || filter.type === "SPORTS");

const PLATFORM = /^[A-Z0-9]{2,20}$/;

/** The filter from query parameters; anything unknown falls back to its default (today, all, page 1, 10). */
export function parseRecordFilter(query: URLSearchParams): RecordFilter {
  const day = query.get("day");
  const platform = query.get("platform")?.trim().toUpperCase();
  const type = query.get("type")?.trim().toUpperCase();
  const page = Number(query.get("page"));
  const size = Number(query.get("size"));
  return {
    day: (recordDays as readonly string[]).includes(day ?? "") ? (day as RecordDay) : "today",
    platform: platform && PLATFORM.test(platform) ? platform : undefined,
    type: isGameType(type) ? type : undefined,
    page: Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    size: (recordPageSizes as readonly number[]).includes(size) ? (size as RecordPageSize) : 10,
  };
}

/** The filter as a query string (defaults left out), for paging links. */
export function recordQuery(filter: RecordFilter): string {
  const q = new URLSearchParams({ day: filter.day });
  if (filter.platform) q.set("platform", filter.platform);
  if (filter.type) q.set("type", filter.type);
  if (filter.size !== 10) q.set("size", String(filter.size));
  if (filter.page > 1) q.set("page", String(filter.page));
  return `?${q}`;
}
