// The dashboard's figures for a period, read from the daily tables (today's as of the job's last pass). On request
// (`foldOnRead`) the days the job has not closed yet (the day holding its watermark and later: normally today only)
// are folded on read from the same sources the job uses, bounded to two days, without a write on a read.
import { sql, type SQL } from "drizzle-orm";
import { addDays, dhakaDayBounds, dhakaDayKey, type DayKey } from "#app/kernel/dhaka-time.ts";
import { db } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { openChatQueueSql } from "#app/modules/chat/index.server.ts";
import { paymentQueuesSql } from "#app/modules/payments/index.server.ts";
import { openReviewQueueSql } from "#app/modules/risk/index.server.ts";
import type { DashboardSection, QueueName } from "./access.ts";
import { foldedUntil } from "./job.server.ts";
import type { Period } from "./range.ts";
import { reports, type ReportName } from "./sources.server.ts";

/** The first day that is not closed: the watermark's day, never earlier than yesterday. */
export async function openFrom(now = new Date()): Promise<DayKey> {
  const mark = await foldedUntil();
  const yesterday = addDays(dhakaDayKey(now), -1);
  const day = mark ? dhakaDayKey(mark) : yesterday;
  return day < yesterday ? yesterday : day;
}

/** A report's rows (day plus its columns) over a period: closed days from its table, open days from its source. */
export function reportRows(name: ReportName, { from, to }: Period, open: DayKey, today: DayKey): SQL {
  const report = reports[name];
  const cols = sql.raw(report.columns.join(", "));
  const parts: SQL[] = [
    sql`select day, ${cols} from ${sql.raw(report.table)} where day >= ${from}::date and day <= ${to}::date and day < ${open}::date`,
  ];
  for (let d = from < open ? open : from; d <= to && d <= today; d = addDays(d, 1)) {
    const { start, end } = dhakaDayBounds(d);
    parts.push(sql`select ${d}::date as day, ${cols} from (${report.source(start, end)}) s`);
  }
  return sql.join(parts, sql` union all `);
}

const dayNumber = (day: DayKey) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** The last day the job has folded the player sets of (null: none yet). */
async function lastSetsDay(): Promise<DayKey | null> {
  const [row] = rowsOf<{ day: string | null }>(await db.execute(sql`select to_char(max(day), 'YYYY-MM-DD') as day from report_player_bits`));
  return (row?.day as DayKey | null) ?? null;
}

/**
 * The player sets covering a period, as few rows as possible: its closed days (folded, before `open`) tiled from the
 * end by the 30- and 7-day rolling sets the job keeps, then single days (a 30-day range is one row; any range of n days
 * at most n/30 + 5); the open days from their sources. A rolling set is only used up to the last folded day, so a
 * stalled job never hides a whole block. ORing the rows gives exactly the OR of the period's daily sets.
 */
export function playerSetsSql({ from, to }: Period, open: DayKey, today: DayKey, lastFolded: DayKey | null): SQL {
  const parts: SQL[] = [];
  const closedTo = to < open ? to : addDays(open, -1);
  const picks: SQL[] = [];
  for (let end = closedTo; end >= from;) {
    const left = dayNumber(end) - dayNumber(from) + 1;
    const size = lastFolded && end <= lastFolded ? (left >= 30 ? 30 : left >= 7 ? 7 : 1) : 1;
    picks.push(sql`(${end}::date, ${size}::int)`);
    end = addDays(end, -size);
  }
  const pick = (c: string) => sql.raw(`case v.size when 30 then b.${c}_30 when 7 then b.${c}_7 else b.${c} end as ${c}`);
  if (picks.length)
    parts.push(sql`select ${pick("signed_up")}, ${pick("deposited")}, ${pick("first_deposit")}, ${pick("active")}
      from report_player_bits b join (values ${sql.join(picks, sql`, `)}) v(day, size) on b.day = v.day`);
  for (let d = from < open ? open : from; d <= to && d <= today; d = addDays(d, 1)) {
    const { start, end } = dhakaDayBounds(d);
    parts.push(sql`select signed_up, deposited, first_deposit, active from (${reports.players.source(start, end)}) s`);
  }
  if (!parts.length) parts.push(sql`select ''::bit varying as signed_up, ''::bit varying, ''::bit varying, ''::bit varying where false`);
  return sql.join(parts, sql` union all `);
}

/** The longest of the player sets in `r` (sets are padded to it before they are ORed or ANDed). */
const longest = sql`coalesce(max(greatest(length(signed_up), length(deposited), length(first_deposit), length(active))), 0)`;

const n = (v: unknown) => Number(v ?? 0);
const big = (v: unknown) => String(v ?? "0");

