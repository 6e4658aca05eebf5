// Live bets across the house games: published after each settled bet commits (Dice, Mines, Crash), batched on the
// Crash channel with masked names and without player ids for pages; the lists a page shows as of its load (All, High
// rollers above the setting, the viewer's own); a bounded queue that never makes a bet wait.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { closeIdleConnections, expectInvariants } from "#app/modules/payments/test-helpers.ts";
import { expectedLogs } from "#tests/kit/logs.ts";
import { setSettings } from "#tests/kit/settings.ts";
import type { CrashEvent, LiveHouseBetItem } from "./crash/events.ts";
import { CrashHub, subscribeCrash } from "./crash/hub.server.ts";
import { placeBet } from "./crash/bets.server.ts";
import { markCrashed, settleCrashedBets } from "./crash/rounds.server.ts";
import { bettingRound, ensureCrashGame, runRound, testChain } from "./crash/test-helpers.ts";
import { playDice } from "./dice/dice.server.ts";
import { cashOutMines, revealTile, startMines } from "./mines/mines.server.ts";
import { LIVE_QUEUE_MAX, LiveBetsPublisher, liveBetsLists, liveBetsPublisher, viewersBets } from "./live-bets.server.ts";
import { isHighRoller, mergeLive } from "./live-bets.ts";
import { ensureHouseGames, fundedPlayer, minesInPlay } from "./test-helpers.ts";
import { betPageId } from "../bet-link.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { gameRounds } from "../schema.ts";
import { db } from "#app/db/db.server.ts";
import { eq } from "drizzle-orm";

beforeAll(async () => {
  await ensureHouseGames();
  await ensureCrashGame();
});
afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

/** Every live-bets batch this process delivers while the test runs: the event and the JSON pages receive. */
function listen() {
  const seen: { event: Extract<CrashEvent, { t: "hb" }>; json: string }[] = [];
  onTestFinished(subscribeCrash((event, json) => void (event.t === "hb" && seen.push({ event, json }))));
  return {
    seen,
    items: () => seen.flatMap((s) => s.event.l),
  };
}

const usernameOf = async (id: number) => (await db.select({ u: players.username }).from(players).where(eq(players.id, id)))[0]!.u;

describe("publishing settled house bets", () => {
  it("publishes each settled Dice, Mines and Crash bet once after it commits: masked name, stake, multiplier, payout; player ids never reach a page", async () => {
    const live = listen();
    const player = await fundedPlayer(1_000_000n);
    const dice = await playDice(player.id, { stake: 2000n, target: 5000, direction: "under" });
    // Mines: one safe tile, then cash out; and a second game that hits a mine.
    const first = await startMines(player.id, { stake: 1000n, mines: 3 });
    const mines = await minesInPlay(player.id);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((i) => !mines.includes(i));
    await revealTile(player.id, first.id, safe[0]!);
    await cashOutMines(player.id, first.id);
    const second = await startMines(player.id, { stake: 1000n, mines: 3 });
    await revealTile(player.id, second.id, (await minesInPlay(player.id))[0]!);
    // Crash: a bet lost at the crash.
    const round = await bettingRound(150);
    await placeBet(player.id, { stake: 3000n, autoCashout: null });
    const running = await runRound(round.id, 60_000);
    await markCrashed(round.id);
    await settleCrashedBets(new CrashHub(false), running, (await testChain()).salt);
    await liveBetsPublisher().flush();

    const mine = live.items().filter((b) => b.u === player.id);
    expect(mine.map((b) => b.g)).toEqual(["dice", "mines", "mines", "crash"]);
    const name = await usernameOf(player.id);
    for (const b of mine) {
      expect(b.n).not.toBe(name);
      expect(b.n).toMatch(/\*\*\*/);
    }
    expect(mine[0]).toMatchObject({ s: "2000", p: String(dice.payout), x: dice.win ? Math.floor(Number(dice.payout * 100n) / 2000) : 0 });
    expect(mine[2]).toMatchObject({ s: "1000", p: "0", x: 0 });
    expect(mine[3]).toMatchObject({ s: "3000", p: "0", x: 0 });
    expect(new Set(mine.map((b) => b.i)).size).toBe(4);
    // What pages receive: no player id anywhere.
    for (const { json } of live.seen) expect(json).not.toMatch(/"u":/);
    // Each bet reaches pages with its shareable page's signed id; between instances it has none (a NOTIFY holds 8,000
    // bytes: each instance signs what it hands its pages).
    for (const { event, json } of live.seen) {
      expect(event.l.every((b) => b.k === undefined)).toBe(true);
      for (const b of (JSON.parse(json) as { l: LiveHouseBetItem[] }).l) expect(b.k).toBe(betPageId(b.i));
    }
    // The viewer's stream learns which were theirs; another viewer's learns nothing of them.
    const batch = live.seen.find((s) => s.event.l.some((b) => b.u === player.id))!.event;
    expect(viewersBets(batch, player.id).length).toBeGreaterThan(0);
    const other = await fundedPlayer(1000n);
    expect(viewersBets(batch, other.id)).toEqual([]);
    expect(viewersBets(batch, null)).toEqual([]);
  });

  it("a full queue drops and counts instead of waiting; a batch is one event of at most 50 bets read in one query", async () => {
    const events: CrashEvent[] = [];
    const hub = new CrashHub(false);
    hub.subscribe((e) => void events.push(e));
    const publisher = new LiveBetsPublisher(() => hub);
    // Noting is synchronous bookkeeping: it returns nothing to wait for, and the queue is full before any drain ran.
    const noted = Array.from({ length: LIVE_QUEUE_MAX + 7 }, (_, i) => publisher.note(10_000_000 + i + 1));
    expect(noted.every((r) => r === undefined)).toBe(true);
    expect(publisher.dropped).toBe(7);
    publisher.note(null);
    publisher.note(Number.NaN);
    await publisher.flush();
    // None of these ids is a settled house round: nothing is published.
    expect(events).toEqual([]);

    const player = await fundedPlayer(1_000_000n);
    const listenLive = listen();
    for (let i = 0; i < 60; i++) await playDice(player.id, { stake: 1000n, target: 5000, direction: "over" });
    await liveBetsPublisher().flush();
    const batches = listenLive.seen.filter((s) => s.event.l.some((b) => b.u === player.id));
    expect(batches.every((s) => s.event.l.length <= 50)).toBe(true);
    expect(batches.flatMap((s) => s.event.l).filter((b) => b.u === player.id)).toHaveLength(60);
  });

  it("a lost database connection while publishing is a warning and the next batch goes out; any other failure is an error", async () => {
    const player = await fundedPlayer(100_000n);
    const published: CrashEvent[] = [];
    const failures = [
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      new Error("something else broke"),
    ];
    const hub = {
      publish: async (e: CrashEvent) => {
        const failure = failures.shift();
        if (failure) throw failure;
        published.push(e);
      },
    } as unknown as CrashHub;
    const publisher = new LiveBetsPublisher(() => hub);
    const logs = expectedLogs();
    const rounds: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { roundId } = await playDice(player.id, { stake: 1000n, target: 5000, direction: "over" });
      const [round] = await db.select({ id: gameRounds.id }).from(gameRounds).where(eq(gameRounds.roundId, roundId));
      rounds.push(round!.id);
      publisher.note(round!.id);
      await publisher.flush();
    }
    expect(logs.records.map((r) => [r.level, r.msg])).toEqual([
      ["warn", "could not publish live bets: database connection lost"],
      ["error", "could not publish live bets"],
    ]);
    expect(published.flatMap((e) => (e.t === "hb" ? e.l.map((b) => b.i) : []))).toEqual([rounds[2]]);
  });
});

