// A soak of random provider calls: 20 players play at once (bets, wins, rollbacks of bets, wins and unknown ids,
// exact and concurrent duplicates, mismatching duplicates). Each player's calls run in order against a model of
// what the wallet must answer; afterwards balances, rounds and the ledger must agree and every invariant hold.
// 10,000 calls on PostgreSQL, 2,000 on PGlite (one connection: no real concurrency, and slower).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, expectInvariants, prng } from "#app/modules/ledger/test-helpers.ts";
import { gameRounds } from "../schema.ts";
import { walletBet, walletRollback, walletWin } from "../wallet.server.ts";
import { balances, createProvider, fundedPlayer, GAME, launchSession, PLATFORM, roundsAgainstLedger } from "./test-helpers.ts";
import type { WalletFailure, WalletSuccess } from "./types.ts";

const PLAYERS = 20;
/** How often each outcome happened, so the soak is known to cover them all. */
const seen = new Map<string, number>();
const note = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
const CALLS = process.env.DATABASE_URL ? 10_000 : 4_000;

type Round = { id: string; status: "open" | "settled" | "rolled_back"; stake: bigint; payout: bigint };
type Done = { kind: "bet" | "win"; txnId: string; round: Round; amount: bigint; main: bigint; bonus: bigint; rolledBack: boolean };
type Sent = { kind: "bet" | "win" | "rollback"; input: Record<string, unknown> };

beforeAll(async () => {
  await createProvider();
});
afterAll(closeIdleConnections);

