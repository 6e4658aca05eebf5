// The feed runner: a read applies every event's snapshot once (an unchanged one costs nothing), and with two
// instances on one PostgreSQL only the leader reads the feed; when its connection dies the other one takes over.
import { randomBytes, randomInt } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { expectedLogs } from "#tests/kit/logs.ts";
import { stopEventBus } from "#app/modules/events/bus.server.ts";
import { closeIdleConnections, isPostgres } from "#app/modules/payments/test-helpers.ts";
import { exchangeEvents, exchangeMarkets } from "../schema.ts";
import type { ExchangeFeed, FeedEvent } from "./feed.ts";
import { FeedRunner } from "./runner.server.ts";
import { DEMO_TIMING, simulatedEvent } from "./simulated-feed.ts";

afterAll(async () => {
  await stopEventBus();
  await closeIdleConnections();
});

const sync = { settleMatches: true, marketMaker: false };

/** The simulated matches of three slots around `now`, under ids of this test's own (CI's database persists). */
function testFeed(tag: string): ExchangeFeed & { now: number } {
  const feed = {
    now: 0,
    async events(): Promise<FeedEvent[]> {
      const slot = Math.floor(feed.now / DEMO_TIMING.slotMs);
      return [slot - 1, slot, slot + 1].map((s) => ({ ...simulatedEvent(s, feed.now), externalId: `${tag}-${s}` }));
    },
  };
  return feed;
}

describe("the feed runner", () => {
  it("applies each event of a read, and an unchanged read writes nothing", async () => {
    const tag = `runner-${randomBytes(5).toString("hex")}`;
    const feed = testFeed(tag);
    const slot = 600_000 + randomInt(1000);
    feed.now = slot * DEMO_TIMING.slotMs + 30 * DEMO_TIMING.ballMs + DEMO_TIMING.ballRunningMs;
    const runner = new FeedRunner({ feed, sync });
    await runner.tick();
    const events = await db
      .select()
      .from(exchangeEvents)
      .where(inArray(exchangeEvents.externalId, [`${tag}-${slot - 1}`, `${tag}-${slot}`, `${tag}-${slot + 1}`]));
    expect(events).toHaveLength(3);
    const ids = events.map((e) => e.id);
    expect(events.find((e) => e.externalId === `${tag}-${slot}`)).toMatchObject({ inPlay: true, closed: false });
    const versions = async () =>
      new Map(
        (
          await db.select({ id: exchangeMarkets.id, v: exchangeMarkets.version }).from(exchangeMarkets).where(inArray(exchangeMarkets.eventId, ids))
        ).map((m) => [m.id, m.v]),
      );
    const before = await versions();
    await runner.tick();
    expect(await versions()).toEqual(before);
    // The next ball changes the matches in play (this slot's, and the one before, still playing), not the next one.
    const scores = async () =>
      new Map((await db.select().from(exchangeEvents).where(inArray(exchangeEvents.id, ids))).map((e) => [e.externalId, JSON.stringify(e.score)]));
    const scoresBefore = await scores();
    feed.now += DEMO_TIMING.ballMs;
    await runner.tick();
    const scoresAfter = await scores();
    expect(scoresAfter.get(`${tag}-${slot}`)).not.toBe(scoresBefore.get(`${tag}-${slot}`));
    expect(scoresAfter.get(`${tag}-${slot + 1}`)).toBe("null");
  });

  it("spreads a first pass over several reads, matches in play first", async () => {
    const tag = `runner-${randomBytes(5).toString("hex")}`;
    const slot = 700_000 + randomInt(1000);
    const now = slot * DEMO_TIMING.slotMs + 5 * DEMO_TIMING.ballMs;
    // Twenty matches: the later ones not started; slot - 1 and slot in play.
    const all = Array.from({ length: 20 }, (_, i) => ({ ...simulatedEvent(slot + 18 - i, now), externalId: `${tag}-${slot + 18 - i}` }));
    const runner = new FeedRunner({ feed: { events: async () => all }, sync });
    const known = async () =>
      (
        await db
          .select({ id: exchangeEvents.externalId })
          .from(exchangeEvents)
          .where(
            inArray(
              exchangeEvents.externalId,
              all.map((e) => e.externalId),
            ),
          )
      ).map((e) => e.id);
    await runner.tick();
    const first = await known();
    expect(first).toHaveLength(8);
    expect(first).toEqual(expect.arrayContaining([`${tag}-${slot}`, `${tag}-${slot - 1}`]));
    await runner.tick();
    expect(await known()).toHaveLength(16);
    await runner.tick();
    expect(await known()).toHaveLength(20);
  });

  describe.skipIf(!isPostgres())("on PostgreSQL with two instances", () => {
    it("only the leader reads the feed; the other takes over when the leader's connection dies", async () => {
      const url = process.env.DATABASE_URL!;
      const lockKey = 7_300_000 + randomInt(100_000); // not the running servers' lock
      const empty: ExchangeFeed = { events: async () => [] };
      const options = { feed: empty, sync, databaseUrl: url, intervalMs: 50, leaderRetryMs: 100, lockKey };
      const logs = expectedLogs();
      const a = new FeedRunner(options);
      const b = new FeedRunner(options);
      const until = async (check: () => boolean) => {
        const deadline = Date.now() + 10_000;
        while (!check()) {
          if (Date.now() > deadline) throw new Error("not in time");
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      try {
        await a.start();
        await until(() => a.isLeader && a.reads > 0);
        await b.start();
        await until(() => a.reads > 10);
        expect(b.isLeader).toBe(false);
        expect(b.reads).toBe(0);

        await db.execute(sql`select pg_terminate_backend(${a.lockPid!})`);
        await until(() => b.isLeader && b.reads > 3);
        expect(a.isLeader).toBe(false);
        const readsOfA = a.reads;
        await until(() => b.reads > 15);
        expect(a.reads).toBe(readsOfA); // A came back as a follower
        expect(logs.messages("error")).toContain("the leader connection was lost; another instance takes over");
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    }, 30_000);
  });
});
