// npm run bench:gateway — deposits through the simulated payment gateway end to end: N concurrent players (default
// 50) each run checkouts one after another (startCheckout → the wallet's confirm with OTP and PIN → handleCallback with
// the success address, which executes the payment at the gateway and credits it). Prints checkouts per second, p50/p95/p99
// of execute→credited (the callback's start to its promise resolved "completed") and of the whole checkout, against
// the target p99 execute→credited < 500 ms (printed, never failed). Every 5th callback is sent twice at once, as a
// browser's double load would. Then the money check: each player's main balance equals the sum of what they paid, one
// deposits row per paid checkout, the ledger invariants; the command exits 1 when it fails.
// With DATABASE_URL (loopback only) it creates and drops its own database bench_gateway_<random> and runs through a pool
// of DATABASE_POOL_SIZE connections as the app does; without it, on a throw-away in-memory PGlite (one connection).
// Options: --players=N concurrent players (default 50), --rounds=N checkouts per player (default 10).
import { randomInt } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchPlayerRows, createBenchDatabase } from "./bench-database.ts";

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string | undefined]));
const num = (name: string, fallback: number, max: number) => Math.min(Math.max(1, Number(args.get(name) ?? fallback) || fallback), max);
const PLAYERS = num("players", 50, 1_000);
const ROUNDS = num("rounds", 10, 1_000);
const DUPLICATE_EVERY = 5;
const TARGET_P99_MS = 500;
const ORIGIN = "http://localhost:3000";
const PAYER = "01711111111";

// PostgreSQL: a database of its own, as bench:ledger's (also the app's DATABASE_URL). PGlite: in memory, with a
// temporary DATA_DIR for the dev session secret, as bench:chat's server.
const bench = process.env.DATABASE_URL ? await createBenchDatabase("gateway") : null;
const dataDir = bench ? null : mkdtempSync(path.join(os.tmpdir(), "bench-gateway-"));
if (dataDir) {
  process.env.PGLITE_DIR = "memory://";
  process.env.DATA_DIR = dataDir;
}

