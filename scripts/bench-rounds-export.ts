// npm run bench:rounds-export — the back office's CSV export of every casino round (/admin/rounds/export) on
// PostgreSQL at 1,000,000 rounds: rows per second and how much the process grows (peak RSS and heap above the level
// before the export) while the file streams through the kernel's csvResponse from listRounds' keyset pages. Memory
// should stay flat: one page of rows and one chunk of text at a time, whatever the number of rows.
// Needs DATABASE_URL (loopback only); creates and drops its own database bench_export_<random>.
// Options: --rows=N (default 1,000,000), --page=N rows per keyset page (default 1000, as the route reads).
import { benchPlayerRows, createBenchDatabase } from "./bench-database.ts";

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string | undefined]));
const ROWS = Math.min(Math.max(Number(args.get("rows") ?? 1_000_000), 1_000), 5_000_000);
const PAGE = Math.min(Math.max(Number(args.get("page") ?? 1000), 10), 1000);
const PLAYERS = 1_000;

const { name, host, drop } = await createBenchDatabase("export");

try {
  const { sql } = await import("drizzle-orm");
  const { db, database } = await import("#app/db/db.server.ts");
  const { keysetRows } = await import("#app/db/keyset.server.ts");
  const { players } = await import("#app/modules/players/schema.ts");
  const { gameProviders } = await import("#app/modules/games/schema.ts");
  const { listRounds } = await import("#app/modules/games/records.server.ts");
  const { csvResponse, csvTaka } = await import("#app/kernel/csv.server.ts");
  const { dhakaRange } = await import("#app/kernel/dhaka-time.ts");

  await db.insert(players).values(benchPlayerRows(PLAYERS));
  const [provider] = await db.insert(gameProviders).values({ platform: "KA", name: "KA Gaming" }).returning();
  let t = performance.now();
  await db.execute(sql`
    insert into game_rounds (provider_id, player_id, round_id, game_code, game_type, platform, currency, stake, payout, status, settled_at, created_at)
    select ${provider!.id}, (select min(id) from players) + (g % ${PLAYERS}), 'r' || g, 'KA-SLOT-' || (g % 40), 'SLOT', 'KA', 'BDT',
           1000 + (g % 50) * 100, (g % 3) * 900, 'settled', c.at, c.at
    from generate_series(1, ${ROWS}) g
    cross join lateral (select now() - (${ROWS} - g) * (interval '90 days' / ${ROWS}) as at) c`);
  await db.execute(sql`analyze game_rounds`);
  console.log(`Inserted ${ROWS.toLocaleString("en")} rounds over 90 days in ${((performance.now() - t) / 1000).toFixed(1)} s (set-based).`);

  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  async function exportOnce(label: string, filter: Parameters<typeof listRounds>[0]) {
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 50);
    t = performance.now();
    const response = csvResponse({
      filename: "casino-rounds.csv",
      columns: [
        { header: "Reference", value: (r) => r.id },
        { header: "Time", value: (r) => r.createdAt },
        { header: "Username", value: (r) => r.username },
        { header: "Provider", value: (r) => r.providerName },
        { header: "Game", value: (r) => r.gameName ?? r.gameCode },
        { header: "Status", value: (r) => r.status },
        { header: "Stake", value: (r) => csvTaka(r.stake) },
        { header: "Win", value: (r) => csvTaka(r.payout) },
      ],
      rows: keysetRows(
        (before: number | undefined, limit) => listRounds(filter, { before, limit }),
        (r) => r.id,
        PAGE,
      ),
    });
    const reader = response.body!.getReader();
    let bytes = 0;
    let lines = 0;
    const settled: string[] = [];
    let nextMark = 200_000;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (const b of value) if (b === 10) lines++;
      if (gc && lines >= nextMark) {
        gc();
        settled.push(`${(nextMark / 1000).toFixed(0)}k: ${mb(process.memoryUsage().heapUsed)}`);
        nextMark += 200_000;
      }
    }
    clearInterval(sampler);
    const seconds = (performance.now() - t) / 1000;
    console.log(
      `${label}: ${(lines - 1).toLocaleString("en")} rows, ${mb(bytes)} in ${seconds.toFixed(1)} s = ${Math.round((lines - 1) / seconds).toLocaleString("en")} rows/s; ` +
        `RSS ${mb(base.rss)} -> peak ${mb(peakRss)} (+${mb(peakRss - base.rss)}), heap ${mb(base.heapUsed)} -> peak ${mb(peakHeap)} (+${mb(peakHeap - base.heapUsed)})`,
    );
    if (settled.length) console.log(`  heap after GC (base ${mb(base.heapUsed)}): ${settled.join(", ")}`);
    return lines - 1;
  }

  console.log(`PostgreSQL ${host}, database ${name}; keyset pages of ${PAGE} rows on id.`);
  await exportOnce("Today (Dhaka)", dhakaRange("today"));
  const all = await exportOnce("Every round", {});
  if (all !== ROWS) throw new Error(`exported ${all} rows, expected ${ROWS}`);
  await database.close();
} finally {
  await drop();
  console.log(`Dropped ${name}.`);
}
