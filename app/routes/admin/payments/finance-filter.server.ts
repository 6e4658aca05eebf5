// The finance lists' filter (deposits, withdrawals, adjustments) as the pages and their exports read it from the
// address, and their CSV columns. One schema per list: the page and its export cannot disagree on what a filter means.
import type { RouterContextProvider } from "react-router";
import { csvTaka } from "#app/kernel/csv.server.ts";
import type {
  AdjustmentExportRow,
  DepositExportRow,
  FinanceFilter,
  FinanceList,
  FinanceTotals,
  WithdrawalExportRow,
} from "#app/modules/payments/index.server.ts";
import { takaText } from "#app/kernel/money.ts";
import { listPaymentMethods } from "#app/modules/payments/index.server.ts";
import type { FinanceFilterView } from "#app/components/admin/payments/FinanceFilter.tsx";
import { areaBundle, type AreaBundle } from "#app/i18n/areas.server.ts";
import { type ExportColumn, statusWord } from "../export.server.ts";
import { boundsOf, type FilterErrors, filterQuery, financeQuerySchema, readListQuery } from "../list-filter.server.ts";

type Ctx = Readonly<RouterContextProvider>;

const schemas = {
  deposits: financeQuerySchema(["pending", "approved", "rejected", "cancelled", "all"]),
  withdrawals: financeQuerySchema(["pending", "approved", "rejected", "cancelled", "all"]),
  adjustments: financeQuerySchema(["credit", "debit"]),
};

export const financeFilterFields = ["range", "from", "to", "q", "amount", "status", "method", "page"] as const;

export type FinanceQuery = {
  /** The fields as typed, for the form and the links. */
  values: Record<string, string>;
  /** Message keys by field; empty when the filter parsed. */
  errors: FilterErrors;
  /** The checked filter (status "all" and absent mean every status); null when a field was refused. */
  filter: FinanceFilter | null;
  /** The queue tab (deposits, withdrawals): the status, pending when none is given. */
  status: string;
  page: number;
};

/** The list's filter from the address; bad values give `errors` and no filter. */
export function readFinanceQuery(url: URL, list: FinanceList, now = new Date()): FinanceQuery {
  const { values, value, errors } = readListQuery(url, schemas[list], financeFilterFields);
  const fallbackStatus = list === "adjustments" ? "" : "pending";
  if (!value) return { values, errors, filter: null, status: fallbackStatus, page: 1 };
  const status = value.status ?? fallbackStatus;
  const { start, end } = boundsOf(value, now);
  return {
    values,
    errors,
    filter: { start, end, q: value.q, amount: value.amount, methodId: value.method, status: status === "all" || status === "" ? undefined : status },
    status,
    page: value.page,
  };
}

/** The totals as the page shows them: taka text, statuses as words. */
export function totalsView(context: Ctx, totals: FinanceTotals) {
  return {
    count: totals.count,
    amount: takaText(totals.amount, { decimals: "trim" }),
    byStatus: totals.byStatus.map((s) => ({
      status: s.status,
      label: statusWord(context, s.status),
      count: s.count,
      amount: takaText(s.amount, { decimals: "trim" }),
    })),
  };
}

export function depositColumns(context: Ctx): ExportColumn<DepositExportRow>[] {
  return [
    ["adminExports.columns.ref", (r) => `D${r.id}`],
    ["adminExports.columns.time", (r) => r.createdAt],
    ["adminExports.columns.username", (r) => r.username],
    ["adminExports.columns.phone", (r) => r.phone],
    ["adminExports.columns.method", (r) => r.method],
    ["adminExports.columns.channel", (r) => r.channelType],
    ["adminExports.columns.amount", (r) => csvTaka(r.amount)],
    ["adminExports.columns.bonus", (r) => csvTaka(r.bonusAmount)],
    ["adminExports.columns.sender", (r) => r.senderNumber],
    ["adminExports.columns.trxId", (r) => r.trxId],
    ["adminExports.columns.status", (r) => statusWord(context, r.status)],
    ["adminExports.columns.decidedBy", (r) => r.reviewer],
    ["adminExports.columns.decidedAt", (r) => r.reviewedAt],
    ["adminExports.columns.cancelledAt", (r) => r.cancelledAt],
    ["adminExports.columns.reason", (r) => r.rejectReason],
  ];
}

export function withdrawalColumns(context: Ctx): ExportColumn<WithdrawalExportRow>[] {
  return [
    ["adminExports.columns.ref", (r) => `W${r.id}`],
    ["adminExports.columns.time", (r) => r.createdAt],
    ["adminExports.columns.username", (r) => r.username],
    ["adminExports.columns.phone", (r) => r.phone],
    ["adminExports.columns.method", (r) => r.method],
    ["adminExports.columns.amount", (r) => csvTaka(r.amount)],
    ["adminExports.columns.account", (r) => r.accountNumber],
    ["adminExports.columns.payoutReference", (r) => r.payoutReference],
    ["adminExports.columns.status", (r) => statusWord(context, r.status)],
    ["adminExports.columns.firstApprover", (r) => r.firstApprover],
    ["adminExports.columns.decidedBy", (r) => r.reviewer],
    ["adminExports.columns.decidedAt", (r) => r.reviewedAt],
    ["adminExports.columns.cancelledAt", (r) => r.cancelledAt],
    ["adminExports.columns.reason", (r) => r.rejectReason],
  ];
}

export function adjustmentColumns(context: Ctx): ExportColumn<AdjustmentExportRow>[] {
  return [
    ["adminExports.columns.ref", (r) => `A${r.id}`],
    ["adminExports.columns.time", (r) => r.createdAt],
    ["adminExports.columns.username", (r) => r.username],
    ["adminExports.columns.phone", (r) => r.phone],
    ["adminExports.columns.direction", (r) => statusWord(context, r.direction)],
    ["adminExports.columns.amount", (r) => csvTaka(r.amount)],
    ["adminExports.columns.reason", (r) => r.reason],
    ["adminExports.columns.staff", (r) => r.staff],
  ];
}

/** What a finance page's loader returns for its filter panel (FinanceFilterPanel). */
export async function financeFilterView(
  context: Ctx,
  base: string,
  list: FinanceList,
  query: FinanceQuery,
  totals: FinanceTotals | null,
): Promise<FinanceFilterView & { i18n: AreaBundle<"adminExports"> }> {
  const methods =
    list === "adjustments" ? [] : (await listPaymentMethods({ activeOnly: false, dedupe: false })).map((m) => ({ id: m.id, name: m.name }));
  const withoutTab = { ...query.values, status: list === "adjustments" ? query.values.status! : "" };
  const exportQuery = filterQuery(query.values, list === "adjustments" || !query.filter ? {} : { status: query.status });
  return {
    values: query.values,
    errors: query.errors,
    query: filterQuery(withoutTab),
    exportHref: query.filter ? `${base}/export${exportQuery ? `?${exportQuery}` : ""}` : null,
    methods,
    totals: totals ? totalsView(context, totals) : null,
    perStatus: !query.filter?.status,
    i18n: areaBundle(context, "adminExports"),
  };
}
