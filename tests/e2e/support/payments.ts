// The cashier in browser tests: a player reports a deposit with a PNG screenshot and staff approve it in the back
// office (with or without a promotion), and the staff's deposit turnover setting.
import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page } from "@playwright/test";
import type { TestPlayer } from "./players.ts";
import { openSession } from "./sessions.ts";
import { guardContext } from "./test.ts";

// The seeded admin (the back-office log-in form has its own tests in error-pages.spec.ts and the vitest suite).
const ADMIN_USERNAME = "admin";

/** A real 1x1 PNG: the server checks the file by its bytes. */
export const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

export const newTrx = () => `E2E${randomBytes(5).toString("hex").toUpperCase()}`;

/** A back-office session in its own browser context (staff and players never share cookies). */
export async function staffPage(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US", timezoneId: "Asia/Dhaka", javaScriptEnabled });
  guardContext(context);
  const page = await context.newPage();
  await openSession(context.request, "staff", ADMIN_USERNAME);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

/** Sets the "deposit turnover multiplier" (0: deposits start no turnover requirement, so the player may withdraw). */
export async function setDepositTurnover(staff: Page, multiplier: string) {
  await staff.goto("/admin/settings");
  await staff.getByLabel("Deposit turnover multiplier").fill(multiplier);
  await staff.getByRole("button", { name: "Save settings" }).click();
  await expect(staff.getByTestId("admin-notice")).toBeVisible();
  await expect(staff.getByLabel("Deposit turnover multiplier")).toHaveValue(multiplier);
}

/**
 * Runs `fn` with the deposit turnover multiplier set to `multiplier`, then puts back what was there, so that tests
 * running later against the same server see the seeded setting.
 */
export async function withDepositTurnover<T>(staff: Page, multiplier: string, fn: () => Promise<T>): Promise<T> {
  await staff.goto("/admin/settings");
  const previous = await staff.getByLabel("Deposit turnover multiplier").inputValue();
  await setDepositTurnover(staff, multiplier);
  try {
    return await fn();
  } finally {
    await setDepositTurnover(staff, previous);
  }
}

/** The "Deposit turnover multiplier" setting in hundredths (1 -> 100, 1.5 -> 150). */
export async function depositTurnoverHundredths(staff: Page): Promise<number> {
  await staff.goto("/admin/settings");
  const text = await staff.getByLabel("Deposit turnover multiplier").inputValue();
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) throw new Error(`unexpected deposit turnover multiplier ${JSON.stringify(text)}`);
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/**
 * /deposit: the promotion whose option contains `promotion` (or none), the first payment method, CashOut, the
 * amount; then /make-payment with the screenshot. Works with and without JavaScript.
 */
export async function deposit(page: Page, { amount, trx, sender, promotion }: { amount: string; trx: string; sender: string; promotion?: string }) {
  await page.goto("/deposit");
  await page.waitForLoadState("networkidle"); // hydrated: choosing a method then loads its channels by itself
  const select = page.getByTestId("promotion-select");
  const value = promotion ? await select.locator("option", { hasText: promotion }).getAttribute("value") : "none";
  expect(value, `a promotion "${promotion}" on /deposit`).toBeTruthy();
  await select.selectOption(value!);
  await page.locator("[data-testid^=method-]").first().click();
  // Without JavaScript the channels of the chosen method come with the Update button (a GET of the page).
  const update = page.getByTestId("deposit-update");
  if (await update.isVisible()) await update.click();
  await expect(select).toHaveValue(value!);
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
export async function approveDeposit(staff: Page, trx: string, player: TestPlayer) {
  await staff.goto("/admin/finance/deposits");
  const card = staff.getByTestId("deposit-queue").locator("> li").filter({ hasText: trx });
  await expect(card).toContainText(player.username);
  // The screenshot loads lazily: with a long queue (a full run leaves many pending deposits) the card sits
  // below the fold until staff scroll to it.
  await card.scrollIntoViewIfNeeded();
  const proof = card.getByTestId("deposit-proof");
  await expect(proof).toBeVisible();
  await expect.poll(() => proof.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await card.getByRole("button", { name: "Approve and credit" }).click();
  await expect(staff.getByTestId("admin-notice")).toContainText(`credited to ${player.username}`);
  await expect(staff.getByTestId("deposit-queue").locator("> li").filter({ hasText: trx })).toHaveCount(0);
}