describe("the lists as of page load", () => {
  it("newest first and at most the limit; high rollers by the setting's threshold; My bets only the viewer's", async () => {
    await setSettings({ highRollerStake: 500_000n });
    const small = await fundedPlayer(1_000_000n);
    const whale = await fundedPlayer(10_000_000n);
    for (let i = 0; i < 3; i++) await playDice(small.id, { stake: 1000n, target: 5000, direction: "under" });
    await playDice(whale.id, { stake: 499_999n, target: 5000, direction: "under" });
    await playDice(whale.id, { stake: 500_000n, target: 5000, direction: "under" });

    const lists = await liveBetsLists(small.id, 4);
    expect(lists.highRollerStake).toBe("500000");
    expect(lists.all).toHaveLength(4);
    expect(lists.all.map((b) => b.s)).toEqual(["500000", "499999", "1000", "1000"]);
    const ids = lists.all.map((b) => b.i);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(lists.high.every((b) => BigInt(b.s) >= 500_000n)).toBe(true);
    expect(lists.high[0]!.s).toBe("500000");
    expect(lists.high.some((b) => b.s === "499999")).toBe(false);
    expect(lists.mine).toHaveLength(3);
    expect(lists.mine.every((b) => b.s === "1000")).toBe(true);
    for (const b of [...lists.all, ...lists.high, ...lists.mine]) {
      expect(b).not.toHaveProperty("u");
      expect(b.k).toBe(betPageId(b.i));
    }
    expect((await liveBetsLists(null, 4)).mine).toEqual([]);

    // The threshold is a setting: lowered, the ৳4,999.99 stake is a high roller's too.
    await setSettings({ highRollerStake: 400_000n });
    expect((await liveBetsLists(null, 4)).high.map((b) => b.s)).toEqual(expect.arrayContaining(["500000", "499999"]));
  });

  it("the browser's rules: high roller at or above the threshold, merged newest first without repeats", () => {
    expect(isHighRoller({ s: "500000" }, "500000")).toBe(true);
    expect(isHighRoller({ s: "499999" }, 500_000n)).toBe(false);
    expect(isHighRoller({ s: "x" }, "1")).toBe(false);
    const item = (i: number): LiveHouseBetItem => ({ i, g: "dice", n: "a***", s: "1", p: "0", x: 0, at: i });
    expect(mergeLive([item(2), item(1)], [item(2), item(3), item(4)], 3).map((b) => b.i)).toEqual([4, 3, 2]);
  });
});
