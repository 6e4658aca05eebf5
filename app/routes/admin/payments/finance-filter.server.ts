// The finance lists' filter (deposits, withdrawals, adjustments, gateway checkouts) as the pages and their exports read
// it from the address, and their CSV columns. One schema per list: the page and its export cannot disagree on what a filter means.
import type { RouterContextProvider } from "react-router";
import { csvTaka } from "#app/kernel/csv.server.ts";
import type {
  AdjustmentExportRow,
  CheckoutExportRow,
  DepositExportRow,
  FinanceFilter,
  FinanceList,
  FinanceTotals,
  WithdrawalExportRow,
} from "#app/modules/payments/index.server.ts";
import { takaText } from "#app/kernel/money.ts";
import { gatewayPaymentStatuses, listPaymentMethods } from "#app/modules/payments/index.server.ts";
import { type CheckoutTab, checkoutTabStatuses, checkoutTabs } from "#app/modules/payments/index.ts";
import type { FinanceFilterView } from "#app/components/admin/payments/FinanceFilter.tsx";
import { areaBundle, type AreaBundle } from "#app/i18n/areas.server.ts";
import { translate } from "#app/i18n/translate.server.ts";
import { type ExportColumn, statusWord } from "../export.server.ts";
import { boundsOf, type FilterErrors, filterQuery, financeQuerySchema, oneOf, readListQuery } from "../list-filter.server.ts";

type Ctx = Readonly<RouterContextProvider>;

const schemas = {
  deposits: financeQuerySchema(["pending", "approved", "rejected", "cancelled", "all"]),
  withdrawals: financeQuerySchema(["pending", "approved", "rejected", "cancelled", "all"]),
  adjustments: financeQuerySchema(["credit", "debit"]),
  // Checkouts: `status` is the page's tab (a group of statuses), `state` one status of the filter's select.
  checkouts: financeQuerySchema(checkoutTabs, { state: oneOf(gatewayPaymentStatuses) }),
};

export const financeFilterFields = ["range", "from", "to", "q", "amount", "status", "method", "page"] as const;
const fieldsOf = (list: FinanceList): readonly string[] => (list === "checkouts" ? [...financeFilterFields, "state"] : financeFilterFields);

/** The tab a list's page opens on when the address names none. */
const defaultTab = { deposits: "pending", withdrawals: "pending", adjustments: "", checkouts: "open" } as const;

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
  const { values, value, errors } = readListQuery(url, schemas[list], fieldsOf(list));
  const fallbackStatus = defaultTab[list];
  if (!value) return { values, errors, filter: null, status: fallbackStatus, page: 1 };
  const status = value.status ?? fallbackStatus;
  const { start, end } = boundsOf(value, now);
  const base = { start, end, q: value.q, amount: value.amount, methodId: value.method };
  if (list === "checkouts") {
    const state = "state" in value ? (value.state as string | undefined) : undefined;
    return { values, errors, filter: { ...base, status: state, statuses: checkoutTabStatuses(status as CheckoutTab) }, status, page: value.page };
  }
  return { values, errors, filter: { ...base, status: status === "all" || status === "" ? undefined : status }, status, page: value.page };
}

/** A checkout's status as the checkouts page words it ("Needs attention" tab's "Did not match"). */
export const checkoutStatusWord = (context: Ctx, status: string) =>
  (gatewayPaymentStatuses as readonly string[]).includes(status)
    ? translate(context, `adminPayments.checkouts.status.${status as (typeof gatewayPaymentStatuses)[number]}`)
    : status;

/** The totals as the page shows them: taka text, statuses as words. */
export function totalsView(context: Ctx, totals: FinanceTotals, word: (context: Ctx, status: string) => string = statusWord) {
  return {
    count: totals.count,
    capped: totals.capped,
    amount: takaText(totals.amount, { decimals: "trim" }),
    byStatus: totals.byStatus.map((s) => ({
      status: s.status,
      label: word(context, s.status),
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

export function checkoutColumns(context: Ctx): ExportColumn<CheckoutExportRow>[] {
  return [
    ["adminExports.columns.invoice", (r) => r.invoice],
    ["adminExports.columns.time", (r) => r.createdAt],
    ["adminExports.columns.username", (r) => r.username],
    ["adminExports.columns.phone", (r) => r.phone],
    ["adminExports.columns.method", (r) => r.method],
    ["adminExports.columns.gateway", (r) => r.gateway],
    ["adminExports.columns.amount", (r) => csvTaka(r.amount)],
    ["adminExports.columns.status", (r) => checkoutStatusWord(context, r.status)],
    ["adminExports.columns.gatewayPayment", (r) => r.gatewayPaymentId],
    ["adminExports.columns.trxId", (r) => r.trxId],
    ["adminExports.columns.payer", (r) => r.payer],
    ["adminExports.columns.reason", (r) => r.failureReason],
    ["adminExports.columns.deposit", (r) => (r.depositId ? `D${r.depositId}` : null)],
    ["adminExports.columns.finishedAt", (r) => r.finishedAt],
    ["adminExports.columns.checks", (r) => r.checks],
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
  const checkouts = list === "checkouts";
  return {
    values: query.values,
    errors: query.errors,
    query: filterQuery(withoutTab),
    exportHref: query.filter ? `${base}/export${exportQuery ? `?${exportQuery}` : ""}` : null,
    methods,
    states: checkouts ? gatewayPaymentStatuses.map((s) => [s, checkoutStatusWord(context, s)] as const) : undefined,
    totals: totals ? totalsView(context, totals, checkouts ? checkoutStatusWord : statusWord) : null,
    perStatus: checkouts ? !query.filter?.status && query.filter?.statuses?.length !== 1 : !query.filter?.status,
    i18n: areaBundle(context, "adminExports"),
  };
}
