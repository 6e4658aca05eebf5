// The aggregation job: folds the source modules' rows into the daily tables. Each pass reads the watermark
// (report_cursor.folded_until) with FOR UPDATE SKIP LOCKED, so one instance folds at a time and another that finds
// the row locked skips the pass; it then recomputes every Dhaka day from the watermark's day to the day of
// (now − settle) from the sources, replacing that day's rows (delete + insert … select in one transaction), and moves
// the watermark. A day is always recomputed whole, so a pass run twice, or resumed after a crash, writes the same
// numbers. Sources are read by the moment something happened (money moved, a round settled, a bet placed), which is
// never earlier than the moment it became visible less the settle margin, so no row lands in an already closed day.
import { sql } from "drizzle-orm";
import { getEnv } from "#app/config/env.server.ts";
import { addDays, dhakaDayBounds, dhakaDayKey, type DayKey } from "#app/kernel/dhaka-time.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";
import { db, type Db, type Executor } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { firstSignupSql } from "#app/modules/players/index.server.ts";
import { reports, type Report } from "./sources.server.ts";

/** Rows younger than this may still be committing; the day they fall in stays open until the next pass. */
export const REPORT_SETTLE_MS = 30_000;
/** Days folded per transaction (the first pass on an old install catches up in several). */
const DAYS_PER_TX = 7;

const sqlDay = (day: DayKey) => sql`${day}::date`;

/** Replaces one report's rows of one day with the source's answer for that day. */
async function foldReport(ex: Executor, report: Report, day: DayKey) {
  const { start, end } = dhakaDayBounds(day);
  const cols = sql.raw(report.columns.join(", "));
  await ex.execute(sql`delete from ${sql.raw(report.table)} where day = ${sqlDay(day)}`);
  await ex.execute(sql`insert into ${sql.raw(report.table)} (day, ${cols}) select ${sqlDay(day)}, ${cols} from (${report.source(start, end)}) s`);
}

/** Recomputes every report for one day (idempotent), without the rows derived from several days (refreshDerived). */
async function foldReports(ex: Executor, day: DayKey) {
  for (const report of Object.values(reports)) await foldReport(ex, report, day);
}

/** Recomputes every report for one day and what depends on it (idempotent). */
export async function foldDay(ex: Executor, day: DayKey) {
  await foldReports(ex, day);
  await refreshDerived(ex, [day]);
}

const SETS = ["signed_up", "deposited", "first_deposit", "active"] as const;

/** The four sets ORed over the `size` days ending at `d.day`, each padded to the longest set of those days. */
function windowSql(size: number) {
  const from = sql`d.day - ${size - 1}::int`;
  return sql`(select ${sql.join(
    SETS.map((c) => sql`bit_or(report_bits_pad(x.${sql.raw(c)}, m.n)) as ${sql.raw(`${c}_${size}`)}`),
    sql`, `,
  )}
    from report_player_bits x, (select max(greatest(${sql.join(
      SETS.map((c) => sql`length(y.${sql.raw(c)})`),
      sql`, `,
    )})) as n from report_player_bits y where y.day between ${from} and d.day) m
    where x.day between ${from} and d.day)`;
}

/** The set bits of a AND b (padded to the longer; 0 when b is missing). */
const both = (a: string, b: string) =>
  sql.raw(
    `coalesce(bit_count(report_bits_pad(${a}, greatest(length(${a}), length(${b}))) & report_bits_pad(${b}, greatest(length(${a}), length(${b})))), 0)::int`,
  );

/**
 * What the days' player sets feed beyond their own row: the 7- and 30-day rolling sets of every day whose window holds
 * one of them (that day to 29 days later), and the retention rows of the sign-up days 0, 1, 7 and 30 days earlier.
 * Each row is recomputed whole from the daily sets, so it is as idempotent as a day's fold.
 */
