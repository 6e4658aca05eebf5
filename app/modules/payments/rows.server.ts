/** The rows of a raw `db.execute` result: node-postgres and PGlite both return `{ rows }`. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
