import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  process.env.DATA_DIR = mkdtempSync(`${tmpdir()}/player-states-`);
});

import { db } from "#app/db/db.server.ts";
import { getPlayerBalances } from "#app/modules/ledger/queries.server.ts";
import { listTurnovers } from "./turnover-record.server.ts";
import { approveDeposit } from "./deposits.server.ts";
import { requestWithdrawal } from "./withdrawals.server.ts";
import { playerMoneyStates } from "./player-states.server.ts";
import {
  closeIdleConnections,
  createMethodWithNumbers,
  createPlayer,
  createPromotion,
  createSite,
  createStaff,
  depositFor,
  expectInvariants,
  newKey,
  taka,
} from "./test-helpers.ts";
import { fundedVerifiedPlayer } from "#tests/kit/players.ts";

let ctx: Awaited<ReturnType<typeof createMethodWithNumbers>>;
let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  await createSite({ promotionWallet: true, depositTurnoverHundredths: 100 });
  staff = await createStaff();
  ctx = await createMethodWithNumbers();
});

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

/** The figures as the withdrawal queue read them before, one player at a time. */
async function onePlayerAtATime(playerId: number) {
  const [balances, active] = await Promise.all([getPlayerBalances(playerId), listTurnovers(playerId, "active")]);
  return {
    main: balances.main.available,
    held: balances.main.pending,
    bonus: balances.bonus.available,
    turnoverCount: active.length,
    turnoverRemaining: active.reduce((sum, r) => sum + r.remaining, 0n),
  };
}

const funded = (amount: bigint) => fundedVerifiedPlayer(amount, { from: `clearing:deposits:${ctx.method.id}` });

/** Players in every state the queue shows: nothing yet, money held by a withdrawal, bonus and open turnover. */
async function playersInEveryState() {
  const fresh = await createPlayer();
  const withdrawing = await funded(taka(3_000));
  await requestWithdrawal(withdrawing.id, { methodId: ctx.method.id, amount: taka(1_200), idempotencyKey: newKey() });
  const promotion = await createPromotion({ bonusPercent: 50 });
  const wagering = await createPlayer();
  for (const promotionId of [promotion.id, null]) {
    await approveDeposit({ staffId: staff.id, depositId: (await depositFor(wagering.id, ctx, { amount: taka(1_000), promotionId })).id });
  }
  const both = await funded(taka(2_000));
  await requestWithdrawal(both.id, { methodId: ctx.method.id, amount: taka(600), idempotencyKey: newKey() });
  await approveDeposit({ staffId: staff.id, depositId: (await depositFor(both.id, ctx, { amount: taka(500), promotionId: promotion.id })).id });
  return [fresh, withdrawing, wagering, both].map((p) => p.id);
}

/** Counts the statements sent through `db` while `run` runs. */
async function countStatements<T>(run: () => Promise<T>) {
  const spies = [vi.spyOn(db, "execute"), vi.spyOn(db, "select")];
  try {
    const value = await run();
    return { value, statements: spies.reduce((n, s) => n + s.mock.calls.length, 0) };
  } finally {
    for (const s of spies) s.mockRestore();
  }
}

describe("playerMoneyStates", () => {
  it("gives every player the figures the one-player reads give", async () => {
    const ids = await playersInEveryState();
    const states = await playerMoneyStates([...ids, ids[1]!, 999_999_999]);
    expect([...states.keys()].sort()).toEqual([...ids].sort());
    for (const id of ids) expect(states.get(id)).toEqual(await onePlayerAtATime(id));
    // The states set up are really different ones.
    const [fresh, withdrawing, wagering, both] = ids.map((id) => states.get(id)!);
    expect(fresh).toEqual({ main: 0n, held: 0n, bonus: 0n, turnoverCount: 0, turnoverRemaining: 0n });
    expect(withdrawing).toMatchObject({ main: taka(1_800), held: taka(1_200), turnoverCount: 0 });
    expect(wagering).toMatchObject({ main: taka(2_000), bonus: taka(500), turnoverCount: 2 });
    expect(both).toMatchObject({ main: taka(1_900), held: taka(600), bonus: taka(250), turnoverCount: 1 });
  });

  it("reads one page of players with one statement, however many rows it has", async () => {
    const ids = await playersInEveryState();
    const one = await countStatements(() => playerMoneyStates(ids.slice(0, 1)));
    const all = await countStatements(() => playerMoneyStates(ids));
    expect(one.statements).toBe(1);
    expect(all.statements).toBe(1);
    expect(all.value.size).toBe(ids.length);
    // The per-row reads it replaces grew with the rows: two statements a player.
    const before = await countStatements(() => Promise.all(ids.map(onePlayerAtATime)));
    expect(before.statements).toBeGreaterThanOrEqual(2 * ids.length);
    expect(await playerMoneyStates([])).toEqual(new Map());
  });
});
