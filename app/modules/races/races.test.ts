import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { playDice } from "#app/modules/games/house/dice/dice.server.ts";
import { ensureHouseGames, fundedPlayer } from "#app/modules/games/house/test-helpers.ts";
import { walletBet, walletRollback, walletWin } from "#app/modules/games/wallet.server.ts";
import { getPlayerBalances, getTransferByKey } from "#app/modules/ledger/index.server.ts";
import { closeIdleConnections, createPlayer, createStaff, expectInvariants, taka } from "#app/modules/payments/test-helpers.ts";
import { players } from "#app/modules/players/schema.ts";
import { playerExclusions } from "#app/modules/protection/schema.ts";
import { turnoverRequirements } from "#app/modules/turnover/schema.ts";
import { periodBounds, periodStartOf, shiftPeriod } from "./periods.ts";
import { racePayouts, racePrizes, raceEntries } from "./schema.ts";
import { countWager, playerStanding, STANDINGS_PUSH_MS, topStandings } from "./standings.server.ts";
import { isRaceError, prizeTermsFor, runRacePayouts, saveRace, upcomingTerms, type RaceProduct } from "./index.server.ts";
import type { RaceSettings } from "./validation.ts";

afterAll(async () => {
  await expectInvariants();
  // The standings' announcements go out a second after the wagers: let them, before the pool closes.
  await new Promise((r) => setTimeout(r, STANDINGS_PUSH_MS + 200));
  await closeIdleConnections();
});

const actor = async () => ({ id: (await createStaff()).id, ip: null });
const settings = (over: Partial<RaceSettings> = {}): RaceSettings => ({
  name: "Test race",
  nameBn: "",
  period: "daily",
  products: ["house", "provider"],
  minStake: taka(10),
  prizes: [taka(100), taka(50)],
  wallet: "main",
  turnoverMultiplier: 0,
  active: true,
  ...over,
});
async function newRace(over: Partial<RaceSettings> = {}, now = new Date()) {
  return (await saveRace(await actor(), null, settings(over), now)).id;
}
const wager = (playerId: number, stake: bigint, at = new Date(), product: RaceProduct = "house") =>
  db.transaction((tx) => countWager(tx, { playerId, stake, product, at }));
async function entry(raceId: number, periodStart: string, playerId: number) {
  const [row] = await db
    .select()
    .from(raceEntries)
    .where(and(eq(raceEntries.raceId, raceId), eq(raceEntries.periodStart, periodStart), eq(raceEntries.playerId, playerId)));
  return row;
}

describe("race periods (Asia/Dhaka)", () => {
  it("a daily race turns over at Dhaka midnight (18:00 UTC), not UTC midnight", () => {
    expect(periodStartOf("daily", new Date("2026-11-29T17:59:59.999Z"))).toBe("2026-11-29");
    expect(periodStartOf("daily", new Date("2026-11-29T18:00:00Z"))).toBe("2026-11-30");
    expect(periodStartOf("daily", new Date("2026-11-29T23:30:00Z"))).toBe("2026-11-30");
    expect(periodBounds("daily", "2026-11-30")).toEqual({ start: new Date("2026-11-29T18:00:00Z"), end: new Date("2026-11-30T18:00:00Z") });
  });

  it("a weekly race runs Monday 00:00 to Monday 00:00 in Dhaka", () => {
    // Sunday 29 November 2026, 23:59 in Dhaka: still the week of Monday the 23rd; a minute later the week of the 30th.
    expect(periodStartOf("weekly", new Date("2026-11-29T17:59:00Z"))).toBe("2026-11-23");
    expect(periodStartOf("weekly", new Date("2026-11-29T18:00:00Z"))).toBe("2026-11-30");
    expect(periodStartOf("weekly", new Date("2026-11-23T00:00:00Z"))).toBe("2026-11-23");
    expect(periodBounds("weekly", "2026-11-23")).toEqual({ start: new Date("2026-11-22T18:00:00Z"), end: new Date("2026-11-29T18:00:00Z") });
    expect(shiftPeriod("weekly", "2026-11-23", 1)).toBe("2026-11-30");
    // Across a year end: Thursday 1 January 2026 belongs to the week of Monday 29 December 2025.
    expect(periodStartOf("weekly", new Date("2026-01-01T06:00:00Z"))).toBe("2025-12-29");
  });
});

