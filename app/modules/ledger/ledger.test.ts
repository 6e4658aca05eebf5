import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { ensureHouseAccount, ensurePlayerAccounts } from "./accounts.server.ts";
import { getAccountBalance, getHold, getPlayerBalances, listAccountEntries, listAccountTransfers, listPlayerEntries } from "./queries.server.ts";
import { MAX_AMOUNT } from "../../kernel/money.ts";
import { applyLinked, postHold, reverseTransfer, runsWithoutSavepoints, transfer, transferLinked, voidHold } from "./transfers.server.ts";
import { formatPoisha, parseTaka } from "#app/kernel/money.ts";
import { closeIdleConnections, createTestPlayer, expectInvariants, expectLedgerError } from "./test-helpers.ts";

let playerId: number;
let main: number;
let bonus: number;

const deposit = (key: string, amount: bigint, to = main) =>
  transfer({ key, debit: "clearing:deposits:bkash", credit: to, amount, currency: "BDT", kind: "deposit" });

afterAll(closeIdleConnections);

beforeAll(async () => {
  playerId = await createTestPlayer();
  const accounts = await ensurePlayerAccounts(playerId, "BDT");
  main = accounts.main.id;
  bonus = accounts.bonus.id;
});

describe("accounts", () => {
  it("creates a player's main and bonus accounts once, guarded against going negative", async () => {
    const again = await ensurePlayerAccounts(playerId, "BDT");
    expect([again.main.id, again.bonus.id]).toEqual([main, bonus]);
    expect(again.main).toMatchObject({ code: `player:${playerId}:main`, currency: "BDT", allowNegative: false, posted: 0n, pending: 0n });
  });

  it("refuses an unknown player and a currency that is not the player's", async () => {
    await expectLedgerError(ensurePlayerAccounts(99_999_999, "BDT"), "unknown_account");
    await expectLedgerError(ensurePlayerAccounts(playerId, "INR"), "currency_mismatch");
  });

  it("creates house accounts by code that may go negative", async () => {
    const ggr = await ensureHouseAccount("house:ggr", "BDT");
    expect(ggr).toMatchObject({ code: "house:ggr", allowNegative: true, playerId: null });
    expect((await ensureHouseAccount("house:ggr", "BDT")).id).toBe(ggr.id);
    await expectLedgerError(ensureHouseAccount("House GGR", "BDT"), "invalid_input");
    await expectLedgerError(ensureHouseAccount(`player:${playerId}:main`, "BDT"), "invalid_input");
  });
});

