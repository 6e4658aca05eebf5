// A Crash round's public page and the page's history: hash, salt and crash point only once crashed; masked names;
// times in Asia/Dhaka; void rounds as void; bad ids are nothing. History: newest first, at most the limit.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, expectInvariants } from "#app/modules/payments/test-helpers.ts";
import { players } from "#app/modules/players/index.server.ts";
import { cashOut, placeBet } from "./bets.server.ts";
import { CrashHub } from "./hub.server.ts";
import { crashRoundPage } from "./round-page.server.ts";
import { markCrashed, settleCrashedBets, voidRound } from "./rounds.server.ts";
import { crashState, recentRounds } from "./store.server.ts";
import { bettingRound, ensureCrashGame, fundedPlayer, runRound, testChain } from "./test-helpers.ts";
import { HISTORY_SHOWN } from "./view.ts";

beforeAll(ensureCrashGame);
afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

const usernameOf = async (id: number) => (await db.select({ u: players.username }).from(players).where(eq(players.id, id)))[0]!.u;
const DHAKA = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe("crashRoundPage", () => {
  it("keeps the crash point, hash and salt back until the crash, then shows them with the bets (masked) and a verify link", async () => {
    const round = await bettingRound(250);
    const [alice, bob] = [await fundedPlayer(100_000n), await fundedPlayer(100_000n)];
    await placeBet(alice.id, { stake: 5000n, autoCashout: null });
    await placeBet(bob.id, { stake: 2000n, autoCashout: 200 });

    const betting = (await crashRoundPage(String(round.id)))!;
    expect(betting).toMatchObject({ status: "betting", crashPoint: null, crashText: null, hash: null, salt: null, verify: null, startedAt: null });
    expect(JSON.stringify(betting)).not.toContain(round.hash);
    expect(JSON.stringify(betting)).not.toContain((await testChain()).salt);
    expect(betting.bets.map((b) => b.stake)).toEqual(["৳50.00", "৳20.00"]);
    const names = await Promise.all([usernameOf(alice.id), usernameOf(bob.id)]);
    for (const b of betting.bets) {
      expect(names).not.toContain(b.name);
      expect(b.name).toMatch(/\*\*\*/);
    }

    const running = await runRound(round.id, 1_000);
    const inAir = (await crashRoundPage(String(round.id)))!;
    expect(inAir).toMatchObject({ status: "running", hash: null, salt: null, crashPoint: null });
    expect(inAir.startedAt).toMatch(DHAKA);
    await cashOut(alice.id);
    await markCrashed(round.id);
    await settleCrashedBets(new CrashHub(false), running, (await testChain()).salt);

    const crashed = (await crashRoundPage(String(round.id)))!;
    expect(crashed).toMatchObject({ status: "crashed", crashPoint: 250, crashText: "2.50", hash: round.hash, salt: (await testChain()).salt });
    expect(crashed.endedAt).toMatch(DHAKA);
    expect(crashed.bettingEndsAt).toMatch(DHAKA);
    expect(crashed.verify).toContain(`hash=${round.hash}`);
    const [a, b] = crashed.bets;
    expect(a).toMatchObject({ stake: "৳50.00", status: "cashed" });
    expect(Number(a!.cashoutAt)).toBeGreaterThanOrEqual(1);
    expect(b).toMatchObject({ stake: "৳20.00", status: "cashed", cashoutAt: "2.00", payout: "৳40.00" });
    expect(b!.maxPayout).toBe("৳40.00");
  });

  it("shows a voided round as void, with its hash, and refunds shown", async () => {
    const round = await bettingRound(300);
    const player = await fundedPlayer(100_000n);
    await placeBet(player.id, { stake: 1000n, autoCashout: null });
    await voidRound(round.id);
    const page = (await crashRoundPage(String(round.id)))!;
    expect(page).toMatchObject({ status: "voided", crashPoint: null, crashText: null, hash: round.hash, verify: null });
    expect(page.bets).toEqual([expect.objectContaining({ status: "voided", payout: null })]);
  });

  it("is nothing for malformed or unknown ids", async () => {
    for (const bad of ["", "0", "-1", "1e3", "0x10", " 1", "1.5", "abc", "9".repeat(16), "999999999", undefined, 7])
      expect(await crashRoundPage(bad)).toBeUndefined();
  });
});

describe("the Crash history", () => {
  it("lists ended rounds newest first, at most the limit, void ones marked; the page keeps the last 100", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const round = await bettingRound(120 + i);
      await runRound(round.id);
      await markCrashed(round.id);
      ids.push(round.id);
    }
    const voided = await bettingRound(400);
    await voidRound(voided.id);
    const history = await recentRounds(3);
    expect(history.map((h) => h.id)).toEqual([voided.id, ids[2], ids[1]]);
    expect(history.map((h) => h.voided)).toEqual([true, false, false]);
    expect(history[1]!.crashPoint).toBe(122);
    // An open round is not history.
    const open = await bettingRound(500);
    expect((await recentRounds(3)).map((h) => h.id)).not.toContain(open.id);
    await voidRound(open.id);

    // More than 100 ended rounds: the page shows exactly the newest 100.
    for (let i = 0; i < HISTORY_SHOWN; i++) {
      const round = await bettingRound(101 + i);
      await voidRound(round.id);
    }
    const state = await crashState();
    expect(state.history).toHaveLength(HISTORY_SHOWN);
    const shown = state.history.map((h) => h.id);
    expect(shown).toEqual([...shown].sort((x, y) => y - x));
  });
});
