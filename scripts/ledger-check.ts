// npm run ledger:check — proves the ledger invariants on the app's database (DATABASE_URL, or PGlite in DATA_DIR/pglite)
// and prints them. Exit 0: all hold; 1: a violation; 2: the database could not be checked.
// PGlite allows one process per folder, so on the embedded database run this while the app is stopped.
import { existsSync, readdirSync, readlinkSync } from "node:fs";
import path from "node:path";

const force = process.argv.includes("--force");

function describeTarget(): { label: string; pgliteDir?: string } {
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    if (url.password) url.password = "***";
    return { label: `PostgreSQL ${url.toString()}` };
  }
  const dir = path.resolve(process.env.PGLITE_DIR ?? path.join(process.env.DATA_DIR ?? "./data", "pglite"));
  return { label: `PGlite ${dir}`, pgliteDir: dir };
}

/** Processes (other than this one) with files open inside `dir`; undefined where /proc cannot be read. */
function processesUsing(dir: string): number[] | undefined {
  if (!existsSync("/proc/self/fd")) return undefined;
  const holders: number[] = [];
  for (const name of readdirSync("/proc")) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      if (readdirSync(`/proc/${pid}/fd`).some((fd) => readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(dir + path.sep))) holders.push(pid);
    } catch {
      // gone, or not ours to inspect
    }
  }
  return holders;
}

function refuseIfPgliteInUse(dir: string) {
  if (!existsSync(dir)) {
    console.error(`No database at ${dir} yet (the app creates it on its first start). Nothing to check.`);
    process.exit(2);
  }
  if (!existsSync(path.join(dir, "postmaster.pid"))) return;
  const holders = processesUsing(dir);
  if (holders?.length === 0) {
    console.log(`Note: ${dir} has a lock file but no process holds the folder (left by a crash); checking anyway.`);
    return;
  }
  const who = holders ? `process ${holders.join(", ")} (probably the running app)` : "another process (the running app?)";
  if (force) {
    console.log(`Warning: ${dir} seems to be in use by ${who}; --force given, checking anyway.`);
    return;
  }
  console.error(
    [
      `The PGlite folder ${dir} is locked: it is in use by ${who}.`,
      "PGlite allows one process per data folder, so this check runs on a stopped app (or on PostgreSQL via DATABASE_URL).",
      "Stop the app and run `npm run ledger:check` again.",
    ].join("\n"),
  );
  process.exit(2);
}

const target = describeTarget();
if (target.pgliteDir) refuseIfPgliteInUse(target.pgliteDir);

let database: (typeof import("#app/db/db.server.ts"))["database"];
try {
  ({ database } = await import("#app/db/db.server.ts"));
} catch (e) {
  console.error(`Could not open ${target.label}: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(2);
}

const { checkLedgerInvariants } = await import("#app/modules/ledger/invariants.server.ts");
let exitCode = 0;
try {
  const started = performance.now();
  const report = await checkLedgerInvariants(database.db);
  const ms = Math.round(performance.now() - started);
  console.log(`Ledger check on ${target.label}`);
  console.log(
    `  ${report.counts.accounts} accounts, ${report.counts.transfers} transfers, ${report.counts.entries} entries (${ms} ms, one snapshot)\n`,
  );
  for (const r of report.results) {
    console.log(`  ${r.ok ? "OK  " : "FAIL"}  ${r.name}: ${r.detail}`);
    for (const v of r.violations) console.log(`          ${JSON.stringify(v)}`);
  }
  const failed = report.results.filter((r) => !r.ok).length;
  console.log(failed === 0 ? "\nAll ledger invariants hold." : `\n${failed} invariant(s) violated.`);
  exitCode = failed === 0 ? 0 : 1;
} catch (e) {
  console.error(`The check could not run on ${target.label}: ${e instanceof Error ? e.message : String(e)}`);
  exitCode = 2;
} finally {
  await database.close();
}
process.exit(exitCode);
