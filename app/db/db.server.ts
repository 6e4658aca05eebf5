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
// The test set-ups (tests/setup/db-*.ts) close the database after a file only when the file opened one, instead of
// importing this module (and so opening a database) just to close it in files that never touch one.
(globalThis as { [key: symbol]: unknown })[Symbol.for("bdgame.database")] = database;

/**
 * Where back-office reports and CSV exports read: the replica at DATABASE_REPLICA_URL when one is set (long reads off
 * the primary; a replica lags by its replication delay, which reports can bear and money decisions cannot, so nothing
 * that decides about money reads here), otherwise the primary. The replica is not migrated: it follows the primary.
 */
async function openReplica(): Promise<Database | undefined> {
  const env = getEnv();
  if (!env.DATABASE_REPLICA_URL) return undefined;
  return openPostgres(env.DATABASE_REPLICA_URL, { max: env.DATABASE_POOL_SIZE, connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS, migrate: false });
}

export const replica = await openReplica();
export const readDb = replica?.db ?? db;
