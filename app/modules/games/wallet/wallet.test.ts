import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { getAccountByCode } from "#app/modules/ledger/queries.server.ts";
import { closeIdleConnections, expectInvariants } from "#app/modules/ledger/test-helpers.ts";
import { createRequirement, hasActiveTurnover } from "#app/modules/turnover/turnover.server.ts";
import { turnoverRequirements } from "#app/modules/turnover/schema.ts";
import { gameRounds, gameWalletCalls } from "../schema.ts";
import { HOUSE_SHARDS, houseShardAccount, walletBalance, walletBet, walletRollback, walletWin } from "../wallet.server.ts";
import { balances, blockPlayer, createProvider, fundedPlayer, GAME, launchSession, PLATFORM, roundsAgainstLedger } from "./test-helpers.ts";

let seq = 0;
const ids = () => {
  seq++;
  return { round: `r${seq}`, bet: `b${seq}`, win: `w${seq}`, rb: `rb${seq}` };
};
/** Each player's launch token: the provider's bets carry the token of the player's session (see provider-route.test.ts). */
const tokens = new Map<number, string>();
const funded = async (main: bigint, bonus = 0n) => {
  const playerId = await fundedPlayer(main, { bonus });
  tokens.set(playerId, await launchSession(playerId));
  return playerId;
};
const call = (playerId: number, roundId: string) => ({ platform: PLATFORM, playerId, roundId, gameCode: GAME, token: tokens.get(playerId) });
const round = async (playerId: number, roundId: string) =>
  (
    await db
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.playerId, playerId), eq(gameRounds.roundId, roundId)))
  )[0];

afterAll(closeIdleConnections);
beforeAll(async () => {
  await createProvider();
  await createProvider("WTOFF", { status: "inactive" });
});

