// npm run bench:admin — the back-office dashboard and reports at an operator's scale (issue 27):
//  seeds 90 days of activity set-based (generate_series, app/modules/reporting/test-helpers.ts): first 50,000 players
//  with 1/100 of the activity (10,000 casino rounds), folds it with the aggregation job and times the 30-day dashboard
//  (the server module the /admin loader calls) and each report dimension's aggregate query; then adds the rest of the
//  activity for the same players up to 1,000,000 casino rounds, 200,000 exchange bets and 100,000 deposits over the same 90 days, refolds every
//  day from scratch and times the same again, and prints the ratio (target: p99 < 300 ms, big/small ≤ 1.5×).
// The ledger rows (deposits, bonuses, withdrawals, exchange settlements) are inserted set-based with their times
// (transfers only, no entries or balance updates, which no report reads) rather than through the ledger row by row.
// PostgreSQL via DATABASE_URL (loopback only; creates and drops bench_admin_<random>), else an embedded PGlite in a
// temporary folder (slow at full scale: pass --scale=0.1). Options: --scale=F (default 1), --runs=N (default 40).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string | undefined]));
const scale = Math.max(0.001, Number(args.get("scale") ?? 1) || 1);
const runs = Math.max(5, Number(args.get("runs") ?? 40) || 40);
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN;