describe("transfers", () => {
  it("moves money between accounts, keeping the sum of balances at zero", async () => {
    const { transfer: t, replayed } = await deposit("dep-1", 50_000n);
    expect(replayed).toBe(false);
    expect(t).toMatchObject({ phase: "single", amount: 50_000n, currency: "BDT", kind: "deposit", creditAccountId: main });
    expect(await getPlayerBalances(playerId)).toEqual({
      currency: "BDT",
      main: { posted: 50_000n, pending: 0n, available: 50_000n },
      bonus: { posted: 0n, pending: 0n, available: 0n },
    });
    const clearing = await getAccountBalance(t.debitAccountId);
    expect(clearing).toMatchObject({ code: "clearing:deposits:bkash", posted: -50_000n });
    await expectInvariants();
  });

  it("accepts player account codes as well as ids", async () => {
    await transfer({ key: "bet-1", debit: `player:${playerId}:main`, credit: "game:house", amount: 1_000n, currency: "BDT", kind: "bet" });
    await transfer({ key: "win-1", debit: "game:house", credit: main, amount: 2_500n, currency: "BDT", kind: "win" });
    expect((await getPlayerBalances(playerId)).main.posted).toBe(51_500n);
  });

  it("refuses an overdraft with a typed error and writes nothing", async () => {
    const before = await getPlayerBalances(playerId);
    const e = await expectLedgerError(
      transfer({ key: "bet-too-big", debit: main, credit: "game:house", amount: 51_501n, currency: "BDT", kind: "bet" }),
      "insufficient_funds",
    );
    expect(e.details).toMatchObject({ available: 51_500n, amount: 51_501n });
    expect(await getPlayerBalances(playerId)).toEqual(before);
    // The key was not consumed: the same key may be used once the money is there.
    await deposit("dep-2", 1n);
    await transfer({ key: "bet-too-big", debit: main, credit: "game:house", amount: 51_501n, currency: "BDT", kind: "bet" });
    expect((await getPlayerBalances(playerId)).main.available).toBe(0n);
    await deposit("dep-3", 100_000n);
  });

  it("replays a retry with the same key and fields, moving money once", async () => {
    const input = {
      key: "provider:txn-77",
      debit: main,
      credit: "game:evo",
      amount: 700n,
      currency: "BDT" as const,
      kind: "bet",
      meta: { round: "r1" },
    };
    const first = await transfer(input);
    const before = await getPlayerBalances(playerId);
    const retry = await transfer({ ...input, memo: "descriptive fields are not compared", meta: { round: "r1", attempt: 2 } });
    expect(retry.replayed).toBe(true);
    expect(retry.transfer.id).toBe(first.transfer.id);
    expect(await getPlayerBalances(playerId)).toEqual(before);
  });

  it("refuses the same key with a different amount, account, kind or currency", async () => {
    const input = { key: "provider:txn-77", debit: main, credit: "game:evo", amount: 700n, currency: "BDT" as const, kind: "bet" };
    const e = await expectLedgerError(transfer({ ...input, amount: 701n }), "idempotency_conflict");
    expect(e.details.fields).toEqual(["amount"]);
    await expectLedgerError(transfer({ ...input, credit: "game:other" }), "idempotency_conflict");
    await expectLedgerError(transfer({ ...input, kind: "win" }), "idempotency_conflict");
    await expectLedgerError(transfer({ ...input, pending: true }), "idempotency_conflict");
  });

  it("refuses bad amounts", async () => {
    const base = { key: "bad-amount", debit: "clearing:deposits:bkash", credit: main, currency: "BDT" as const, kind: "deposit" };
    for (const amount of [0n, -1n, -500n, MAX_AMOUNT + 1n, 10n ** 30n]) {
      await expectLedgerError(transfer({ ...base, amount }), "invalid_amount");
    }
    for (const amount of [1.5, 100, Number.NaN, "100", null, undefined]) {
      await expectLedgerError(transfer({ ...base, amount: amount as unknown as bigint }), "invalid_amount");
    }
    // The maximum itself is fine (house accounts may go negative).
    const ok = await transfer({ ...base, key: "max-amount", credit: "house:float", amount: MAX_AMOUNT });
    expect(ok.transfer.amount).toBe(MAX_AMOUNT);
  });

  it("refuses unknown accounts, bad codes, the same account twice and other bad input", async () => {
    const base = { key: "bad-input", amount: 100n, currency: "BDT" as const, kind: "deposit" };
    await expectLedgerError(transfer({ ...base, debit: 987_654, credit: main }), "unknown_account");
    await expectLedgerError(transfer({ ...base, debit: "player:99999999:main", credit: main }), "unknown_account");
    await expectLedgerError(transfer({ ...base, debit: "bkash", credit: main }), "invalid_input");
    await expectLedgerError(transfer({ ...base, debit: -3, credit: main }), "invalid_input");
    await expectLedgerError(transfer({ ...base, debit: main, credit: main }), "same_account");
    await expectLedgerError(transfer({ ...base, key: "", debit: "house:float", credit: main }), "invalid_input");
    await expectLedgerError(transfer({ ...base, key: "x".repeat(201), debit: "house:float", credit: main }), "invalid_input");
    await expectLedgerError(transfer({ ...base, kind: "Deposit!", debit: "house:float", credit: main }), "invalid_input");
    await expectLedgerError(transfer({ ...base, currency: "USD" as "BDT", debit: "house:float", credit: main }), "invalid_input");
    await expectLedgerError(transfer({ ...base, debit: "house:float", credit: main, meta: { amount: 1n } }), "invalid_input");
  });

  it("refuses a transfer whose accounts are in another currency", async () => {
    const inrPlayer = await createTestPlayer("INR");
    const inr = await ensurePlayerAccounts(inrPlayer, "INR");
    await transfer({ key: "inr-dep", debit: "clearing:deposits:upi", credit: inr.main.id, amount: 10_000n, currency: "INR", kind: "deposit" });
    await expectLedgerError(
      transfer({ key: "mixed", debit: inr.main.id, credit: main, amount: 100n, currency: "INR", kind: "transfer" }),
      "currency_mismatch",
    );
    await expectLedgerError(
      transfer({ key: "mixed-2", debit: inr.main.id, credit: "house:ggr", amount: 100n, currency: "BDT", kind: "transfer" }),
      "currency_mismatch",
    );
    // A player code in another currency than the player's is refused too.
    await expectLedgerError(
      transfer({
        key: "mixed-3",
        debit: "clearing:deposits:bkash",
        credit: `player:${inrPlayer}:main`,
        amount: 100n,
        currency: "BDT",
        kind: "deposit",
      }),
      "currency_mismatch",
    );
    await expectInvariants();
  });
});