export type PeriodFigures = {
  deposits: { count: number; amount: string; depositors: number; requestedCount: number; requestedAmount: string };
  withdrawals: { requestedCount: number; requestedAmount: string; paidCount: number; paidAmount: string };
  netDeposits: string;
  casino: { product: "house" | "provider"; rounds: number; stakes: string; wins: string; ggr: string }[];
  casinoGgr: string;
  exchange: { kind: string; matched: string; commission: string; houseResult: string }[];
  commission: string;
  houseResult: string;
  bonusCost: string;
  /** Staff's manual balance adjustments: paid to players (credits) and taken from them (debits); not part of NGR. */
  adjustments: { creditCount: number; credits: string; debitCount: number; debits: string };
  ngr: string;
  active: number;
  signups: number;
  firstDepositors: number;
  converted: number;
  /** NGR per active player, poisha (rounded toward zero); "0" with no active player. */
  arpu: string;
};

/** Every figure of one period (the dashboard shows it beside the previous one). */
export async function periodFigures(period: Period, open: DayKey, today: DayKey): Promise<PeriodFigures> {
  const rows = (name: ReportName) => reportRows(name, period, open, today);
  const sets = playerSetsSql(period, open, today, await lastSetsDay());
  const [pay, cas, ex, bonus, adj, players] = await Promise.all([
    db.execute(sql`select kind, sum(requested_count)::int as rc, sum(requested_amount)::text as ra, sum(paid_count)::int as pc,
      sum(paid_amount)::text as pa from (${rows("payments")}) r group by kind`),
    db.execute(sql`select product, sum(rounds)::int as rounds, sum(stakes)::text as stakes, sum(wins)::text as wins,
      sum(stakes - wins)::text as ggr from (${rows("casino")}) r group by product order by product`),
    db.execute(sql`select market_kind as kind, sum(matched)::text as matched, sum(commission)::text as commission,
      sum(house_result)::text as house from (${rows("exchange")}) r group by market_kind order by market_kind`),
    db.execute(sql`select coalesce(sum(cost), 0)::text as cost from (${rows("bonus")}) r`),
    db.execute(sql`select direction, sum(count)::int as n, sum(amount)::text as amount from (${rows("adjustments")}) r group by direction`),
    // Unique players: the set bits of the OR of the period's sets (a player counts once whatever number of days).
    db.execute(sql`with r as (${sets}), w as (select ${longest} as n from r),
      u as (select bit_or(report_bits_pad(signed_up, n)) as s, bit_or(report_bits_pad(deposited, n)) as d,
                   bit_or(report_bits_pad(first_deposit, n)) as f, bit_or(report_bits_pad(active, n)) as a from r, w)
      select coalesce(bit_count(d), 0)::int as depositors, coalesce(bit_count(a), 0)::int as active, coalesce(bit_count(s), 0)::int as signups,
        coalesce(bit_count(f), 0)::int as ftd, coalesce(bit_count(s & f), 0)::int as converted from u`),
  ]);
  const payBy = new Map(rowsOf<{ kind: string; rc: number; ra: string; pc: number; pa: string }>(pay).map((r) => [r.kind, r]));
  const dep = payBy.get("deposit");
  const wd = payBy.get("withdrawal");
  const casino = rowsOf<{ product: "house" | "provider"; rounds: number; stakes: string; wins: string; ggr: string }>(cas).map((r) => ({
    product: r.product,
    rounds: n(r.rounds),
    stakes: big(r.stakes),
    wins: big(r.wins),
    ggr: big(r.ggr),
  }));
  const exchange = rowsOf<{ kind: string; matched: string; commission: string; house: string }>(ex).map((r) => ({
    kind: r.kind,
    matched: big(r.matched),
    commission: big(r.commission),
    houseResult: big(r.house),
  }));
  const p = rowsOf<{ depositors: number; active: number; signups: number; ftd: number; converted: number }>(players)[0]!;
  const casinoGgr = casino.reduce((s, r) => s + BigInt(r.ggr), 0n);
  const commission = exchange.reduce((s, r) => s + BigInt(r.commission), 0n);
  const houseResult = exchange.reduce((s, r) => s + BigInt(r.houseResult), 0n);
  const bonusCost = BigInt(big(rowsOf<{ cost: string }>(bonus)[0]?.cost));
  const ngr = casinoGgr + commission + houseResult - bonusCost;
  const adjBy = new Map(rowsOf<{ direction: string; n: number; amount: string }>(adj).map((r) => [r.direction, r]));
  const depAmount = BigInt(big(dep?.pa));
  const wdPaid = BigInt(big(wd?.pa));
  return {
    deposits: {
      count: n(dep?.pc),
      amount: String(depAmount),
      depositors: n(p.depositors),
      requestedCount: n(dep?.rc),
      requestedAmount: big(dep?.ra),
    },
    withdrawals: { requestedCount: n(wd?.rc), requestedAmount: big(wd?.ra), paidCount: n(wd?.pc), paidAmount: String(wdPaid) },
    netDeposits: String(depAmount - wdPaid),
    casino,
    casinoGgr: String(casinoGgr),
    exchange,
    commission: String(commission),
    houseResult: String(houseResult),
    bonusCost: String(bonusCost),
    adjustments: {
      creditCount: n(adjBy.get("credit")?.n),
      credits: big(adjBy.get("credit")?.amount),
      debitCount: n(adjBy.get("debit")?.n),
      debits: big(adjBy.get("debit")?.amount),
    },
    ngr: String(ngr),
    active: n(p.active),
    signups: n(p.signups),
    firstDepositors: n(p.ftd),
    converted: n(p.converted),
    arpu: p.active ? String(ngr / BigInt(p.active)) : "0",
  };
}

