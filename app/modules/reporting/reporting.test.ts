import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { dhakaDayBounds, type DayKey } from "#app/kernel/dhaka-time.ts";
import { closeIdleConnections } from "#app/modules/payments/test-helpers.ts";
import { chartFigures, periodFigures } from "./figures.server.ts";
import { foldDay, foldedUntil, runReportJob } from "./job.server.ts";
import { generateActivity, reportSnapshot } from "./test-helpers.ts";

afterAll(closeIdleConnections);

// Dhaka midnight between 10 and 11 March 2025 is 2025-03-10T18:00:00Z.
const D1: DayKey = "2025-03-10";
const D2: DayKey = "2025-03-11";
const AFTER = new Date("2025-03-12T06:00:00Z");

const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q))[0]!;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The figures of one Dhaka day asked of the source rows directly (not through the reporting sources). */
async function direct(day: DayKey) {
  const { start, end } = dhakaDayBounds(day);
  const inDay = (col: string) => sql`${sql.raw(col)} >= ${ts(start)} and ${sql.raw(col)} < ${ts(end)}`;
  const ledger = await one<{
    dep_n: number;
    dep: string;
    bonus: string;
    commission: string;
    house: string;
    wd: string;
    adj_cr_n: number;
    adj_cr: string;
    adj_dr: string;
  }>(sql`
    select count(*) filter (where t.kind = 'deposit' and t.key like 'deposit:%:main')::int as dep_n,
      coalesce(sum(t.amount) filter (where t.kind = 'deposit' and t.key like 'deposit:%:main'), 0)::text as dep,
      (coalesce(sum(t.amount) filter (where da.code = 'expense:bonus'), 0) - coalesce(sum(t.amount) filter (where ca.code = 'expense:bonus'), 0))::text as bonus,
      coalesce(sum(t.amount) filter (where t.kind = 'exchange_commission'), 0)::text as commission,
      (coalesce(sum(t.amount) filter (where t.kind = 'exchange_loss'), 0) - coalesce(sum(t.amount) filter (where t.kind = 'exchange_win'), 0))::text as house,
      coalesce(sum(t.amount) filter (where t.kind = 'withdrawal' and t.phase = 'post_pending'), 0)::text as wd,
      count(*) filter (where t.kind = 'adjustment' and ca.player_id is not null)::int as adj_cr_n,
      coalesce(sum(t.amount) filter (where t.kind = 'adjustment' and ca.player_id is not null), 0)::text as adj_cr,
      coalesce(sum(t.amount) filter (where t.kind = 'adjustment' and da.player_id is not null), 0)::text as adj_dr
    from ledger_transfers t join ledger_accounts da on da.id = t.debit_account_id join ledger_accounts ca on ca.id = t.credit_account_id
    where ${inDay("t.created_at")}`);
  const casino = await one<{ ggr: string; rounds: number }>(sql`
    select coalesce(sum(stake - payout), 0)::text as ggr, count(*)::int as rounds from game_rounds where status = 'settled' and ${inDay("settled_at")}`);
  const people = await one<{ signups: number; active: number; depositors: number; ftd: number }>(sql`
    select (select count(*) from players where ${inDay("created_at")})::int as signups,
      (select count(*) from (select player_id from game_rounds where ${inDay("created_at")} union select player_id from exchange_orders where ${inDay("placed_at")}) a)::int as active,
      (select count(distinct player_id) from deposits where status = 'approved' and ${inDay("reviewed_at")})::int as depositors,
      (select count(*) from (select player_id, min(reviewed_at) as first from deposits where status = 'approved' group by player_id) f where ${inDay("f.first")})::int as ftd`);
  return { ...ledger, ...casino, ...people };
}

