// The app's PostgreSQL pool when the database ends one of its idle connections (a restart, a failover, an
// administrator's pg_terminate_backend): the app goes on with a new connection instead of crashing.
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { openPostgres } from "./client.server.ts";
import { rowsOf } from "./rows.server.ts";

const url = process.env.DATABASE_URL;

describe("PostgreSQL pool", () => {
  it.runIf(Boolean(url))("survives the database ending an idle connection, and the next query runs on a new one", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const database = await openPostgres(url!, { max: 2 });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const [before] = rowsOf<{ pid: number }>(await database.db.execute(sql`select pg_backend_pid() as pid`));
      await admin.query("select pg_terminate_backend($1)", [before!.pid]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [after] = rowsOf<{ pid: number }>(await database.db.execute(sql`select pg_backend_pid() as pid`));
      expect(after!.pid).not.toBe(before!.pid);
      expect(logged.mock.calls.some((c) => String(c[0]).includes("idle connection"))).toBe(true);
    } finally {
      logged.mockRestore();
      await admin.end();
      await database.close();
    }
  });
});