export type ChartFigures = {
  daily: { day: DayKey; deposits: string; withdrawals: string }[];
  providers: { provider: string; product: string; stakes: string; ggr: string }[];
  retention: { week: DayKey; players: number; d1: number; d1Of: number; d7: number; d7Of: number; d30: number; d30Of: number }[];
};

/** Retention by sign-up week from the job's rows per sign-up day (every day it needs is closed). */
function retentionFromTableSql(period: Period, lastActivity: DayKey, today: DayKey): SQL {
  const upTo = (k: number) => sql`day + ${sql.raw(String(k))} <= ${lastActivity}::date`;
  return sql`select to_char(date_trunc('week', day), 'YYYY-MM-DD') as week, sum(players)::int as players,
      coalesce(sum(d1) filter (where ${upTo(1)}), 0)::int as d1, coalesce(sum(players) filter (where day + 1 <= ${today}::date), 0)::int as d1_of,
      coalesce(sum(d7) filter (where ${upTo(7)}), 0)::int as d7, coalesce(sum(players) filter (where day + 7 <= ${today}::date), 0)::int as d7_of,
      coalesce(sum(d30) filter (where ${upTo(30)}), 0)::int as d30, coalesce(sum(players) filter (where day + 30 <= ${today}::date), 0)::int as d30_of
    from report_retention_daily where day between ${period.from}::date and ${period.to}::date
    group by 1 having sum(players) > 0 order by 1`;
}

/** The same from the daily sets, when some day it needs is open (folded on read from the sources). */
function retentionFromSetsSql(period: Period, lastActivity: DayKey, open: DayKey, today: DayKey): SQL {
  // Per sign-up day: its set of players, and how many of them are in the set of players active 1, 7 and 30 days later.
  return sql`with r as (${reportRows("players", { from: period.from, to: lastActivity }, open, today)}), w as (select ${longest} as n from r),
      p as (select day, report_bits_pad(signed_up, n) as s, report_bits_pad(active, n) as a from r, w),
      back as (
        select s.day, bit_count(s.s) as players, bit_count(s.s & a1.a) as d1, bit_count(s.s & a7.a) as d7, bit_count(s.s & a30.a) as d30
        from p s left join p a1 on a1.day = s.day + 1 left join p a7 on a7.day = s.day + 7 left join p a30 on a30.day = s.day + 30
        where s.day <= ${period.to}::date
      )
      select to_char(date_trunc('week', day), 'YYYY-MM-DD') as week, sum(players)::int as players,
        coalesce(sum(d1), 0)::int as d1, coalesce(sum(players) filter (where day + 1 <= ${today}::date), 0)::int as d1_of,
        coalesce(sum(d7), 0)::int as d7, coalesce(sum(players) filter (where day + 7 <= ${today}::date), 0)::int as d7_of,
        coalesce(sum(d30), 0)::int as d30, coalesce(sum(players) filter (where day + 30 <= ${today}::date), 0)::int as d30_of
      from back group by 1 having sum(players) > 0 order by 1`;
}

