// The app's PostgreSQL pool when the database ends one of its idle connections (a restart, a failover, an
// administrator's pg_terminate_backend): the app goes on with a new connection instead of crashing.
import net from "node:net";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { captureLogs } from "#app/kernel/log.server.ts";
import { openPostgres } from "./client.server.ts";
import { isConnectionLost } from "./connection-errors.ts";
import { rowsOf } from "./rows.server.ts";

const url = process.env.DATABASE_URL;

describe("PostgreSQL pool", () => {
  it.runIf(Boolean(url))("survives the database ending an idle connection, and the next query runs on a new one", async () => {
    const logged = captureLogs();
    const database = await openPostgres(url!, { max: 2 });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const [before] = rowsOf<{ pid: number }>(await database.db.execute(sql`select pg_backend_pid() as pid`));
      await admin.query("select pg_terminate_backend($1)", [before!.pid]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [after] = rowsOf<{ pid: number }>(await database.db.execute(sql`select pg_backend_pid() as pid`));
      expect(after!.pid).not.toBe(before!.pid);
      expect(logged.records.some((r) => r.module === "database" && r.level === "error" && r.msg?.includes("idle connection"))).toBe(true);
    } finally {
      logged.restore();
      await admin.end();
      await database.close();
    }
  });
});

/**
 * A TCP relay to PostgreSQL that passes the first `forwarded` connections through and then goes silent: later
 * connections are accepted and never answered, as behind a network that drops packets or a server that hangs.
 */
async function silentAfter(target: string, forwarded: number) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  let seen = 0;
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    if (seen++ >= forwarded) return;
    const upstream = net.connect(Number(port || 5432), hostname);
    sockets.add(upstream);
    upstream.on("error", () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const relayed = new URL(target);
  relayed.hostname = "127.0.0.1";
  relayed.port = String((server.address() as net.AddressInfo).port);
  return {
    url: relayed.toString(),
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Whether a query fails as a lost connection (a 503) in less than `ms`. */
async function lostWithin(database: Awaited<ReturnType<typeof openPostgres>>, ms: number) {
  const started = Date.now();
  const error = await database.db.execute(sql`select 1`).then(
    () => null,
    (e: unknown) => e,
  );
  return isConnectionLost(error) && Date.now() - started < ms;
}

describe("PostgreSQL pool on a database that stops answering", () => {
  it.runIf(Boolean(url))("gives up on a connection that never answers after the connect timeout: a lost connection (503), not a wait", async () => {
    // The first connection (the migration lock's) goes through; the pool's own connections meet silence.
    const relay = await silentAfter(url!, 1);
    const database = await openPostgres(relay.url, { max: 2, connectTimeoutMs: 400 });
    try {
      expect(await lostWithin(database, 3_000)).toBe(true);
    } finally {
      await database.close().catch(() => {});
      await relay.close();
    }
  });

  it.runIf(Boolean(url))("does not wait for ever for a free connection when all are busy", async () => {
    const database = await openPostgres(url!, { max: 2, connectTimeoutMs: 400 });
    try {
      // Drizzle's queries start when awaited: Promise.all starts both now.
      const busy = Promise.all([1, 2].map(() => database.db.execute(sql`select pg_sleep(1.5)`)));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await lostWithin(database, 1_400)).toBe(true);
      await busy;
      // The pool is whole again once the slow statements end.
      const [row] = rowsOf<{ one: number }>(await database.db.execute(sql`select 1 as one`));
      expect(row!.one).toBe(1);
    } finally {
      await database.close();
    }
  });

  it.runIf(Boolean(url))("fails to start, rather than hang, when the database never answers at start-up", async () => {
    const relay = await silentAfter(url!, 0);
    try {
      const started = Date.now();
      await expect(openPostgres(relay.url, { connectTimeoutMs: 400 })).rejects.toSatisfy(isConnectionLost);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await relay.close();
    }
  });
});
