// Crash autobet with two app servers on one PostgreSQL database: the leader lock should let one engine serve a round,
// but a failover can leave two serving the same round for a moment. Two real processes
// (tests/support/crash-autobet-instance.ts) each serve one round's autobets 25 times at once: every session bets
// exactly once in that round. PostgreSQL only: PGlite is one process's.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, expectInvariants, isPostgres } from "#app/modules/payments/test-helpers.ts";
import { appInstance, runTogether } from "#tests/support/instance.ts";
import { crashBets } from "../../schema.ts";
import { autobetSettings } from "../test-helpers.ts";
import { latestCrashAutobet, startCrashAutobet } from "./autobet.server.ts";
import { bettingRound, ensureCrashGame, fundedPlayer, mainBalance } from "./test-helpers.ts";

beforeAll(ensureCrashGame);
afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

describe.skipIf(!isPostgres())("Crash autobet with two app servers", () => {
  it("two engines serving one round at once place one bet per session", async () => {
    const players = await Promise.all(Array.from({ length: 10 }, () => fundedPlayer(100_000n)));
    for (const p of players) await startCrashAutobet(p.id, autobetSettings({ bets: 5 }), 200);
    const round = await bettingRound(150);

    const runs = await runTogether<{ placed: number }>([
      appInstance("tests/support/crash-autobet-instance.ts", { roundId: round.id, passes: 25 }),
      appInstance("tests/support/crash-autobet-instance.ts", { roundId: round.id, passes: 25 }),
    ]);
    expect(
      runs.map((r) => r.code),
      runs.map((r) => r.stderr).join("\n"),
    ).toEqual([0, 0]);
    console.info(`bets placed by each server: ${runs.map((r) => r.result!.placed).join(" and ")}`);
    expect(runs.reduce((n, r) => n + r.result!.placed, 0)).toBe(10);

    const bets = await db.select().from(crashBets).where(eq(crashBets.roundId, round.id));
    expect(bets.map((b) => b.playerId).sort((a, b) => a - b)).toEqual(players.map((p) => p.id).sort((a, b) => a - b));
    for (const p of players) {
      expect(await mainBalance(p.id)).toBe(99_000n);
      expect(await latestCrashAutobet(p.id)).toMatchObject({ status: "active", lastRoundId: round.id });
    }
  }, 120_000);
});
