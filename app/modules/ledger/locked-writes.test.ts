import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { getPlayerBalances, listPlayerEntries } from "./queries.server.ts";
import { transfer, type TransferInput } from "./transfers.server.ts";
import { transferUnderPlayerLock } from "./locked-writes.server.ts";
import { fundedPlayer } from "#tests/kit/players.ts";
import { closeIdleConnections, createTestPlayer, expectInvariants, expectLedgerError } from "./test-helpers.ts";

afterAll(closeIdleConnections);

const HOUSE = "game:locked-test:0";

const BKASH_DEPOSIT = { from: "clearing:deposits:bkash" };

const bet = (playerId: number, key: string, amount: bigint, wallet: "main" | "bonus" = "main"): TransferInput => ({
  key,
  debit: `player:${playerId}:${wallet}`,
  credit: HOUSE,
  amount,
  currency: "BDT",
  kind: "bet",
});

/** Runs `fn` in a transaction that first locks the player's accounts, as the wallet's lockContext does. */
function underLock<T>(playerId: number, fn: (tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) => Promise<T>) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from ledger_accounts where player_id = ${playerId} order by id for no key update`);
    return fn(tx);
  });
}

describe("transferUnderPlayerLock", () => {
  it("writes the transfers, balances and entries in one go, behind the caller's statement", async () => {
    const playerId = await fundedPlayer(10_000n, BKASH_DEPOSIT);
    await transfer({ key: `lw:house:${playerId}`, debit: HOUSE, credit: `player:${playerId}:bonus`, amount: 500n, currency: "BDT", kind: "bonus" });
    const { row, transfers } = await underLock(playerId, (tx) =>
      transferUnderPlayerLock<{ n: number }>(tx, [bet(playerId, `lw:b:${playerId}:m`, 3_000n), bet(playerId, `lw:b:${playerId}:b`, 200n, "bonus")], {
        with: sql`x as (select 41 + 1 as n)`,
        gate: sql`(select n from x) = 42`,
        columns: sql`(select n from x) as n`,
      }),
    );
    expect(row.n).toBe(42);
    expect(transfers!.map((t) => [t.transfer.key, t.transfer.amount, t.replayed])).toEqual([
      [`lw:b:${playerId}:m`, 3_000n, false],
      [`lw:b:${playerId}:b`, 200n, false],
    ]);
    const balances = await getPlayerBalances(playerId);
    expect([balances.main.available, balances.bonus.available]).toEqual([7_000n, 300n]);
    const entries = await listPlayerEntries(playerId, {});
    expect(entries.items.slice(0, 2).map((e) => [e.amount, e.balanceAfter])).toEqual([
      [-200n, 300n],
      [-3_000n, 7_000n],
    ]);
    await expectInvariants();
  });

  it("writes nothing when the caller's gate is closed", async () => {
    const playerId = await fundedPlayer(1_000n, BKASH_DEPOSIT);
    const { transfers } = await underLock(playerId, (tx) =>
      transferUnderPlayerLock(tx, [bet(playerId, `lw:closed:${playerId}`, 100n)], {
        with: sql`x as (select 1)`,
        gate: sql`false`,
        columns: sql`1 as one`,
      }),
    );
    expect(transfers).toBeNull();
    expect((await getPlayerBalances(playerId)).main.available).toBe(1_000n);
    const found = rowsOf(await db.execute(sql`select 1 from ledger_transfers where key = ${`lw:closed:${playerId}`}`));
    expect(found).toHaveLength(0);
  });

  it("lets the balance check refuse an overdraft and a reused key", async () => {
    const playerId = await fundedPlayer(1_000n, BKASH_DEPOSIT);
    await expectLedgerError(
      underLock(playerId, (tx) => transferUnderPlayerLock(tx, [bet(playerId, `lw:over:${playerId}`, 1_001n)])),
      "insufficient_funds",
    );
    await underLock(playerId, (tx) => transferUnderPlayerLock(tx, [bet(playerId, `lw:once:${playerId}`, 10n)]));
    await expectLedgerError(
      underLock(playerId, (tx) => transferUnderPlayerLock(tx, [bet(playerId, `lw:once:${playerId}`, 10n)])),
      "idempotency_conflict",
    );
    expect((await getPlayerBalances(playerId)).main.available).toBe(990n);
    await expectInvariants();
  });

  it("creates accounts that do not exist yet through the full path", async () => {
    const playerId = await createTestPlayer();
    const win: TransferInput = {
      key: `lw:win:${playerId}`,
      debit: HOUSE,
      credit: `player:${playerId}:main`,
      amount: 700n,
      currency: "BDT",
      kind: "win",
    };
    const { transfers } = await db.transaction((tx) => transferUnderPlayerLock(tx, [win]));
    expect(transfers).toHaveLength(1);
    expect((await getPlayerBalances(playerId)).main.available).toBe(700n);
    await expectInvariants();
  });

  it("takes only transfers between one player's accounts and one other account", async () => {
    const playerId = await fundedPlayer(1_000n, BKASH_DEPOSIT);
    const other = await fundedPlayer(1_000n, BKASH_DEPOSIT);
    const run = (inputs: TransferInput[]) => db.transaction((tx) => transferUnderPlayerLock(tx, inputs));
    await expectLedgerError(run([bet(playerId, `lw:s1:${playerId}`, 1n), bet(other, `lw:s2:${playerId}`, 1n)]), "invalid_input");
    await expectLedgerError(
      run([bet(playerId, `lw:s3:${playerId}`, 1n), { ...bet(playerId, `lw:s4:${playerId}`, 1n), credit: "game:locked-test:1" }]),
      "invalid_input",
    );
    await expectLedgerError(run([{ ...bet(playerId, `lw:s5:${playerId}`, 1n), credit: `player:${other}:main` }]), "invalid_input");
    await expectLedgerError(run([{ ...bet(playerId, `lw:s6:${playerId}`, 1n), pending: true }]), "invalid_input");
  });
});