describe("bets and wins", () => {
  it("takes a bet into the player's house shard and pays the win to main, settling the round", async () => {
    const player = await funded(10_000n);
    const t = ids();
    const bet = await walletBet({ ...call(player, t.round), txnId: t.bet, amount: 2_500n });
    expect(bet).toMatchObject({ ok: true, balance: 7_500n, main: 7_500n, bonus: 0n, currency: "BDT", replayed: false });
    const shard = await getAccountByCode(houseShardAccount(PLATFORM, player), "BDT");
    expect(shard?.code).toBe(`game:wt:${player % HOUSE_SHARDS}`);
    expect(shard?.posted).toBe(2_500n);
    expect((await round(player, t.round))?.status).toBe("open");

    const win = await walletWin({ ...call(player, t.round), txnId: t.win, amount: 6_000n, betTxnId: t.bet });
    expect(win).toMatchObject({ ok: true, balance: 13_500n, main: 13_500n });
    const r = await round(player, t.round);
    expect(r).toMatchObject({ status: "settled", stake: 2_500n, payout: 6_000n, gameType: "SLOT", platform: PLATFORM, gameCode: GAME });
    expect(r?.settledAt).toBeInstanceOf(Date);
    expect(bet.ok && bet.roundDbId).toBe(r!.id);
    expect(await walletBalance({ platform: "wt", playerId: player })).toMatchObject({ ok: true, balance: 13_500n });
  });

  it("spends main first, then bonus, and a rollback puts each back where it came from", async () => {
    const player = await funded(3_000n, 5_000n);
    const t = ids();
    expect(await walletBet({ ...call(player, t.round), txnId: t.bet, amount: 5_000n })).toMatchObject({ ok: true, main: 0n, bonus: 3_000n });
    expect(await balances(player)).toEqual({ main: 0n, bonus: 3_000n });
    expect(await walletRollback({ ...call(player, t.round), txnId: t.rb, refTxnId: t.bet })).toMatchObject({ ok: true, main: 3_000n, bonus: 5_000n });
    expect(await balances(player)).toEqual({ main: 3_000n, bonus: 5_000n });
    expect((await round(player, t.round))?.status).toBe("rolled_back");
  });

  it("refuses a bet above the balance without writing anything; the same txn id succeeds after a deposit", async () => {
    const player = await funded(1_000n, 500n);
    const t = ids();
    const refused = await walletBet({ ...call(player, t.round), txnId: t.bet, amount: 2_000n });
    expect(refused).toMatchObject({ ok: false, code: "insufficient_funds", balance: 1_500n });
    expect(await db.select().from(gameWalletCalls).where(eq(gameWalletCalls.txnId, t.bet))).toEqual([]);
    expect(await round(player, t.round)).toBeUndefined();
    const { transferLinked } = await import("#app/modules/ledger/transfers.server.ts");
    await transferLinked([
      { key: `topup:${player}`, debit: "house:test-float", credit: `player:${player}:main`, amount: 1_000n, currency: "BDT", kind: "deposit" },
    ]);
    expect(await walletBet({ ...call(player, t.round), txnId: t.bet, amount: 2_000n })).toMatchObject({
      ok: true,
      main: 0n,
      bonus: 500n,
      replayed: false,
    });
  });

  it("accepts a win of 0 as a loss and lets a round stay open with roundClosed false", async () => {
    const player = await funded(5_000n);
    const t = ids();
    await walletBet({ ...call(player, t.round), txnId: t.bet, amount: 1_000n });
    expect(await walletWin({ ...call(player, t.round), txnId: `${t.win}a`, amount: 300n, roundClosed: false })).toMatchObject({
      ok: true,
      main: 4_300n,
    });
    expect((await round(player, t.round))?.status).toBe("open");
    await walletBet({ ...call(player, t.round), txnId: `${t.bet}b`, amount: 1_000n, fairness: { step: 2 } });
    expect(await walletWin({ ...call(player, t.round), txnId: t.win, amount: 0n, fairness: { result: "lost" } })).toMatchObject({
      ok: true,
      main: 3_300n,
    });
    expect(await round(player, t.round)).toMatchObject({ status: "settled", stake: 2_000n, payout: 300n, fairness: { step: 2, result: "lost" } });
    // A settled round takes no further bet or win.
    expect(await walletBet({ ...call(player, t.round), txnId: `${t.bet}c`, amount: 100n })).toMatchObject({ ok: false, code: "round_closed" });
    expect(await walletWin({ ...call(player, t.round), txnId: `${t.win}c`, amount: 100n })).toMatchObject({ ok: false, code: "round_closed" });
  });

  it("refuses a win without a bet (out of order) and accepts it once the bet has arrived", async () => {
    const player = await funded(5_000n);
    const t = ids();
    expect(await walletWin({ ...call(player, t.round), txnId: t.win, amount: 900n, betTxnId: t.bet })).toMatchObject({
      ok: false,
      code: "invalid_request",
    });
    expect(await walletWin({ ...call(player, t.round), txnId: t.win, amount: 900n })).toMatchObject({ ok: false, code: "invalid_request" });
    await walletBet({ ...call(player, t.round), txnId: t.bet, amount: 1_000n });
    expect(await walletWin({ ...call(player, t.round), txnId: t.win, amount: 900n, betTxnId: t.bet })).toMatchObject({ ok: true, main: 4_900n });
  });

  it("checks provider, player, game and input", async () => {
    const player = await funded(5_000n);
    const t = ids();
    const base = { txnId: t.bet, roundId: t.round, amount: 100n };
    expect(await walletBet({ ...base, platform: "NOPE", playerId: player, gameCode: GAME })).toMatchObject({ ok: false, code: "unknown_provider" });
    expect(await walletBet({ ...base, platform: "WTOFF", playerId: player, gameCode: "WTOFF-SLOT-TEST" })).toMatchObject({
      ok: false,
      code: "unknown_provider",
    });
    expect(await walletBet({ ...base, platform: PLATFORM, playerId: 999_999, gameCode: GAME })).toMatchObject({ ok: false, code: "unknown_player" });
    expect(await walletBet({ ...base, platform: PLATFORM, playerId: player, gameCode: "WT-SLOT-NONE" })).toMatchObject({
      ok: false,
      code: "unknown_game",
    });
    expect(await walletBet({ ...base, platform: PLATFORM, playerId: player, gameCode: "WTOFF-SLOT-TEST" })).toMatchObject({
      ok: false,
      code: "unknown_game",
    });
    expect(await walletBet({ ...base, platform: PLATFORM, playerId: player, gameCode: GAME, amount: 0n })).toMatchObject({
      ok: false,
      code: "invalid_request",
    });
    expect(await walletBet({ ...base, platform: PLATFORM, playerId: player, gameCode: GAME, txnId: "has space" })).toMatchObject({
      ok: false,
      code: "invalid_request",
    });
    expect(await walletBet({ ...base, platform: PLATFORM, playerId: player, gameCode: GAME, amount: 100 as unknown as bigint })).toMatchObject({
      ok: false,
      code: "invalid_request",
    });
    expect(await walletBalance({ platform: PLATFORM, playerId: 999_999 })).toMatchObject({ ok: false, code: "unknown_player" });
    expect(await balances(player)).toEqual({ main: 5_000n, bonus: 0n });
  });

  it("refuses a blocked player's bet but still pays the win and the rollback", async () => {
    const player = await funded(5_000n);
    const t = ids();
    const t2 = ids();
    await walletBet({ ...call(player, t.round), txnId: t.bet, amount: 1_000n });
    await walletBet({ ...call(player, t2.round), txnId: t2.bet, amount: 1_000n });
    await blockPlayer(player);
    expect(await walletBet({ ...call(player, t.round), txnId: `${t.bet}x`, amount: 1_000n })).toMatchObject({
      ok: false,
      code: "player_blocked",
      balance: 3_000n,
    });
    expect(await walletWin({ ...call(player, t.round), txnId: t.win, amount: 2_500n })).toMatchObject({ ok: true, main: 5_500n });
    expect(await walletRollback({ ...call(player, t2.round), txnId: t2.rb, refTxnId: t2.bet })).toMatchObject({ ok: true, main: 6_500n });
    expect(await walletBalance({ platform: PLATFORM, playerId: player })).toMatchObject({ ok: true, balance: 6_500n });
  });
});

