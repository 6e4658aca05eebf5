// Two production servers on one PostgreSQL database, as the site runs behind a load balancer: a player's session
// opened through one instance is the same session on the other, a log-out through either ends it for both, live
// pushes (support chat both ways) cross from one instance to the other, a deposit proof uploaded through one
// is served by the other, and a gateway checkout opened through one is paid on the other's wallet page. Run where DATABASE_URL is set (CI): PGlite is one process's database.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, type Page } from "@playwright/test";
import { asAdmin } from "../../scripts/pg-admin.mjs";
import { desktop } from "./support/devices.ts";
import { poishaOf, takaText } from "./support/casino-games.ts";
import { openNagadCheckout, payOnSimulatedWallet } from "./support/gateway.ts";
import { approveDeposit, deposit, newTrx } from "./support/payments.ts";
import { saveBirthday } from "./support/profile.ts";
import { openSession } from "./support/sessions.ts";
import { expect, guardContext, test } from "./support/test.ts";
import { expectLoggedIn, expectLoggedOut, fillLogin, newPlayer, signUp } from "./support/players.ts";

const adminUrl = process.env.DATABASE_URL;
const root = path.resolve(import.meta.dirname, "../..");
const ports = [Number(process.env.E2E_PORT ?? 3200) + 11, Number(process.env.E2E_PORT ?? 3200) + 12];
const origins = ports.map((port) => `http://localhost:${port}`);

// One project runs it: the servers are the subject, not the layout. Checked in beforeAll as well as per test, since
// Playwright runs beforeAll before a test's own skip: another project would start servers on the same ports.
const RUNS_IN = "desktop";

test.describe.configure({ mode: "serial" });
test.skip(!adminUrl, "two instances share a PostgreSQL database (DATABASE_URL); PGlite is one process's");
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== RUNS_IN, `runs once, in the ${RUNS_IN} project`);
});

const dbName = `e2e_two_${randomBytes(5).toString("hex")}`;
const servers: ChildProcess[] = [];
const dataDirs: string[] = [];

