import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { closeOpenedDatabase } from "./opened-database.ts";

// A throw-away database per test file on the server DATABASE_URL points at; demo data is never touched.
const adminUrl = process.env.TEST_ADMIN_DATABASE_URL ?? process.env.DATABASE_URL!;
process.env.TEST_ADMIN_DATABASE_URL = adminUrl;
const name = `test_${process.pid}_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
// A copy of the run's migrated template. Copying fails while another session is connected to the template
// (another worker's copy starting at the same moment), so it is tried again.
for (let attempt = 0; ; attempt++) {
  try {
    await admin.query(`create database ${name} template ${inject("postgresTemplate")}`);
    break;
  } catch (e) {
    if ((e as { code?: string }).code !== "55006" || attempt === 50) throw e;
    await new Promise((r) => setTimeout(r, 100));
  }
}
// Test data need not survive a crash; this makes every commit cheaper.
await admin.query(`alter database ${name} set synchronous_commit = off`);
await admin.end();

const url = new URL(adminUrl);
url.pathname = `/${name}`;
process.env.NODE_ENV = "test";
// Uploads (deposit proofs) and anything else kept in DATA_DIR go to a throw-away folder per test file.
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "bdgame-test-"));
process.env.DATABASE_URL = url.toString();

afterAll(async () => {
  await closeOpenedDatabase();
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  // pool.end() resolves before its sockets are gone; dropping "with (force)" then kills them and the
  // pool reports an unhandled 57P01. Wait (up to 2 s) for the connections to leave first.
  for (let i = 0; i < 40; i++) {
    const { rows } = await c.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
    if (rows[0].n === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await c.query(`drop database if exists ${name} with (force)`);
  await c.end();
});
