// npm run bench:wallet — seamless-wallet calls per second on PostgreSQL with 1, 10 and 50 concurrent players on one
// provider (each player plays rounds of bet + win, both counted as calls), with p50/p99 per call and p99 of a bet,
// next to the baseline of bare one-row-update transactions measured in the same run (what this machine's
// PostgreSQL can do at all; the same baseline as bench:ledger).
// Needs DATABASE_URL (loopback only); creates and drops its own database bench_wallet_<random>. About a minute.
// Options: --seconds=N per run (default 5); BENCH_CLIENTS=1,10,50 (the client counts to run); DATABASE_POOL_SIZE=N the
// wallet's connections, as the app reads it (default 10). The baseline runs on one connection per client. --races: two
// active races count every settled round (the standings upsert in each win).
import os from "node:os";
import { benchPlayerRows, createBenchDatabase, fundBenchPlayers } from "./bench-database.ts";

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string | undefined]));
const SECONDS = Math.min(Math.max(Number(args.get("seconds") ?? 5), 1), 30);
const PLAYERS = 1_000;
const CLIENTS = (process.env.BENCH_CLIENTS ?? "1,10,50").split(",").map(Number);
const PLATFORM = "BENCH";
const GAME = "BENCH-SLOT-SPIN";

const { name, url: benchUrl, host, adminQuery, drop: dropDatabase } = await createBenchDatabase("wallet"); // also the app's DATABASE_URL

