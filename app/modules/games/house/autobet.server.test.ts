// Autobet's server-side run: each bet a normal bet through the game's own path; the plan's rules between bets; the
// first refusal (stake and loss limits, time-out, self-exclusion, balance, reality check) stops it at once.
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { autobetSettings } from "./test-helpers.ts";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, expectInvariants } from "#app/modules/payments/test-helpers.ts";
import { changeLimit } from "#app/modules/protection/limits.server.ts";
import { selfExclude, takeTimeOut } from "#app/modules/protection/index.server.ts";
import { gameRounds, minesGames } from "../schema.ts";
import { runDiceAutobet, runMinesAutobet } from "./autobet.server.ts";
import { getActiveSeed } from "./seeds.server.ts";
import { ensureHouseGames, fundedPlayer, mainBalance } from "./test-helpers.ts";

beforeAll(ensureHouseGames);
afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

const settings = autobetSettings;
const even = { target: 5000, direction: "under" as const };

const roundsOf = (playerId: number) => db.select().from(gameRounds).where(eq(gameRounds.playerId, playerId));

describe("server-side autobet", () => {
  it("runs the bets through the ledger, one nonce each, and pays what the list says", async () => {
    const player = await fundedPlayer(100_000n);
    const run = await runDiceAutobet(player.id, settings({ bets: 10 }), even);
    expect(run.stop).toBe("bets_done");
    expect(run.lines).toHaveLength(10);
    expect(run.lines.map((l) => l.nonce)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await mainBalance(player.id)).toBe(100_000n + run.profit);
    const rounds = await roundsOf(player.id);
    expect(rounds).toHaveLength(10);
    expect(rounds.every((r) => r.status === "settled")).toBe(true);
    expect((await getActiveSeed(player.id))!.nonce).toBe(10);
  });

  it("doubles on loss (martingale) and resets on win, within the game's max stake", async () => {
    const player = await fundedPlayer(10_000_000n);
    const run = await runDiceAutobet(player.id, settings({ bets: 30, onLoss: { mode: "increase", percent: 10_000 } }), even);
    for (let i = 1; i < run.lines.length; i++) {
      const prev = run.lines[i - 1]!;
      const wanted = prev.win ? 1_000n : prev.stake * 2n;
      expect(run.lines[i]!.stake).toBe(wanted > 2_500_000n ? 2_500_000n : wanted);
    }
  });

  it("a retried run (same key) replays its bets instead of betting again", async () => {
    const player = await fundedPlayer(100_000n);
    const first = await runDiceAutobet(player.id, settings({ bets: 5 }), { ...even, runKey: "run-key-0001" });
    const again = await runDiceAutobet(player.id, settings({ bets: 5 }), { ...even, runKey: "run-key-0001" });
    expect(again.lines).toEqual(first.lines);
    expect(await roundsOf(player.id)).toHaveLength(5);
    expect((await getActiveSeed(player.id))!.nonce).toBe(5);
    expect(await mainBalance(player.id)).toBe(100_000n + first.profit);
  });

  it("Mines: 50 parallel replays of one game's request key start one game and stake once, and all answer that game", async () => {
    const player = await fundedPlayer(100_000n);
    const bet = { mines: 3, tiles: [0, 1, 2], runKey: "mines-key-0001" };
    const runs = await Promise.all(Array.from({ length: 50 }, () => runMinesAutobet(player.id, settings({ bets: 1 }), bet)));
    const games = await db.select().from(minesGames).where(eq(minesGames.playerId, player.id));
    expect(games).toHaveLength(1);
    expect(games[0]).toMatchObject({ requestKey: "mines-key-0001-1" });
    expect(games[0]!.status).not.toBe("playing");
    const rounds = await roundsOf(player.id);
    expect(rounds).toHaveLength(1);
    expect(rounds[0]!.stake).toBe(1_000n);
    // One nonce taken: the replays' nonces rolled back with their transactions.
    expect((await getActiveSeed(player.id))!.nonce).toBe(1);
    expect(await mainBalance(player.id)).toBe(100_000n - 1_000n + games[0]!.payout);
    for (const run of runs) {
      expect(run.refusal).toBeNull();
      expect(run.lines).toEqual([expect.objectContaining({ stake: 1_000n, payout: games[0]!.payout, nonce: games[0]!.nonce })]);
    }
    // A later run with another key is a new game.
    await runMinesAutobet(player.id, settings({ bets: 1 }), { ...bet, runKey: "mines-key-0002" });
    expect(await db.select().from(minesGames).where(eq(minesGames.playerId, player.id))).toHaveLength(2);
  });

  it("stops on profit and on loss at the first bet that meets the rule, and not before", async () => {
    const player = await fundedPlayer(10_000_000n);
    /** The 1-based bet after which the running profit first meets `rule`, or null. */
    const firstMet = (lines: { stake: bigint; payout: bigint }[], rule: (profit: bigint) => boolean) => {
      let profit = 0n;
      for (const [i, l] of lines.entries()) {
        profit += l.payout - l.stake;
        if (rule(profit)) return i + 1;
      }
      return null;
    };
    const up = await runDiceAutobet(player.id, settings({ bets: 100, stopProfit: 5n }), { target: 9000, direction: "under" });
    const upAt = firstMet(up.lines, (p) => p >= 5n);
    expect(upAt).not.toBeNull(); // 90 % wins of +৳1 each: practically always within 100 bets
    expect(up.stop).toBe("stop_profit");
    expect(up.lines).toHaveLength(upAt!);
    const down = await runDiceAutobet(player.id, settings({ bets: 100, stopLoss: 3_000n }), { target: 1000, direction: "under" });
    const downAt = firstMet(down.lines, (p) => -p >= 3_000n);
    expect(down.stop).toBe(downAt === null ? "bets_done" : "stop_loss");
    expect(down.lines).toHaveLength(downAt ?? 100);
  });

  it("stops at once on a stake limit, with the bets it ran", async () => {
    const player = await fundedPlayer(1_000_000n);
    expect(await changeLimit(player.id, { kind: "stake", period: "day" }, 3_500n)).toBe("set");
    const run = await runDiceAutobet(player.id, settings({ bets: 10 }), even);
    expect(run.stop).toBe("refused");
    expect(run.refusal?.code).toBe("limit_exceeded");
    expect(run.lines).toHaveLength(3);
    expect(await roundsOf(player.id)).toHaveLength(3);
  });

  it("stops at once on a loss limit", async () => {
    const player = await fundedPlayer(1_000_000n);
    await changeLimit(player.id, { kind: "loss", period: "day" }, 2_000n);
    const run = await runDiceAutobet(player.id, settings({ bets: 100 }), { target: 200, direction: "under" });
    expect(run.stop).toBe("refused");
    expect(run.refusal?.code).toBe("limit_exceeded");
    const lost = run.lines.reduce((p, l) => p + l.stake - l.payout, 0n);
    expect(lost).toBeLessThanOrEqual(2_000n);
  });

  it("a time-out or self-exclusion taken during the run stops the next bet", async () => {
    for (const exclude of [(id: number) => takeTimeOut(id, "24h"), (id: number) => selfExclude(id, "6m")]) {
      const player = await fundedPlayer(100_000n);
      const run = await runDiceAutobet(player.id, settings({ bets: 10 }), even, async (n) => {
        if (n === 4) await exclude(player.id);
      });
      expect(run.stop).toBe("refused");
      expect(run.refusal?.code).toBe("player_blocked");
      expect(run.lines).toHaveLength(3);
    }
  });

  it("stops when the balance runs out and when the reality check falls due", async () => {
    const poor = await fundedPlayer(2_500n);
    const broke = await runDiceAutobet(poor.id, settings({ bets: 100 }), { target: 2, direction: "under" });
    expect(broke.stop).toBe("balance");
    expect(broke.lines).toHaveLength(2);
    const player = await fundedPlayer(100_000n);
    const run = await runDiceAutobet(player.id, settings({ bets: 10 }), even, async (n) => {
      return n === 2;
    });
    expect(run.refusal?.code).toBe("reality_check_due");
    expect(run.lines).toHaveLength(1);
  });

  it("refuses 0 or 101 bets and a bad tile set before any bet", async () => {
    const player = await fundedPlayer(100_000n);
    for (const bets of [0, 101, null]) {
      await expect(runDiceAutobet(player.id, settings({ bets }), even)).rejects.toMatchObject({ code: "autobet_invalid" });
    }
    for (const tiles of [[], [1, 1], Array.from({ length: 23 }, (_, i) => i)]) {
      await expect(runMinesAutobet(player.id, settings(), { mines: 3, tiles })).rejects.toMatchObject({ code: "autobet_invalid" });
    }
    expect(await roundsOf(player.id)).toHaveLength(0);
  });

  it("Mines: starts, opens the chosen tiles and cashes out, each bet a game", async () => {
    const player = await fundedPlayer(100_000n);
    const run = await runMinesAutobet(player.id, settings({ bets: 8 }), { mines: 3, tiles: [0, 6, 12] });
    expect(run.stop).toBe("bets_done");
    expect(run.lines).toHaveLength(8);
    for (const l of run.lines) expect(l.win ? l.tiles === 3 && l.payout > l.stake : l.payout === 0n).toBe(true);
    const rounds = await db
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.playerId, player.id), like(gameRounds.roundId, "mines:%")));
    expect(rounds.filter((r) => r.status === "settled")).toHaveLength(8);
    expect(await mainBalance(player.id)).toBe(100_000n + run.profit);
  });
});