describe("daily report aggregates", () => {
  it("fold generated activity across a Dhaka midnight into figures equal to direct queries of the ledger and the records", async () => {
    // Spread over both days, plus a dense minute either side of midnight (17:59:30–18:00:30 UTC).
    await generateActivity(db, { start: new Date("2025-03-10T06:00:00Z"), end: new Date("2025-03-11T06:00:00Z") });
    await generateActivity(db, {
      start: new Date("2025-03-10T17:59:30Z"),
      end: new Date("2025-03-10T18:00:30Z"),
      players: 20,
      rounds: 200,
      bets: 40,
      deposits: 40,
      withdrawals: 20,
      minutesToSettle: 0,
    });
    const result = await runReportJob({ now: AFTER, settleMs: 0 });
    expect(result).not.toBe("busy");
    expect((result as { days: string[] }).days).toEqual(expect.arrayContaining([D1, D2]));
    expect(await foldedUntil()).toEqual(AFTER);

    for (const day of [D1, D2]) {
      const want = await direct(day);
      // Read from the tables (the day is closed: open from a later day).
      const got = await periodFigures({ from: day, to: day }, "2025-03-13", "2025-03-13");
      expect(got.deposits.count, day).toBe(want.dep_n);
      expect(got.deposits.amount, day).toBe(want.dep);
      expect(got.deposits.depositors, day).toBe(want.depositors);
      expect(got.withdrawals.paidAmount, day).toBe(want.wd);
      expect(got.casinoGgr, day).toBe(want.ggr);
      expect(
        got.casino.reduce((s, c) => s + c.rounds, 0),
        day,
      ).toBe(want.rounds);
      expect(got.commission, day).toBe(want.commission);
      expect(got.houseResult, day).toBe(want.house);
      expect(got.bonusCost, day).toBe(want.bonus);
      expect(got.adjustments, day).toMatchObject({ creditCount: want.adj_cr_n, credits: want.adj_cr, debits: want.adj_dr });
      expect(BigInt(want.adj_cr) > 0n && BigInt(want.adj_dr) > 0n, day).toBe(true);
      expect(got.ngr, day).toBe(String(BigInt(want.ggr) + BigInt(want.commission) + BigInt(want.house) - BigInt(want.bonus)));
      expect(got.signups, day).toBe(want.signups);
      expect(got.active, day).toBe(want.active);
      expect(got.firstDepositors, day).toBe(want.ftd);
      expect(BigInt(got.deposits.amount) > 0n && got.active > 0 && BigInt(got.casinoGgr) !== 0n, day).toBe(true);
      // Folding on read (the day treated as open) gives the same answer as the table.
      expect(await periodFigures({ from: day, to: day }, day, day)).toEqual(got);
    }
    // Two days at once: sums of money, but unique players counted once across the days.
    const both = await periodFigures({ from: D1, to: D2 }, "2025-03-13", "2025-03-13");
    const [a, b] = [await direct(D1), await direct(D2)];
    expect(both.deposits.amount).toBe(String(BigInt(a.dep) + BigInt(b.dep)));
    expect(both.casinoGgr).toBe(String(BigInt(a.ggr) + BigInt(b.ggr)));
    const uniques = await one<{ n: number }>(sql`
      select count(*)::int as n from (select player_id from game_rounds where created_at >= ${ts(dhakaDayBounds(D1).start)} and created_at < ${ts(dhakaDayBounds(D2).end)}
        union select player_id from exchange_orders where placed_at >= ${ts(dhakaDayBounds(D1).start)} and placed_at < ${ts(dhakaDayBounds(D2).end)}) x`);
    expect(both.active).toBe(uniques.n);
    expect(both.active).toBeLessThan(a.active + b.active);
  });

  it("a deposit submitted before midnight and approved after counts as requested on the first day and paid on the second", async () => {
    const g = await generateActivity(db, {
      start: new Date("2025-04-01T17:50:00Z"),
      end: new Date("2025-04-01T17:55:00Z"),
      players: 5,
      rounds: 1,
      bets: 1,
      deposits: 4,
      withdrawals: 2,
      minutesToSettle: 15,
    });
    await runReportJob({ now: new Date("2025-04-03T00:00:00Z"), settleMs: 0 });
    const rows = rowsOf<{ day: string; kind: string; rc: number; pc: number }>(
      await db.execute(sql`select to_char(day, 'YYYY-MM-DD') as day, kind, sum(requested_count)::int as rc, sum(paid_count)::int as pc
        from report_payments_daily where method_id = ${g.methodId} group by 1, 2 order by 1, 2`),
    );
    expect(rows).toEqual([
      { day: "2025-04-01", kind: "deposit", rc: 4, pc: 0 },
      { day: "2025-04-01", kind: "withdrawal", rc: 2, pc: 0 },
      { day: "2025-04-02", kind: "deposit", rc: 0, pc: 4 },
      { day: "2025-04-02", kind: "withdrawal", rc: 0, pc: 2 },
    ]);
  });

  it("running the job again, or refolding a day, changes nothing", async () => {
    await generateActivity(db, { start: new Date("2025-05-01T00:00:00Z"), end: new Date("2025-05-02T00:00:00Z"), players: 30, rounds: 300 });
    const now = new Date("2025-05-03T00:00:00Z");
    await runReportJob({ now, settleMs: 0 });
    const before = await reportSnapshot(db);
    expect(before.report_casino_daily!.length).toBeGreaterThan(0);
    await runReportJob({ now, settleMs: 0 });
    expect(await reportSnapshot(db)).toEqual(before);
    await db.transaction((tx) => foldDay(tx, "2025-05-01"));
    expect(await reportSnapshot(db)).toEqual(before);
  });

  it("50 passes at once fold each day to the same numbers as one pass (one instance folds, the others skip)", async () => {
    await generateActivity(db, { start: new Date("2025-06-01T00:00:00Z"), end: new Date("2025-06-02T00:00:00Z"), players: 30, rounds: 300 });
    const now = new Date("2025-06-03T00:00:00Z");
    const results = await Promise.all(Array.from({ length: 50 }, () => runReportJob({ now, settleMs: 0 })));
    expect(results.some((r) => r !== "busy")).toBe(true);
    const after = await reportSnapshot(db);
    await runReportJob({ now, settleMs: 0 });
    expect(await reportSnapshot(db)).toEqual(after);
    const day = await direct("2025-06-01");
    const got = await periodFigures({ from: "2025-06-01", to: "2025-06-01" }, "2025-06-10", "2025-06-10");
    expect(got.casinoGgr).toBe(day.ggr);
    expect(got.deposits.amount).toBe(day.dep);
  });
  // Last: it moves the watermark past the other tests' days.
  it("retention by sign-up week equals the players active exactly 1, 7 and 30 Dhaka days after signing up, asked of the records", async () => {
    await generateActivity(db, {
      start: new Date("2025-07-01T00:00:00Z"),
      end: new Date("2025-08-10T00:00:00Z"),
      players: 150,
      rounds: 6_000,
      bets: 1_000,
    });
    await runReportJob({ now: new Date("2025-09-20T00:00:00Z"), settleMs: 0 });
    const period = { from: "2025-07-01" as DayKey, to: "2025-07-20" as DayKey };
    const got = await chartFigures(period, "2025-09-21", "2025-09-20");
    const dhaka = (col: string) => sql.raw(`(${col} at time zone 'Asia/Dhaka')::date`);
    const want = rowsOf<{ week: string; players: number; d1: number; d7: number; d30: number }>(
      await db.execute(sql`
        with s as (select id, ${dhaka("created_at")} as day from players where ${dhaka("created_at")} between ${period.from}::date and ${period.to}::date),
          a as (select player_id, ${dhaka("created_at")} as day from game_rounds union select player_id, ${dhaka("placed_at")} from exchange_orders),
          k as (select s.day, exists (select 1 from a where a.player_id = s.id and a.day = s.day + 1) as d1,
                  exists (select 1 from a where a.player_id = s.id and a.day = s.day + 7) as d7,
                  exists (select 1 from a where a.player_id = s.id and a.day = s.day + 30) as d30 from s)
        select to_char(date_trunc('week', day), 'YYYY-MM-DD') as week, count(*)::int as players, count(*) filter (where d1)::int as d1,
          count(*) filter (where d7)::int as d7, count(*) filter (where d30)::int as d30 from k group by 1 order by 1`),
    );
    expect(want.length).toBeGreaterThan(1);
    expect(want.some((w) => w.d1 > 0) && want.some((w) => w.d7 > 0) && want.some((w) => w.d30 > 0)).toBe(true);
    expect(got.retention).toEqual(want.map((w) => ({ ...w, d1Of: w.players, d7Of: w.players, d30Of: w.players })));
    // Read with the days treated as open (folded on read from the sources): the same table.
    expect((await chartFigures(period, "2025-07-01", "2025-09-20")).retention).toEqual(got.retention);
  });
});