let cleanup = async () => {};
const adminUrl = process.env.DATABASE_URL;
let where: string;
if (adminUrl) {
  const admin = new URL(adminUrl);
  if (!["127.0.0.1", "localhost", "[::1]", "::1"].includes(admin.hostname)) {
    console.error(`bench:admin only runs against a PostgreSQL on this machine (loopback), not ${admin.hostname}.`);
    process.exit(2);
  }
  const name = `bench_admin_${randomBytes(4).toString("hex")}`;
  const adminQuery = async (text: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  await adminQuery(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  cleanup = () => adminQuery(`drop database if exists ${name} with (force)`);
  where = `PostgreSQL ${admin.host} (${name})`;
} else {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-admin-"));
  process.env.DATA_DIR = dir;
  cleanup = async () => rmSync(dir, { recursive: true, force: true });
  where = `embedded PGlite (${dir})`;
}
process.on("SIGINT", () => void cleanup().finally(() => process.exit(130)));
const deadline = setTimeout(() => {
  console.error("bench:admin took too long (30 min); stopping.");
  void cleanup().finally(() => process.exit(1));
}, 30 * 60_000);
deadline.unref();

try {
  const { sql } = await import("drizzle-orm");
  const { db } = await import("#app/db/db.server.ts");
  const { generateActivity } = await import("#app/modules/reporting/test-helpers.ts");
  const {
    runReportJob,
    dashboard,
    periodFigures,
    chartFigures,
    queues: queueFigures,
    openFrom,
  } = await import("#app/modules/reporting/index.server.ts");
  const { readRange, sectionsFor, queuesFor } = await import("#app/modules/reporting/index.ts");
  const { addDays, dhakaDayKey } = await import("#app/kernel/dhaka-time.ts");

  console.log(`bench:admin on ${where}, scale ${scale}, ${runs} timed runs each`);
  const now = new Date();
  const start = new Date(now.getTime() - 90 * 86_400_000);
  const full = { players: 50_000, rounds: 1_000_000, bets: 200_000, deposits: 100_000, withdrawals: 30_000 };
  const part = (k: keyof typeof full, f: number) => Math.max(1, Math.round(full[k] * scale * f));

  const range = readRange({ range: "last30" }, now);
  if (!range.ok) throw new Error("range");
  const sections = sectionsFor(["admin"]);
  const queues = queuesFor(["admin"]);
  const from = range.range.current.from;
  const to = range.range.current.to;
  // One aggregate query per report dimension, over the same 30 days, from the daily tables.
  const dimensionQueries: Record<string, ReturnType<typeof sql>> = {
    "casino by product/provider/game": sql`select product, provider, game, sum(rounds), sum(stakes), sum(wins), sum(stakes - wins) from report_casino_daily where day between ${from}::date and ${to}::date group by 1, 2, 3`,
    "casino by day/product": sql`select day, product, sum(stakes - wins) from report_casino_daily where day between ${from}::date and ${to}::date group by 1, 2`,
    "exchange by kind/market": sql`select market_kind, market_id, sum(matched), sum(commission), sum(house_result) from report_exchange_daily where day between ${from}::date and ${to}::date group by 1, 2`,
    "bonus by promotion": sql`select promotion_id, sum(cost) from report_bonus_daily where day between ${from}::date and ${to}::date group by 1`,
    "payments by kind/method/channel": sql`select kind, method_id, channel, sum(requested_count), sum(requested_amount), sum(paid_count), sum(paid_amount) from report_payments_daily where day between ${from}::date and ${to}::date group by 1, 2, 3`,
    "players: uniques over 30 days (rolling set)": sql`select bit_count(active_30), bit_count(deposited_30) from report_player_bits where day = ${to}::date`,
    "players: retention rows of 30 sign-up days": sql`select sum(players), sum(d1), sum(d7), sum(d30) from report_retention_daily where day between ${from}::date and ${to}::date`,
    "players: uniques over 30 days (OR of 30 daily sets)": sql`with r as (select * from report_player_bits where day between ${from}::date and ${to}::date),
      w as (select coalesce(max(length(active)), 0) as n from r)
      select bit_count(bit_or(report_bits_pad(active, n))), bit_count(bit_or(report_bits_pad(deposited, n))) from r, w`,
  };

  async function time(fn: () => Promise<unknown>) {
    for (let i = 0; i < 3; i++) await fn();
    const xs: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await fn();
      xs.push(performance.now() - t0);
    }
    return { p50: q(xs, 0.5), p99: q(xs, 0.99) };
  }

  async function measure(label: string) {
    const out: Record<string, { p50: number; p99: number }> = {};
    out["dashboard 30 days (admin, previous period, tables)"] = await time(() =>
      dashboard(range.ok ? range.range : (undefined as never), { sections, queues }),
    );
    const open = await openFrom(now);
    const today = dhakaDayKey(now);
    const period = range.ok ? range.range.current : (undefined as never);
    out["  figures of one period, today folded on read"] = await time(() => periodFigures(period, open, today));
    out["  charts and retention, today folded on read"] = await time(() => chartFigures(period, open, today));
    out["  queues"] = await time(() => queueFigures(queues));
    for (const [name, query] of Object.entries(dimensionQueries)) out[name] = await time(() => db.execute(query));
    console.log(`\n${label}`);
    for (const [name, t] of Object.entries(out))
      console.log(`  ${name.padEnd(48)} p50 ${t.p50.toFixed(1).padStart(7)} ms   p99 ${t.p99.toFixed(1).padStart(7)} ms`);
    return out;
  }

  async function counts() {
    const [r] = (
      (await db.execute(sql`select (select count(*) from players)::int as players, (select count(*) from game_rounds)::int as rounds,
        (select count(*) from exchange_orders)::int as bets, (select count(*) from deposits)::int as deposits,
        (select count(*) from ledger_transfers)::int as transfers`)) as unknown as { rows: Record<string, number>[] }
    ).rows;
    return r!;
  }

  async function refold() {
    await db.execute(sql`delete from report_casino_daily`);
    await db.execute(sql`delete from report_exchange_daily`);
    await db.execute(sql`delete from report_bonus_daily`);
    await db.execute(sql`delete from report_payments_daily`);
    await db.execute(sql`delete from report_player_bits`);
    await db.execute(sql`delete from report_retention_daily`);
    await db.execute(sql`delete from report_cursor`);
    await db.execute(sql`analyze`);
    const t0 = performance.now();
    const result = await runReportJob({ now });
    const ms = performance.now() - t0;
    const days = result === "busy" ? 0 : result.days.length;
    console.log(
      `  aggregation job: folded ${days} days from scratch in ${(ms / 1000).toFixed(1)} s (${(ms / Math.max(1, days)).toFixed(0)} ms per day)`,
    );
    const t1 = performance.now();
    await runReportJob({ now: new Date(now.getTime() + 10_000) });
    console.log(`  an incremental pass (today only): ${(performance.now() - t1).toFixed(0)} ms`);
  }

  // Small: every player, 1/100 of the activity (the comparison: 10,000 rounds against 1,000,000, so the
  // ratio shows what history costs, not what more players cost).
  let t0 = performance.now();
  const everyone = await generateActivity(db, {
    start,
    end: now,
    players: part("players", 1),
    rounds: part("rounds", 0.01),
    bets: part("bets", 0.01),
    deposits: part("deposits", 0.01),
    withdrawals: part("withdrawals", 0.01),
    markets: 30,
  });
  console.log(`\nseeded ${JSON.stringify(await counts())} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await refold();
  const small = await measure(`small history (${part("rounds", 0.01)} rounds)`);

  // Full: the rest, over the same 90 days.
  t0 = performance.now();
  await generateActivity(db, {
    start,
    end: now,
    existingPlayers: everyone.playerIds,
    rounds: part("rounds", 0.99),
    bets: part("bets", 0.99),
    deposits: part("deposits", 0.99),
    withdrawals: part("withdrawals", 0.99),
    markets: 300,
  });
  console.log(`\nseeded ${JSON.stringify(await counts())} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await refold();
  const big = await measure(`full history (${part("rounds", 1)} rounds)`);

  console.log(`\nratio full / small (target ≤ 1.5×) and p99 (target < 300 ms)`);
  for (const name of Object.keys(big)) {
    const r = big[name]!.p99 / small[name]!.p99;
    console.log(`  ${name.padEnd(48)} ${r.toFixed(2)}×   p99 ${big[name]!.p99.toFixed(1)} ms ${big[name]!.p99 < 300 ? "ok" : "OVER"}`);
  }
  void addDays;
  const { database } = await import("#app/db/db.server.ts");
  await database.close();
} finally {
  clearTimeout(deadline);
  await cleanup();
}
process.exit(0);
