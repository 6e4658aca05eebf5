// Two engine instances on one PostgreSQL database (two lock connections in this process): one drives, the other
// relays its ticks; when the leader's connection dies the other takes over and finishes the open round.
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { expectedLogs } from "#tests/kit/logs.ts";
import { createSite } from "#tests/kit/settings.ts";
import { closeIdleConnections, isPostgres } from "#app/modules/payments/test-helpers.ts";
import { crashRounds } from "../../schema.ts";
import { CrashEngine } from "./engine.server.ts";
import type { CrashEvent } from "./events.ts";

beforeAll(() => createSite());
afterAll(closeIdleConnections);

const timing = { bettingMs: 300, tickMs: 50, pauseMs: 100, leaderRetryMs: 200 };

function waitFor(engine: CrashEngine, test: (e: CrashEvent) => boolean, ms = 15_000) {
  return new Promise<CrashEvent>((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error("no matching event in time"));
    }, ms);
    const off = engine.hub.subscribe((e) => {
      if (!test(e)) return;
      clearTimeout(timer);
      off();
      resolve(e);
    });
  });
}

describe.skipIf(!isPostgres())("leader election on PostgreSQL", () => {
  it("one instance drives, the other relays; the other takes over when the leader dies", async () => {
    const url = process.env.DATABASE_URL!;
    // Short rounds: every round crashes at 1.30x (about 4.4 s of ticks).
    const onRoundOpened = async (round: { id: number }) =>
      void (await db.update(crashRounds).set({ crashPoint: 130 }).where(eq(crashRounds.id, round.id)));
    const a = new CrashEngine({ databaseUrl: url, timing, chainLength: 200, onRoundOpened });
    const b = new CrashEngine({ databaseUrl: url, timing, chainLength: 200, onRoundOpened });
    const logs = expectedLogs();
    const drivenBy = new Set<string>();
    a.hub.subscribe((e) => void (e.t === "tick" && a.isLeader && drivenBy.add("a")));
    b.hub.subscribe((e) => void (e.t === "tick" && b.isLeader && drivenBy.add("b")));
    try {
      await a.start();
      await a.untilLeader(5_000);
      await b.start();
      expect(b.isLeader).toBe(false);

      // A's ticks reach B's subscribers through NOTIFY.
      const relayed = (await waitFor(b, (e) => e.t === "tick" && e.m >= 105)) as Extract<CrashEvent, { t: "tick" }>;
      expect(a.isLeader).toBe(true);
      expect(b.isLeader).toBe(false);
      expect(b.snapshot).toMatchObject({ id: relayed.r, phase: "running" });

      // The leader's connection dies mid-round: B takes the lock, finishes that round and drives the next ones.
      await db.execute(sql`select pg_terminate_backend(${a.lockPid!})`);
      await b.untilLeader(5_000);
      expect(a.isLeader).toBe(false);
      const finished = (await waitFor(b, (e) => e.t === "crashed" && e.r === relayed.r)) as Extract<CrashEvent, { t: "crashed" }>;
      expect(finished.cp).toBe(130);
      const next = await waitFor(b, (e) => e.t === "betting" && e.r > relayed.r);
      // A reconnects as a follower and relays B's ticks to its own subscribers.
      await waitFor(a, (e) => e.t === "tick" && e.r > next.r - 1, 15_000);
      expect(a.isLeader).toBe(false);
      expect(b.isLeader).toBe(true);
      expect(logs.messages("error")).toContain("the leader connection was lost; another instance takes over");
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    const rows = await db.select({ id: crashRounds.id, status: crashRounds.status }).from(crashRounds);
    // Never two open rounds, and only the last one may be open (both engines were stopped at some point of it).
    expect(rows.filter((r) => r.status === "betting" || r.status === "running").length).toBeLessThanOrEqual(1);
    expect([...drivenBy].sort()).toEqual(["a", "b"]);
    const crashed = await db
      .select()
      .from(crashRounds)
      .where(inArray(crashRounds.status, ["crashed"]));
    expect(crashed.length).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
