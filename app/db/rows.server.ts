// Reading rows of hand-written statements, the same way on node-postgres and PGlite.
import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import pg from "pg";
import type { Executor } from "./db.server.ts";

/** The rows of a raw `db.execute` result: node-postgres and PGlite both return `{ rows }`. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

type Internals = { session?: { client?: unknown }; dialect?: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } };

/**
 * Runs a hot statement. Inside a transaction on PostgreSQL it is a named prepared statement, parsed and planned once
 * per connection (planning the money path's CTEs costs more than running them); elsewhere a plain query. The name is
 * a hash of the text, so statements whose text varies (one value list per leg) each get their own.
 */
export async function preparedRows<T>(ex: Executor, query: SQL): Promise<T[]> {
  const { session, dialect } = ex as unknown as Internals;
  const client = session?.client;
  if (!(client instanceof pg.Client) || !dialect) return rowsOf<T>(await ex.execute(query));
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `p_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
  return (await client.query({ name, text, values: params })).rows as T[];
}
