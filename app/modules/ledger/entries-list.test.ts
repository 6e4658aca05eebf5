// The back office's site-wide list of ledger entries (listLedgerEntries, entryTotals): filters by player, kind, account
// type and time window (start in, end out), credit and debit totals, keyset pages, another player's entries never in
// a player's list, and the player 360's statement reader as the same list with its player and wallet.
import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { createPlayer, fund, taka } from "#tests/kit/index.ts";
import { entryTotals, listLedgerEntries, listPlayerEntries } from "./queries.server.ts";
import { ledgerEntries } from "./schema.ts";

let a: { id: number };
let b: { id: number };
let day: { start: Date; end: Date };

/** When the newest entry of the player's transfers of `kind` was posted (the ledger stamps the database's clock). */
async function postedAt(playerId: number, kind: string): Promise<Date> {
  const { items } = await listLedgerEntries({ playerId, kind }, { limit: 1 });
  return items[0]!.createdAt;
}
const pause = () => new Promise((r) => setTimeout(r, 5));

beforeAll(async () => {
  a = await createPlayer();
  b = await createPlayer();
  await fund(a.id, taka(100), { kind: "early_deposit" });
  await pause();
  await fund(a.id, taka(250), { bonus: taka(40), kind: "list_deposit" });
  await pause();
  await fund(b.id, taka(70), { kind: "list_deposit" });
  await pause();
  await fund(b.id, taka(5), { kind: "late_deposit" });
  // [start, end): from the moment a's list_deposit was posted (in) to the moment b's late one was (out).
  day = { start: await postedAt(a.id, "list_deposit"), end: await postedAt(b.id, "late_deposit") };
});

describe("listLedgerEntries", () => {
  it("lists both sides of each transfer of the Dhaka day, an entry at the start in, one before it and one at the end out", async () => {
    const { items } = await listLedgerEntries({ ...day, playerId: a.id }, { limit: 50 });
    expect(items.map((e) => [e.kind, e.wallet, e.amount])).toEqual([
      ["bonus", "bonus", taka(40)],
      ["list_deposit", "main", taka(250)],
    ]);
    expect(items.every((e) => e.playerId === a.id && e.username)).toBe(true);
    const all = await listLedgerEntries({ ...day, kind: "list_deposit" }, { limit: 50 });
    // b's credit, then the house side; a's credit and the house side: the house entries carry no player.
    expect(all.items.filter((e) => e.playerId !== null).map((e) => e.playerId)).toEqual([b.id, a.id]);
    expect(all.items.filter((e) => e.playerId === null).every((e) => e.amount < 0n && e.accountCode === "house:test-float")).toBe(true);
  });

  it("filters by account type and never shows another player's entries for a player", async () => {
    const house = await listLedgerEntries({ ...day, kind: "list_deposit", accountType: "house" }, { limit: 50 });
    expect(house.items).toHaveLength(2);
    const bonus = await listLedgerEntries({ ...day, accountType: "bonus" }, { limit: 50 });
    expect(bonus.items.map((e) => e.amount)).toContain(taka(40));
    expect(bonus.items.every((e) => e.wallet === "bonus")).toBe(true);
    expect((await listLedgerEntries({ playerId: b.id }, { limit: 200 })).items.every((e) => e.playerId === b.id)).toBe(true);
  });

  it("totals credits and debits of the filter", async () => {
    expect(await entryTotals({ ...day, kind: "list_deposit" })).toEqual({ count: 4, credits: taka(320), debits: taka(320), capped: false });
    expect(await entryTotals({ ...day, playerId: a.id })).toEqual({ count: 2, credits: taka(290), debits: 0n, capped: false });
  });

  it("pages by id, and the 360's statement is the list with its player and wallet", async () => {
    const first = await listLedgerEntries({ ...day, kind: "list_deposit" }, { limit: 3 });
    expect(first.nextBefore).not.toBeNull();
    const rest = await listLedgerEntries({ ...day, kind: "list_deposit" }, { limit: 3, before: first.nextBefore! });
    expect([...first.items, ...rest.items].map((e) => e.id)).toEqual(
      (await listLedgerEntries({ ...day, kind: "list_deposit" })).items.map((e) => e.id),
    );
    const statement = await listPlayerEntries(a.id, { wallet: "main" });
    expect(statement).toEqual(await listLedgerEntries({ playerId: a.id, accountType: "main" }));
    expect(statement.items.map((e) => e.amount)).toEqual([taka(250), taka(100)]);
    const mine = await db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(
        inArray(
          ledgerEntries.id,
          statement.items.map((e) => e.id),
        ),
      );
    expect(mine).toHaveLength(2);
  });
});
