// The money flow end to end: a player reports a deposit with a PNG screenshot, staff approve it in the back office,
// the balance and the transaction record show it, the player asks for a withdrawal and staff pay it out.
import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { isMobileLayout, logIn, newPlayer, signUp, type TestPlayer } from "./support/players.ts";

// scripts/e2e-server.mjs gives the server this password for the seeded admin (ADMIN_INITIAL_PASSWORD).
const ADMIN = { username: "admin", password: process.env.ADMIN_INITIAL_PASSWORD ?? "E2e-Admin-Pass-1" };

/** A real 1x1 PNG: the server checks the file by its bytes. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

const newTrx = () => `E2E${randomBytes(5).toString("hex").toUpperCase()}`;

/** A back-office session in its own browser context (staff and players never share cookies). */
async function staffPage(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US", timezoneId: "Asia/Dhaka", javaScriptEnabled });
  const page = await context.newPage();
  await page.goto("/admin/login");
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

/** Deposits start no turnover requirement (the setting "deposit turnover multiplier" = 0), so the player may withdraw. */
async function setDepositTurnover(staff: Page, multiplier: string) {
  await staff.goto("/admin/settings");
  await staff.getByLabel("Deposit turnover multiplier").fill(multiplier);
  await staff.getByRole("button", { name: "Save settings" }).click();
  await expect(staff.getByTestId("admin-notice")).toBeVisible();
  await expect(staff.getByLabel("Deposit turnover multiplier")).toHaveValue(multiplier);
}

/** /deposit: no promotion, the first payment method, CashOut, the amount; then /make-payment with the screenshot. */
async function deposit(page: Page, { amount, trx, sender }: { amount: string; trx: string; sender: string }) {
  await page.goto("/deposit");
  await page.waitForLoadState("networkidle"); // hydrated: choosing a method then loads its channels by itself
  await page.getByTestId("promotion-select").selectOption("none");
  await page.locator("[data-testid^=method-]").first().click();
  // Without JavaScript the channels of the chosen method come with the Update button (a GET of the page).
  const update = page.getByTestId("deposit-update");
  if (await update.isVisible()) await update.click();
  await page.getByTestId("channel-Agent").click();
  await page.getByTestId("amount-input").fill(amount);
  await page.getByRole("button", { name: "Deposit", exact: true }).click();

  await expect(page).toHaveURL(/\/make-payment$/);
  await expect(page.getByTestId("pay-amount")).toContainText(amount.replace(/\B(?=(\d{3})+(?!\d))/g, ","));
  await expect(page.getByTestId("wallet-number")).toHaveText(/^0\d{10}$/);
  await page.getByLabel("Sender account number").fill(sender);
  await page.getByLabel("TRX ID").fill(trx);
  await page.getByLabel("Payment screenshot").setInputFiles({ name: "payment.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page).toHaveURL(/\/payment-request\?id=D\d+$/);
  await expect(page.getByText("Get Ready!")).toBeVisible();
}

/** Staff find the deposit by its TRX ID, see its screenshot and approve it. */
async function approveDeposit(staff: Page, trx: string, player: TestPlayer) {
  await staff.goto("/admin/finance/deposits");
  const card = staff.getByTestId("deposit-queue").locator("> li").filter({ hasText: trx });
  await expect(card).toContainText(player.username);
  const proof = card.getByTestId("deposit-proof");
  await expect(proof).toBeVisible();
  expect(await proof.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await card.getByRole("button", { name: "Approve and credit" }).click();
  await expect(staff.getByTestId("admin-notice")).toContainText(`credited to ${player.username}`);
  await expect(staff.getByTestId("deposit-queue").locator("> li").filter({ hasText: trx })).toHaveCount(0);
}

async function expectHeaderBalance(page: Page, text: string) {
  await expect(page.getByTestId("balance-main").filter({ visible: true }).first()).toContainText(text);
}

/**
 * Withdrawals need a birthday and a verified phone (the spec's tips box). Players set those on /profile, which the
 * member-centre issue builds; until then this test uses the seeded demo player, who has both.
 */
const DEMO: TestPlayer = { username: "demo", password: "Demo1234", email: "demo@deshplay.example", phone: "01700000001" };

test.describe("money", () => {
  test("a deposit with a PNG screenshot, approved by staff, shows in the header balance and the transaction record", async ({ page, browser }) => {
    const player = await signUp(page, newPlayer());
    await logIn(page, player.username, player.password);
    const trx = newTrx();
    await deposit(page, { amount: "1000", trx, sender: player.phone });
    const staff = await staffPage(browser);
    await approveDeposit(staff, trx, player);

    await page.goto("/account");
    await expectHeaderBalance(page, "1,000");
    await page.goto("/transaction-record");
    const row = page.getByTestId("record-row").first();
    await expect(row).toContainText("Deposit");
    await expect(row).toContainText("1,000");
    await expect(row).toContainText("Success");
    await staff.context().close();
  });

  test("after a turnover-free deposit, a withdrawal is held at once and paid out by staff", async ({ page, browser }, testInfo) => {
    test.slow();
    // One project only: the demo player's balance is shared by every run against this server.
    test.skip(testInfo.project.name !== "desktop", "runs once, in the desktop project");
    const player = DEMO;
    await logIn(page, player.username, player.password);

    const staff = await staffPage(browser);
    // Every deposit turnover requirement is then 0 (this setting is the same in every run of this test).
    await setDepositTurnover(staff, "0");
    const trx = newTrx();
    await deposit(page, { amount: "1000", trx, sender: player.phone });
    await approveDeposit(staff, trx, player);

    await page.goto("/withdrawal");
    await expect(page.getByTestId("withdrawal-tips")).toHaveCount(0);
    await page.locator("[data-testid^=method-]").first().click();
    await page.getByTestId("amount-input").fill("600");
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    await expect(page).toHaveURL(/\/payment-request\?id=W\d+$/);
    await page.goto("/account");
    // The amount is held at once: only 400 can still be used.
    await expectHeaderBalance(page, "400");

    await staff.goto("/admin/finance/withdrawals");
    const card = staff.getByTestId("withdrawal-queue").locator("> li").filter({ hasText: player.username });
    await expect(card.getByTestId("withdrawal-amount")).toHaveText("৳600");
    await expect(card.getByTestId("withdrawal-receiving")).toHaveText(player.phone);
    await expect(card.getByTestId("withdrawal-turnover")).toHaveText("Complete");
    await card.getByRole("button", { name: "Approve (paid out)" }).click();
    await expect(card.getByRole("alert")).toHaveText("Please give the payout reference.");
    await card.getByLabel(/Payout reference/).fill(`PAY${randomBytes(4).toString("hex").toUpperCase()}`);
    await card.getByRole("button", { name: "Approve (paid out)" }).click();
    await expect(staff.getByTestId("admin-notice")).toHaveText(new RegExp(`৳600 paid to ${player.username}`));

    await page.goto("/transaction-record");
    await expect(page.getByTestId("record-row").first()).toContainText("Withdrawal");
    await expect(page.getByTestId("record-row").first()).toContainText("Success");
    await expectHeaderBalance(page, "400");
    await staff.context().close();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the deposit form, the screenshot upload and the staff approval work as plain HTML", async ({ page, browser }) => {
      const player = await signUp(page, newPlayer());
      await logIn(page, player.username, player.password);
      const trx = newTrx();
      await deposit(page, { amount: "1500", trx, sender: player.phone });
      const staff = await staffPage(browser, false);
      await approveDeposit(staff, trx, player);
      await page.goto("/account");
      await expectHeaderBalance(page, "1,500");
      if (await isMobileLayout(page)) await expect(page.getByTestId("header-balance-mobile")).toBeVisible();
      await staff.context().close();
    });
  });
});