/** Starts server.mjs (the production build the browser tests' own server made) and waits until it answers. */
async function startInstance(index: number, env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `bdgame-instance-${index}-`));
  dataDirs.push(dataDir);
  const server = spawn(process.execPath, [path.join(root, "server.mjs")], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(ports[index]), HOST: "127.0.0.1", PUBLIC_URL: origins[index]!, DATA_DIR: dataDir },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  server.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  servers.push(server);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`instance ${index} exited: ${errors}`);
    const up = await fetch(`${origins[index]}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`instance ${index} did not answer: ${errors}`);
}

let created = false;

test.beforeAll(async ({}, testInfo) => {
  if (testInfo.project.name !== RUNS_IN) return;
  test.setTimeout(200_000);
  await asAdmin(adminUrl!, `create database ${dbName}`);
  created = true;
  const url = new URL(adminUrl!);
  url.pathname = `/${dbName}`;
  const shared = {
    NODE_ENV: "production",
    DATABASE_URL: url.toString(),
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    ADMIN_INITIAL_PASSWORD: "E2e-Admin-Pass-1",
    EXCHANGE_FEED: "off",
  };
  // The first migrates and seeds; the second starts on what it made, as a second instance does.
  await startInstance(0, { ...shared, SEED_DEMO: "true" });
  await startInstance(1, { ...shared, SEED_DEMO: "false" });
});

test.afterAll(async () => {
  for (const server of servers) server.kill("SIGTERM");
  await Promise.all(servers.map((s) => (s.exitCode === null ? new Promise((resolve) => s.once("exit", resolve)) : null)));
  if (created) await asAdmin(adminUrl!, `drop database if exists ${dbName} with (force)`);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** A desktop browser context whose relative URLs go to instance `index`. Both instances share the cookie jar of
 * localhost, as two instances behind one load balancer share the site's address. */
async function contextOn(browser: Browser, index: number) {
  const context = await browser.newContext({ ...desktop, baseURL: origins[index], locale: "en-US", timezoneId: "Asia/Dhaka" });
  guardContext(context);
  return context;
}

test(
  "a session opened through one instance is the same session on the other, and a log-out through either ends it for both",
  { tag: "@desktop" },
  async ({ browser }) => {
    const context = await contextOn(browser, 0);
    const page = await context.newPage();
    const player = await signUp(page, newPlayer());
    await page.goto(`${origins[0]}/login`);
    await fillLogin(page, player.username, player.password);
    await expectLoggedIn(page, player.username);
    const issued = await context.cookies(origins[0]);
    expect(issued.length).toBeGreaterThan(0);

    await page.goto(`${origins[1]}/account`);
    await expectLoggedIn(page, player.username);

    // Log out through the second instance; the cookie taken before, sent again to the first, opens nothing.
    await page.goto(`${origins[1]}/logout`);
    await page.getByTestId("logout-confirm").click();
    await expectLoggedOut(page);
    await context.addCookies(issued);
    await page.goto(`${origins[0]}/`);
    await expectLoggedOut(page);
    const account = await page.request.get(`${origins[0]}/account`, { maxRedirects: 0 });
    expect(account.status()).toBe(302);
    expect(account.headers()["location"]).toMatch(/^\/login/);
    await context.close();
  },
);

test(
  "support chat pushes cross instances both ways: the player on one, the staff console on the other",
  { tag: "@desktop" },
  async ({ browser }, testInfo) => {
    test.slow();
    const playerContext = await contextOn(browser, 1);
    const page = await playerContext.newPage();
    const player = await signUp(page, newPlayer());
    await openSession(playerContext.request, "player", player.username);
    await page.goto("/chat");
    await page.getByRole("button", { name: "Start a chat" }).click();
    await expect(page).toHaveURL(/\/chat-box\/\d+$/);
    await page.waitForLoadState("networkidle");
    await page.getByTestId("chat-input").fill("Asked through instance two");
    await page.getByTestId("chat-send").click();
    await expect(page.getByTestId("chat-message")).toHaveCount(1);

    const staffContext = await contextOn(browser, 0);
    const staff: Page = await staffContext.newPage();
    await openSession(staffContext.request, "staff", "admin");
    await staff.goto("/admin/support/chats");
    const row = staff.getByTestId("chat-queue-row").filter({ hasText: player.username });
    await expect(row).toContainText("Asked through instance two");
    await row.getByTestId("chat-queue-open").click();
    await staff.waitForLoadState("networkidle");

    // The reply is written through instance one; the player's open page on instance two shows it without a reload.
    await staff.getByTestId("chat-input").fill("Answered through instance one");
    await staff.getByTestId("chat-send").click();
    await expect(page.getByTestId("chat-message").last()).toContainText("Answered through instance one");
    // And the player's next message reaches the console open on instance one.
    await page.getByTestId("chat-input").fill("Thanks from instance two");
    await page.getByTestId("chat-input").press("Enter");
    await expect(staff.getByTestId("chat-message").last()).toContainText("Thanks from instance two");
    await page.screenshot({ path: testInfo.outputPath("two-instances-chat-player.png") });
    await staff.screenshot({ path: testInfo.outputPath("two-instances-chat-staff.png") });
    await playerContext.close();
    await staffContext.close();
  },
);

test(
  "a deposit proof uploaded through one instance is shown to staff by the other, and the approval's new balance is pushed back",
  { tag: "@desktop" },
  async ({ browser }) => {
    test.slow(); // a sign-up, a birthday, the upload and the approval, each a full page load
    const playerContext = await contextOn(browser, 1);
    const page = await playerContext.newPage();
    const player = await signUp(page, newPlayer());
    await openSession(playerContext.request, "player", player.username);
    await saveBirthday(page, "1990-05-17"); // every deposit needs a birthday (18+) first
    const trx = newTrx();
    await deposit(page, { amount: "1000", trx, sender: player.phone });
    await page.goto("/account");
    await page.waitForLoadState("networkidle");
    const balance = page.getByTestId("balance-main").filter({ visible: true }).first();
    const before = poishaOf((await balance.textContent()) ?? "");

    // Staff on instance one see the screenshot stored through instance two (approveDeposit checks it loads).
    const staffContext = await contextOn(browser, 0);
    const staff = await staffContext.newPage();
    await openSession(staffContext.request, "staff", "admin");
    await approveDeposit(staff, trx, player);

    // The player's open page on instance two shows the credit without a reload.
    await expect(balance).toContainText(takaText(before + 100_000).replace("৳", ""));
    await playerContext.close();
    await staffContext.close();
  },
);

test(
  "a gateway checkout opened through one instance is paid on the other's wallet page, and the credit is pushed to a page open on the other",
  { tag: "@desktop" },
  async ({ browser }) => {
    test.slow();
    const context = await contextOn(browser, 1);
    const page = await context.newPage();
    const player = await signUp(page, newPlayer());
    await openSession(context.request, "player", player.username);
    await saveBirthday(page, "1991-08-09");
    const watcher = await context.newPage();
    await watcher.goto(`${origins[0]}/account`);
    await watcher.waitForLoadState("networkidle");
    const balance = watcher.getByTestId("balance-main").filter({ visible: true }).first();
    const before = poishaOf((await balance.textContent()) ?? "");

    // Opened through instance two; the wallet's page is served by instance one from the shared database.
    await openNagadCheckout(page, "1200");
    const checkoutPath = new URL(page.url()).pathname;
    await page.goto(`${origins[0]}${checkoutPath}`);
    await payOnSimulatedWallet(page);
    const result = page.getByTestId("checkout-result");
    await expect(result).toHaveAttribute("data-outcome", "credited");
    // The page open on instance one shows the credit without a reload.
    await expect(balance).toContainText(takaText(before + 120_000).replace("৳", ""));
    await page.goto(`${origins[0]}/transaction-record`);
    await expect(page.getByTestId("record-row").first()).toContainText("1,200");
    await context.close();
  },
);
