// npm run bench:autobet — issue 30's figure: 100 players autobetting 10 bets/s each on Dice through the server path
// (playDice: the nonce, the bet and the win in one transaction, as every autobet bet is), with the bet's p50/p99 and
// the rate reached, printed next to bench:wallet's bet p99 measured in the same run (10 clients playing bet + win on
// the seamless wallet as fast as they can). Target: the autobet bet p99 under 50 ms.
// Needs DATABASE_URL (loopback only); creates and drops its own database bench_autobet_<random>. About 20 seconds.
// Options: --seconds=N of autobetting (default 10), --players=N (default 100), --rate=N bets/s per player (default 10).
import os from "node:os";
import { benchPlayerRows, createBenchDatabase, fundBenchPlayers } from "./bench-database.ts";

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string | undefined]));
const SECONDS = Math.min(Math.max(Number(args.get("seconds") ?? 10), 1), 60);
const PLAYERS = Math.min(Math.max(Number(args.get("players") ?? 100), 1), 1_000);
const RATE = Math.min(Math.max(Number(args.get("rate") ?? 10), 1), 100);
const WALLET_CLIENTS = 10;

const { name, host, adminQuery, drop: dropDatabase } = await createBenchDatabase("autobet"); // also the app's DATABASE_URL

try {
  const { database: globalDb } = await import("#app/db/db.server.ts");
  const { players } = await import("#app/modules/players/schema.ts");
  const { gameProviders, games } = await import("#app/modules/games/schema.ts");
  const { HOUSE_PLATFORM } = await import("#app/modules/games/types.ts");
  const { DICE_CODE } = await import("#app/modules/games/house/dice/game.ts");
  const { playDice } = await import("#app/modules/games/house/dice/dice.server.ts");
  const wallet = await import("#app/modules/games/wallet.server.ts");
  const ledger = { ...(await import("#app/modules/ledger/invariants.server.ts")), ...(await import("#app/modules/ledger/transfers.server.ts")) };

  const setup = globalDb.db;
  const [provider] = await setup.insert(gameProviders).values({ platform: HOUSE_PLATFORM, name: "DeshPlay Originals", kind: "house" }).returning();
  await setup
    .insert(games)
    .values({ code: DICE_CODE, name: "Dice", type: "ARCADE", providerId: provider!.id, minStake: 1000n, maxStake: 2_500_000n });
  await wallet.openHouseShards(HOUSE_PLATFORM);
  const rows = await setup
    .insert(players)
    .values(benchPlayerRows(PLAYERS + WALLET_CLIENTS))
    .returning({ id: players.id });
  const ids = rows.map((r) => r.id);
  await fundBenchPlayers(ids);
  const autobetters = ids.slice(0, PLAYERS);
  const walletClients = ids.slice(PLAYERS);
  const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
  const { sql } = await import("drizzle-orm");

  // Warm-up (not measured): each player's seed pair and first bet, then statistics as a running site has.
  await Promise.all(autobetters.map((id) => playDice(id, { stake: 1000n, target: 5000, direction: "under" })));
  await setup.execute(sql`analyze`);

  /** bench:wallet's scenario: bet + win on the seamless wallet, as fast as each client can, for `seconds`. */
  async function walletRun(seconds: number) {
    const bets: number[] = [];
    let round = 0;
    const stopAt = performance.now() + seconds * 1000;
    await Promise.all(
      walletClients.map(async (playerId) => {
        while (performance.now() < stopAt) {
          const roundId = `w${playerId}:${++round}`;
          const base = { platform: HOUSE_PLATFORM, playerId, roundId, gameCode: DICE_CODE };
          const started = performance.now();
          const bet = await wallet.walletBet({ ...base, txnId: `${roundId}b`, amount: 1_000n });
          if (!bet.ok) throw new Error(`${bet.code}: ${bet.message}`);
          bets.push(performance.now() - started);
          await wallet.walletWin({ ...base, txnId: `${roundId}w`, amount: 0n, betTxnId: `${roundId}b` });
        }
      }),
    );
    return bets.sort((a, b) => a - b);
  }

  /** 100 players each placing a Dice bet every 1/RATE s (the next one as soon as the last answered, if it was late). */
  async function autobetRun() {
    const latencies: number[] = [];
    let errors = 0;
    const interval = 1000 / RATE;
    const startAt = performance.now();
    const stopAt = startAt + SECONDS * 1000;
    await Promise.all(
      autobetters.map(async (playerId, i) => {
        let next = startAt + (i * interval) / autobetters.length; // spread the players over one interval
        await sleep(next - performance.now());
        while (performance.now() < stopAt) {
          const started = performance.now();
          try {
            await playDice(playerId, { stake: 1000n, target: 5000, direction: "under" });
            latencies.push(performance.now() - started);
          } catch (e) {
            if (++errors <= 3) console.error(`  error: ${e instanceof Error ? e.message : String(e)}`);
          }
          next += interval;
          await sleep(next - performance.now());
        }
      }),
    );
    return { latencies: latencies.sort((a, b) => a - b), errors, seconds: (performance.now() - startAt) / 1000 };
  }

  const pgVersion = (await adminQuery("show server_version")).rows[0].server_version;
  console.log(`Autobet benchmark on PostgreSQL ${pgVersion} (${host}), database ${name}`);
  console.log(
    `Machine: ${os.availableParallelism()} CPUs, load average ${os.loadavg()[0]!.toFixed(1)} at the start (only comparable on a quiet machine).`,
  );
  console.log(`Pool: ${(await import("#app/config/env.server.ts")).getEnv().DATABASE_POOL_SIZE} connections (DATABASE_POOL_SIZE).\n`);

  const alone = await walletRun(5);
  console.log(
    `bench:wallet's scenario alone (${WALLET_CLIENTS} clients, bet + win, 5 s): bet p50 ${pct(alone, 50).toFixed(1)} ms, p99 ${pct(alone, 99).toFixed(1)} ms`,
  );
  const [auto, during] = await Promise.all([autobetRun(), walletRun(SECONDS)]);
  const l = auto.latencies;
  console.log(
    `Autobet: ${PLAYERS} players × ${RATE} bets/s on Dice (playDice), ${SECONDS} s: ${l.length} bets, ${(l.length / auto.seconds).toFixed(0)} bets/s (asked ${PLAYERS * RATE}), ` +
      `bet p50 ${pct(l, 50).toFixed(1)} ms, p99 ${pct(l, 99).toFixed(1)} ms, errors ${auto.errors}`,
  );
  console.log(`bench:wallet's scenario at the same time: bet p50 ${pct(during, 50).toFixed(1)} ms, p99 ${pct(during, 99).toFixed(1)} ms`);
  console.log(`Target: autobet bet p99 under 50 ms: ${pct(l, 99) < 50 ? "met" : "NOT met"}.`);
  console.log(`Load average at the end: ${os.loadavg()[0]!.toFixed(1)}.`);
  const report = await ledger.checkLedgerInvariants(setup);
  console.log(
    `Invariants after the run: ${report.ok ? "all hold" : "VIOLATED"} (${report.counts.transfers} transfers, ${report.counts.entries} entries)`,
  );
  await globalDb.close();
  if (!report.ok) process.exitCode = 1;
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  await dropDatabase();
  console.log(`Dropped ${name}.`);
}
