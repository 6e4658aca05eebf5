import path from "node:path";
import { getEnv } from "#app/config/env.server.ts";
import { type Database, openPglite, openPostgres } from "./client.server.ts";

export type { Db, Executor, Tx } from "./client.server.ts";

async function open(): Promise<Database> {
  const env = getEnv();
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL, { max: env.DATABASE_POOL_SIZE, connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS });
  return openPglite(process.env.PGLITE_DIR ?? path.join(env.DATA_DIR, "pglite"), { template: process.env.PGLITE_TEMPLATE });
}

// Opened (and migrated) once per process, before the first request is served.
export const database = await open();
export const db = database.db;
