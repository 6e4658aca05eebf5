// README command 2 (`npm test`): every check in order, stopping at the first failure.
// Ends with one line "Tests: N passed, N failed" (vitest, Playwright and the slow vitest run, read from their JSON reports in
// test-results/) and a non-zero exit code when anything failed.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const results = path.join(root, "test-results");
const CHROMIUM = "/usr/bin/chromium";

// Children use this project's Node (the pinned devDependency when run through npm) and its binaries.
const env = {
  ...process.env,
  PATH: [path.join(root, "node_modules/.bin"), path.dirname(process.execPath), process.env.PATH].join(path.delimiter),
};

const counts = { passed: 0, failed: 0 };

function run(command, args, extraEnv = {}) {
  const r = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...env, ...extraEnv } });
  if (r.error) console.error(r.error.message);
  return r.status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const install = "apt-get update && apt-get install -y chromium fonts-noto-core";
  if (process.getuid?.() !== 0) {
    console.error(`The browser tests need Debian's Chromium at ${CHROMIUM}. Install it as root:\n  sudo sh -c '${install}'`);
    return false;
  }
  console.log(`${CHROMIUM} is missing; installing Debian's chromium package...`);
  return run("sh", ["-c", install], { DEBIAN_FRONTEND: "noninteractive" }) && existsSync(CHROMIUM);
}

// The main run leaves out the soak and property tests (*.slow.test.ts); the last stage runs them (VITEST_SLOW=1).
function vitest(slow = false) {
  const report = path.join(results, slow ? "vitest-slow.json" : "vitest.json");
  const ok = run("vitest", ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], slow ? { VITEST_SLOW: "1" } : {});
  const json = readJson(report);
  counts.passed += json?.numPassedTests ?? 0;
  counts.failed += json?.numFailedTests ?? 0;
  return ok;
}

function playwright() {
  const ok = run("playwright", ["test"]);
  const stats = readJson(path.join(results, "playwright.json"))?.stats;
  counts.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  counts.failed += stats?.unexpected ?? 0;
  return ok;
}

const stages = [
  ["Chromium", ensureChromium],
  ["Type check", () => run("react-router", ["typegen"]) && run("tsc", [])],
  ["Lint", () => run("eslint", ["."])],
  ["Formatting (Prettier)", () => run("prettier", ["--check", "--log-level=warn", "."])],
  ["Unit and integration tests (vitest)", () => vitest()],
  ["Browser tests (Playwright)", playwright],
  ["Soak and property tests (vitest, *.slow.test.ts)", () => vitest(true)],
];

rmSync(path.join(results, "vitest.json"), { force: true });
rmSync(path.join(results, "vitest-slow.json"), { force: true });
rmSync(path.join(results, "playwright.json"), { force: true });
mkdirSync(results, { recursive: true });

let failedStage;
for (const [name, stage] of stages) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const before = counts.failed;
  const ok = stage();
  console.log(`=== ${name}: ${ok ? "ok" : "FAILED"} (${((Date.now() - started) / 1000).toFixed(1)} s) ===`);
  if (!ok) {
    failedStage = name;
    // A stage that failed without a failing test (type errors, lint, a server that did not start) still counts as one failure.
    if (counts.failed === before) counts.failed += 1;
    break;
  }
}

if (failedStage) console.log(`\nStopped at: ${failedStage}`);
console.log(`Tests: ${counts.passed} passed, ${counts.failed} failed`);
process.exit(failedStage ? 1 : 0);
