// The production server on a throw-away database, for the browser tests (Playwright's webServer) and the
// home benchmark. scripts/start.mjs builds when the sources changed, then serves the build. The database is
// a new temporary PGlite folder, or, when DATABASE_URL is set, a new PostgreSQL database e2e_<random> that
// is dropped when this process gets SIGTERM or SIGINT. Demo content and demo/Demo1234 are seeded.
// The server's output goes to test-results/e2e-server.log (or E2E_SERVER_LOG): the built-in SMS/e-mail
// gateway prints each message there on lines starting with "[outbox]".
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { asAdmin } from "./pg-admin.mjs";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.E2E_PORT ?? 3200);
const logFile = path.resolve(root, process.env.E2E_SERVER_LOG ?? "test-results/e2e-server.log");

const dataDir = mkdtempSync(path.join(os.tmpdir(), "bdgame-e2e-"));
const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(port),
  HOST: "127.0.0.1",
  PUBLIC_URL: `http://localhost:${port}`,
  SESSION_SECRET: randomBytes(32).toString("base64url"),
  SEED_DEMO: "true",
  DATA_DIR: dataDir,
  // The back-office tests log in as the seeded admin with this password.
  ADMIN_INITIAL_PASSWORD: process.env.ADMIN_INITIAL_PASSWORD ?? "E2e-Admin-Pass-1",
  // The AML signal job runs every 2 s and reads rows at once, so a test sees its signal without waiting a minute.
  RISK_JOB_INTERVAL_MS: "2000",
  RISK_SETTLE_MS: "0",
  // The dashboard's figures fold rows at once rather than 30 s later.
  REPORT_SETTLE_MS: "0",
  // No browser test plays the exchange yet: keep its simulated matches and market-maker from loading the server.
  EXCHANGE_FEED: process.env.EXCHANGE_FEED ?? "off",
};

let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const adminUrl = process.env.DATABASE_URL;
  const name = `e2e_${randomBytes(6).toString("hex")}`;
  await asAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  dropDatabase = () => asAdmin(adminUrl, `drop database if exists ${name} with (force)`);
}

mkdirSync(path.dirname(logFile), { recursive: true });
const log = createWriteStream(logFile);
const server = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
server.stdout.pipe(log, { end: false });
server.stderr.on("data", (chunk) => {
  log.write(chunk);
  process.stderr.write(chunk);
});

let cleaning;
function cleanUp() {
  cleaning ??= (async () => {
    try {
      await dropDatabase();
    } catch (e) {
      console.error("Could not drop the e2e database:", e);
    }
    rmSync(dataDir, { recursive: true, force: true });
    await new Promise((resolve) => log.end(resolve));
  })();
  return cleaning;
}

let stopping = false;
// The server only ends on its own when it failed (e.g. the build broke or the port is taken).
server.on("exit", async () => {
  await cleanUp();
  process.exit(stopping ? 0 : 1);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopping = true;
    server.kill("SIGTERM");
  });
}
