// npm run bench:ledger — ledger transfers per second on PostgreSQL with 1, 10 and 50 concurrent clients, on one hot
// wallet and spread over 1,000 wallets (every bet credits the same game account, as with one provider), next to a
// baseline of bare one-row-update transactions that shows what this machine's PostgreSQL can do at all.
// Needs DATABASE_URL (loopback only); creates and drops its own database bench_ledger_<random>. About a minute.
// Options: --seconds=N per run (default 5), --also-async (repeat with synchronous_commit=off to show the
// limit without the disk flush; not a production setting for money).
import os from "node:os";
import pg from "pg";
import { benchPlayerRows, createBenchDatabase } from "./bench-database.ts";

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string | undefined]));
const SECONDS = Math.min(Math.max(Number(args.get("seconds") ?? 5), 1), 30);
const WALLETS = 1_000;
const CLIENTS = [1, 10, 50];

const { name, url: benchUrl, host, adminQuery, drop: dropDatabase } = await createBenchDatabase("ledger"); // also the app's DATABASE_URL

try {
  const { openPostgres } = await import("#app/db/client.server.ts");
  const { players } = await import("#app/modules/players/schema.ts");
  const ledger = {
    ...(await import("#app/modules/ledger/invariants.server.ts")),
    ...(await import("#app/modules/ledger/queries.server.ts")),
    ...(await import("#app/modules/ledger/transfers.server.ts")),
  };
  const { database: globalDb } = await import("#app/db/db.server.ts");

  const fsyncMs = await commitLatency(benchUrl);
  const setup = await openPostgres(benchUrl, { max: 60 });
  const rows = await setup.db.insert(players).values(benchPlayerRows(WALLETS)).returning({ id: players.id });
  const wallets = rows.map((r) => `player:${r.id}:main`);
  for (let i = 0; i < wallets.length; i += 20) {
    await ledger.transferLinked(
      wallets
        .slice(i, i + 20)
        .map((w) => ({ key: `fund:${w}`, debit: "house:bench-float", credit: w, amount: 10n ** 12n, currency: "BDT" as const, kind: "deposit" })),
      setup.db,
    );
  }
  // Resolve codes to ids once, as a caller holding the player's accounts would.
  const ids: number[] = [];
  for (const w of wallets) ids.push((await ledger.getAccountByCode(w, "BDT", setup.db))!.id);
  await setup.close();

  type Row = {
    mode: string;
    scenario: string;
    clients: number;
    transfers: number;
    tps: number;
    p50: number;
    p95: number;
    p99: number;
    errors: number;
  };
  const table: Row[] = [];
  let seq = 0;

  type Scenario = "hot wallet" | "1,000 wallets" | "baseline";
  const { sql } = await import("drizzle-orm");
  await globalDb.db.execute(sql`create table bench_baseline (id int primary key, n bigint not null default 0)`);
  await globalDb.db.execute(sql`insert into bench_baseline (id) select generate_series(1, ${WALLETS})`);

  /** baseline: a bare transaction updating one of 1,000 rows, the floor cost of any durable write on this machine. */
  async function run(mode: string, scenario: Scenario, clients: number) {
    const database = await openPostgres(benchUrl, { max: clients + 2 });
    const latencies: number[] = [];
    let errors = 0;
    const stopAt = performance.now() + SECONDS * 1_000;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < stopAt) {
          const wallet = scenario === "hot wallet" ? ids[0]! : ids[Math.floor(Math.random() * ids.length)]!;
          const started = performance.now();
          try {
            if (scenario === "baseline") {
              await database.db.transaction((tx) =>
                tx.execute(sql`update bench_baseline set n = n + 1 where id = ${1 + Math.floor(Math.random() * WALLETS)}`),
              );
              latencies.push(performance.now() - started);
              continue;
            }
            await ledger.transfer(
              { key: `bench:${++seq}`, debit: wallet, credit: "game:bench", amount: 1n, currency: "BDT", kind: "bet" },
              database.db,
            );
            latencies.push(performance.now() - started);
          } catch (e) {
            errors++;
            if (errors <= 3) console.error(`  error: ${e instanceof Error ? e.message : String(e)}`);
          }
        }
      }),
    );
    await database.close();
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0;
    const row = {
      mode,
      scenario,
      clients,
      transfers: latencies.length,
      tps: latencies.length / SECONDS,
      p50: pct(50),
      p95: pct(95),
      p99: pct(99),
      errors,
    };
    table.push(row);
    console.log(`  ${format(row)}`);
  }

  const header = `${"commit".padEnd(10)} ${"scenario".padEnd(14)} ${"clients".padStart(7)} ${"transfers".padStart(9)} ${"per sec".padStart(8)} ${"p50 ms".padStart(7)} ${"p95 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"errors".padStart(6)}`;
  const format = (r: Row) =>
    `${r.mode.padEnd(10)} ${r.scenario.padEnd(14)} ${String(r.clients).padStart(7)} ${String(r.transfers).padStart(9)} ${r.tps.toFixed(0).padStart(8)} ${r.p50.toFixed(1).padStart(7)} ${r.p95.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${String(r.errors).padStart(6)}`;

  const pgVersion = (await adminQuery("show server_version")).rows[0].server_version;
  console.log(`Ledger benchmark on PostgreSQL ${pgVersion} (${host}), database ${name}, ${SECONDS} s per run`);
  console.log(
    `Machine: ${os.availableParallelism()} CPUs, load average ${os.loadavg()[0]!.toFixed(1)} at the start (figures are only comparable on a quiet machine).`,
  );
  console.log(
    `A single-row commit takes ${fsyncMs.toFixed(1)} ms here (disk flush); a transfer is one transaction of 4 round trips (begin, lock+read, write, commit).\n`,
  );
  console.log(`  ${header}`);
  const modes = [{ mode: "durable", sql: "on" }, ...(args.has("also-async") ? [{ mode: "async", sql: "off" }] : [])];
  for (const m of modes) {
    await adminQuery(`alter database ${name} set synchronous_commit = ${m.sql}`);
    for (const scenario of ["hot wallet", "1,000 wallets", "baseline"] as const) {
      for (const clients of CLIENTS) await run(m.mode, scenario, clients);
    }
  }

  console.log(`Load average at the end: ${os.loadavg()[0]!.toFixed(1)}.`);
  const report = await ledger.checkLedgerInvariants(globalDb.db);
  console.log(
    `\nInvariants after the run: ${report.ok ? "all hold" : "VIOLATED"} (${report.counts.transfers} transfers, ${report.counts.entries} entries)`,
  );
  for (const r of report.results) if (!r.ok) console.log(`  FAIL ${r.name}: ${r.detail}`);
  await globalDb.close();
  if (!report.ok) process.exitCode = 1;
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  await dropDatabase();
  console.log(`Dropped ${name}.`);
}

/** Median time of a one-row insert commit on a fresh connection: the floor for anything that must be durable. */
async function commitLatency(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query("create table bench_commit_probe (x int)");
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await c.query("insert into bench_commit_probe values (1)");
    times.push(performance.now() - t);
  }
  await c.query("drop table bench_commit_probe");
  await c.end();
  return times.sort((a, b) => a - b)[10]!;
}
