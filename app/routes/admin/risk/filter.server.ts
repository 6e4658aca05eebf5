// /admin/risk's filter, shared by the page and its CSV export: kind and status (unknown values mean "all", status
// "open" when absent, as the page always read them), Dhaka date range (a bad day is refused with a message), page.
import { z } from "zod";
import type { RouterContextProvider } from "react-router";
import { translate } from "#app/i18n/translate.server.ts";
import type { AmlSignalKind, SignalExportRow } from "#app/modules/risk/index.server.ts";
import { type SignalStatus, signalKinds, signalStatuses } from "#app/modules/risk/index.ts";
import { type ExportColumn, statusWord } from "../export.server.ts";
import { boundsOf, checkDayOrder, dateRangeFields, pageField, readListQuery } from "../list-filter.server.ts";

export const riskFilterSchema = z
  .object({
    kind: z.enum(signalKinds).optional().catch(undefined),
    status: z.string().optional(),
    ...dateRangeFields,
    page: pageField,
  })
  .superRefine(checkDayOrder);

export const riskFilterFields = ["kind", "status", "range", "from", "to", "page"] as const;

export function readRiskQuery(url: URL, now = new Date()) {
  const { values, value, errors } = readListQuery(url, riskFilterSchema, riskFilterFields);
  const status = url.searchParams.get("status") ?? "open";
  const known = (signalStatuses as readonly string[]).includes(status) ? (status as SignalStatus) : undefined;
  if (!value) return { values, errors, filter: null, page: 1 };
  const { start, end } = boundsOf(value, now);
  return { values, errors, filter: { kind: value.kind as AmlSignalKind | undefined, status: known, start, end }, page: value.page };
}

export function riskColumns(context: Readonly<RouterContextProvider>): ExportColumn<SignalExportRow>[] {
  return [
    ["adminExports.columns.ref", (r) => r.id],
    ["adminExports.columns.time", (r) => r.createdAt],
    ["adminExports.columns.username", (r) => r.username],
    ["adminExports.columns.kind", (r) => translate(context, `risk.kinds.${r.kind}`)],
    ["adminExports.columns.status", (r) => statusWord(context, r.status)],
    ["adminExports.columns.handledBy", (r) => r.handledBy],
    ["adminExports.columns.handledAt", (r) => r.handledAt],
    ["adminExports.columns.note", (r) => r.handledNote],
    ["adminExports.columns.evidence", (r) => JSON.stringify(r.evidence)],
  ];
}
