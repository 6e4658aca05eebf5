// With DATABASE_REPLICA_URL set, the back office's reports and CSV exports (finance, site-wide rounds) read the replica while the queues (which
// decide about money) read the primary. The "replica" here is a second database made from the same migrated template,
// so a row written to only one of the two shows which one a page read. PostgreSQL only (a replica is a PostgreSQL
// feature; PGlite runs as one embedded database).
import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";

const adminUrl = process.env.TEST_ADMIN_DATABASE_URL;
const onPostgres = Boolean(process.env.DATABASE_URL && adminUrl);
const replicaName = `replica_${process.pid}_${randomBytes(4).toString("hex")}`;

async function admin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

// Before any app module is imported (they open the databases on import): make the replica and point the app at it.
if (onPostgres) {
  await admin(async (c) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`create database ${replicaName} template ${inject("postgresTemplate")}`);
        return;
      } catch (e) {
        if ((e as { code?: string }).code !== "55006" || attempt === 50) throw e;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });
  const url = new URL(adminUrl!);
  url.pathname = `/${replicaName}`;
  process.env.DATABASE_REPLICA_URL = url.toString();
}

afterAll(async () => {
  if (!onPostgres) return;
  const { replica } = await import("#app/db/db.server.ts");
  await replica?.close();
  await admin((c) => c.query(`drop database if exists ${replicaName} with (force)`));
});

describe.runIf(onPostgres)("a read replica (DATABASE_REPLICA_URL)", () => {
  it("reports and exports read the replica; the deposit queue reads the primary", async () => {
    const { db, readDb, replica } = await import("#app/db/db.server.ts");
    const { sql } = await import("drizzle-orm");
    const { createMethod, createPlayer, seedAdmin, staffMember, taka } = await import("#tests/kit/index.ts");
    const { callRoute, staffCookie } = await import("#tests/support/route-call.ts");
    const { deposits } = await import("#app/modules/payments/schema.ts");
    const depositsExport = await import("./payments/deposits-export.ts");
    const depositsPage = await import("./payments/deposits.tsx");
    const reportPage = await import("./reports/report.tsx");
    const roundsExport = await import("./lists/rounds-export.ts");
    expect(replica).toBeDefined();
    expect(readDb).not.toBe(db);

    const tag = randomUUID().slice(0, 6).toUpperCase();
    await seedAdmin();
    await staffMember("finance", `fin${tag}`, "FinancePass123", "finance");
    const cookie = await staffCookie(`fin${tag}`, "FinancePass123");

    // On the primary: a pending deposit with TRX ID PRI….
    const method = await createMethod();
    const player = await createPlayer();
    await db.insert(deposits).values({
      playerId: player.id,
      methodId: method.id,
      channelType: "Agent",
      amount: taka(100),
      currency: "BDT",
      senderNumber: "01712345678",
      trxId: `PRI${tag}`,
      idempotencyKey: randomUUID(),
    });
    // On the replica only: a player, a method and a deposit with TRX ID REP…, and a day of casino figures.
    await readDb.execute(sql`
      with p as (
        insert into players (username, password_hash, phone, email, referral_code)
        values (${`rep${tag}`.toLowerCase()}, 'x', '01799999999', ${`rep${tag}@example.test`}, ${`REP${tag}`}) returning id
      ), m as (insert into payment_methods (name, icon) values (${`Rep${tag}`}, '/x.svg') returning id)
      insert into deposits (player_id, method_id, channel_type, amount, currency, sender_number, trx_id, status, idempotency_key)
      select p.id, m.id, 'Agent', 20000, 'BDT', '01799999999', ${`REP${tag}`}, 'pending', ${randomUUID()} from p, m`);
    await readDb.execute(sql`
      with g as (insert into game_providers (platform, name, kind) values (${`REP${tag}`}, ${`Rep${tag}`}, 'house') returning id)
      insert into game_rounds (provider_id, player_id, round_id, game_code, game_type, platform, currency, stake, payout, status, settled_at)
      select g.id, p.id, ${`round-${tag}`}, ${`rep-game-${tag}`}, 'slot', ${`REP${tag}`}, 'BDT', 10000, 0, 'settled', now()
      from g, players p where p.username = ${`rep${tag}`.toLowerCase()}`);
    await readDb.execute(sql`
      insert into report_casino_daily (day, product, provider, game, rounds, stakes, wins)
      values ('2025-06-10', 'house', ${`REP${tag}`}, ${`rep-game-${tag}`}, 3, 100000, 40000)`);

    // The export reads the replica: its deposit, not the primary's.
    const csv = await callRoute(depositsExport, `/admin/finance/deposits/export?status=all&q=REP${tag}`, { cookie });
    expect(csv.status).toBe(200);
    const text = await csv.response!.text();
    expect(text).toContain(`REP${tag}`);
    const primaryCsv = await (await callRoute(depositsExport, `/admin/finance/deposits/export?status=all&q=PRI${tag}`, { cookie })).response!.text();
    expect(primaryCsv).not.toContain(`PRI${tag}`);

    // The site-wide rounds export reads the replica's rounds.
    const rounds = await callRoute(roundsExport, `/admin/rounds/export?range=&game=rep-game-${tag}`, { cookie });
    expect(rounds.status).toBe(200);
    expect(await rounds.response!.text()).toContain(`rep-game-${tag}`);

    // The report reads the replica's daily table.
    const report = await callRoute(reportPage, "/admin/reports/games?range=custom&from=2025-06-10&to=2025-06-10", {
      cookie,
      params: { kind: "games" },
    });
    expect(report.status).toBe(200);
    expect(JSON.stringify(report.data)).toContain(`rep-game-${tag}`);

    // The queue staff decide from reads the primary: its deposit is there, the replica's is not.
    const queue = await callRoute(depositsPage, "/admin/finance/deposits?status=pending", { cookie });
    expect(queue.status).toBe(200);
    const page = JSON.stringify(queue.data);
    expect(page).toContain(`PRI${tag}`);
    expect(page).not.toContain(`REP${tag}`);
  });
});
