// The aggregation job with two instances on one PostgreSQL database (two connection pools in this process) and a
// connection the database ends in the middle of a pass (a restart, a failover): the dead pass rolls back, the process
// hears no unhandled error, and the passes after it leave the tables exactly as a clean refold of every day does.
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openPostgres } from "#app/db/client.server.ts";
import { db } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { addDays, type DayKey } from "#app/kernel/dhaka-time.ts";
import { closeIdleConnections, isPostgres } from "#app/modules/payments/test-helpers.ts";
import { expectedLogs } from "#tests/kit/logs.ts";
import { foldDay, foldedUntil, runReportJob } from "./job.server.ts";
import { generateActivity, reportSnapshot } from "./test-helpers.ts";

afterAll(closeIdleConnections);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!isPostgres())("the report job with two instances and a lost connection", () => {
  it("a pass killed while it holds the watermark rolls back; the other instance's passes fold every day as a clean refold", async () => {
    const first: DayKey = "2025-08-01";
    const last: DayKey = "2025-08-20";
    await generateActivity(db, { start: new Date("2025-08-01T00:00:00Z"), end: new Date("2025-08-20T12:00:00Z"), players: 60, rounds: 1_500 });
    const now = new Date("2025-08-22T00:00:00Z");
    const other = await openPostgres(process.env.DATABASE_URL!, { max: 3, migrate: false });
    const blocker = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await blocker.connect();
    const processErrors: unknown[] = [];
    const onProcessError = (e: unknown) => void processErrors.push(e);
    process.on("uncaughtException", onProcessError);
    process.on("unhandledRejection", onProcessError);
    // The pool says so when the database ends a connection in use (whether it does so before or after the pass sees
    // its query fail depends on timing); nothing else may be logged.
    const logs = expectedLogs();
    try {
      // Hold instance B's first pass inside its first transaction: it has locked the watermark row and waits to
      // write a daily table that another session holds.
      await blocker.query("begin");
      await blocker.query("lock table report_casino_daily in access exclusive mode");
      // (Its outcome is taken at once: a rejection nobody listens to yet would count as an unhandled one.)
      const b = runReportJob({ now, settleMs: 0, database: other.db }).then(
        (r) => r,
        (e: unknown) => e,
      );
      let waiting: number | undefined;
      for (let i = 0; i < 400 && waiting === undefined; i++) {
        const [row] = rowsOf<{ pid: number }>(
          await db.execute(
            sql`select pid from pg_stat_activity where datname = current_database() and ${(blocker as unknown as { processID: number }).processID}::int = any(pg_blocking_pids(pid))`,
          ),
        );
        waiting = row?.pid;
        if (waiting === undefined) await sleep(25);
      }
      expect(waiting, "instance B waits with the watermark locked").toBeDefined();
      // Instance A meanwhile finds the watermark locked and skips its pass.
      expect(await runReportJob({ now, settleMs: 0 })).toBe("busy");

      // The database ends B's connection mid-pass (as a restart would); B's transaction rolls back.
      await db.execute(sql`select pg_terminate_backend(${waiting!}::int)`);
      await blocker.query("rollback");
      expect(await b).toBeInstanceOf(Error);
      expect(await foldedUntil()).toBeNull();

      // Both instances run again at once: one folds, the other skips; B's pool recovers on its own.
      const again = await Promise.all([runReportJob({ now, settleMs: 0 }), runReportJob({ now, settleMs: 0, database: other.db })]);
      const folded = again.flatMap((r) => (r === "busy" ? [] : r.days));
      expect(folded).toContain(first);
      expect(folded).toContain(last);
      expect(await foldedUntil()).toEqual(now);
      expect(await runReportJob({ now, settleMs: 0, database: other.db })).toEqual({ days: [addDays(last, 2)] });

      // The tables equal a clean refold of every day.
      const after = await reportSnapshot(db);
      expect(after.report_casino_daily!.length).toBeGreaterThan(0);
      await db.transaction(async (tx) => {
        for (let d = first; d <= last; d = addDays(d, 1)) await foldDay(tx, d);
      });
      expect(await reportSnapshot(db)).toEqual(after);
      expect(processErrors).toEqual([]);
      for (const message of logs.messages()) expect(message).toMatch(/^a connection in use was lost/);
    } finally {
      process.off("uncaughtException", onProcessError);
      process.off("unhandledRejection", onProcessError);
      await blocker.end().catch(() => undefined);
      await other.close();
    }
  });
});