try {
  const { count, eq, sql } = await import("drizzle-orm");
  const { getEnv } = await import("#app/config/env.server.ts");
  const { database: globalDb } = await import("#app/db/db.server.ts");
  const { rowsOf } = await import("#app/db/rows.server.ts");
  const { players } = await import("#app/modules/players/schema.ts");
  const { deposits, paymentMethods } = await import("#app/modules/payments/schema.ts");
  const ledger = { ...(await import("#app/modules/ledger/invariants.server.ts")), ...(await import("#app/modules/ledger/queries.server.ts")) };
  const gateway = await import("#app/modules/payments/gateway-deposits.server.ts");
  const db = globalDb.db;

  const [method] = await db
    .insert(paymentMethods)
    .values({ name: "BenchPay", icon: "/demo/payments/benchpay.svg", gateway: "simulated", gatewayMin: 500_00n, gatewayMax: 25_000_00n })
    .returning();
  // Players who may deposit: a birthday (adult) and a verified phone, as the payments tests' players.
  const rows = await db
    .insert(players)
    .values(benchPlayerRows(PLAYERS).map((p) => ({ ...p, birthday: "1990-01-01", phoneVerifiedAt: new Date() })))
    .returning({ id: players.id });
  const playerIds = rows.map((r) => r.id);

  const paid = new Map<number, bigint>(playerIds.map((id) => [id, 0n]));
  let paidCount = 0;
  let errors = 0;
  let duplicates = 0;
  let duplicateSplits = 0;
  const fail = (e: unknown) => {
    errors++;
    if (errors <= 3) console.error(`  error: ${e instanceof Error ? e.message : String(e)}`);
  };

  /** One checkout end to end; returns [execute→credited ms, whole checkout ms]. Throws on anything but a credit. */
  async function checkout(playerId: number, key: string, twice: boolean): Promise<[number, number]> {
    const started = performance.now();
    const amount = BigInt(500 + randomInt(24_501)) * 100n; // whole taka within the method's range
    const { payment } = await gateway.startCheckout(
      playerId,
      { methodId: method!.id, amount, promotionId: null, idempotencyKey: key },
      { origin: ORIGIN },
    );
    const confirmed = await gateway.simConfirm(payment.gatewayPaymentId!, { wallet: PAYER, otp: gateway.SIM_OTP, pin: gateway.SIM_PIN });
    if (!confirmed.ok || !("redirect" in confirmed)) throw new Error(`the simulated wallet refused ${payment.invoice}: ${JSON.stringify(confirmed)}`);
    paid.set(playerId, paid.get(playerId)! + amount);
    paidCount++;
    const back = new URL(confirmed.redirect, ORIGIN).searchParams;
    if (back.get("status") !== "success") throw new Error(`callback status ${back.get("status")} for ${payment.invoice}`);
    const executing = performance.now();
    // Twice: both copies at once; the checkout counts as credited when both have answered.
    const answers = await Promise.all(Array.from({ length: twice ? 2 : 1 }, () => gateway.handleCallback(new URLSearchParams(back))));
    const credited = performance.now();
    if (twice) {
      duplicates++;
      if (answers[0]?.depositId !== answers[1]?.depositId) duplicateSplits++;
    }
    const bad = answers.find((r) => r?.status !== "completed");
    if (bad !== undefined) throw new Error(`callback for ${payment.invoice} answered ${bad?.status ?? "null"}`);
    return [credited - executing, credited - started];
  }

  // Warm-up, not measured (counted in the money check): every player's first checkout opens the pool's connections
  // and prepares the statements, as a running server's pool already has; then statistics, as a running site's tables.
  await Promise.all(playerIds.map((id) => checkout(id, `bench-warm-${id}`, false).catch(fail)));
  await db.execute(sql`analyze`);

  const executeMs: number[] = [];
  const wholeMs: number[] = [];
  let seq = 0;
  const cpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  await Promise.all(
    playerIds.map(async (id) => {
      for (let round = 0; round < ROUNDS; round++) {
        const twice = ++seq % DUPLICATE_EVERY === 0;
        try {
          const [execute, whole] = await checkout(id, `bench-${id}-${round}`, twice);
          executeMs.push(execute);
          wholeMs.push(whole);
        } catch (e) {
          fail(e);
        }
      }
    }),
  );
  const seconds = (performance.now() - startedAt) / 1_000;
  const cpu = process.cpuUsage(cpuBefore);
  executeMs.sort((a, b) => a - b);
  wholeMs.sort((a, b) => a - b);
  const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
  const figures = (sorted: number[]) => [50, 95, 99].map((p) => `p${p} ${pct(sorted, p).toFixed(1).padStart(7)}`).join("  ");

  const [version] = rowsOf<{ server_version: string }>(await db.execute(sql`show server_version`));
  const where = bench
    ? `PostgreSQL ${version!.server_version} (${bench.host}), database ${bench.name}`
    : `PGlite (PostgreSQL ${version!.server_version}, in memory)`;
  const connections = bench ? `a pool of ${getEnv().DATABASE_POOL_SIZE} connections (DATABASE_POOL_SIZE, as the app's)` : "PGlite's one connection";
  console.log(`Gateway deposit benchmark on ${where}`);
  console.log(
    `Machine: ${os.availableParallelism()} CPUs, load average ${os.loadavg()[0]!.toFixed(1)} at the start (figures are only comparable on a quiet machine).`,
  );
  console.log(
    `${PLAYERS} concurrent players × ${ROUNDS} checkouts through the simulated gateway (startCheckout → simConfirm → handleCallback), every ${DUPLICATE_EVERY}th callback sent twice at once; ${connections}.`,
  );
  console.log("After one unmeasured checkout per player (warm pool). node ms: this process's CPU per checkout.\n");
  const measured = PLAYERS * ROUNDS;
  console.log(`  checkouts completed       ${executeMs.length} of ${measured} (${duplicates} with the callback sent twice)`);
  console.log(`  checkouts per second      ${(executeMs.length / seconds).toFixed(1)} end to end (${seconds.toFixed(2)} s)`);
  console.log(`  execute→credited ms       ${figures(executeMs)}`);
  console.log(`  whole checkout ms         ${figures(wholeMs)}`);
  console.log(`  node ms                   ${((cpu.user + cpu.system) / 1_000 / Math.max(wholeMs.length, 1)).toFixed(2)}`);
  console.log(`  errors                    ${errors}`);
  const p99 = pct(executeMs, 99);
  console.log(`\nTarget: p99 execute→credited < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? "PASS" : "FAIL"} (${p99.toFixed(1)} ms)`);
  console.log(`Load average at the end: ${os.loadavg()[0]!.toFixed(1)}.`);

  // The money: nothing lost, nothing doubled.
  let wrong = 0;
  for (const id of playerIds) {
    const main = (await ledger.getPlayerBalances(id, db)).main.posted;
    if (main !== paid.get(id)) {
      wrong++;
      if (wrong <= 3) console.log(`  FAIL player ${id}: main balance ${main} ≠ paid ${paid.get(id)}`);
    }
  }
  const [{ n: depositRows } = { n: -1 }] = await db.select({ n: count() }).from(deposits).where(eq(deposits.methodId, method!.id));
  const report = await ledger.checkLedgerInvariants(db);
  const moneyOk = wrong === 0 && depositRows === paidCount && duplicateSplits === 0 && report.ok;
  console.log(`\nMoney check: ${moneyOk ? "PASS" : "FAIL"}`);
  console.log(`  main balances: ${PLAYERS - wrong} of ${PLAYERS} players equal the sum of their paid checkouts`);
  console.log(`  deposits rows: ${depositRows} for ${paidCount} paid checkouts (${measured} measured + ${PLAYERS} warm-up)`);
  console.log(`  duplicate callbacks: ${duplicates} pairs, ${duplicates - duplicateSplits} answered with one deposit`);
  console.log(
    `  invariants after the run: ${report.ok ? "all hold" : "VIOLATED"} (${report.counts.transfers} transfers, ${report.counts.entries} entries)`,
  );
  for (const r of report.results) if (!r.ok) console.log(`  FAIL ${r.name}: ${r.detail}`);
  await globalDb.close();
  if (!moneyOk) process.exitCode = 1;
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  if (bench) {
    await bench.drop();
    console.log(`Dropped ${bench.name}.`);
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