async function play(index: number, calls: number) {
  const rnd = prng(1_000 + index);
  const start = { main: BigInt(rnd.int(0, 50_000)), bonus: BigInt(rnd.int(0, 20_000)) };
  const playerId = await fundedPlayer(start.main, { bonus: start.bonus });
  const token = await launchSession(playerId); // the provider bets with the token of the player's session
  const m = { ...start };
  const rounds: Round[] = [];
  const done: Done[] = [];
  const tombstoned: string[] = [];
  const replayable: Sent[] = [];
  let seq = 0;
  let count = 0;
  const id = (p: string) => `s${index}-${p}${++seq}`;
  const base = (round: Round) => ({ platform: PLATFORM, playerId, roundId: round.id, gameCode: GAME, token });
  const send = (s: Sent) =>
    s.kind === "bet"
      ? walletBet(s.input as Parameters<typeof walletBet>[0])
      : s.kind === "win"
        ? walletWin(s.input as Parameters<typeof walletWin>[0])
        : walletRollback(s.input as Parameters<typeof walletRollback>[0]);
  const expectOk = (r: WalletSuccess | WalletFailure, what: string) => {
    note(what);
    if (!r.ok) throw new Error(`player ${index} ${what}: ${r.code} ${r.message}`);
    expect(r.balance, what).toBe(m.main + m.bonus);
    expect(r.replayed, what).toBe(false);
  };
  const expectFail = (r: WalletSuccess | WalletFailure, code: string, what: string) => {
    note(`${what}: ${code}`);
    expect(r.ok ? "ok" : r.code, what).toBe(code);
  };

  while (count < calls) {
    count++;
    const op = rnd.next();
    const open = rounds.filter((r) => r.status === "open");
    if (op < 0.4 || open.length === 0) {
      // A bet in an open round, a new round, a settled round or (rarely) with a tombstoned id.
      const choice = rnd.next();
      const round =
        choice < 0.3 && open.length
          ? rnd.pick(open)
          : choice < 0.35 && rounds.length
            ? rnd.pick(rounds)
            : (rounds.push({ id: id("r"), status: "open", stake: 0n, payout: 0n }), rounds.at(-1)!);
      const amount = BigInt(rnd.int(1, 6_000));
      const tomb = tombstoned.length > 0 && rnd.next() < 0.1 ? tombstoned.pop()! : undefined;
      const input = { ...base(round), txnId: tomb ?? id("b"), amount };
      const result = await walletBet(input);
      // The balance is checked first (nothing to write), then the tombstone and the round.
      if (m.main + m.bonus < amount) expectFail(result, "insufficient_funds", "bet");
      else if (tomb) expectFail(result, "bet_rolled_back", "late bet");
      else if (round.status === "settled") expectFail(result, "round_closed", "bet on settled round");
      else {
        const main = m.main < amount ? m.main : amount;
        m.main -= main;
        m.bonus -= amount - main;
        round.status = "open";
        round.stake += amount;
        expectOk(result, "bet");
        done.push({ kind: "bet", txnId: input.txnId, round, amount, main, bonus: amount - main, rolledBack: false });
        replayable.push({ kind: "bet", input });
      }
      if (round.stake === 0n && round.payout === 0n && round.status === "open" && !result.ok) rounds.splice(rounds.indexOf(round), 1);
    } else if (op < 0.7) {
      const round = rnd.pick(open);
      const amount = rnd.next() < 0.5 ? 0n : BigInt(rnd.int(1, 12_000));
      const closed = rnd.next() < 0.8;
      const input = { ...base(round), txnId: id("w"), amount, roundClosed: closed };
      const result = await walletWin(input);
      m.main += amount;
      round.payout += amount;
      if (closed) round.status = "settled";
      expectOk(result, "win");
      done.push({ kind: "win", txnId: input.txnId, round, amount, main: amount, bonus: 0n, rolledBack: false });
      replayable.push({ kind: "win", input });
    } else if (op < 0.8) {
      // A rollback of a bet or win (perhaps already rolled back), or of an id never seen (a tombstone).
      if (done.length === 0 || rnd.next() < 0.2) {
        const ghost = id("g");
        const round = rounds.length ? rnd.pick(rounds) : { id: id("r"), status: "open" as const, stake: 0n, payout: 0n };
        const input = { ...base(round), txnId: id("x"), refTxnId: ghost };
        expectOk(await walletRollback(input), "rollback of unknown");
        tombstoned.push(ghost);
        replayable.push({ kind: "rollback", input });
        continue;
      }
      const ref = rnd.pick(done);
      const input = { ...base(ref.round), txnId: id("x"), refTxnId: ref.txnId };
      const result = await walletRollback(input);
      if (ref.rolledBack) {
        expectOk(result, "repeated rollback");
      } else if (ref.kind === "win" && m.main < ref.main) {
        expectFail(result, "insufficient_funds", "rollback of win");
        continue;
      } else {
        ref.rolledBack = true;
        if (ref.kind === "bet") {
          m.main += ref.main;
          m.bonus += ref.bonus;
          ref.round.stake -= ref.amount;
        } else {
          m.main -= ref.main;
          ref.round.payout -= ref.amount;
        }
        if (ref.round.stake === 0n && ref.round.payout === 0n) ref.round.status = "rolled_back";
        expectOk(result, `rollback of ${ref.kind}`);
      }
      replayable.push({ kind: "rollback", input });
    } else if (op < 0.93 && replayable.length) {
      // The provider retries: once, or twice at the same time.
      const s = rnd.pick(replayable);
      const results = rnd.next() < 0.5 ? [await send(s)] : await Promise.all([send(s), send(s)]);
      for (const r of results) expect(r.ok && r.replayed, `replay of ${s.kind}`).toBe(true);
      note(`replay x${results.length}`);
    } else if (replayable.length) {
      const s = rnd.pick(replayable);
      const input = s.kind === "rollback" ? { ...s.input, refTxnId: "other" } : { ...s.input, amount: (s.input.amount as bigint) + 1n };
      expectFail(await send({ kind: s.kind, input }), "duplicate_mismatch", `mismatch of ${s.kind}`);
    }
  }
  expect(await balances(playerId)).toEqual({ main: m.main, bonus: m.bonus });
  const stored = await db.select().from(gameRounds).where(eq(gameRounds.playerId, playerId));
  const live = rounds.filter((r) => r.stake > 0n || r.payout > 0n || r.status !== "open");
  for (const r of live) {
    const row = stored.find((s) => s.roundId === r.id);
    expect(row, r.id).toMatchObject({ stake: r.stake, payout: r.payout, status: r.status });
  }
  return playerId;
}

it(`keeps the books straight over ${CALLS} random provider calls`, { timeout: 180_000 }, async () => {
  const started = performance.now();
  await Promise.all(Array.from({ length: PLAYERS }, (_, i) => play(i, CALLS / PLAYERS)));
  const sums = await roundsAgainstLedger();
  expect(sums.stake).toBe(sums.bets);
  expect(sums.payout).toBe(sums.wins);
  expect(sums.rounds).toBe(sums.house);
  const settled = await db
    .select()
    .from(gameRounds)
    .where(and(eq(gameRounds.status, "settled")));
  expect(settled.length).toBeGreaterThan(0);
  await expectInvariants();
  const outcomes = [
    "bet",
    "win",
    "rollback of bet",
    "rollback of win",
    "rollback of unknown",
    "repeated rollback",
    "replay x1",
    "replay x2",
    "bet: insufficient_funds",
    "late bet: bet_rolled_back",
    "bet on settled round: round_closed",
    "rollback of win: insufficient_funds",
    "mismatch of bet: duplicate_mismatch",
    "mismatch of win: duplicate_mismatch",
    "mismatch of rollback: duplicate_mismatch",
  ];
  for (const o of outcomes) expect(seen.get(o) ?? 0, o).toBeGreaterThan(0);
  console.log(`soak: ${CALLS} calls in ${((performance.now() - started) / 1000).toFixed(1)} s`);
});