describe("idempotency", () => {
  it("replays a repeated call with the current balance and moves the money once", async () => {
    const player = await funded(10_000n);
    const t = ids();
    const first = await walletBet({ ...call(player, t.round), txnId: t.bet, amount: 1_000n });
    const again = await walletBet({ ...call(player, t.round), txnId: t.bet, amount: 1_000n });
    expect(again).toMatchObject({ ok: true, replayed: true, balance: 9_000n, roundDbId: first.ok ? first.roundDbId : -1 });
    await walletWin({ ...call(player, t.round), txnId: t.win, amount: 500n });
    expect(await walletWin({ ...call(player, t.round), txnId: t.win, amount: 500n })).toMatchObject({ ok: true, replayed: true, balance: 9_500n });
    expect(await walletBet({ ...call(player, t.round), txnId: t.bet, amount: 1_000n })).toMatchObject({ ok: true, replayed: true, balance: 9_500n });
    expect(await balances(player)).toEqual({ main: 9_500n, bonus: 0n });
    expect(await round(player, t.round)).toMatchObject({ stake: 1_000n, payout: 500n });
  });

  it("refuses the same txn id with another amount, round, player, game or action", async () => {
    const player = await funded(10_000n);
    const other = await funded(10_000n);
    const t = ids();
    await walletBet({ ...call(player, t.round), txnId: t.bet, amount: 1_000n });
    const mismatches = [
      walletBet({ ...call(player, t.round), txnId: t.bet, amount: 1_001n }),
      walletBet({ ...call(player, `${t.round}x`), txnId: t.bet, amount: 1_000n }),
      walletBet({ ...call(other, t.round), txnId: t.bet, amount: 1_000n }),
      walletBet({ ...call(player, t.round), gameCode: "WT-SLOT-OTHER", txnId: t.bet, amount: 1_000n }),
      walletWin({ ...call(player, t.round), txnId: t.bet, amount: 1_000n }),
      walletRollback({ ...call(player, t.round), txnId: t.bet, refTxnId: "zzz" }),
    ];
    for (const result of await Promise.all(mismatches)) expect(result).toMatchObject({ ok: false, code: "duplicate_mismatch" });
    expect(await balances(player)).toEqual({ main: 9_000n, bonus: 0n });
    expect(await balances(other)).toEqual({ main: 10_000n, bonus: 0n });
  });

  it("applies concurrent calls with one txn id once", async () => {
    const player = await funded(10_000n);
    const t = ids();
    const results = await Promise.all(Array.from({ length: 20 }, () => walletBet({ ...call(player, t.round), txnId: t.bet, amount: 700n })));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && !r.replayed)).toHaveLength(1);
    const wins = await Promise.all(Array.from({ length: 10 }, () => walletWin({ ...call(player, t.round), txnId: t.win, amount: 1_400n })));
    expect(wins.filter((r) => r.ok && !r.replayed)).toHaveLength(1);
    expect(await balances(player)).toEqual({ main: 10_700n, bonus: 0n });
    expect(await round(player, t.round)).toMatchObject({ stake: 700n, payout: 1_400n, status: "settled" });
    await expectInvariants();
  });

  it("never overdraws one wallet under 100 concurrent bets", async () => {
    const player = await funded(3_000n, 700n);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => walletBet({ ...call(player, `conc${i}`), txnId: `conc-bet-${i}`, amount: 100n })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(37);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.code === "insufficient_funds")).toBe(true);
    expect(await balances(player)).toEqual({ main: 0n, bonus: 0n });
    await expectInvariants();
  });
});