describe("standings", () => {
  it("50 parallel settled wagers of one player all count (one upsert per wager, no lost update)", async () => {
    const raceId = await newRace();
    const player = await createPlayer();
    await Promise.all(Array.from({ length: 50 }, () => wager(player.id, taka(20))));
    const row = await entry(raceId, periodStartOf("daily", new Date()), player.id);
    expect(row).toMatchObject({ wagered: taka(20) * 50n, bets: 50 });
  });

  it("counts only the race's products and stakes at or above its minimum", async () => {
    const raceId = await newRace({ products: ["house"], minStake: taka(50) });
    const player = await createPlayer();
    await wager(player.id, taka(49));
    await wager(player.id, taka(80), new Date(), "exchange");
    expect(await entry(raceId, periodStartOf("daily", new Date()), player.id)).toBeUndefined();
    await wager(player.id, taka(50));
    expect((await entry(raceId, periodStartOf("daily", new Date()), player.id))?.wagered).toBe(taka(50));
  });

  it("a settled house game round counts through the seamless wallet", async () => {
    await ensureHouseGames();
    const raceId = await newRace({ products: ["house"], minStake: 0n });
    const player = await fundedPlayer(taka(1_000));
    await playDice(player.id, { stake: taka(25), target: 5000, direction: "under" });
    await playDice(player.id, { stake: taka(15), target: 5000, direction: "under" });
    expect(await playerStanding(raceId, periodStartOf("daily", new Date()), player.id)).toMatchObject({ wagered: taka(40), bets: 2 });
  });

  it("orders equal totals by who reached them first, and shows ranks and masked names", async () => {
    const raceId = await newRace();
    const [a, b, c] = [await createPlayer(), await createPlayer(), await createPlayer()];
    await wager(b.id, taka(100));
    await wager(a.id, taka(100));
    await wager(c.id, taka(30));
    const day = periodStartOf("daily", new Date());
    let top = await topStandings(raceId, day, 10);
    expect(top.map((s) => s.playerId)).toEqual([b.id, a.id, c.id]);
    expect(top[0]!.name).toMatch(/^\w{2}\*\*\*\w$/);
    expect(await playerStanding(raceId, day, a.id)).toMatchObject({ rank: 2, wagered: taka(100) });
    // c reaches 100 last: still behind both; then more puts c first.
    await wager(c.id, taka(70));
    top = await topStandings(raceId, day, 10);
    expect(top.map((s) => s.playerId)).toEqual([b.id, a.id, c.id]);
    await wager(c.id, taka(10));
    expect((await topStandings(raceId, day, 1))[0]!.playerId).toBe(c.id);
    expect(await playerStanding(raceId, day, c.id)).toMatchObject({ rank: 1, wagered: taka(110), bets: 3 });
  });
});

describe("a bet rolled back after its round settled", () => {
  it("takes its stake out of the race totals once, through the seamless wallet", async () => {
    await ensureHouseGames();
    const raceId = await newRace({ products: ["house"], minStake: 0n });
    const player = await fundedPlayer(taka(1_000));
    const call = { platform: "HOUSE", playerId: player.id, roundId: `race-rb-${player.id}`, gameCode: "HOUSE-ARCADE-DICE" };
    expect(await walletBet({ ...call, txnId: `race-rb-${player.id}-bet`, amount: taka(30) })).toMatchObject({ ok: true });
    expect(await walletWin({ ...call, txnId: `race-rb-${player.id}-win`, amount: 0n })).toMatchObject({ ok: true });
    await wager(player.id, taka(5));
    const day = periodStartOf("daily", new Date());
    expect((await playerStanding(raceId, day, player.id))?.wagered).toBe(taka(35));
    const rollback = { ...call, txnId: `race-rb-${player.id}-rb`, refTxnId: `race-rb-${player.id}-bet` };
    expect(await walletRollback(rollback)).toMatchObject({ ok: true });
    expect(await walletRollback(rollback)).toMatchObject({ ok: true }); // the provider's retry: replayed, nothing more
    expect((await playerStanding(raceId, day, player.id))?.wagered).toBe(taka(5));
  });
});

describe("prize terms", () => {
  it("a prize table changed while a period runs applies from the next period; the period kind is fixed", async () => {
    const now = new Date();
    const staff = await actor();
    const { id } = await saveRace(staff, null, settings(), now);
    const day = periodStartOf("daily", now);
    const saved = await saveRace(staff, id, settings({ prizes: [taka(999)] }), now);
    expect(saved.termsFrom).toBe(shiftPeriod("daily", day, 1));
    expect((await prizeTermsFor(id, day))!.prizes).toEqual([taka(100), taka(50)]);
    expect((await prizeTermsFor(id, shiftPeriod("daily", day, 1)))!.prizes).toEqual([taka(999)]);
    expect((await upcomingTerms(id, day))!.prizes).toEqual([taka(999)]);
    expect((await saveRace(staff, id, settings({ prizes: [taka(999)] }), now)).changed).toBe(false);
    const refused = await saveRace(staff, id, settings({ period: "weekly" }), now).catch((e: unknown) => e);
    expect(isRaceError(refused) && refused.code).toBe("period_fixed");
  });
});