/** The charts' series over the current period. */
export async function chartFigures(period: Period, open: DayKey, today: DayKey): Promise<ChartFigures> {
  const lastActivity = addDays(period.to, 30) < today ? addDays(period.to, 30) : today;
  const [daily, providers, retention] = await Promise.all([
    db.execute(sql`select to_char(day, 'YYYY-MM-DD') as day, coalesce(sum(paid_amount) filter (where kind = 'deposit'), 0)::text as deposits,
      coalesce(sum(paid_amount) filter (where kind = 'withdrawal'), 0)::text as withdrawals
      from (${reportRows("payments", period, open, today)}) r group by day`),
    db.execute(sql`select provider, min(product) as product, sum(stakes)::text as stakes, sum(stakes - wins)::text as ggr
      from (${reportRows("casino", period, open, today)}) r group by provider order by sum(stakes - wins) desc, provider`),
    db.execute(lastActivity < open ? retentionFromTableSql(period, lastActivity, today) : retentionFromSetsSql(period, lastActivity, open, today)),
  ]);
  const byDay = new Map(rowsOf<{ day: string; deposits: string; withdrawals: string }>(daily).map((r) => [r.day, r]));
  const days: ChartFigures["daily"] = [];
  for (let d = period.from; d <= period.to; d = addDays(d, 1)) {
    const r = byDay.get(d);
    days.push({ day: d, deposits: big(r?.deposits), withdrawals: big(r?.withdrawals) });
  }
  return {
    daily: days,
    providers: rowsOf<{ provider: string; product: string; stakes: string; ggr: string }>(providers),
    retention: rowsOf<{ week: string; players: number; d1: number; d1_of: number; d7: number; d7_of: number; d30: number; d30_of: number }>(
      retention,
    ).map((r) => ({ week: r.week, players: r.players, d1: r.d1, d1Of: r.d1_of, d7: r.d7, d7Of: r.d7_of, d30: r.d30, d30Of: r.d30_of })),
  };
}

export type Queue = { queue: QueueName; count: number; oldest: string | null };

/** The waiting queues the viewer may see, each with how many wait and since when the oldest has. */
export async function queues(names: readonly QueueName[]): Promise<Queue[]> {
  if (!names.length) return [];
  const parts: SQL[] = [];
  if (names.includes("deposits") || names.includes("withdrawals")) parts.push(paymentQueuesSql());
  if (names.includes("chats")) parts.push(openChatQueueSql());
  if (names.includes("reviews")) parts.push(openReviewQueueSql());
  const rows = rowsOf<{ queue: QueueName; n: number; oldest: string | null }>(
    await db.execute(sql`select queue, n, to_json(oldest)#>>'{}' as oldest from (${sql.join(parts, sql` union all `)}) q`),
  );
  return names.map((name) => {
    const r = rows.find((x) => x.queue === name);
    return { queue: name, count: n(r?.n), oldest: r?.oldest ?? null };
  });
}

export type Dashboard = {
  sections: DashboardSection[];
  current: Partial<PeriodFigures> | null;
  previous: Partial<PeriodFigures> | null;
  charts: ChartFigures | null;
  queues: Queue[];
};

/** What the dashboard shows one viewer for a range: only the sections and queues given (their role's). */
export async function dashboard(
  range: { current: Period; previous: Period },
  { sections, queues: queueNames }: { sections: DashboardSection[]; queues: QueueName[] },
  now = new Date(),
  { foldOnRead = false }: { foldOnRead?: boolean } = {},
): Promise<Dashboard> {
  const today = dhakaDayKey(now);
  // By default every day comes from the tables, today's as of the job's last pass (every 10 s, rows older than the
  // 30 s settle margin): at an operator's scale folding today on read costs as much as a pass. `foldOnRead` reads
  // the days the job has not closed from the sources instead (exact to the moment; the tests compare the two).
  const open = foldOnRead ? await openFrom(now) : addDays(today, 1);
  const wantsFigures = sections.length > 0;
  const [current, previous, charts, q] = await Promise.all([
    wantsFigures ? periodFigures(range.current, open, today) : null,
    wantsFigures ? periodFigures(range.previous, open, today) : null,
    wantsFigures ? chartFigures(range.current, open, today) : null,
    queues(queueNames),
  ]);
  return {
    sections,
    current: current && visibleFigures(current, sections),
    previous: previous && visibleFigures(previous, sections),
    charts: charts && {
      daily: sections.includes("money") ? charts.daily : [],
      providers: sections.includes("casino") ? charts.providers : [],
      retention: sections.includes("retention") ? charts.retention : [],
    },
    queues: q,
  };
}

/** Only the figures of the sections a viewer may see (the rest never leave the server). */
export function visibleFigures(f: PeriodFigures, sections: readonly DashboardSection[]): Partial<PeriodFigures> {
  const out: Partial<PeriodFigures> = {};
  if (sections.includes("money")) {
    Object.assign(out, {
      deposits: f.deposits,
      withdrawals: f.withdrawals,
      netDeposits: f.netDeposits,
      bonusCost: f.bonusCost,
      adjustments: f.adjustments,
      ngr: f.ngr,
      arpu: f.arpu,
    });
  }
  if (sections.includes("casino")) Object.assign(out, { casino: f.casino, casinoGgr: f.casinoGgr });
  if (sections.includes("exchange")) Object.assign(out, { exchange: f.exchange, commission: f.commission, houseResult: f.houseResult });
  if (sections.includes("players") || sections.includes("retention")) {
    Object.assign(out, { active: f.active, signups: f.signups, firstDepositors: f.firstDepositors, converted: f.converted });
  }
  return out;
}