describe("rollbacks", () => {
  it("leaves a tombstone for an unknown transaction and refuses the late bet", async () => {
    const player = await funded(5_000n);
    const t = ids();
    expect(await walletRollback({ ...call(player, t.round), txnId: t.rb, refTxnId: t.bet })).toMatchObject({
      ok: true,
      balance: 5_000n,
      replayed: false,
    });
    const [tomb] = await db.select().from(gameWalletCalls).where(eq(gameWalletCalls.txnId, t.rb));
    expect(tomb).toMatchObject({ status: "tombstone", refTxnId: t.bet, amount: 0n });
    expect(await walletBet({ ...call(player, t.round), txnId: t.bet, amount: 1_000n })).toMatchObject({
      ok: false,
      code: "bet_rolled_back",
      balance: 5_000n,
    });
    expect(await walletBet({ ...call(player, t.round), txnId: t.bet, amount: 1_000n })).toMatchObject({ ok: false, code: "bet_rolled_back" });
    expect(await walletRollback({ ...call(player, t.round), txnId: t.rb, refTxnId: t.bet })).toMatchObject({ ok: true, replayed: true });
    expect(await balances(player)).toEqual({ main: 5_000n, bonus: 0n });
    expect(await round(player, t.round)).toBeUndefined();
  });

  it("rolls a bet back once, even when named by two rollbacks", async () => {
    const player = await funded(5_000n);
    const t = ids();
    await walletBet({ ...call(player, t.round), txnId: t.bet, amount: 1_000n });
    await walletBet({ ...call(player, t.round), txnId: `${t.bet}b`, amount: 500n });
    expect(await walletRollback({ ...call(player, t.round), txnId: t.rb, refTxnId: t.bet })).toMatchObject({ ok: true, main: 4_500n });
    expect(await walletRollback({ ...call(player, t.round), txnId: `${t.rb}b`, refTxnId: t.bet })).toMatchObject({ ok: true, main: 4_500n });
    expect(await round(player, t.round)).toMatchObject({ stake: 500n, status: "open" });
    expect(await walletWin({ ...call(player, t.round), txnId: t.win, amount: 100n, betTxnId: t.bet })).toMatchObject({
      ok: false,
      code: "bet_rolled_back",
    });
    expect(await walletRollback({ ...call(player, t.round), txnId: `${t.rb}c`, refTxnId: t.rb })).toMatchObject({
      ok: false,
      code: "invalid_request",
    });
    const other = await funded(100n);
    expect(await walletRollback({ ...call(other, t.round), txnId: `${t.rb}d`, refTxnId: `${t.bet}b` })).toMatchObject({
      ok: false,
      code: "invalid_request",
    });
    expect(await balances(player)).toEqual({ main: 4_500n, bonus: 0n });
  });

  it("takes a win back from main, and refuses when main cannot cover it", async () => {
    const player = await funded(1_000n);
    const t = ids();
    await walletBet({ ...call(player, t.round), txnId: t.bet, amount: 1_000n });
    await walletWin({ ...call(player, t.round), txnId: t.win, amount: 3_000n });
    const t2 = ids();
    await walletBet({ ...call(player, t2.round), txnId: t2.bet, amount: 2_500n });
    expect(await walletRollback({ ...call(player, t.round), txnId: t.rb, refTxnId: t.win })).toMatchObject({
      ok: false,
      code: "insufficient_funds",
      balance: 500n,
    });
    await walletWin({ ...call(player, t2.round), txnId: t2.win, amount: 2_600n });
    expect(await walletRollback({ ...call(player, t.round), txnId: t.rb, refTxnId: t.win })).toMatchObject({ ok: true, main: 100n });
    expect(await round(player, t.round)).toMatchObject({ stake: 1_000n, payout: 0n, status: "settled" });
    await expectInvariants();
  });
});

