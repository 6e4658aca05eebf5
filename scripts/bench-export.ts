// npm run bench:export — the back office's CSV export of 1,000,000 deposits (or, with --list=checkouts, gateway
// checkouts) on PostgreSQL: rows per second and how much
// the process grows (peak RSS and heap above the level before the export) while the whole file streams through the
// kernel's csvResponse from keyset pages (app/modules/payments/finance-history.server.ts). Memory should stay flat:
// one page of rows and one chunk of text at a time, whatever the number of rows.
// Needs DATABASE_URL (loopback only); creates and drops its own database bench_export_<random>. About a minute or two.
// Options: --rows=N (default 1,000,000), --page=N rows per keyset page (default 1000), --list=deposits|checkouts.
import { createBenchDatabase, benchPlayerRows } from "./bench-database.ts";

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string | undefined]));
const ROWS = Math.min(Math.max(Number(args.get("rows") ?? 1_000_000), 1_000), 5_000_000);
const PAGE = Math.min(Math.max(Number(args.get("page") ?? 1000), 10), 10_000);
const PLAYERS = 1_000;
const LIST = args.get("list") === "checkouts" ? "checkouts" : "deposits";

const { name, host, drop } = await createBenchDatabase("export"); // also the app's DATABASE_URL

try {
  const { sql } = await import("drizzle-orm");
  const { db, database } = await import("#app/db/db.server.ts");
  const { players } = await import("#app/modules/players/schema.ts");
  const { paymentMethods } = await import("#app/modules/payments/schema.ts");
  const { checkoutExportRows, depositExportRows } = await import("#app/modules/payments/finance-history.server.ts");
  const { csvResponse, csvTaka } = await import("#app/kernel/csv.server.ts");
  const { dhakaRange } = await import("#app/kernel/dhaka-time.ts");

  await db.insert(players).values(benchPlayerRows(PLAYERS));
  const [method] = await db.insert(paymentMethods).values({ name: "bKash", icon: "/demo/payments/bkash.svg" }).returning();
  let t = performance.now();
  if (LIST === "deposits") {
    // Set-based: one statement, spread over the last 400 days, every status.
    await db.execute(sql`
      insert into deposits (player_id, method_id, channel_type, amount, currency, sender_number, trx_id, status, idempotency_key,
                            created_at, reviewed_at, bonus_amount, reject_reason, cancelled_at)
      select p.id, ${method!.id}, 'Agent', 50000 + (g % 2000000), 'BDT', '017' || lpad((g % 100000000)::text, 8, '0'),
             'TRX' || g, s.status, 'bench-' || g, c.at,
             case when s.status in ('approved', 'rejected') then c.at + interval '5 minutes' end,
             case when s.status = 'approved' then 0 end,
             case when s.status = 'rejected' then 'টাকা আসেনি' end,
             case when s.status = 'cancelled' then c.at + interval '1 minute' end
      from generate_series(1, ${ROWS}) g
      cross join lateral (select (select min(id) from players) + (g % ${PLAYERS}) as id) p
      cross join lateral (select (array['pending', 'approved', 'approved', 'rejected', 'cancelled'])[1 + g % 5] as status) s
      cross join lateral (select now() - (${ROWS} - g) * (interval '400 days' / ${ROWS}) as at) c`);
    await db.execute(sql`analyze deposits`);
  } else {
    // Checkouts that ended without a credit (a credited one needs its deposit row), every such status.
    await db.execute(sql`
      insert into gateway_payments (player_id, method_id, gateway, invoice, gateway_payment_id, amount, currency, status, trx_id,
                                    payer, failure_reason, idempotency_key, created_at, finished_at)
      select p.id, ${method!.id}, 'simulated', 'G' || lpad(g::text, 18, '0'), 'SIM' || g, 50000 + (g % 2000000), 'BDT', s.status,
             case when s.status = 'mismatch' then 'TRX' || g end, case when s.status = 'mismatch' then '01711111111' end,
             case when s.status <> 'initiated' then 'টাকা আসেনি' end, 'bench-' || g, c.at,
             case when s.status <> 'initiated' then c.at + interval '5 minutes' end
      from generate_series(1, ${ROWS}) g
      cross join lateral (select (select min(id) from players) + (g % ${PLAYERS}) as id) p
      cross join lateral (select (array['initiated', 'failed', 'expired', 'cancelled', 'mismatch'])[1 + g % 5] as status) s
      cross join lateral (select now() - (${ROWS} - g) * (interval '400 days' / ${ROWS}) as at) c`);
    await db.execute(sql`analyze gateway_payments`);
  }
  console.log(`Inserted ${ROWS.toLocaleString("en")} ${LIST} in ${((performance.now() - t) / 1000).toFixed(1)} s (set-based).`);

  async function exportOnce(label: string, filter: Parameters<typeof depositExportRows>[0]) {
    (globalThis as { gc?: () => void }).gc?.();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 50);
    t = performance.now();
    const response =
      LIST === "deposits"
        ? csvResponse({
            filename: "deposits.csv",
            columns: [
              { header: "Reference", value: (r) => `D${r.id}` },
              { header: "Time (Dhaka)", value: (r) => r.createdAt },
              { header: "Username", value: (r) => r.username },
              { header: "Phone", value: (r) => r.phone },
              { header: "Method", value: (r) => r.method },
              { header: "Amount (BDT)", value: (r) => csvTaka(r.amount) },
              { header: "Sender number", value: (r) => r.senderNumber },
              { header: "TRX ID", value: (r) => r.trxId },
              { header: "Status", value: (r) => r.status },
              { header: "Decided by", value: (r) => r.reviewer },
              { header: "Decided at (Dhaka)", value: (r) => r.reviewedAt },
              { header: "Reason", value: (r) => r.rejectReason },
            ],
            rows: depositExportRows(filter, PAGE),
          })
        : csvResponse({
            filename: "checkouts.csv",
            columns: [
              { header: "Invoice", value: (r) => r.invoice },
              { header: "Time (Dhaka)", value: (r) => r.createdAt },
              { header: "Username", value: (r) => r.username },
              { header: "Phone", value: (r) => r.phone },
              { header: "Method", value: (r) => r.method },
              { header: "Gateway", value: (r) => r.gateway },
              { header: "Amount (BDT)", value: (r) => csvTaka(r.amount) },
              { header: "Status", value: (r) => r.status },
              { header: "Gateway payment", value: (r) => r.gatewayPaymentId },
              { header: "TRX ID", value: (r) => r.trxId },
              { header: "Payer wallet", value: (r) => r.payer },
              { header: "Reason", value: (r) => r.failureReason },
              { header: "Deposit", value: (r) => (r.depositId ? `D${r.depositId}` : null) },
              { header: "Ended at (Dhaka)", value: (r) => r.finishedAt },
              { header: "Checks", value: (r) => r.checks },
            ],
            rows: checkoutExportRows(filter, PAGE),
          });
    const reader = response.body!.getReader();
    let bytes = 0;
    let lines = 0;
    // The heap after a full collection every 200,000 rows: what the export holds on to (flat if nothing accumulates).
    const settled: string[] = [];
    let nextMark = 200_000;
    const gc = (globalThis as { gc?: () => void }).gc;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (const b of value) if (b === 10) lines++;
      if (gc && lines >= nextMark) {
        gc();
        settled.push(`${(nextMark / 1000).toFixed(0)}k: ${(process.memoryUsage().heapUsed / 1024 / 1024).toFixed(1)} MB`);
        nextMark += 200_000;
      }
    }
    clearInterval(sampler);
    const seconds = (performance.now() - t) / 1000;
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
    console.log(
      `${label}: ${(lines - 1).toLocaleString("en")} rows, ${mb(bytes)} in ${seconds.toFixed(1)} s = ${Math.round((lines - 1) / seconds).toLocaleString("en")} rows/s; ` +
        `RSS ${mb(base.rss)} -> peak ${mb(peakRss)} (+${mb(peakRss - base.rss)}), heap ${mb(base.heapUsed)} -> peak ${mb(peakHeap)} (+${mb(peakHeap - base.heapUsed)})`,
    );
    if (settled.length) console.log(`  heap after GC (base ${mb(base.heapUsed)}): ${settled.join(", ")}`);
    return lines - 1;
  }

  console.log(`PostgreSQL ${host}, database ${name}; keyset pages of ${PAGE} rows on (created_at, id).`);
  await exportOnce("Warm-up, last 7 Dhaka days", dhakaRange("last7"));
  const all = await exportOnce(`All ${LIST}`, {});
  if (all !== ROWS) throw new Error(`exported ${all} rows, expected ${ROWS}`);
  await exportOnce(
    LIST === "deposits" ? "Approved, last 30 Dhaka days" : "Failed tab, last 30 Dhaka days",
    LIST === "deposits" ? { ...dhakaRange("last30"), status: "approved" } : { ...dhakaRange("last30"), statuses: ["failed", "cancelled", "expired"] },
  );
  await database.close();
} finally {
  await drop();
  console.log(`Dropped ${name}.`);
}
