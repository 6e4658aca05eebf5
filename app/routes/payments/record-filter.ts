// The /transaction-record filter as it travels in the address: status, type, date range and page.
import type { DateRange, TransactionStatus, TransactionType } from "#app/modules/payments/index.ts";

export const PAGE_SIZE = 10;

export type RecordFilter = {
  status: TransactionStatus | "all";
  type: TransactionType | "all";
  range: DateRange;
  page: number;
};

const statuses = ["all", "pending", "fail", "success"] as const;
const types = ["all", "deposit", "withdraw", "adjustment", "vip", "race"] as const;
const ranges = ["today", "yesterday", "7d", "all"] as const;
// The spec's words and the original site's numbers are accepted too (e.g. ?type=withdrawal, ?status=1).
const aliases: Record<string, string> = {
  withdrawal: "withdraw",
  processing: "pending",
  "0": "pending",
  "1": "success",
  "2": "fail",
  "-1": "all",
  last7: "7d",
  "7": "7d",
};

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  const v = value === null ? "" : (aliases[value.trim().toLowerCase()] ?? value.trim().toLowerCase());
  return (allowed as readonly string[]).includes(v) ? (v as T) : fallback;
}

/** Unknown values fall back to the defaults: all statuses and types, today, page 1. */
export function parseRecordFilter(query: URLSearchParams): RecordFilter {
  const page = Number(query.get("page"));
  return {
    status: pick(query.get("status"), statuses, "all"),
    type: pick(query.get("type"), types, "all"),
    range: pick(query.get("range"), ranges, "today"),
    page: Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

export function recordQuery(filter: RecordFilter): string {
  const q = new URLSearchParams({ status: filter.status, type: filter.type, range: filter.range });
  if (filter.page > 1) q.set("page", String(filter.page));
  return `?${q}`;
}