describe("holds", () => {
  it("reserves a withdrawal at once so a second one cannot overdraw, then posts it", async () => {
    const { main: m } = await getPlayerBalances(playerId);
    const hold = await transfer({
      key: "wd-1",
      debit: main,
      credit: "clearing:payouts:bkash",
      amount: m.available - 100n,
      currency: "BDT",
      kind: "withdrawal",
      pending: true,
    });
    expect(hold.transfer.phase).toBe("pending");
    expect(await getPlayerBalances(playerId)).toMatchObject({ main: { posted: m.posted, pending: m.available - 100n, available: 100n } });
    await expectLedgerError(
      transfer({ key: "wd-2", debit: main, credit: "clearing:payouts:bkash", amount: 101n, currency: "BDT", kind: "withdrawal", pending: true }),
      "insufficient_funds",
    );
    await expectLedgerError(
      transfer({ key: "bet-during-hold", debit: main, credit: "game:house", amount: 101n, currency: "BDT", kind: "bet" }),
      "insufficient_funds",
    );
    expect((await getHold(hold.transfer.id)).status).toBe("open");
    await expectInvariants();

    const posted = await postHold({ key: "wd-1:approve", holdId: hold.transfer.id });
    expect(posted.transfer).toMatchObject({ phase: "post_pending", pendingId: hold.transfer.id, amount: m.available - 100n });
    expect(await getPlayerBalances(playerId)).toMatchObject({ main: { posted: 100n, pending: 0n, available: 100n } });
    expect((await getHold(hold.transfer.id)).status).toBe("posted");
    // Retrying the approval replays; resolving again under another key is refused.
    expect((await postHold({ key: "wd-1:approve", holdId: hold.transfer.id })).replayed).toBe(true);
    await expectLedgerError(voidHold({ key: "wd-1:reject", holdId: hold.transfer.id }), "hold_already_resolved");
    await expectLedgerError(postHold({ key: "wd-1:approve-again", holdId: hold.transfer.id }), "hold_already_resolved");
    await expectInvariants();
  });

  it("voids a hold, releasing the reservation without moving money", async () => {
    await deposit("dep-hold-2", 10_000n);
    const before = await getPlayerBalances(playerId);
    const hold = await transfer({
      key: "wd-3",
      debit: main,
      credit: "clearing:payouts:nagad",
      amount: 4_000n,
      currency: "BDT",
      kind: "withdrawal",
      pending: true,
    });
    expect((await getPlayerBalances(playerId)).main.available).toBe(before.main.available - 4_000n);
    const voided = await voidHold({ key: "wd-3:reject", holdId: hold.transfer.id, memo: "wrong number" });
    expect(voided.transfer.phase).toBe("void_pending");
    expect(await getPlayerBalances(playerId)).toEqual(before);
    expect((await getHold(hold.transfer.id)).status).toBe("voided");
    await expectLedgerError(postHold({ key: "wd-3:approve", holdId: hold.transfer.id }), "hold_already_resolved");
  });

  it("posts part of a hold and releases the rest", async () => {
    const before = await getPlayerBalances(playerId);
    const hold = await transfer({
      key: "exposure-1",
      debit: main,
      credit: "game:exchange",
      amount: 3_000n,
      currency: "BDT",
      kind: "exposure",
      pending: true,
    });
    await expectLedgerError(postHold({ key: "exposure-1:settle", holdId: hold.transfer.id, amount: 3_001n }), "invalid_amount");
    await postHold({ key: "exposure-1:settle", holdId: hold.transfer.id, amount: 1_200n });
    expect(await getPlayerBalances(playerId)).toMatchObject({
      main: { posted: before.main.posted - 1_200n, pending: 0n, available: before.main.available - 1_200n },
    });
    await expectInvariants();
  });

  it("refuses to resolve something that is not a hold", async () => {
    const single = await deposit("dep-not-hold", 1n);
    await expectLedgerError(postHold({ key: "x:post", holdId: single.transfer.id }), "hold_not_found");
    await expectLedgerError(voidHold({ key: "x:void", holdId: 9_999_999 }), "hold_not_found");
  });
});

