// CSV exports of back-office lists: streamed row by row (memory stays flat however many rows), UTF-8 with a byte-order
// mark so spreadsheet programs read Bangla names right, and cells a spreadsheet would run as a formula defused.
import { formatPoisha, type Poisha } from "./money.ts";
import { formatDhaka, formatDhakaDate } from "./dhaka-time.ts";

export type CsvValue = string | number | bigint | boolean | Date | null | undefined;

export type CsvColumn<Row> = {
  header: string;
  value: (row: Row) => CsvValue;
};

const BOM = "\uFEFF";
// A cell starting with one of these is run as a formula by Excel, LibreOffice and Google Sheets (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: dates in Dhaka time ("2026-11-28 18:05:09"), text quoted when it must be, formulas defused with a "'". */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return formatDhaka(value);
  if (typeof value === "bigint" || typeof value === "number" || typeof value === "boolean") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** An amount in poisha as a plain decimal a spreadsheet sums: 125050n -> "1250.50" (no taka sign, no grouping). */
export const csvTaka = (poisha: Poisha | null | undefined): string | null => (poisha === null || poisha === undefined ? null : formatPoisha(poisha));

export const csvLine = (cells: readonly CsvValue[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** A file name safe in a Content-Disposition header: "deposits-2026-11-28.csv". */
export function csvFilename(stem: string, at = new Date()): string {
  const safe = stem.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "") || "export";
  return `${safe}-${formatDhakaDate(at)}.csv`;
}

/** How many rows go into one chunk of the body; small enough to keep memory flat, large enough to keep writes few. */
const ROWS_PER_CHUNK = 200;

/**
 * The export as a streamed response: the header line, then the rows as the reader pulls them (backpressure: rows are
 * fetched only as fast as the client reads). A client that goes away stops the row source (its `return()`).
 */
export function csvResponse<Row>({
  filename,
  columns,
  rows,
}: {
  filename: string;
  columns: readonly CsvColumn<Row>[];
  rows: AsyncIterable<Row>;
}): Response {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.asyncIterator]();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let text = "";
      if (!started) {
        started = true;
        text = BOM + csvLine(columns.map((c) => c.header));
      }
      for (let n = 0; n < ROWS_PER_CHUNK; n++) {
        const next = await iterator.next();
        if (next.done) {
          if (text) controller.enqueue(encoder.encode(text));
          controller.close();
          return;
        }
        text += csvLine(columns.map((c) => c.value(next.value)));
      }
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
