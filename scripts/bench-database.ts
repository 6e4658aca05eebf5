// The PostgreSQL benchmarks' throw-away database: refuses anything but a loopback server, creates
// bench_<label>_<random>, and drops it at the end, on Ctrl-C and after a hard deadline of 10 minutes.
import { randomBytes } from "node:crypto";
import pg from "pg";

export type BenchDatabase = {
  name: string;
  /** The bench database's connection string; also set as DATABASE_URL so the app's own db (migrated on import) is it. */
  url: string;
  /** host:port of the server, for the report. */
  host: string;
  /** A statement on the server's admin database (create, drop, alter database, show). */
  adminQuery: (text: string) => Promise<pg.QueryResult>;
  drop: () => Promise<void>;
};

export async function createBenchDatabase(label: string): Promise<BenchDatabase> {
  const script = `bench:${label}`;
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.error(`${script} needs DATABASE_URL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run ${script}`);
    process.exit(2);
  }
  const admin = new URL(adminUrl);
  if (!["127.0.0.1", "localhost", "[::1]", "::1"].includes(admin.hostname)) {
    console.error(`${script} only runs against a PostgreSQL on this machine (loopback), not ${admin.hostname}.`);
    process.exit(2);
  }

  const name = `bench_${label}_${randomBytes(4).toString("hex")}`;
  const benchUrl = new URL(adminUrl);
  benchUrl.pathname = `/${name}`;

  async function adminQuery(text: string) {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      return await c.query(text);
    } finally {
      await c.end();
    }
  }

  let dropped = false;
  async function drop() {
    if (dropped) return;
    dropped = true;
    await adminQuery(`drop database if exists ${name} with (force)`);
  }
  process.on("SIGINT", () => void drop().finally(() => process.exit(130)));
  // Hard stop: whatever happens, the run ends and the database goes.
  const deadline = setTimeout(() => {
    console.error(`${script} took too long; stopping.`);
    void drop().finally(() => process.exit(1));
  }, 10 * 60_000);
  deadline.unref();

  await adminQuery(`create database ${name}`);
  process.env.DATABASE_URL = benchUrl.toString();
  return { name, url: benchUrl.toString(), host: admin.host, adminQuery, drop };
}

/** `count` players to bet with (rows for the players table; no password works for them). */
export function benchPlayerRows(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    username: `bench${i}`,
    passwordHash: "-",
    phone: `01800${String(i).padStart(6, "0")}`,
    email: `bench${i}@example.invalid`,
    referralCode: `BENCH${i}`,
  }));
}

/** Credits each player 10^12 poisha from house:bench-float through the ledger (20 players per linked transfer). */
export async function fundBenchPlayers(playerIds: number[]): Promise<void> {
  const { transferLinked } = await import("#app/modules/ledger/transfers.server.ts");
  const { database } = await import("#app/db/db.server.ts");
  for (let i = 0; i < playerIds.length; i += 20) {
    await transferLinked(
      playerIds.slice(i, i + 20).map((id) => ({
        key: `fund:${id}`,
        debit: "house:bench-float",
        credit: `player:${id}:main`,
        amount: 10n ** 12n,
        currency: "BDT" as const,
        kind: "deposit",
      })),
      database.db,
    );
  }
}