describe("reversals and linked transfers", () => {
  it("reverses a transfer once, with the opposite entries", async () => {
    const before = await getPlayerBalances(playerId);
    const bet = await transfer({ key: "bet-rb", debit: main, credit: "game:evo", amount: 900n, currency: "BDT", kind: "bet" });
    const rollback = await reverseTransfer({ key: "bet-rb:rollback", transferId: bet.transfer.id, kind: "rollback" });
    expect(rollback.transfer).toMatchObject({
      reversalOf: bet.transfer.id,
      debitAccountId: bet.transfer.creditAccountId,
      creditAccountId: main,
      amount: 900n,
      kind: "rollback",
    });
    expect(await getPlayerBalances(playerId)).toEqual(before);
    expect((await reverseTransfer({ key: "bet-rb:rollback", transferId: bet.transfer.id, kind: "rollback" })).replayed).toBe(true);
    await expectLedgerError(reverseTransfer({ key: "bet-rb:rollback-2", transferId: bet.transfer.id }), "already_reversed");
    await expectLedgerError(reverseTransfer({ key: "rb-of-rb", transferId: rollback.transfer.id }), "not_reversible");
  });

  it("refuses a reversal the player can no longer cover", async () => {
    const other = await createTestPlayer();
    const dep = await transfer({
      key: "dep-other",
      debit: "clearing:deposits:bkash",
      credit: `player:${other}:main`,
      amount: 500n,
      currency: "BDT",
      kind: "deposit",
    });
    await transfer({ key: "bet-other", debit: `player:${other}:main`, credit: "game:evo", amount: 400n, currency: "BDT", kind: "bet" });
    await expectLedgerError(reverseTransfer({ key: "dep-other:reverse", transferId: dep.transfer.id }), "insufficient_funds");
  });

  it("applies linked transfers together or not at all", async () => {
    const other = await createTestPlayer();
    const [cash, bonusLeg] = await transferLinked([
      { key: "dep-9:main", debit: "clearing:deposits:nagad", credit: `player:${other}:main`, amount: 10_000n, currency: "BDT", kind: "deposit" },
      { key: "dep-9:bonus", debit: "expense:bonus", credit: `player:${other}:bonus`, amount: 2_000n, currency: "BDT", kind: "bonus" },
    ]);
    expect(cash!.replayed || bonusLeg!.replayed).toBe(false);
    expect(await getPlayerBalances(other)).toMatchObject({ main: { posted: 10_000n }, bonus: { posted: 2_000n } });

    // The second leg overdraws, so the first must not apply either.
    await expectLedgerError(
      transferLinked([
        { key: "mix:cash", debit: `player:${other}:main`, credit: "game:evo", amount: 100n, currency: "BDT", kind: "bet" },
        { key: "mix:bonus", debit: `player:${other}:bonus`, credit: "game:evo", amount: 2_001n, currency: "BDT", kind: "bet" },
      ]),
      "insufficient_funds",
    );
    expect(await getPlayerBalances(other)).toMatchObject({ main: { posted: 10_000n }, bonus: { posted: 2_000n } });

    // Legs see each other's effect: spend more than main holds after crediting it in the same call.
    await transferLinked([
      { key: "chain:in", debit: "house:adjustments", credit: `player:${other}:main`, amount: 500n, currency: "BDT", kind: "adjustment" },
      { key: "chain:out", debit: `player:${other}:main`, credit: "game:evo", amount: 10_500n, currency: "BDT", kind: "bet" },
    ]);
    expect((await getPlayerBalances(other)).main.posted).toBe(0n);

    const replay = await transferLinked([
      { key: "dep-9:main", debit: "clearing:deposits:nagad", credit: `player:${other}:main`, amount: 10_000n, currency: "BDT", kind: "deposit" },
      { key: "dep-9:bonus", debit: "expense:bonus", credit: `player:${other}:bonus`, amount: 2_000n, currency: "BDT", kind: "bonus" },
    ]);
    expect(replay.map((r) => r.replayed)).toEqual([true, true]);
    await expectLedgerError(
      transferLinked([
        { key: "dep-9:main", debit: "clearing:deposits:nagad", credit: `player:${other}:main`, amount: 10_000n, currency: "BDT", kind: "deposit" },
        { key: "dep-9:extra", debit: "expense:bonus", credit: `player:${other}:bonus`, amount: 1n, currency: "BDT", kind: "bonus" },
      ]),
      "idempotency_conflict",
    );
    await expectInvariants();
  });

  it("replaces a hold in one linked call: the old one voided, a larger one placed from what it freed, or neither", async () => {
    const other = await createTestPlayer();
    await transfer({
      key: "rh:dep",
      debit: "clearing:deposits:nagad",
      credit: `player:${other}:main`,
      amount: 1_000n,
      currency: "BDT",
      kind: "deposit",
    });
    const hold = (key: string, amount: bigint) => ({
      op: "transfer" as const,
      input: {
        key,
        debit: `player:${other}:main`,
        credit: "house:exchange",
        amount,
        currency: "BDT" as const,
        kind: "exchange_exposure",
        pending: true,
      },
    });
    const [first] = await applyLinked([hold("rh:1", 800n)]);
    // 800 held, 200 free: a hold of 900 fits only because the void of the first comes before it in the same call.
    const [released, second] = await applyLinked([{ op: "void", input: { key: "rh:1:release", holdId: first!.transfer.id } }, hold("rh:2", 900n)]);
    expect(released!.transfer.phase).toBe("void_pending");
    expect(await getPlayerBalances(other)).toMatchObject({ main: { posted: 1_000n, pending: 900n, available: 100n } });
    // A replacement that does not fit leaves the current hold as it was.
    await expectLedgerError(
      applyLinked([{ op: "void", input: { key: "rh:2:release", holdId: second!.transfer.id } }, hold("rh:3", 1_001n)]),
      "insufficient_funds",
    );
    expect((await getHold(second!.transfer.id)).status).toBe("open");
    expect(await getPlayerBalances(other)).toMatchObject({ main: { pending: 900n } });
    await expectLedgerError(applyLinked([]), "invalid_input");
    await expectInvariants();
  });

  it("joins the caller's transaction: rolled back with it, and a refusal leaves it usable", async () => {
    const other = await createTestPlayer();
    await expect(
      db.transaction(async (tx) => {
        await transfer(
          { key: "in-tx:dep", debit: "clearing:deposits:bkash", credit: `player:${other}:main`, amount: 800n, currency: "BDT", kind: "deposit" },
          tx,
        );
        throw new Error("caller fails after the ledger write");
      }),
    ).rejects.toThrow("caller fails");
    expect((await getPlayerBalances(other)).main.posted).toBe(0n);

    await db.transaction(async (tx) => {
      await transfer(
        { key: "in-tx:dep", debit: "clearing:deposits:bkash", credit: `player:${other}:main`, amount: 800n, currency: "BDT", kind: "deposit" },
        tx,
      );
      await expectLedgerError(
        transfer({ key: "in-tx:bet", debit: `player:${other}:main`, credit: "game:evo", amount: 801n, currency: "BDT", kind: "bet" }, tx),
        "insufficient_funds",
      );
      await transfer({ key: "in-tx:bet", debit: `player:${other}:main`, credit: "game:evo", amount: 300n, currency: "BDT", kind: "bet" }, tx);
      expect((await getPlayerBalances(other, tx)).main.posted).toBe(500n);
    });
    expect((await getPlayerBalances(other)).main.posted).toBe(500n);
  });

  it("runs in a caller's transaction without savepoints when asked: the writes commit with it, a refusal still throws", async () => {
    const other = await createTestPlayer();
    await db.transaction(async (tx) => {
      runsWithoutSavepoints(tx);
      await transfer(
        { key: "no-sp:dep", debit: "clearing:deposits:bkash", credit: `player:${other}:main`, amount: 800n, currency: "BDT", kind: "deposit" },
        tx,
      );
      await transfer({ key: "no-sp:bet", debit: `player:${other}:main`, credit: "game:evo", amount: 300n, currency: "BDT", kind: "bet" }, tx);
    });
    expect((await getPlayerBalances(other)).main.posted).toBe(500n);
    await expect(
      db.transaction(async (tx) => {
        runsWithoutSavepoints(tx);
        await transfer({ key: "no-sp:bet2", debit: `player:${other}:main`, credit: "game:evo", amount: 100n, currency: "BDT", kind: "bet" }, tx);
        await transfer({ key: "no-sp:bet3", debit: `player:${other}:main`, credit: "game:evo", amount: 401n, currency: "BDT", kind: "bet" }, tx);
      }),
    ).rejects.toMatchObject({ code: "insufficient_funds" });
    expect((await getPlayerBalances(other)).main.posted).toBe(500n);
    await expectInvariants();
  });
});

