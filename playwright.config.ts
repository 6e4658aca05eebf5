// Browser tests against the production build, in Debian's Chromium (never a downloaded browser).
// scripts/e2e-server.mjs builds if needed and serves it on a fresh database with the demo content.
import { randomBytes } from "node:crypto";
import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions, desktop, phone } from "./tests/e2e/support/devices.ts";

// The tests open sessions without the log-in form (tests/e2e/support/sessions.ts) with this key, which the server
// (started below with this process's environment) accepts; the workers inherit it rather than drawing their own.
process.env.E2E_SESSION_KEY ??= randomBytes(32).toString("base64url");

const port = Number(process.env.E2E_PORT ?? 3200);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  // Not test-results/ itself: Playwright empties its output folder, and the server log and vitest's report live there.
  outputDir: "test-results/playwright",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: 0,
  // A hang guard, not a speed check (benchmarks measure speed): two workers on a 2-CPU machine take 20-32 s for a
  // test that signs a player up and opens a staff page, so 30 s failed a test that had done nothing wrong.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    baseURL,
    locale: "en-US",
    timezoneId: "Asia/Dhaka",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    // Every player-facing test runs on the phone, the main audience. The desktop repeats only what differs there, tagged
    // @desktop: the layout the server picks, the desktop header and member-centre tabs, the home page's screenshots,
    // and the tests that run once (request checks, two instances). The back office, which staff run on desktops, is
    // tested there alone (@back-office; its phone-width checks are tests of their own). Every flow on every project
    // took longer than CI's 90 minutes allow.
    { name: "phone", use: phone, grepInvert: /@back-office/ },
    { name: "desktop", use: desktop, grep: /@desktop|@back-office/ },
    // The key flows again with JavaScript off: every form must work as plain HTML.
    // @with-js: a key flow whose JavaScript-less forms another no-js test already posts (a long exchange or referral
    // flow, a second revert case), run with JavaScript only.
    { name: "no-js", use: { ...phone, javaScriptEnabled: false }, grep: /@key/, grepInvert: /@with-js/ },
  ],
  webServer: {
    command: `"${process.execPath}" scripts/e2e-server.mjs`,
    url: `${baseURL}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
