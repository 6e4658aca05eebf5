// The engine on this file's database: rounds end to end with auto and manual cash-outs, and the restart-safety
// step on rows a dead leader left behind. Crash points are lowered in the database during betting (tests only).
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, expectInvariants } from "#app/modules/payments/test-helpers.ts";
import { crashBets, crashRounds } from "../../schema.ts";
import { cashOut, placeBet } from "./bets.server.ts";
import { CrashEngine } from "./engine.server.ts";
import type { CrashEvent } from "./events.ts";
import { bettingRound, ensureCrashGame, fundedPlayer, mainBalance, roundRow, runRound } from "./test-helpers.ts";

beforeAll(ensureCrashGame);
afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

const timing = { bettingMs: 400, tickMs: 25, pauseMs: 100, leaderRetryMs: 200 };

/** Collects an engine's events; `next` waits for the first (later) one matching. */
function recorder(engine: CrashEngine) {
  const events: CrashEvent[] = [];
  const waiters: { test: (e: CrashEvent) => boolean; resolve: (e: CrashEvent) => void }[] = [];
  engine.hub.subscribe((e) => {
    events.push(e);
    for (const w of [...waiters]) {
      if (!w.test(e)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(e);
    }
  });
  const next = <T extends CrashEvent["t"]>(t: T, test: (e: Extract<CrashEvent, { t: T }>) => boolean = () => true, ms = 20_000) =>
    new Promise<Extract<CrashEvent, { t: T }>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${t} event in ${ms} ms`)), ms);
      waiters.push({
        test: (e) => e.t === t && test(e as Extract<CrashEvent, { t: T }>),
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e as Extract<CrashEvent, { t: T }>);
        },
      });
    });
  return { events, next };
}

/** Every round the engine opens crashes at crashPoint (tests only: the hash no longer gives it). */
const fixedCrashPoint = (crashPoint: number) => async (round: { id: number }) =>
  void (await db.update(crashRounds).set({ crashPoint }).where(eq(crashRounds.id, round.id)));

describe("the engine", () => {
  it("plays rounds: bets, rising ticks, auto and manual cash-outs, the crash at the crash point, settlement", async () => {
    // The players exist before the round opens and the betting window is long: on a loaded machine three bets
    // once took longer than a 400 ms window ("Bets are closed").
    const [auto, manual, loser] = await Promise.all([1, 2, 3].map(() => fundedPlayer(10_000n)));
    // The manual cash-out has from 1.15× to the crash at 1.40× (about 3.3 s).
    const engine = new CrashEngine({ timing: { ...timing, bettingMs: 3_000 }, chainLength: 300, onRoundOpened: fixedCrashPoint(140) });
    onTestFinished(() => engine.stop());
    const rec = recorder(engine);
    const betting = rec.next("betting");
    await engine.start();
    expect(engine.isLeader).toBe(true);
    const { r } = await betting;
    await placeBet(auto!.id, { stake: 1000n, autoCashout: 105 });
    await placeBet(manual!.id, { stake: 1000n, autoCashout: null });
    await placeBet(loser!.id, { stake: 1000n, autoCashout: 150 });
    // The tick's multiplier is the engine's clock and the cash-out's the database's: on a loaded machine they once
    // differed by a hundredth (about 150 ms here), so the cash-out is asked for at 1.15x and judged against 1.10x.
    await rec.next("tick", (e) => e.r === r && e.m >= 115);
    const cash = await cashOut(manual!.id);
    expect(cash.cashoutAt).toBeGreaterThanOrEqual(110);
    expect(cash.cashoutAt).toBeLessThan(140);
    const crashed = await rec.next("crashed", (e) => e.r === r);
    expect(crashed.cp).toBe(140);
    expect(crashed.h).toBe((await roundRow(r)).hash);
    await rec.next("betting", (e) => e.r > r);
    await engine.stop();

    const ticks = rec.events.filter((e): e is Extract<CrashEvent, { t: "tick" }> => e.t === "tick" && e.r === r);
    expect(ticks.length).toBeGreaterThan(20);
    expect(ticks.every((t, i) => t.m < 140 && (i === 0 || t.m >= ticks[i - 1]!.m))).toBe(true);
    expect(rec.events.some((e) => e.t === "cashout" && e.r === r && e.at === 105)).toBe(true);
    expect(await roundRow(r)).toMatchObject({ status: "crashed", crashPoint: 140 });
    expect((await roundRow(r)).endedAt).not.toBeNull();
    expect(await mainBalance(auto!.id)).toBe(9_000n + 1_050n);
    expect(await mainBalance(manual!.id)).toBe(9_000n + cash.payout);
    expect(await mainBalance(loser!.id)).toBe(9_000n);
    const bets = await db.select().from(crashBets).where(eq(crashBets.roundId, r));
    expect(bets.map((b) => b.status).sort()).toEqual(["cashed", "cashed", "lost"]);
    // The auto cash-out names its bet, so only the bettor's own page reloads (masked names can collide).
    const autoBet = bets.find((b) => b.playerId === auto!.id)!;
    expect(rec.events.some((e) => e.t === "cashout" && e.b === autoBet.id && e.at === 105)).toBe(true);
  });

  it("on start settles, resumes or voids the rounds a dead leader left open", async () => {
    const players = await Promise.all([1, 2, 3, 4].map(() => fundedPlayer(10_000n)));
    // Running, its crash time long past: settled as crashed.
    const past = await bettingRound(150);
    await placeBet(players[0]!.id, { stake: 1000n, autoCashout: 120 });
    await placeBet(players[1]!.id, { stake: 1000n, autoCashout: null });
    await runRound(past.id, 60_000);
    // Running, its crash time still to come: resumed, and it crashes at its point.
    const live = await bettingRound(115);
    await placeBet(players[2]!.id, { stake: 1000n, autoCashout: null });
    await runRound(live.id, 0);
    // Taking bets: voided, the stake goes back.
    const open = await bettingRound();
    await placeBet(players[3]!.id, { stake: 1000n, autoCashout: null });

    const engine = new CrashEngine({ timing, chainLength: 300, onRoundOpened: fixedCrashPoint(120) });
    onTestFinished(() => engine.stop());
    const rec = recorder(engine);
    const liveCrash = rec.next("crashed", (e) => e.r === live.id);
    const voided = rec.next("voided", (e) => e.r === open.id);
    await engine.start();
    const cash = await cashOut(players[2]!.id).catch(() => null); // resumed: cash-outs work until it crashes
    expect((await liveCrash).cp).toBe(115);
    await voided;
    await rec.next("betting", (e) => e.r > open.id);
    await engine.stop();

    expect(rec.events.some((e) => e.t === "crashed" && e.r === past.id && e.cp === 150)).toBe(true);
    expect(rec.events.some((e) => e.t === "tick" && e.r === live.id)).toBe(true);
    expect(await mainBalance(players[0]!.id)).toBe(9_000n + 1_200n);
    expect(await mainBalance(players[1]!.id)).toBe(9_000n);
    expect(await mainBalance(players[2]!.id)).toBe(9_000n + (cash?.payout ?? 0n));
    expect(await mainBalance(players[3]!.id)).toBe(10_000n);
    const rows = await db
      .select()
      .from(crashRounds)
      .where(inArray(crashRounds.id, [past.id, live.id, open.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [past.id]: "crashed", [live.id]: "crashed", [open.id]: "voided" });
    const active = await db.select().from(crashBets).where(eq(crashBets.status, "active"));
    expect(active.filter((b) => [past.id, live.id, open.id].includes(b.roundId))).toEqual([]);
  });
});
