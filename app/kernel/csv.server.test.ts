import { describe, expect, it } from "vitest";
import { keysetRows } from "#app/db/keyset.server.ts";
import { csvCell, csvFilename, csvResponse, csvTaka } from "./csv.server.ts";

describe("csvCell", () => {
  it("quotes commas, quotes and line breaks, and leaves plain text alone", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(12n)).toBe("12");
  });

  it("defuses cells a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    // Numbers are written as numbers: a negative amount stays a number.
    expect(csvCell(-2)).toBe("-2");
    expect(csvTaka(-125050n)).toBe("-1250.50");
  });

  it("writes instants in Dhaka time", () => {
    expect(csvCell(new Date("2026-11-27T18:05:09Z"))).toBe("2026-11-28 00:05:09");
  });

  it("keeps file names to safe characters, dated by the Dhaka day", () => {
    expect(csvFilename("deposits", new Date("2026-11-27T18:30:00Z"))).toBe("deposits-2026-11-28.csv");
    expect(csvFilename('a"b/../c', new Date("2026-11-27T10:00:00Z"))).toBe("a-b-c-2026-11-27.csv");
  });
});

describe("csvResponse", () => {
  it("streams a byte-order mark, the header and every row as UTF-8", async () => {
    async function* rows() {
      yield { name: "রহিম", amount: 125050n };
      yield { name: "Karim, Jr.", amount: 7n };
    }
    const response = csvResponse({
      filename: "players.csv",
      columns: [
        { header: "Name", value: (r: { name: string }) => r.name },
        { header: "Amount", value: (r: { amount: bigint }) => csvTaka(r.amount) },
      ],
      rows: rows(),
    });
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="players.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('Name,Amount\r\nরহিম,1250.50\r\n"Karim, Jr.",0.07\r\n');
  });

  it("reads rows only as fast as the client reads, and stops the source when the client goes away", async () => {
    let produced = 0;
    let stopped = false;
    async function* rows() {
      try {
        for (;;) {
          produced++;
          yield { n: produced };
        }
      } finally {
        stopped = true;
      }
    }
    const response = csvResponse({ filename: "x.csv", columns: [{ header: "n", value: (r: { n: number }) => r.n }], rows: rows() });
    const reader = response.body!.getReader();
    await reader.read();
    // One chunk (and the stream's small read-ahead), not an endless source drained into memory.
    expect(produced).toBeLessThan(2_000);
    await reader.cancel();
    expect(stopped).toBe(true);
  });
});

describe("keysetRows", () => {
  it("reads page after page from the last key until a short page", async () => {
    const all = Array.from({ length: 25 }, (_, i) => ({ id: i + 1 }));
    const asked: (number | undefined)[] = [];
    const page = async (after: number | undefined, limit: number) => {
      asked.push(after);
      return all.filter((r) => after === undefined || r.id > after).slice(0, limit);
    };
    const read: number[] = [];
    for await (const row of keysetRows(page, (r) => r.id, 10)) read.push(row.id);
    expect(read).toEqual(all.map((r) => r.id));
    expect(asked).toEqual([undefined, 10, 20]);
  });
});
