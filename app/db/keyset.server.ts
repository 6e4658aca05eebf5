// Reading a long list in pages by its sort key (keyset pagination): each page starts after the last row of the one
// before, so a million-row export holds one page in memory and never pays an OFFSET that grows with the position.

/**
 * Rows of `page(after, limit)` one page after another until a short page. `after` is undefined for the first page,
 * then the key of the last row read (`keyOf`); the page query must order by that key and return rows after it.
 */
export async function* keysetRows<Row, Key>(
  page: (after: Key | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  pageSize = 1000,
): AsyncGenerator<Row> {
  let after: Key | undefined;
  for (;;) {
    const rows = await page(after, pageSize);
    yield* rows;
    if (rows.length < pageSize) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}
