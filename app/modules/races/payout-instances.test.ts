// The race payout job on two app servers sharing one PostgreSQL database: every instance runs the job (no leader),
// so each ended period must be claimed and paid by exactly one of them. Two real processes
// (tests/support/race-payout-instance.ts) each run 25 passes at once over eight ended periods. PostgreSQL only: PGlite
// is one process's.
import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { getPlayerBalances, getTransferByKey } from "#app/modules/ledger/index.server.ts";
import { closeIdleConnections, createPlayer, createStaff, expectInvariants, isPostgres, taka } from "#app/modules/payments/test-helpers.ts";
import { appInstance, runTogether } from "#tests/support/instance.ts";
import { periodStartOf } from "./periods.ts";
import { saveRace } from "./races.server.ts";
import { racePayouts, racePrizes } from "./schema.ts";
import { countWager } from "./standings.server.ts";

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

type Paid = { raceId: number; periodStart: string; winners: number };

describe.skipIf(!isPostgres())("race payouts with two app servers", () => {
  it("pays each ended period once, whichever server claims it, with one ledger transfer per prize", async () => {
    const yesterday = new Date(Date.now() - 86_400_000);
    const period = periodStartOf("daily", yesterday);
    const staff = { id: (await createStaff()).id, ip: null };
    const [first, second] = [await createPlayer(), await createPlayer()];
    const races: number[] = [];
    for (let i = 0; i < 8; i++) {
      const race = await saveRace(
        staff,
        null,
        {
          name: `Two servers ${i}`,
          nameBn: "",
          period: "daily",
          products: ["house"],
          minStake: taka(10),
          prizes: [taka(100), taka(50)],
          wallet: "main",
          turnoverMultiplier: 0,
          active: true,
        },
        yesterday,
      );
      races.push(race.id);
    }
    // One wager counts in every active race taking house games (other test files' races too; only ours are checked).
    await db.transaction((tx) => countWager(tx, { playerId: second.id, stake: taka(500), product: "house", at: yesterday }));
    await db.transaction((tx) => countWager(tx, { playerId: first.id, stake: taka(300), product: "house", at: yesterday }));

    const runs = await runTogether<{ paid: Paid[] }>([
      appInstance("tests/support/race-payout-instance.ts", { passes: 25 }),
      appInstance("tests/support/race-payout-instance.ts", { passes: 25 }),
    ]);
    expect(
      runs.map((r) => r.code),
      runs.map((r) => r.stderr).join("\n"),
    ).toEqual([0, 0]);

    console.info(`periods paid by each server: ${runs.map((r) => r.result!.paid.filter((p) => races.includes(p.raceId)).length).join(" and ")}`);
    // Each of our periods was reported paid by exactly one pass of one server.
    const paid = runs.flatMap((r) => r.result!.paid).filter((p) => races.includes(p.raceId));
    expect(paid.map((p) => p.raceId).sort((a, b) => a - b)).toEqual(races);
    expect(paid.every((p) => p.periodStart === period && p.winners === 2)).toBe(true);
    const claims = await db.select().from(racePayouts).where(inArray(racePayouts.raceId, races));
    expect(claims).toHaveLength(8);
    expect(claims.every((c) => c.winners === 2 && c.total === taka(150))).toBe(true);
    const prizes = await db.select().from(racePrizes).where(inArray(racePrizes.raceId, races));
    expect(prizes).toHaveLength(16);
    // Paid eight times over, once per race: first place ৳100 and second ৳50 in each.
    expect((await getPlayerBalances(second.id)).main.available).toBe(taka(800));
    expect((await getPlayerBalances(first.id)).main.available).toBe(taka(400));
    for (const race of races) {
      expect(await getTransferByKey(`race:${race}:${period}:1`)).toMatchObject({ amount: taka(100) });
      expect(await getTransferByKey(`race:${race}:${period}:2`)).toMatchObject({ amount: taka(50) });
    }
    // Which server paid is up to them; that both could is the point. A later pass pays nothing more.
    const [again] = await runTogether<{ paid: Paid[] }>([appInstance("tests/support/race-payout-instance.ts", { passes: 1 })]);
    expect(again!.result!.paid.filter((p) => races.includes(p.raceId))).toEqual([]);
    expect(await db.select().from(racePayouts).where(eq(racePayouts.raceId, races[0]!))).toHaveLength(1);
  }, 120_000);
});
