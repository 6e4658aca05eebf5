// Concurrent calls on one wallet. On PGlite they are serialised by the driver; on PostgreSQL they race for real
// (the postgres project opens a pool of 10 connections).
import { afterAll, describe, expect, it } from "vitest";
import { LedgerError } from "./errors.ts";
import { getHold, getPlayerBalances } from "./queries.server.ts";
import { postHold, transfer, type TransferInput, transferLinked, voidHold } from "./transfers.server.ts";
import { closeIdleConnections, createTestPlayer, expectInvariants } from "./test-helpers.ts";

afterAll(closeIdleConnections);

/** Settles every promise; anything but success or the allowed LedgerError codes fails the test. */
async function settle<T>(calls: Array<Promise<T>>, allowed: string[]) {
  const results = await Promise.allSettled(calls);
  for (const r of results) {
    if (r.status === "rejected") {
      expect(r.reason, String(r.reason)).toBeInstanceOf(LedgerError);
      expect(allowed).toContain((r.reason as LedgerError).code);
    }
  }
  return results;
}

describe("concurrency", () => {
  it("50 concurrent withdrawals and bets against one wallet never overdraw it", async () => {
    const p = await createTestPlayer();
    const main = `player:${p}:main`;
    await transfer({ key: `c1:${p}:dep`, debit: "clearing:deposits:bkash", credit: main, amount: 10_000n, currency: "BDT", kind: "deposit" });

    const inputs: TransferInput[] = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? { key: `c1:${p}:wd:${i}`, debit: main, credit: "clearing:payouts:bkash", amount: 700n, currency: "BDT", kind: "withdrawal", pending: true }
        : { key: `c1:${p}:bet:${i}`, debit: main, credit: "game:crash", amount: 500n, currency: "BDT", kind: "bet" },
    );
    const results = await settle(
      inputs.map((input) => transfer(input)),
      ["insufficient_funds"],
    );
    const ok = inputs.filter((_, i) => results[i]!.status === "fulfilled");
    const held = ok.filter((x) => x.pending).reduce((s, x) => s + x.amount, 0n);
    const bet = ok.filter((x) => !x.pending).reduce((s, x) => s + x.amount, 0n);
    expect(held + bet).toBeLessThanOrEqual(10_000n);
    expect(ok.length).toBeGreaterThan(0);
    expect(ok.length).toBeLessThan(50);

    const { main: b } = await getPlayerBalances(p);
    expect(b).toEqual({ posted: 10_000n - bet, pending: held, available: 10_000n - bet - held });
    // A refusal only happens when the money really is not there: whatever is left is less than what was refused.
    const refused = inputs.filter((_, i) => results[i]!.status === "rejected");
    expect(b.available).toBeLessThan(refused.reduce((min, x) => (x.amount < min ? x.amount : min), 10n ** 15n));
    await expectInvariants();

    // Resolve every hold from two racing approvers: posted or voided exactly once each.
    const holds = results.flatMap((r, i) => (r.status === "fulfilled" && inputs[i]!.pending ? [r.value.transfer.id] : []));
    const resolutions = await settle(
      holds.flatMap((id, i) => [
        i % 2 === 0 ? postHold({ key: `c1:approve:${id}`, holdId: id }) : voidHold({ key: `c1:reject:${id}`, holdId: id }),
        i % 2 === 0 ? postHold({ key: `c1:approve:${id}`, holdId: id }) : voidHold({ key: `c1:reject:${id}`, holdId: id }),
        voidHold({ key: `c1:late:${id}`, holdId: id }),
      ]),
      ["hold_already_resolved"],
    );
    expect(resolutions.filter((r) => r.status === "fulfilled" && !r.value.replayed).length).toBe(holds.length);
    const statuses = await Promise.all(holds.map(async (id) => (await getHold(id)).status));
    const posted = holds.filter((_, i) => statuses[i] === "posted").length;
    expect(statuses.every((s) => s !== "open")).toBe(true);
    expect((await getPlayerBalances(p)).main).toMatchObject({ pending: 0n, posted: 10_000n - bet - BigInt(posted) * 700n });
    await expectInvariants();
  });

  it("20 concurrent retries of one request move the money once", async () => {
    const p = await createTestPlayer();
    const input: TransferInput = {
      key: `c2:${p}:dep`,
      debit: "clearing:deposits:nagad",
      credit: `player:${p}:main`,
      amount: 4_200n,
      currency: "BDT",
      kind: "deposit",
    };
    const results = await settle(
      Array.from({ length: 20 }, () => transfer(input)),
      [],
    );
    const values = results.map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof transfer>>>).value);
    expect(new Set(values.map((v) => v.transfer.id)).size).toBe(1);
    expect(values.filter((v) => !v.replayed)).toHaveLength(1);
    expect((await getPlayerBalances(p)).main.posted).toBe(4_200n);

    // Same key, different amounts, racing: one wins, the rest are refused, and the winner's amount is what moved.
    const racing = await settle(
      [1n, 2n, 3n, 4n, 5n].map((amount) => transfer({ ...input, key: `c2:${p}:race`, amount })),
      ["idempotency_conflict"],
    );
    expect(racing.filter((r) => r.status === "fulfilled")).toHaveLength(1);

    // Between two house accounts nothing is locked before the insert: the unique key decides, the losers replay.
    const house: TransferInput = {
      key: `c2:${p}:float`,
      debit: "house:treasury",
      credit: "clearing:payouts:rocket",
      amount: 999n,
      currency: "BDT",
      kind: "float",
    };
    await transfer({ ...house, key: `c2:${p}:float:warm-up` }); // accounts exist, so nothing serialises the racers
    const houseResults = await settle(
      Array.from({ length: 10 }, () => transfer(house)),
      [],
    );
    const houseValues = houseResults.map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof transfer>>>).value);
    expect(new Set(houseValues.map((v) => v.transfer.id)).size).toBe(1);
    expect(houseValues.filter((v) => !v.replayed)).toHaveLength(1);
    await expectInvariants();
  });

  it("opposite transfers between two players and multi-account batches do not deadlock", async () => {
    const a = await createTestPlayer();
    const b = await createTestPlayer();
    for (const p of [a, b]) {
      await transfer({
        key: `c3:${p}:dep`,
        debit: "clearing:deposits:bkash",
        credit: `player:${p}:main`,
        amount: 5_000n,
        currency: "BDT",
        kind: "deposit",
      });
    }
    const calls = Array.from({ length: 40 }, (_, i) => {
      const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
      if (i % 5 === 0) {
        // Two house accounts in opposite orders per call: they are locked in id order regardless.
        const houses = i % 10 === 0 ? ["house:one", "house:two"] : ["house:two", "house:one"];
        return transferLinked(
          houses.map((h, j) => ({ key: `c3:l:${i}:${j}`, debit: h, credit: `player:${to}:bonus`, amount: 10n, currency: "BDT", kind: "bonus" })),
        );
      }
      return transfer({
        key: `c3:${i}`,
        debit: `player:${from}:main`,
        credit: `player:${to}:main`,
        amount: BigInt(100 + i * 10),
        currency: "BDT",
        kind: "transfer",
      });
    });
    await settle(calls as Array<Promise<unknown>>, ["insufficient_funds"]);
    const [ba, bb] = await Promise.all([getPlayerBalances(a), getPlayerBalances(b)]);
    expect(ba.main.posted + bb.main.posted).toBe(10_000n);
    expect(ba.bonus.posted + bb.bonus.posted).toBe(160n);
    await expectInvariants();
  });

  it("creates accounts on demand under concurrency", async () => {
    const p = await createTestPlayer();
    await settle(
      Array.from({ length: 20 }, (_, i) =>
        transfer({
          key: `c4:${p}:${i}`,
          debit: `clearing:deposits:new${p}`,
          credit: `player:${p}:main`,
          amount: 1n,
          currency: "BDT",
          kind: "deposit",
        }),
      ),
      [],
    );
    expect((await getPlayerBalances(p)).main.posted).toBe(20n);
    await expectInvariants();
  });
});
