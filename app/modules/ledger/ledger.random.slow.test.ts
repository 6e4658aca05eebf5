// A long random run against an independent in-memory model of every balance and hold.
import { afterAll, describe, expect, it } from "vitest";
import { LedgerError, type LedgerErrorCode } from "./errors.ts";
import { checkLedgerInvariants } from "./invariants.server.ts";
import { getAccountByCode, getPlayerBalances } from "./queries.server.ts";
import { postHold, reverseTransfer, transfer, type TransferInput, transferLinked, voidHold } from "./transfers.server.ts";
import { closeIdleConnections, createTestPlayer, expectInvariants, prng } from "./test-helpers.ts";

afterAll(closeIdleConnections);

const OPS = Number(process.env.LEDGER_OPS ?? 3_000);
const SEED = Number(process.env.LEDGER_SEED ?? 20_260_521);

type Bal = { posted: bigint; pending: bigint };
type Hold = { id: number; debit: string; credit: string; amount: bigint; open: boolean };
type Moved = { id: number; debit: string; credit: string; amount: bigint; reversible: boolean };

describe("random operations against a model", () => {
  it(`keeps the invariants and matches the model after ${OPS} operations (seed ${SEED})`, { timeout: 240_000 }, async () => {
    const rnd = prng(SEED);
    const players = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createTestPlayer()));
    const model = new Map<string, Bal>();
    const bal = (code: string) => model.get(code) ?? (model.set(code, { posted: 0n, pending: 0n }), model.get(code)!);
    const guarded = (code: string) => code.startsWith("player:");
    const available = (code: string) => bal(code).posted - bal(code).pending;
    const move = (debit: string, credit: string, amount: bigint) => {
      bal(debit).posted -= amount;
      bal(credit).posted += amount;
    };

    const holds: Hold[] = [];
    const moved: Moved[] = [];
    const done: Array<{ retry: () => Promise<number[]>; ids: number[]; conflict?: () => Promise<unknown> }> = [];
    const tally: Record<string, number> = {};
    let n = 0;
    const key = (tag: string) => `rnd:${SEED}:${++n}:${tag}`;
    const mainOf = (p: number) => `player:${p}:main`;
    const bonusOf = (p: number) => `player:${p}:bonus`;
    const amountUpTo = (max: bigint) => BigInt(rnd.int(1, Math.max(1, Number(max))));

    /** Runs a call the model predicts: `expected` undefined means success, otherwise the LedgerError code. */
    async function expectOutcome<T>(op: string, call: () => Promise<T>, expected?: LedgerErrorCode): Promise<T | undefined> {
      tally[`${op}${expected ? `:${expected}` : ""}`] = (tally[`${op}${expected ? `:${expected}` : ""}`] ?? 0) + 1;
      try {
        const result = await call();
        expect(expected, `${op} succeeded but the model expected ${expected}`).toBeUndefined();
        return result;
      } catch (e) {
        if (!(e instanceof LedgerError)) throw e;
        expect(e.code, `${op}: ${e.message}`).toBe(expected);
        return undefined;
      }
    }

    async function single(op: string, input: TransferInput) {
      const { debit, credit, amount } = input as TransferInput & { debit: string; credit: string };
      const short = guarded(debit) && available(debit) < amount;
      const result = await expectOutcome(op, () => transfer(input), short ? "insufficient_funds" : undefined);
      if (!result) return;
      expect(result.replayed).toBe(false);
      if (input.pending) {
        bal(debit).pending += amount;
        holds.push({ id: result.transfer.id, debit, credit, amount, open: true });
      } else {
        move(debit, credit, amount);
        moved.push({ id: result.transfer.id, debit, credit, amount, reversible: true });
      }
      done.push({
        retry: async () => [(await transfer(input)).transfer.id],
        ids: [result.transfer.id],
        conflict: () => transfer({ ...input, amount: amount + 1n }),
      });
    }

    for (let i = 0; i < OPS; i++) {
      const p = rnd.pick(players);
      const r = rnd.next();
      if (r < 0.14) {
        await single("deposit", {
          key: key("dep"),
          debit: `clearing:deposits:${rnd.pick(["bkash", "nagad"])}`,
          credit: mainOf(p),
          amount: amountUpTo(50_000n),
          currency: "BDT",
          kind: "deposit",
        });
      } else if (r < 0.18) {
        await single("bonus", {
          key: key("bonus"),
          debit: "expense:bonus",
          credit: bonusOf(p),
          amount: amountUpTo(5_000n),
          currency: "BDT",
          kind: "bonus",
        });
      } else if (r < 0.38) {
        const from = rnd.next() < 0.8 ? mainOf(p) : bonusOf(p);
        // Up to 30 % more than available, so some bets are overdraft attempts.
        await single("bet", {
          key: key("bet"),
          debit: from,
          credit: "game:slots",
          amount: amountUpTo((available(from) * 13n) / 10n + 10n),
          currency: "BDT",
          kind: "bet",
        });
      } else if (r < 0.48) {
        await single("win", { key: key("win"), debit: "game:slots", credit: mainOf(p), amount: amountUpTo(20_000n), currency: "BDT", kind: "win" });
      } else if (r < 0.58) {
        await single("withdraw", {
          key: key("wd"),
          debit: mainOf(p),
          credit: "clearing:payouts:bkash",
          amount: amountUpTo((available(mainOf(p)) * 12n) / 10n + 10n),
          currency: "BDT",
          kind: "withdrawal",
          pending: true,
        });
      } else if (r < 0.67) {
        const open = holds.filter((h) => h.open);
        if (open.length === 0) continue;
        const h = rnd.pick(open);
        const k = key("post");
        const amount = rnd.next() < 0.7 ? h.amount : amountUpTo(h.amount);
        const result = await expectOutcome("post", () => postHold({ key: k, holdId: h.id, amount }));
        h.open = false;
        bal(h.debit).pending -= h.amount;
        move(h.debit, h.credit, amount);
        moved.push({ id: result!.transfer.id, debit: h.debit, credit: h.credit, amount, reversible: true });
        done.push({ retry: async () => [(await postHold({ key: k, holdId: h.id, amount })).transfer.id], ids: [result!.transfer.id] });
      } else if (r < 0.72) {
        const open = holds.filter((h) => h.open);
        if (open.length === 0) continue;
        const h = rnd.pick(open);
        const k = key("void");
        const result = await expectOutcome("void", () => voidHold({ key: k, holdId: h.id }));
        h.open = false;
        bal(h.debit).pending -= h.amount;
        done.push({ retry: async () => [(await voidHold({ key: k, holdId: h.id })).transfer.id], ids: [result!.transfer.id] });
      } else if (r < 0.74) {
        const closed = holds.filter((h) => !h.open);
        if (closed.length === 0) continue;
        const h = rnd.pick(closed);
        await expectOutcome(
          "resolve-again",
          () => (rnd.next() < 0.5 ? postHold : voidHold)({ key: key("again"), holdId: h.id }),
          "hold_already_resolved",
        );
      } else if (r < 0.82) {
        if (done.length === 0) continue;
        const d = rnd.pick(done);
        const ids = await expectOutcome("retry", d.retry);
        expect(ids).toEqual(d.ids);
      } else if (r < 0.86) {
        const d = rnd.pick(done.filter((x) => x.conflict));
        if (!d) continue;
        await expectOutcome("conflicting-retry", d.conflict!, "idempotency_conflict");
      } else if (r < 0.91) {
        const m = rnd.pick(moved);
        if (!m) continue;
        const k = key("reverse");
        const expected = !m.reversible ? "already_reversed" : guarded(m.credit) && available(m.credit) < m.amount ? "insufficient_funds" : undefined;
        const result = await expectOutcome("reverse", () => reverseTransfer({ key: k, transferId: m.id }), expected);
        if (!result) continue;
        m.reversible = false;
        move(m.credit, m.debit, m.amount);
        done.push({ retry: async () => [(await reverseTransfer({ key: k, transferId: m.id })).transfer.id], ids: [result.transfer.id] });
      } else if (r < 0.96) {
        const cash = amountUpTo(30_000n);
        const extra = amountUpTo(3_000n);
        const legs: TransferInput[] = [
          { key: key("ldep"), debit: "clearing:deposits:bkash", credit: mainOf(p), amount: cash, currency: "BDT", kind: "deposit" },
          { key: key("lbonus"), debit: "expense:bonus", credit: bonusOf(p), amount: extra, currency: "BDT", kind: "bonus" },
        ];
        const results = await expectOutcome("linked", () => transferLinked(legs));
        move("clearing:deposits:bkash", mainOf(p), cash);
        move("expense:bonus", bonusOf(p), extra);
        results!.forEach((res, j) =>
          moved.push({
            id: res.transfer.id,
            debit: legs[j]!.debit as string,
            credit: legs[j]!.credit as string,
            amount: legs[j]!.amount,
            reversible: true,
          }),
        );
        done.push({ retry: async () => (await transferLinked(legs)).map((x) => x.transfer.id), ids: results!.map((x) => x.transfer.id) });
      } else {
        const to = rnd.pick(players.filter((x) => x !== p));
        await single("p2p", {
          key: key("p2p"),
          debit: mainOf(p),
          credit: mainOf(to),
          amount: amountUpTo(available(mainOf(p)) + 50n),
          currency: "BDT",
          kind: "transfer",
        });
      }
      if (i % 1_000 === 999) await expectInvariants();
    }

    await expectInvariants();
    for (const p of players) {
      const b = await getPlayerBalances(p);
      expect({ main: { posted: b.main.posted, pending: b.main.pending }, bonus: { posted: b.bonus.posted, pending: b.bonus.pending } }).toEqual({
        main: bal(mainOf(p)),
        bonus: bal(bonusOf(p)),
      });
    }
    for (const [code, b] of model) {
      const account = await getAccountByCode(code, "BDT");
      expect({ code, posted: account?.posted, pending: account?.pending }).toEqual({ code, ...b });
    }
    // The run really exercised every path, including refusals.
    for (const op of [
      "deposit",
      "bet",
      "bet:insufficient_funds",
      "withdraw",
      "withdraw:insufficient_funds",
      "post",
      "void",
      "retry",
      "conflicting-retry:idempotency_conflict",
      "reverse",
      "resolve-again:hold_already_resolved",
      "linked",
      "p2p",
    ]) {
      expect(tally[op] ?? 0, `${op} ran`).toBeGreaterThan(5);
    }
    const report = await checkLedgerInvariants();
    expect(report.counts.transfers).toBeGreaterThan(OPS / 2);
  });
});