describe("database guards", () => {
  it("refuses edits and deletions of transfers and entries", async () => {
    await expect(db.execute(sql`update ledger_transfers set amount = 1 where key = 'dep-1'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_accounts where id = ${main}`)).rejects.toThrow();
    await expect(db.execute(sql`update ledger_accounts set allow_negative = true where id = ${main}`)).rejects.toThrow();
  });

  it("refuses a negative player balance even when written directly", async () => {
    await expect(db.execute(sql`update ledger_accounts set posted = -1 where id = ${bonus}`)).rejects.toThrow();
    await expect(db.execute(sql`update ledger_accounts set pending = posted + 1 where id = ${main}`)).rejects.toThrow();
  });
});

describe("reading", () => {
  it("lists an account's entries newest first, paged, with the balance after each", async () => {
    const first = await listAccountEntries(main, { limit: 3 });
    expect(first.items).toHaveLength(3);
    expect(first.nextBefore).toBe(first.items[2]!.id);
    const second = await listAccountEntries(main, { limit: 3, before: first.nextBefore! });
    expect(second.items[0]!.id).toBeLessThan(first.items[2]!.id);
    const all = await listAccountEntries(main, { limit: 200 });
    // Walking from oldest to newest, each balance is the previous one plus the entry.
    const oldestFirst = [...all.items].reverse();
    let running = 0n;
    for (const e of oldestFirst) {
      running += e.amount;
      expect(e.balanceAfter).toBe(running);
    }
    expect(running).toBe((await getAccountBalance(main)).posted);
    expect(all.items.find((e) => e.key === "dep-1")).toMatchObject({
      amount: 50_000n,
      kind: "deposit",
      counterparty: "clearing:deposits:bkash",
      wallet: "main",
    });
  });

  it("lists a player's entries across wallets and an account's transfers with hold status", async () => {
    const entries = await listPlayerEntries(playerId, { limit: 200 });
    expect(new Set(entries.items.map((e) => e.wallet))).toEqual(new Set(["main"]));
    const future = await listPlayerEntries(playerId, { from: new Date(Date.now() + 3_600_000) });
    expect(future.items).toEqual([]);
    const transfers = await listAccountTransfers(main, { limit: 200 });
    expect(transfers.items.find((t) => t.key === "wd-1")).toMatchObject({ phase: "pending", holdStatus: "posted", direction: "out" });
    expect(transfers.items.find((t) => t.key === "wd-3")).toMatchObject({ holdStatus: "voided" });
    expect(transfers.items.find((t) => t.key === "dep-1")).toMatchObject({ holdStatus: null, direction: "in" });
  });
});

describe("money helpers", () => {
  it("parses and formats taka as integer poisha", () => {
    expect(parseTaka("1,250.5")).toBe(125_050n);
    expect(parseTaka("0.01")).toBe(1n);
    expect(parseTaka("100")).toBe(10_000n);
    expect(parseTaka("1.234")).toBeUndefined();
    expect(parseTaka("-5")).toBeUndefined();
    expect(parseTaka("1e5")).toBeUndefined();
    expect(formatPoisha(125_050n)).toBe("1250.50");
    expect(formatPoisha(-7n)).toBe("-0.07");
  });
});