async function refreshDerived(ex: Executor, days: DayKey[]) {
  if (!days.length) return;
  const first = days[0]!;
  const last = days.at(-1)!;
  const cols = SETS.flatMap((c) => [`${c}_7`, `${c}_30`]);
  await ex.execute(sql`
    update report_player_bits t set ${sql.join(
      cols.map((c) => sql.raw(`${c} = w.${c}`)),
      sql`, `,
    )}
    from (select d.day, r7.*, r30.* from report_player_bits d cross join lateral ${windowSql(7)} r7 cross join lateral ${windowSql(30)} r30
      where d.day between ${first}::date and ${addDays(last, 29)}::date) w
    where t.day = w.day`);
  const signups = [...new Set(days.flatMap((d) => [d, addDays(d, -1), addDays(d, -7), addDays(d, -30)]))];
  await ex.execute(sql`
    insert into report_retention_daily (day, players, d1, d7, d30)
    select s.day, bit_count(s.signed_up)::int, ${both("s.signed_up", "a1.active")}, ${both("s.signed_up", "a7.active")}, ${both("s.signed_up", "a30.active")}
    from report_player_bits s left join report_player_bits a1 on a1.day = s.day + 1 left join report_player_bits a7 on a7.day = s.day + 7
      left join report_player_bits a30 on a30.day = s.day + 30
    where s.day in (${sql.join(
      signups.map((d) => sql`${d}::date`),
      sql`, `,
    )})
    on conflict (day) do update set players = excluded.players, d1 = excluded.d1, d7 = excluded.d7, d30 = excluded.d30`);
}

export type ReportJobResult = { days: DayKey[] } | "busy";

/** The watermark: everything before it is folded (null: the job has not run). */
export async function foldedUntil(ex: Executor = db): Promise<Date | null> {
  const [row] = rowsOf<{ at: string | null }>(await ex.execute(sql`select to_json(folded_until)#>>'{}' as at from report_cursor where id = 1`));
  return row?.at ? new Date(row.at) : null;
}

/**
 * One pass: folds the days from the watermark's to (now − settle)'s. `now`/`settleMs` are for tests and the bench;
 * `database` lets a test run a second instance's pass on its own connections.
 */
export async function runReportJob({
  now = new Date(),
  settleMs = REPORT_SETTLE_MS,
  database = db,
}: { now?: Date; settleMs?: number; database?: Db } = {}): Promise<ReportJobResult> {
  await database.execute(sql`insert into report_cursor (id) values (1) on conflict do nothing`);
  const until = new Date(now.getTime() - settleMs);
  const lastDay = dhakaDayKey(until);
  const days: DayKey[] = [];
  for (;;) {
    const step = await database.transaction(async (tx) => {
      const [cursor] = rowsOf<{ at: string | null }>(
        await tx.execute(sql`select to_json(folded_until)#>>'{}' as at from report_cursor where id = 1 for update skip locked`),
      );
      if (!cursor) return "busy" as const;
      let from = cursor.at ? new Date(cursor.at) : null;
      if (!from) {
        const [first] = rowsOf<{ at: string | null }>(await tx.execute(sql`select to_json(at)#>>'{}' as at from (${firstSignupSql()}) f`));
        from = first?.at ? new Date(first.at) : until;
      }
      if (from > until) return { folded: [] as DayKey[], done: true };
      const folded: DayKey[] = [];
      let day = dhakaDayKey(from);
      while (day <= lastDay && folded.length < DAYS_PER_TX) {
        await foldReports(tx, day);
        folded.push(day);
        day = addDays(day, 1);
      }
      await refreshDerived(tx, folded);
      const done = day > lastDay;
      // Not caught up: the watermark stops at the end of the last day folded (that day is closed).
      const mark = done ? until : dhakaDayBounds(folded.at(-1)!).end;
      await tx.execute(sql`update report_cursor set folded_until = ${mark.toISOString()}::timestamptz, updated_at = now() where id = 1`);
      return { folded, done };
    });
    if (step === "busy") return days.length ? { days } : "busy";
    days.push(...step.folded);
    if (step.done) return { days };
  }
}

const log = rootLog.child({ module: "reporting" });
/** Every 10 s: today's rows older than the settle margin are in the tables within ~40 s (the dashboard folds the open day on read anyway). */
const JOB_INTERVAL_MS = 10_000;
let timer: NodeJS.Timeout | undefined;
let running = false;

/** Started with the server (app/startup/startup.server.ts); several instances share the watermark row. */
export function startReportJob() {
  if (timer) return;
  const env = getEnv();
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await runReportJob({ settleMs: env.REPORT_SETTLE_MS ?? REPORT_SETTLE_MS });
    } catch (e) {
      log.error({ err: e }, "the report aggregation job failed; it retries shortly");
    } finally {
      running = false;
    }
  };
  timer = setInterval(() => void run(), JOB_INTERVAL_MS);
  timer.unref();
  void run();
}
