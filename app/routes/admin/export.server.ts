// What every CSV export of a back-office list does besides its columns: the audit row (who exported which list with
// which filter) and the streamed response (kernel/csv.server.ts: BOM, defused formulas, rows pulled as the client reads).
import type { RouterContextProvider } from "react-router";
import { translate } from "#app/i18n/translate.server.ts";
import type { MessageKey } from "#app/i18n/message.ts";
import { type CsvColumn, csvFilename, csvResponse } from "#app/kernel/csv.server.ts";
import { auditAction } from "#app/modules/audit/index.server.ts";

type Ctx = Readonly<RouterContextProvider>;

/** One column: its header's catalogue key (written in the staff member's language) and the cell of a row. */
export type ExportColumn<Row> = [header: MessageKey, value: CsvColumn<Row>["value"]];

/** The audit row of an export: who exported which list with which filter (empty values and the page left out). */
export async function auditExport(actor: { staffId: number; ip: string | null }, list: string, filter: Record<string, unknown>) {
  const used = Object.fromEntries(
    Object.entries(filter).filter(([name, value]) => value !== undefined && value !== null && value !== "" && name !== "page"),
  );
  await auditAction({ staffId: actor.staffId, action: "export.csv", entity: "list", entityId: list, after: { list, filter: used }, ip: actor.ip });
}

/** A list's export: audited before the first byte, then streamed. */
export async function exportList<Row>({
  context,
  actor,
  list,
  filter,
  columns,
  rows,
}: {
  context: Ctx;
  actor: { staffId: number; ip: string | null };
  /** The list's name, also the file's stem: "deposits", "audit-log", ... */
  list: string;
  /** The filter as it came in the address (what the audit row records). */
  filter: Record<string, string>;
  columns: readonly ExportColumn<Row>[];
  rows: AsyncIterable<Row>;
}): Promise<Response> {
  await auditExport(actor, list, filter);
  return csvResponse({
    filename: csvFilename(list),
    columns: columns.map(([header, value]) => ({ header: translate(context, header), value })),
    rows,
  });
}

/** A status or direction as a word in the staff member's language ("Approved"), the stored value when unknown. */
const words = ["pending", "approved", "rejected", "cancelled", "credit", "debit", "open", "dismissed", "escalated"] as const;
export function statusWord(context: Ctx, status: string): string {
  return (words as readonly string[]).includes(status) ? translate(context, `adminExports.statuses.${status as (typeof words)[number]}`) : status;
}
