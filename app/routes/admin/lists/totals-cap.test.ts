// The lists' totals over "Any day" read at most TOTALS_CAP + 1 rows: past the cap they say "more than 10,000" and give
// no sums; under it, or with a date range (however many rows it holds), they are exact (equal to a direct count and sum of the records).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { TOTALS_CAP } from "#app/kernel/list-totals.ts";
import { betTotals } from "#app/modules/exchange/index.server.ts";
import { entryTotals } from "#app/modules/ledger/index.server.ts";
import { roundTotals } from "#app/modules/games/index.server.ts";
import { financeTotals } from "#app/modules/payments/index.server.ts";
import { closeIdleConnections } from "#app/modules/payments/test-helpers.ts";
import { generateActivity, type Generated } from "#app/modules/reporting/test-helpers.ts";

afterAll(closeIdleConnections);

const start = new Date("2025-01-01T00:00:00Z");
const end = new Date("2025-01-11T00:00:00Z");
const dayOne = { start, end: new Date("2025-01-02T00:00:00Z") };
let g: Generated;

beforeAll(async () => {
  g = await generateActivity(db, {
    start,
    end,
    players: 300,
    rounds: TOTALS_CAP + 500,
    bets: TOTALS_CAP + 200,
    deposits: TOTALS_CAP + 100,
    withdrawals: 10,
  });
  // The generator writes transfers only (no report reads entries); the ledger list's totals read entries: one per side.
  await db.execute(sql`insert into ledger_entries (transfer_id, account_id, amount, balance_after, created_at)
    select id, debit_account_id, -amount, 0, created_at from ledger_transfers
    union all select id, credit_account_id, amount, 0, created_at from ledger_transfers`);
}, 240_000);

const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q))[0]!;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

describe("list totals over Any day", () => {
  it("casino rounds: capped without dates, exact with dates or under the cap", async () => {
    expect(await roundTotals({})).toEqual({ count: TOTALS_CAP, stake: 0n, payout: 0n, ggr: 0n, capped: true });
    const day = await roundTotals(dayOne);
    const want = await one<{ n: number; stake: string; payout: string }>(
      sql`select count(*)::int as n, sum(stake)::text as stake, sum(payout)::text as payout from game_rounds
        where created_at >= ${ts(dayOne.start)} and created_at < ${ts(dayOne.end)}`,
    );
    expect(day).toMatchObject({ count: want.n, stake: BigInt(want.stake), payout: BigInt(want.payout), capped: false });
    // A date range holding more than the cap: every round is read, exact.
    const all = await one<{ n: number; stake: string }>(sql`select count(*)::int as n, sum(stake)::text as stake from game_rounds`);
    expect(all.n).toBeGreaterThan(TOTALS_CAP);
    expect(await roundTotals({ start, end })).toMatchObject({ count: all.n, stake: BigInt(all.stake), capped: false });
    const player = g.playerIds[0];
    const mine = await roundTotals({ playerId: player });
    const theirs = await one<{ n: number; stake: string }>(
      sql`select count(*)::int as n, coalesce(sum(stake), 0)::text as stake from game_rounds where player_id = ${player}`,
    );
    expect(mine).toMatchObject({ count: theirs.n, stake: BigInt(theirs.stake), capped: false });
    expect(theirs.n).toBeGreaterThan(0);
  });

  it("exchange bets: capped without dates, exact with dates", async () => {
    expect((await betTotals({})).capped).toBe(true);
    const day = await betTotals(dayOne);
    const want = await one<{ n: number; stake: string }>(
      sql`select count(*)::int as n, sum(size)::text as stake from exchange_orders where placed_at >= ${ts(dayOne.start)} and placed_at < ${ts(dayOne.end)}`,
    );
    expect(day).toMatchObject({ count: want.n, stake: BigInt(want.stake), capped: false });
    const all = await one<{ n: number }>(sql`select count(*)::int as n from exchange_orders`);
    expect(all.n).toBeGreaterThan(TOTALS_CAP);
    expect(await betTotals({ start, end })).toMatchObject({ count: all.n, capped: false });
  });

  it("deposits: capped without dates, exact with dates and under the cap", async () => {
    expect(await financeTotals("deposits", {})).toEqual({ count: TOTALS_CAP, amount: 0n, byStatus: [], capped: true });
    const day = await financeTotals("deposits", dayOne);
    const want = await one<{ n: number; amount: string }>(
      sql`select count(*)::int as n, sum(amount)::text as amount from deposits where created_at >= ${ts(dayOne.start)} and created_at < ${ts(dayOne.end)}`,
    );
    expect(day).toMatchObject({ count: want.n, amount: BigInt(want.amount), capped: false });
    const all = await one<{ n: number }>(sql`select count(*)::int as n from deposits`);
    expect(all.n).toBeGreaterThan(TOTALS_CAP);
    expect(await financeTotals("deposits", { start, end })).toMatchObject({ count: all.n, capped: false });
    // The method's few withdrawals, any day: under the cap, exact.
    const wd = await financeTotals("withdrawals", {});
    const wantWd = await one<{ n: number; amount: string }>(sql`select count(*)::int as n, sum(amount)::text as amount from withdrawals`);
    expect(wd).toMatchObject({ count: wantWd.n, amount: BigInt(wantWd.amount), capped: false });
  });

  it("ledger entries: capped without dates, exact with dates", async () => {
    expect(await entryTotals({})).toEqual({ count: TOTALS_CAP, credits: 0n, debits: 0n, capped: true });
    const day = await entryTotals(dayOne);
    const want = await one<{ n: number; credits: string; debits: string }>(
      sql`select count(*)::int as n, sum(amount) filter (where amount > 0)::text as credits, (-sum(amount) filter (where amount < 0))::text as debits
        from ledger_entries where created_at >= ${ts(dayOne.start)} and created_at < ${ts(dayOne.end)}`,
    );
    expect(want.n).toBeGreaterThan(0);
    expect(day).toEqual({ count: want.n, credits: BigInt(want.credits), debits: BigInt(want.debits), capped: false });
    const all = await one<{ n: number; credits: string }>(
      sql`select count(*)::int as n, sum(amount) filter (where amount > 0)::text as credits from ledger_entries
        where created_at >= ${ts(start)} and created_at < ${ts(end)}`,
    );
    expect(all.n).toBeGreaterThan(TOTALS_CAP);
    expect(await entryTotals({ start, end })).toMatchObject({ count: all.n, credits: BigInt(all.credits), capped: false });
  });
});
