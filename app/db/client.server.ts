import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** One handle type for both drivers: node-postgres (DATABASE_URL) and embedded PGlite. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Anything that can run a query: the db handle or an open transaction. */
export type Executor = Db | Tx;

export type Database = { db: Db; driver: "postgres" | "pglite"; close: () => Promise<void> };

const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");
// Any fixed number; holding it serialises migrations when several app instances start together.
const MIGRATION_LOCK = 7_240_301;

export async function openPostgres(url: string, { max = 10 } = {}): Promise<Database> {
  const lockClient = new pg.Client({ connectionString: url });
  await lockClient.connect();
  try {
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePg(drizzlePg(lockClient, { casing: "snake_case" }), { migrationsFolder });
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    await lockClient.end();
  }
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the database ended (a restart, a failover, pg_terminate_backend) is dropped by the pool and the
  // next query opens a new one; unheard, its error event would end the process.
  pool.on("error", (e) => console.error(`database: an idle connection failed and was dropped: ${e.message}`));
  const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Db;
  return { db, driver: "postgres", close: () => pool.end() };
}

/** dataDir is a folder, or "memory://" for a throw-away database (tests). */
export async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const raw = drizzlePglite(client, { schema, casing: "snake_case" });
  await migratePglite(raw, { migrationsFolder });
  return { db: raw as unknown as Db, driver: "pglite", close: () => client.close() };
}
