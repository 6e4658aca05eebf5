// One statement run as the PostgreSQL administrator (`create database`, `drop database`) on its own connection: the
// browser tests' throw-away databases (scripts/e2e-server.mjs, tests/e2e/two-instances.spec.ts).
import pg from "pg";

export async function asAdmin(adminUrl, sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
