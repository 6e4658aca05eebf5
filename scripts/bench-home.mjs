// `npm run bench:home`: how fast the production server answers the home page to a guest, and how much
// JavaScript and CSS a phone downloads for it. Loopback only, bounded in time. Missed targets are printed,
// not failed; the exit code is non-zero only when something broke.
import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import { chromium } from "playwright-core";
import { chromiumLaunchOptions, phone } from "../tests/e2e/support/devices.ts";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.BENCH_PORT ?? 3300);
const base = `http://localhost:${port}`;
const TARGET_JS_KB = 150;
const TARGET_CSS_KB = 30;
const headers = { "accept-encoding": "gzip", "user-agent": phone.userAgent };

const deadline = setTimeout(() => fail(new Error("the benchmark took longer than 5 minutes")), 5 * 60_000);

// The same throw-away server as the browser tests, always on a temporary PGlite folder.
const serverEnv = { ...process.env, E2E_PORT: String(port), E2E_SERVER_LOG: "test-results/bench-server.log" };
delete serverEnv.DATABASE_URL;
const server = spawn(process.execPath, [path.join(root, "scripts/e2e-server.mjs")], { cwd: root, env: serverEnv, stdio: "inherit" });
const serverExited = new Promise((resolve) => server.on("exit", resolve));

async function stopServer() {
  if (server.exitCode === null) server.kill("SIGTERM");
  await serverExited;
}

async function fail(error) {
  console.error(`bench:home failed: ${error?.message ?? error}`);
  await stopServer();
  process.exit(1);
}

async function waitForServer(timeoutMs = 240_000) {
  const started = Date.now();
  let exited = false;
  serverExited.then(() => (exited = true));
  while (Date.now() - started < timeoutMs) {
    if (exited) throw new Error("the server exited before it answered (see test-results/bench-server.log)");
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer on ${base} within ${timeoutMs / 1000} s`);
}

function load(opts, pathname = "/") {
  return autocannon({ url: `${base}${pathname}`, headers, ...opts });
}

/** Bytes on the wire when the file is requested with Accept-Encoding: gzip (as the server sends it). */
function gzipBytes(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on("data", (chunk) => (bytes += chunk.length));
        res.on("end", () =>
          res.statusCode === 200
            ? resolve({ bytes, encoding: res.headers["content-encoding"] ?? "none" })
            : reject(new Error(`${url}: ${res.statusCode}`)),
        );
      })
      .on("error", reject);
  });
}

async function pageWeight() {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    const assets = new Map();
    page.on("response", (res) => {
      const type = res.request().resourceType();
      const { pathname } = new URL(res.url());
      if (type === "script" || pathname.endsWith(".js")) assets.set(res.url(), "js");
      else if (type === "stylesheet" || pathname.endsWith(".css")) assets.set(res.url(), "css");
    });
    await page.goto(`${base}/`, { waitUntil: "networkidle", timeout: 60_000 });
    const totals = { js: 0, css: 0 };
    const rows = [];
    for (const [url, kind] of assets) {
      const { bytes, encoding } = await gzipBytes(url);
      totals[kind] += bytes;
      rows.push(`    ${kind.padEnd(3)} ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${encoding.padEnd(4)}  ${new URL(url).pathname}`);
    }
    return { totals, rows };
  } finally {
    await browser.close();
  }
}

const verdict = (kb, target) => (kb <= target ? `OK (target <= ${target} KB)` : `OVER TARGET (target <= ${target} KB)`);

try {
  console.log(`Starting the production server on ${base} (temporary database)...`);
  await waitForServer();

  // Home beside /login (a page that reads almost nothing) in the same run: the ratio does not depend on the machine.
  const TARGET_RATIO = 0.7;
  const measured = {};
  for (const pathname of ["/", "/login"]) {
    await load({ connections: 2, duration: 3 }, pathname); // warm-up: JIT, database caches
    const result = await load({ connections: 10, duration: 10 }, pathname);
    const ok2xx = result["2xx"];
    console.log(`\nGET ${pathname} (guest, phone user agent, gzip), 10 connections for 10 s:`);
    console.log(`  requests per second: ${result.requests.average.toFixed(1)}`);
    console.log(`  latency p50: ${result.latency.p50} ms   p99: ${result.latency.p99} ms`);
    console.log(`  responses: ${ok2xx} 2xx, ${result.non2xx} other, ${result.errors} errors, ${result.timeouts} timeouts`);
    if (result.non2xx > 0 || result.errors > 0 || ok2xx === 0) throw new Error(`${pathname} did not answer 200 to every request`);
    const html = await gzipBytes(`${base}${pathname}`);
    console.log(`  HTML on the wire: ${(html.bytes / 1024).toFixed(1)} KB (${html.encoding})`);
    measured[pathname] = result.requests.average;
  }
  const ratio = measured["/"] / measured["/login"];
  console.log(
    `\n/ serves ${(100 * ratio).toFixed(0)} % of the requests per second of /login: ${ratio >= TARGET_RATIO ? "OK" : "UNDER TARGET"} (target >= ${100 * TARGET_RATIO} %)`,
  );

  const { totals, rows } = await pageWeight();
  const jsKb = totals.js / 1024;
  const cssKb = totals.css / 1024;
  console.log("\nWhat a phone downloads for the home page (JS and CSS, gzip transfer size):");
  for (const row of rows) console.log(row);
  console.log(`  JS total:  ${jsKb.toFixed(1)} KB  ${verdict(jsKb, TARGET_JS_KB)}`);
  console.log(`  CSS total: ${cssKb.toFixed(1)} KB  ${verdict(cssKb, TARGET_CSS_KB)}`);
} catch (e) {
  clearTimeout(deadline);
  await fail(e);
}
clearTimeout(deadline);
await stopServer();
