import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll } from "vitest";

// A throw-away database per test file on the server DATABASE_URL points at; demo data is never touched.
const adminUrl = process.env.TEST_ADMIN_DATABASE_URL ?? process.env.DATABASE_URL!;
process.env.TEST_ADMIN_DATABASE_URL = adminUrl;
const name = `test_${process.pid}_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();

const url = new URL(adminUrl);
url.pathname = `/${name}`;
process.env.NODE_ENV = "test";
process.env.DATABASE_URL = url.toString();

afterAll(async () => {
  const { database } = await import("#app/db/db.server.ts");
  await database.close();
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`drop database if exists ${name} with (force)`);
  await c.end();
});