describe("payout", () => {
  // A period that ended yesterday (Dhaka) and its settle margin.
  const yesterday = new Date(Date.now() - 86_400_000);

  it("pays an ended period once, even with 50 runners at the same time, from expense:races by (race, period, rank)", async () => {
    const raceId = await newRace({ prizes: [taka(100), taka(50)] }, yesterday);
    const [a, b, c] = [await createPlayer(), await createPlayer(), await createPlayer()];
    await wager(a.id, taka(300), yesterday);
    await wager(b.id, taka(500), yesterday);
    await wager(c.id, taka(100), yesterday);
    const period = periodStartOf("daily", yesterday);
    const runs = await Promise.all(Array.from({ length: 50 }, () => runRacePayouts()));
    const mine = runs.flat().filter((p) => p.raceId === raceId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.winners.map((w) => [w.rank, w.playerId, w.amount])).toEqual([
      [1, b.id, taka(100)],
      [2, a.id, taka(50)],
    ]);
    expect((await getPlayerBalances(b.id)).main.available).toBe(taka(100));
    expect((await getPlayerBalances(a.id)).main.available).toBe(taka(50));
    expect((await getPlayerBalances(c.id)).main.available).toBe(0n);
    expect(await getTransferByKey(`race:${raceId}:${period}:1`)).toMatchObject({ amount: taka(100) });
    const [paid] = await db.select().from(racePayouts).where(eq(racePayouts.raceId, raceId));
    expect(paid).toMatchObject({ winners: 2, total: taka(150) });
    // Another pass later pays nothing more.
    expect((await runRacePayouts()).filter((p) => p.raceId === raceId)).toEqual([]);
    expect((await getPlayerBalances(b.id)).main.available).toBe(taka(100));
  });

  it("waits for the settle margin after the period's end, and never pays the running period", async () => {
    const raceId = await newRace();
    const player = await createPlayer();
    await wager(player.id, taka(100));
    expect((await runRacePayouts()).filter((p) => p.raceId === raceId)).toEqual([]);
    const end = periodBounds("daily", periodStartOf("daily", new Date())).end;
    expect((await runRacePayouts({ now: new Date(end.getTime() + 1_000), settleMs: 60_000 })).filter((p) => p.raceId === raceId)).toEqual([]);
    const paid = await runRacePayouts({ now: new Date(end.getTime() + 61_000), settleMs: 60_000 });
    expect(paid.filter((p) => p.raceId === raceId)).toHaveLength(1);
  });

  it("a bonus-wallet prize carries a turnover requirement of prize × multiplier", async () => {
    const raceId = await newRace({ prizes: [taka(200)], wallet: "bonus", turnoverMultiplier: 3 }, yesterday);
    const player = await createPlayer();
    await wager(player.id, taka(40), yesterday);
    await runRacePayouts();
    const balances = await getPlayerBalances(player.id);
    expect(balances.bonus.available).toBe(taka(200));
    expect(balances.main.available).toBe(0n);
    const reqs = await db.select().from(turnoverRequirements).where(eq(turnoverRequirements.playerId, player.id));
    expect(reqs).toMatchObject([{ required: taka(600), bonusAmount: taka(200), status: "active" }]);
    const [prize] = await db.select().from(racePrizes).where(eq(racePrizes.raceId, raceId));
    expect(prize).toMatchObject({ rank: 1, playerId: player.id, wallet: "bonus" });
  });

  it("leaves out blocked and excluded players: the next eligible player takes the rank", async () => {
    const raceId = await newRace({ prizes: [taka(100), taka(50)] }, yesterday);
    const [blocked, excluded, third, fourth] = [await createPlayer(), await createPlayer(), await createPlayer(), await createPlayer()];
    await wager(blocked.id, taka(900), yesterday);
    await wager(excluded.id, taka(800), yesterday);
    await wager(third.id, taka(300), yesterday);
    await wager(fourth.id, taka(200), yesterday);
    await db.update(players).set({ status: "blocked" }).where(eq(players.id, blocked.id));
    await db.insert(playerExclusions).values({ playerId: excluded.id, kind: "self_exclusion", endsAt: null });
    const [paid] = (await runRacePayouts()).filter((p) => p.raceId === raceId);
    expect(paid!.winners.map((w) => w.playerId)).toEqual([third.id, fourth.id]);
    expect((await getPlayerBalances(excluded.id)).main.available).toBe(0n);
  });
});

// Last in the file: the period it breaks stays due (every later pass fails on it, as it would in production until fixed).
describe("payout, all or nothing", () => {
  it("a failure part-way through a period pays none of it and leaves it due for the next pass", async () => {
    const yesterday = new Date(Date.now() - 86_400_000);
    const raceId = await newRace({ prizes: [taka(100), taka(50)] }, yesterday);
    const [first, second, other] = [await createPlayer(), await createPlayer(), await createPlayer()];
    await wager(first.id, taka(500), yesterday);
    await wager(second.id, taka(300), yesterday);
    const period = periodStartOf("daily", yesterday);
    // Rank 2's ledger key already names a different transfer: paying rank 2 fails after rank 1 was paid in the same transaction.
    const { transfer } = await import("#app/modules/ledger/index.server.ts");
    await transfer({
      key: `race:${raceId}:${period}:2`,
      debit: "house:adjustments",
      credit: `player:${other.id}:main`,
      amount: 1n,
      currency: "BDT",
      kind: "adjustment",
    });
    await expect(runRacePayouts()).rejects.toThrow();
    expect((await getPlayerBalances(first.id)).main.available).toBe(0n);
    expect(await getTransferByKey(`race:${raceId}:${period}:1`)).toBeUndefined();
    expect(await db.select().from(racePayouts).where(eq(racePayouts.raceId, raceId))).toEqual([]);
    expect(await db.select().from(racePrizes).where(eq(racePrizes.raceId, raceId))).toEqual([]);
  });
});