try {
  const { sql } = await import("drizzle-orm");
  const { openPostgres } = await import("#app/db/client.server.ts");
  const { getEnv } = await import("#app/config/env.server.ts");
  // The wallet runs through a pool sized as the app sizes its own: its calls wait for a connection as a server's do.
  const walletPool = getEnv().DATABASE_POOL_SIZE;
  const { database: globalDb } = await import("#app/db/db.server.ts");
  const { players } = await import("#app/modules/players/schema.ts");
  const { gameProviders, games } = await import("#app/modules/games/schema.ts");
  const ledger = { ...(await import("#app/modules/ledger/invariants.server.ts")), ...(await import("#app/modules/ledger/transfers.server.ts")) };
  const wallet = await import("#app/modules/games/wallet.server.ts");

  const setup = globalDb.db;
  const [provider] = await setup.insert(gameProviders).values({ platform: PLATFORM, name: "Bench", secret: "bench" }).returning();
  await setup.insert(games).values({ code: GAME, name: "Bench spin", type: "SLOT", providerId: provider!.id });
  await wallet.openHouseShards(PLATFORM); // as the seed does for every provider
  const rows = await setup.insert(players).values(benchPlayerRows(PLAYERS)).returning({ id: players.id });
  const playerIds = rows.map((r) => r.id);
  await fundBenchPlayers(playerIds);
  // Every player launches the game first, as on the site (a provider's bet needs the token of the player's live
  // session): the token the provider got at launch goes with each bet.
  const launch = await import("#app/modules/games/launch.server.ts");
  const tokens = new Map<number, string>();
  for (let i = 0; i < playerIds.length; i += 20) {
    await Promise.all(
      playerIds.slice(i, i + 20).map(async (playerId) => {
        const { token } = await launch.startLaunch({ playerId, gameCode: GAME, device: "desktop", returnTo: "/slot", lang: "en" });
        await launch.openLaunch(token, playerId);
        tokens.set(playerId, token);
      }),
    );
  }
  await setup.execute(sql`create table bench_baseline (id int primary key, n bigint not null default 0)`);
  await setup.execute(sql`insert into bench_baseline (id) select generate_series(1, ${PLAYERS})`);

  type Row = {
    scenario: string;
    clients: number;
    calls: number;
    cps: number;
    p50: number;
    p99: number;
    betP99: number;
    nodeCpu: number;
    errors: number;
  };
  const table: Row[] = [];
  let round = 0;
  const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

  async function run(scenario: "wallet" | "baseline", clients: number) {
    const database = await openPostgres(benchUrl, { max: scenario === "wallet" ? walletPool : clients + 2 });
    const latencies: number[] = [];
    const bets: number[] = [];
    let errors = 0;
    let recording = false;
    const timed = async (fn: () => Promise<unknown>, into?: number[]) => {
      const started = performance.now();
      try {
        const result = (await fn()) as { ok?: boolean; code?: string; message?: string } | undefined;
        if (result && result.ok === false) throw new Error(`${result.code}: ${result.message}`);
        const ms = performance.now() - started;
        if (!recording) return;
        latencies.push(ms);
        into?.push(ms);
      } catch (e) {
        errors++;
        if (errors <= 3) console.error(`  error: ${e instanceof Error ? e.message : String(e)}`);
      }
    };
    const oneRound = async (playerId: number) => {
      if (scenario === "baseline") {
        await timed(() =>
          database.db.transaction((tx) => tx.execute(sql`update bench_baseline set n = n + 1 where id = ${1 + Math.floor(Math.random() * PLAYERS)}`)),
        );
        return;
      }
      const roundId = `r${++round}`;
      const base = { platform: PLATFORM, playerId, roundId, gameCode: GAME };
      const token = tokens.get(playerId);
      await timed(() => wallet.walletBet({ ...base, txnId: `${roundId}b`, amount: 1_000n, token }, database.db), bets);
      await timed(() =>
        wallet.walletWin({ ...base, txnId: `${roundId}w`, amount: Math.random() < 0.5 ? 0n : 1_900n, betTxnId: `${roundId}b` }, database.db),
      );
    };
    // Warm-up, not measured: every client opens its connection and prepares its statements once, as a running
    // server's pool already has (otherwise the first calls, queued behind 50 connection starts, make the p99).
    await Promise.all(playerIds.slice(0, clients).map(oneRound));
    // Statistics, as a running site's tables have: the statements the warm-up prepared were planned for empty tables,
    // and a first run at 50 clients kept those plans (about 1,000 calls/s instead of 2,000).
    await setup.execute(sql`analyze`);
    recording = true;
    const cpuBefore = process.cpuUsage();
    const stopAt = performance.now() + SECONDS * 1_000;
    await Promise.all(
      playerIds.slice(0, clients).map(async (playerId) => {
        while (performance.now() < stopAt) await oneRound(playerId);
      }),
    );
    const cpu = process.cpuUsage(cpuBefore);
    await database.close();
    latencies.sort((a, b) => a - b);
    bets.sort((a, b) => a - b);
    const row: Row = {
      scenario,
      clients,
      calls: latencies.length,
      cps: latencies.length / SECONDS,
      p50: pct(latencies, 50),
      p99: pct(latencies, 99),
      betP99: scenario === "wallet" ? pct(bets, 99) : NaN,
      nodeCpu: (cpu.user + cpu.system) / 1000 / Math.max(latencies.length, 1),
      errors,
    };
    table.push(row);
    console.log(`  ${format(row)}`);
  }

  // --races: a daily and a weekly race count every settled round (one standings upsert per round, as on a site running races).
  if (args.has("races")) {
    const { saveRace } = await import("#app/modules/races/index.server.ts");
    const { createStaff } = await import("#tests/kit/players.ts");
    const staff = await createStaff();
    for (const period of ["daily", "weekly"] as const)
      await saveRace({ id: staff.id, ip: null }, null, {
        name: `Bench ${period} race`,
        nameBn: "",
        period,
        products: ["provider"],
        minStake: 0n,
        prizes: [10_000n],
        wallet: "main",
        turnoverMultiplier: 0,
        active: true,
      });
  }
  const header = `${"scenario".padEnd(9)} ${"clients".padStart(7)} ${"calls".padStart(7)} ${"per sec".padStart(8)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"bet p99".padStart(8)} ${"node ms".padStart(7)} ${"errors".padStart(6)}`;
  const format = (r: Row) =>
    `${r.scenario.padEnd(9)} ${String(r.clients).padStart(7)} ${String(r.calls).padStart(7)} ${r.cps.toFixed(0).padStart(8)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${(Number.isNaN(r.betP99) ? "-" : r.betP99.toFixed(1)).padStart(8)} ${r.nodeCpu.toFixed(2).padStart(7)} ${String(r.errors).padStart(6)}`;

  const pgVersion = (await adminQuery("show server_version")).rows[0].server_version;
  console.log(`Seamless-wallet benchmark on PostgreSQL ${pgVersion} (${host}), database ${name}, ${SECONDS} s per run`);
  console.log(
    `Machine: ${os.availableParallelism()} CPUs, load average ${os.loadavg()[0]!.toFixed(1)} at the start (figures are only comparable on a quiet machine).`,
  );
  console.log(
    `Each client is one player on provider ${PLATFORM} playing rounds of bet + win (both counted); house shards: game:bench:0..${wallet.HOUSE_SHARDS - 1}.`,
  );
  console.log(`Connections: the wallet's pool has ${walletPool} (DATABASE_POOL_SIZE, as the app's); the baseline has one per client, plus two.`);
  console.log("Each run starts after one unmeasured round per client (warm pool). node ms: this process's CPU per call.\n");
  console.log(`  ${header}`);
  for (const clients of CLIENTS) await run("wallet", clients);
  for (const clients of CLIENTS) await run("baseline", clients);

  const most = Math.max(...CLIENTS);
  const atMost = (s: string) => table.find((r) => r.scenario === s && r.clients === most)!;
  console.log(
    `\nAt ${most} clients the wallet reaches ${((100 * atMost("wallet").cps) / atMost("baseline").cps).toFixed(0)} % of the bare-update baseline.`,
  );
  console.log(`Load average at the end: ${os.loadavg()[0]!.toFixed(1)}.`);
  const report = await ledger.checkLedgerInvariants(setup);
  console.log(
    `Invariants after the run: ${report.ok ? "all hold" : "VIOLATED"} (${report.counts.transfers} transfers, ${report.counts.entries} entries)`,
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
