import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { log as rootLog } from "#app/kernel/log.server.ts";
import * as schema from "./schema.ts";

const log = rootLog.child({ module: "database" });

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

/**
 * How long to wait for a connection: to open one (a database behind a network that drops packets, or one that hangs,
 * never answers) and, in the pool, for one to come free. Past it the request fails as a lost connection (a 503 the
 * player can retry) instead of waiting as long as the operating system keeps a silent socket.
 */
const CONNECT_TIMEOUT_MS = 10_000;
/** A dead peer on an open connection is found by TCP keepalive, whose first probe goes after this much silence. */
const KEEPALIVE_DELAY_MS = 10_000;

export async function openPostgres(url: string, { max = 10, connectTimeoutMs = CONNECT_TIMEOUT_MS, migrate = true } = {}): Promise<Database> {
  const connection = {
    connectionString: url,
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
  };
  if (migrate) await migrateUnderLock(connection);
  const pool = new pg.Pool({ ...connection, max });
  // An idle connection the database ended (a restart, a failover, pg_terminate_backend) is dropped by the pool and the
  // next query opens a new one; unheard, its error event would end the process.
  pool.on("error", (e) => log.error(`an idle connection failed and was dropped: ${e.message}`));
  // The pool listens only to its idle connections. One checked out (a transaction, a query under way) whose server
  // ends it emits 'error' too: unheard, that ends the process. Heard here while it is out (see onLostInUse).
  pool.on("acquire", (client) => client.on("error", onLostInUse));
  pool.on("release", (_err, client) => client.removeListener("error", onLostInUse));
  const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Db;
  return { db, driver: "postgres", close: () => pool.end() };
}

/** Runs the migrations once while holding MIGRATION_LOCK, so instances starting together take turns. */
async function migrateUnderLock(connection: pg.ClientConfig) {
  const lockClient = new pg.Client(connection);
  // A connection lost while migrating fails the start-up through its query; its error event must not end it first.
  lockClient.on("error", () => {});
  await lockClient.connect();
  try {
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePg(drizzlePg(lockClient, { casing: "snake_case" }), { migrationsFolder });
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    await lockClient.end();
  }
}

let lostLoggedAt = 0;

/**
 * A checked-out connection failed: its queries have failed (or are failing) with the error, and it is given back to
 * the pool at once, which drops it and may open a new one; the holder's own release later does nothing. Without this
 * a holder that never releases after such a failure would keep the dead connection out of the pool for good:
 * Drizzle's transaction() releases only after its BEGIN went through, so a connection lost before that was never
 * given back, and enough of them (a few restarts) would leave the instance without connections.
 * One log line per burst (a restart ends every connection at once).
 */
function onLostInUse(this: pg.PoolClient, e: Error) {
  const release = this.release;
  this.release = () => {};
  release.call(this, e);
  const now = Date.now();
  if (now - lostLoggedAt < 5_000) return;
  lostLoggedAt = now;
  log.error(`a connection in use was lost (${e.message}); what ran on it failed, new connections are opened`);
}

/**
 * dataDir is a folder, or "memory://" for a throw-away database (tests). A template (a file written by PGlite's
 * dumpDataDir, tests use one migrated once per run) is loaded into a new data directory instead of starting empty.
 */
export async function openPglite(dataDir: string, { template }: { template?: string } = {}): Promise<Database> {
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
  });
  const raw = drizzlePglite(client, { schema, casing: "snake_case" });
  await migratePglite(raw, { migrationsFolder });
  return { db: raw as unknown as Db, driver: "pglite", close: () => client.close() };
}
