// The simulated aggregator's game: its paytable (96 % RTP) and spins that bet and pay through the seamless wallet.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { fundedPlayer, mainBalance } from "#app/modules/games/house/test-helpers.ts";
import { closeIdleConnections } from "#app/modules/payments/test-helpers.ts";
import { openLaunch, startLaunch } from "../launch.server.ts";
import { ensureLaunchProviders, SIM_GAME } from "../launch-test-helpers.ts";
import { gameRounds, gameWalletCalls } from "../schema.ts";
import { SIM_PAYTABLE, simBalance, simMultiplier, simPayout, simSpin } from "./sim-aggregator.server.ts";

describe("paytable", () => {
  it("weights add up to 10,000 and return 96 % of stakes", () => {
    expect(SIM_PAYTABLE.reduce((s, r) => s + r.weight, 0)).toBe(10_000);
    const rtp = SIM_PAYTABLE.reduce((s, r) => s + r.weight * r.tenths, 0) / (10_000 * 10);
    expect(rtp).toBe(0.96);
  });

  it("maps every draw to the multiplier of its band", () => {
    const counts = new Map<number, number>();
    for (let draw = 0; draw < 10_000; draw++) counts.set(simMultiplier(draw), (counts.get(simMultiplier(draw)) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual(Object.fromEntries(SIM_PAYTABLE.map((r) => [r.tenths, r.weight])));
    expect(simMultiplier(0)).toBe(0);
    expect(simMultiplier(9_999)).toBe(100);
    expect(() => simMultiplier(10_000)).toThrow(RangeError);
  });

  it("pays whole poisha, rounding half-stakes down", () => {
    expect(simPayout(1001n, 5)).toBe(500n);
    expect(simPayout(1000n, 100)).toBe(10_000n);
    expect(simPayout(1000n, 0)).toBe(0n);
  });
});

/** The player's session of the simulated aggregator: its launch, opened as /gamerun does; the spins bet with its token. */
async function session(playerId: number) {
  const { token } = await startLaunch({ playerId, gameCode: SIM_GAME, device: "mobile", returnTo: "/slot", lang: "en" });
  await openLaunch(token, playerId);
  return token;
}

describe("spins through the seamless wallet", () => {
  beforeAll(ensureLaunchProviders);
  afterAll(closeIdleConnections);

  it("a 10× spin bets the stake and pays ten times it, settling its own round", async () => {
    const player = await fundedPlayer(100_000n);
    const token = await session(player.id);
    const spun = await simSpin({ platform: "SIMT", playerId: player.id, gameCode: SIM_GAME, stake: 2_000n, token }, 9_999);
    expect(spun).toMatchObject({ ok: true, tenths: 100, payout: 20_000n, balance: 118_000n });
    expect(await mainBalance(player.id)).toBe(118_000n);
    expect(await simBalance("SIMT", player.id)).toBe(118_000n);
    if (!spun.ok) return;
    const calls = await db.select().from(gameWalletCalls).where(eq(gameWalletCalls.roundId, spun.roundId));
    expect(calls.map((c) => [c.action, c.amount]).sort()).toEqual([
      ["bet", 2_000n],
      ["win", 20_000n],
    ]);
    const [round] = await db
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.playerId, player.id), eq(gameRounds.roundId, spun.roundId)));
    expect(round).toMatchObject({ status: "settled", stake: 2_000n, payout: 20_000n, gameCode: SIM_GAME });
  });

  it("a losing spin takes the stake; every spin has its own round and transaction ids", async () => {
    const player = await fundedPlayer(100_000n);
    const token = await session(player.id);
    const a = await simSpin({ platform: "SIMT", playerId: player.id, gameCode: SIM_GAME, stake: 1_000n, token }, 0);
    const b = await simSpin({ platform: "SIMT", playerId: player.id, gameCode: SIM_GAME, stake: 1_000n, token }, 0);
    expect(a).toMatchObject({ ok: true, payout: 0n });
    expect(b).toMatchObject({ ok: true, payout: 0n, balance: 98_000n });
    if (!a.ok || !b.ok) return;
    expect(a.roundId).not.toBe(b.roundId);
    const calls = await db.select({ txnId: gameWalletCalls.txnId }).from(gameWalletCalls).where(eq(gameWalletCalls.playerId, player.id));
    expect(new Set(calls.map((c) => c.txnId)).size).toBe(4);
  });

  it("a stake above the balance is refused by the wallet and moves no money", async () => {
    const player = await fundedPlayer(1_500n);
    const token = await session(player.id);
    const spun = await simSpin({ platform: "SIMT", playerId: player.id, gameCode: SIM_GAME, stake: 2_000n, token });
    expect(spun).toMatchObject({ ok: false, failure: { code: "insufficient_funds" } });
    expect(await mainBalance(player.id)).toBe(1_500n);
  });

  it("a spin without the player's session is refused by the wallet and moves no money", async () => {
    const player = await fundedPlayer(100_000n);
    const other = await fundedPlayer(100_000n);
    const spun = await simSpin({ platform: "SIMT", playerId: player.id, gameCode: SIM_GAME, stake: 2_000n, token: await session(other.id) });
    expect(spun).toMatchObject({ ok: false, failure: { code: "invalid_token" } });
    expect(await mainBalance(player.id)).toBe(100_000n);
  });
});
