// The seeding event: a chain is published (terminating hash, announced salt source) before its salt is fixed; no
// round starts before that; the salt is fixed once, also under parallel requests; demo mode seeds itself only when
// nothing is waiting for staff. The tests run in order on this file's database (the first one needs no chain yet).
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { db } from "#app/db/db.server.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { closeIdleConnections } from "#app/modules/payments/test-helpers.ts";
import { expectedLogs } from "#tests/kit/logs.ts";
import { createSite, setSettings } from "#tests/kit/settings.ts";
import { crashRounds } from "../../schema.ts";
import { HouseError } from "../errors.ts";
import {
  createChain,
  DEMO_SALT_SOURCE,
  fixChainSalt,
  gameHash,
  playableChain,
  publishChain,
  publishedChain,
  publishedChains,
} from "./chain.server.ts";
import { CrashEngine } from "./engine.server.ts";
import type { CrashEvent } from "./events.ts";
import { crashPointFromHash, verifyGameHash } from "./fair.ts";

beforeAll(async () => {
  await createSite();
  await setSettings({ mode: "real" });
});
afterAll(closeIdleConnections);

const staff = { staffId: null, ip: "203.0.113.9" };
const codeOf = (e: unknown) => (e instanceof HouseError ? e.code : String(e));

describe("the Crash seeding event", () => {
  it("no round starts before a chain's salt is fixed; once fixed, the engine plays that chain", async () => {
    const logs = expectedLogs("warn");
    const engine = new CrashEngine({ timing: { bettingMs: 200, tickMs: 25, pauseMs: 50, leaderRetryMs: 200, chainWaitMs: 50 }, chainLength: 50 });
    onTestFinished(() => engine.stop());
    const events: CrashEvent[] = [];
    engine.hub.subscribe((e) => void events.push(e));
    await engine.start();
    const { id } = await publishChain({ saltSource: "drand quicknet round 99,000,000", length: 50 }, staff);
    await new Promise((r) => setTimeout(r, 400));
    expect(events).toEqual([]);
    expect(await db.select().from(crashRounds)).toEqual([]);
    expect(logs.records.map((r) => r.msg)).toEqual([expect.stringContaining("seeding event")]);

    await fixChainSalt(id, "8bd7e0c2f1ee4b3f5d0a1c1b9f6c0e55aa87e1fbd4f3e2d1c0b9a8f7e6d5c4b3", staff);
    const betting = await new Promise<CrashEvent>((resolve) => engine.hub.subscribe((e) => void (e.t === "betting" && resolve(e))));
    await engine.stop();
    const [round] = await db
      .select()
      .from(crashRounds)
      .where(eq(crashRounds.id, (betting as { r: number }).r));
    expect(round).toMatchObject({ chainId: id, gameNumber: 1 });
    expect(round!.crashPoint).toBe(crashPointFromHash(round!.hash, "8bd7e0c2f1ee4b3f5d0a1c1b9f6c0e55aa87e1fbd4f3e2d1c0b9a8f7e6d5c4b3"));
  });

  it("publishes the terminating hash with the announced source, and fixes the salt once under 50 parallel requests (audited)", async () => {
    const { id, terminatingHash } = await publishChain({ saltSource: "  Bitcoin block 900,000  " }, staff);
    expect(terminatingHash).toMatch(/^[0-9a-f]{64}$/);
    const listed = (await publishedChains()).find((c) => c.id === id)!;
    expect(listed).toMatchObject({ terminatingHash, saltSource: "Bitcoin block 900,000", salt: null, saltFixedAt: null, gamesPlayed: 0 });
    expect(listed).not.toHaveProperty("seed");

    const salt = "00000000000000000001a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7";
    const tries = await Promise.allSettled(Array.from({ length: 50 }, () => fixChainSalt(id, salt, staff)));
    expect(tries.filter((t) => t.status === "fulfilled")).toHaveLength(1);
    expect(tries.flatMap((t) => (t.status === "rejected" ? [codeOf(t.reason)] : [])).every((c) => c === "chain_salt_fixed")).toBe(true);
    await expect(fixChainSalt(id, "another", staff)).rejects.toMatchObject({ code: "chain_salt_fixed" });

    const fixed = (await publishedChains()).find((c) => c.id === id)!;
    expect(fixed.salt).toBe(salt);
    expect(fixed.saltFixedAt!.getTime()).toBeGreaterThanOrEqual(fixed.publishedAt.getTime());
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "crash_chain"), eq(auditLog.entityId, String(id))));
    expect(entries.map((e) => e.action).sort()).toEqual(["crash.chain.published", "crash.chain.saltFixed"]);
    expect(entries.find((e) => e.action === "crash.chain.published")!.after).toMatchObject({ terminatingHash, saltSource: "Bitcoin block 900,000" });

    // The game page goes on publishing the chain of the round in play (the first test's) until a round uses the new one.
    const [latest] = await db.select().from(crashRounds).orderBy(desc(crashRounds.id)).limit(1);
    const shown = (await publishedChain())!;
    expect(shown.terminatingHash).toBe((await publishedChains()).find((c) => c.id === latest!.chainId)!.terminatingHash);
    expect(shown.terminatingHash).not.toBe(terminatingHash);
    // The newest chain with a fixed salt is the one played; its game hashes walk to the published hash.
    const chain = (await playableChain())!;
    expect(chain).toMatchObject({ id, salt, terminatingHash });
    expect(verifyGameHash(gameHash(chain, 1), 1, terminatingHash)).toBe(true);
    expect(verifyGameHash(gameHash(chain, 1000), 1000, terminatingHash)).toBe(true);
  });

  it("refuses a missing source, a salt with spaces at the ends or unprintable characters", async () => {
    for (const bad of ["", "   ", "x".repeat(201), "বাংলা", 7])
      await expect(publishChain({ saltSource: bad }, staff)).rejects.toMatchObject({ code: "chain_source_invalid" });
    const { id } = await publishChain({ saltSource: "drand round 1", length: 5 }, staff);
    for (const bad of ["", " abc", "abc ", "tab\there", "x".repeat(257), null])
      await expect(fixChainSalt(id, bad, staff)).rejects.toMatchObject({ code: "chain_salt_invalid" });
  });

  it("demo mode seeds a chain itself only when none can be played and none waits for its salt", async () => {
    await setSettings({ mode: "demo" });
    const pending = await publishChain({ saltSource: "drand round 2", length: 5 }, staff);
    for (const c of await publishedChains()) if (c.salt !== null) await exhaustChain(c.id, c.length);
    // Nothing playable, but a published chain waits for its salt: the server does not seed one over it.
    expect(await playableChain(3)).toBeNull();
    for (const c of await publishedChains()) if (c.salt === null) await fixChainSalt(c.id, `salt-${c.id}`, staff);
    expect((await playableChain(3))!.id).toBe(pending.id);
    for (const c of await publishedChains()) await exhaustChain(c.id, c.length);
    const seeded = (await playableChain(3))!;
    expect((await publishedChains()).at(-1)).toMatchObject({ id: seeded.id, saltSource: DEMO_SALT_SOURCE, length: 3, gamesPlayed: 0 });
    expect(seeded.salt).toMatch(/^[0-9a-f]{64}$/);
    // In real-money mode a used-up chain is not replaced: Crash waits for staff.
    await setSettings({ mode: "real" });
    await exhaustChain(seeded.id, 3);
    expect(await playableChain(3)).toBeNull();
  });

  it("counts each chain's own games (the correlated max names its tables), and plays past a used-up newer chain", async () => {
    // Three chains with different numbers of games played: a subquery whose "id" bound to the round's own would give
    // every chain the same count (or none), so distinct counts catch it.
    const [a, b, c] = [await createChain(10), await createChain(10), await createChain(4)];
    for (const [chainId, games] of [
      [a.id, [1, 2, 3]],
      [b.id, [1]],
      [c.id, [1, 2, 3, 4]],
    ] as const)
      for (const gameNumber of games)
        await db
          .insert(crashRounds)
          .values({ chainId, gameNumber, hash: "0".repeat(64), crashPoint: 100, status: "crashed", bettingEndsAt: new Date() });
    const counts = new Map((await publishedChains()).map((ch) => [ch.id, ch.gamesPlayed]));
    expect([counts.get(a.id), counts.get(b.id), counts.get(c.id)]).toEqual([3, 1, 4]);
    // c (the newest) is used up, b has 9 games left: b is played.
    await setSettings({ mode: "real" });
    for (const ch of await publishedChains()) if (ch.salt === null) await fixChainSalt(ch.id, `salt-${ch.id}`, staff);
    expect((await playableChain())?.id).toBe(b.id);
  });
});

/** Marks a chain's games as all played (a voided round with the last game number). */
async function exhaustChain(chainId: number, length: number) {
  await db
    .insert(crashRounds)
    .values({ chainId, gameNumber: length, hash: "0".repeat(64), crashPoint: 100, status: "voided", bettingEndsAt: new Date() })
    .onConflictDoNothing();
}
