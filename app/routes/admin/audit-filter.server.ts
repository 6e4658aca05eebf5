// /admin/audit's filter, shared by the page and its CSV export: staff member and action (a value that does not parse is
// ignored, as the page always did), Dhaka date range (a bad day is refused with a message), page.
import { z } from "zod";
import type { RouterContextProvider } from "react-router";
import type { AuditExportRow } from "#app/modules/staff/index.server.ts";
import { translate } from "#app/i18n/translate.server.ts";
import { idField } from "#app/utils/ids.ts";
import type { ExportColumn } from "./export.server.ts";
import { boundsOf, checkDayOrder, dateRangeFields, pageField, readListQuery } from "./list-filter.server.ts";

export const auditFilterSchema = z
  .object({
    staff: z.preprocess((v) => v || undefined, idField.optional()).catch(undefined),
    action: z
      .preprocess(
        (v) => v || undefined,
        z
          .string()
          .regex(/^[a-z0-9_.-]{1,60}$/)
          .optional(),
      )
      .catch(undefined),
    ...dateRangeFields,
    page: pageField,
  })
  .superRefine(checkDayOrder);

export const auditFilterFields = ["staff", "action", "range", "from", "to", "page"] as const;

export function readAuditQuery(url: URL, now = new Date()) {
  const { values, value, errors } = readListQuery(url, auditFilterSchema, auditFilterFields);
  if (!value) return { values, errors, filter: null, page: 1 };
  const { start, end } = boundsOf(value, now);
  return { values, errors, filter: { staffId: value.staff, action: value.action, start, end }, page: value.page };
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export function auditColumns(context: Readonly<RouterContextProvider>): ExportColumn<AuditExportRow>[] {
  const system = translate(context, "adminExports.system");
  return [
    ["adminExports.columns.time", (r) => r.createdAt],
    ["adminExports.columns.staff", (r) => r.staffUsername ?? system],
    ["adminExports.columns.action", (r) => r.action],
    ["adminExports.columns.entity", (r) => r.entity],
    ["adminExports.columns.entityId", (r) => r.entityId],
    ["adminExports.columns.before", (r) => json(r.before)],
    ["adminExports.columns.after", (r) => json(r.after)],
    ["adminExports.columns.ip", (r) => r.ip],
  ];
}
