// The unique-player figures read through the rolling 7- and 30-day sets (and single days) equal a direct count over
// the records for 1-, 7- and 30-day and custom ranges, ranges ending on a Dhaka midnight's either side, a range reaching
// before the first sign-up, and after a past day is refolded with new activity (the rolling sets of the 29 days after
// it are recomputed: the tables then equal a refold from scratch).
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { addDays, dhakaDayBounds, type DayKey } from "#app/kernel/dhaka-time.ts";
import { closeIdleConnections } from "#app/modules/payments/test-helpers.ts";
import { chartFigures, periodFigures, playerSetsSql } from "./figures.server.ts";
import { foldDay, runReportJob } from "./job.server.ts";
import type { Period } from "./range.ts";
import { generateActivity, reportSnapshot } from "./test-helpers.ts";

afterAll(closeIdleConnections);

const FIRST: DayKey = "2024-01-01";
const LAST: DayKey = "2024-03-20";
const TODAY: DayKey = "2024-03-21";
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The unique players of a period asked of the records directly. */
async function direct({ from, to }: Period) {
  const start = dhakaDayBounds(from).start;
  const end = dhakaDayBounds(to).end;
  const within = (col: string) => sql`${sql.raw(col)} >= ${ts(start)} and ${sql.raw(col)} < ${ts(end)}`;
  const [row] = rowsOf<{ active: number; depositors: number; signups: number; ftd: number; converted: number }>(
    await db.execute(sql`
      with s as (select id from players where ${within("created_at")}),
        f as (select player_id from deposits where status = 'approved' group by player_id having ${within("min(reviewed_at)")})
      select (select count(*) from (select player_id from game_rounds where ${within("created_at")}
                union select player_id from exchange_orders where ${within("placed_at")}) a)::int as active,
        (select count(distinct player_id) from deposits where status = 'approved' and ${within("reviewed_at")})::int as depositors,
        (select count(*) from s)::int as signups, (select count(*) from f)::int as ftd,
        (select count(*) from s join f on f.player_id = s.id)::int as converted`),
  );
  return row!;
}

async function expectExact(period: Period) {
  const got = await periodFigures(period, addDays(TODAY, 1), TODAY);
  const want = await direct(period);
  expect(
    { active: got.active, depositors: got.deposits.depositors, signups: got.signups, ftd: got.firstDepositors, converted: got.converted },
    `${period.from}..${period.to}`,
  ).toEqual({ active: want.active, depositors: want.depositors, signups: want.signups, ftd: want.ftd, converted: want.converted });
  return want;
}

const rowsRead = async (period: Period) =>
  rowsOf(await db.execute(sql`select 1 from (${playerSetsSql(period, addDays(TODAY, 1), TODAY, LAST)}) r`)).length;

describe("unique players over a range, read from rolling sets", () => {
  it("equal a direct count of the records for preset and custom ranges, across Dhaka midnights and after a refold", async () => {
    await generateActivity(db, {
      start: dhakaDayBounds(FIRST).start,
      end: dhakaDayBounds(LAST).end,
      players: 150,
      rounds: 3_000,
      bets: 600,
      deposits: 400,
      withdrawals: 50,
    });
    // A dense minute either side of the Dhaka midnight between 14 and 15 February (18:00 UTC).
    await generateActivity(db, {
      start: new Date("2024-02-14T17:59:30Z"),
      end: new Date("2024-02-14T18:00:30Z"),
      players: 20,
      rounds: 200,
      bets: 40,
      deposits: 40,
      withdrawals: 10,
      minutesToSettle: 0,
    });
    const result = await runReportJob({ now: dhakaDayBounds(TODAY).start, settleMs: 0 });
    expect(result).not.toBe("busy");

    const ranges: Period[] = [
      { from: LAST, to: LAST }, // one day
      { from: addDays(LAST, -6), to: LAST }, // 7 days: one rolling row
      { from: addDays(LAST, -29), to: LAST }, // 30 days: one rolling row
      { from: addDays(LAST, -59), to: addDays(LAST, -30) }, // the previous 30 days
      { from: "2024-02-14", to: "2024-02-14" }, // the day before the midnight
      { from: "2024-02-15", to: "2024-02-15" }, // the day after it
      { from: "2024-01-17", to: "2024-02-14" }, // 29 days ending on the midnight: 7 + 7 + 7 + 7 + 1
      { from: "2024-01-16", to: "2024-02-14" }, // 30 days ending on it
      { from: "2024-02-15", to: "2024-03-15" }, // 30 days starting after it
      { from: "2024-01-20", to: "2024-03-05" }, // 46 days: 30 + 7 + 7 + 1 + 1
      { from: "2023-12-01", to: "2024-01-20" }, // starts before the first sign-up
      { from: FIRST, to: LAST }, // the whole history (80 days)
    ];
    for (const period of ranges) await expectExact(period);
    const everything = await direct({ from: FIRST, to: LAST });
    expect(everything.active > 100 && everything.depositors > 50 && everything.converted > 0).toBe(true);
    // A 30-day range reads one row, 46 days five, 80 days seven (30 + 30 + 7 + 7 + 6 singles would be more).
    expect(await rowsRead({ from: addDays(LAST, -29), to: LAST })).toBe(1);
    expect(await rowsRead({ from: "2024-01-20", to: "2024-03-05" })).toBe(5);

    // New activity on a closed day, then that day refolded alone: the rolling sets of the days after it follow.
    const day: DayKey = "2024-02-20";
    await generateActivity(db, {
      start: dhakaDayBounds(day).start,
      end: new Date(dhakaDayBounds(day).start.getTime() + 3_600_000),
      players: 8,
      rounds: 40,
      bets: 10,
      deposits: 8,
      withdrawals: 0,
      minutesToSettle: 0,
    });
    await db.transaction((tx) => foldDay(tx, day));
    for (const period of [
      { from: day, to: day },
      { from: addDays(day, -6), to: day },
      { from: addDays(day, 1), to: addDays(day, 30) },
      { from: addDays(day, -20), to: addDays(day, 9) },
      { from: addDays(LAST, -29), to: LAST },
    ])
      await expectExact(period);
    // Retention rows were refreshed for the refolded sign-up day: the table's answer equals the daily sets'.
    const period = { from: addDays(day, -35), to: day };
    expect((await chartFigures(period, addDays(TODAY, 1), TODAY)).retention).toEqual((await chartFigures(period, FIRST, TODAY)).retention);
    // And the tables equal a refold from scratch.
    const after = await reportSnapshot(db);
    await db.execute(sql`update report_cursor set folded_until = null`);
    await runReportJob({ now: dhakaDayBounds(TODAY).start, settleMs: 0 });
    expect(await reportSnapshot(db)).toEqual(after);
  }, 240_000);
});