describe("turnover", () => {
  async function requirement(playerId: number, required: bigint) {
    return db.transaction((tx) =>
      createRequirement(tx, { playerId, depositId: null, promotionId: null, required, bonusAmount: 0n, bonusWallet: "main" }),
    );
  }
  const remaining = async (id: number) => (await db.select().from(turnoverRequirements).where(eq(turnoverRequirements.id, id)))[0]!.remaining;

  it("counts a settled round's stake, and a rollback after settlement gives it back", async () => {
    const player = await funded(10_000n);
    const req = await requirement(player, 5_000n);
    const t = ids();
    await walletBet({ ...call(player, t.round), txnId: t.bet, amount: 1_500n });
    await walletBet({ ...call(player, t.round), txnId: `${t.bet}b`, amount: 500n });
    expect(await remaining(req.id)).toBe(5_000n);
    await walletWin({ ...call(player, t.round), txnId: t.win, amount: 0n });
    expect(await remaining(req.id)).toBe(3_000n);
    expect(await walletRollback({ ...call(player, t.round), txnId: t.rb, refTxnId: t.bet })).toMatchObject({ ok: true, main: 9_500n });
    expect(await remaining(req.id)).toBe(5_000n);
  });

  it("a player who plays through the requirement has none left", async () => {
    const player = await funded(10_000n);
    await requirement(player, 4_000n);
    expect(await hasActiveTurnover(player)).toBe(true);
    for (let i = 0; i < 4; i++) {
      const t = ids();
      await walletBet({ ...call(player, t.round), txnId: t.bet, amount: 1_000n });
      await walletWin({ ...call(player, t.round), txnId: t.win, amount: i % 2 ? 1_800n : 0n });
    }
    expect(await hasActiveTurnover(player)).toBe(false);
    expect(await balances(player)).toEqual({ main: 9_600n, bonus: 0n });
  });
});

describe("inside a caller's transaction", () => {
  it("joins the caller's transaction, and a refusal leaves it usable", async () => {
    const player = await funded(2_000n);
    const t = ids();
    const outcome = await db.transaction(async (tx) => {
      const refused = await walletBet({ ...call(player, t.round), txnId: `${t.bet}x`, amount: 9_000n }, tx);
      const bet = await walletBet({ ...call(player, t.round), txnId: t.bet, amount: 1_000n }, tx);
      const win = await walletWin({ ...call(player, t.round), txnId: t.win, amount: 1_500n }, tx);
      return { refused, bet, win };
    });
    expect(outcome.refused).toMatchObject({ ok: false, code: "insufficient_funds" });
    expect(outcome.win).toMatchObject({ ok: true, main: 2_500n });
    expect(await balances(player)).toEqual({ main: 2_500n, bonus: 0n });

    const t2 = ids();
    await expect(
      db.transaction(async (tx) => {
        await walletBet({ ...call(player, t2.round), txnId: t2.bet, amount: 1_000n }, tx);
        throw new Error("the game failed");
      }),
    ).rejects.toThrow("the game failed");
    expect(await balances(player)).toEqual({ main: 2_500n, bonus: 0n });
    expect(await round(player, t2.round)).toBeUndefined();
  });
});

describe("books", () => {
  it("round totals match the ledger and the invariants hold", async () => {
    const sums = await roundsAgainstLedger();
    expect(sums.stake).toBe(sums.bets);
    expect(sums.payout).toBe(sums.wins);
    expect(sums.rounds).toBe(sums.house);
    await expectInvariants();
  });
});
