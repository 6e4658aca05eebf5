// Deposits through the demo seed's Nagad, which runs on the built-in simulated payment gateway.
import { expect, type Page } from "@playwright/test";

/** /deposit: Nagad, no promotion, the amount, "Pay with Nagad"; ends on the simulated wallet's checkout page. */
export async function openNagadCheckout(page: Page, amount: string) {
  await page.goto("/deposit");
  await page.waitForLoadState("networkidle");
  await page.getByTestId("promotion-select").selectOption("none");
  await page.locator("[data-testid^=method-]", { hasText: "Nagad" }).click();
  const update = page.getByTestId("deposit-update");
  if (await update.isVisible()) await update.click();
  await expect(page.getByTestId("channel-Gateway")).toContainText("Pay with Nagad");
  // Quick amounts only offer what the checkout takes (৳500 to ৳25,000): no ৳100.
  await expect(page.getByTestId("quick-amounts").getByRole("button", { name: "100", exact: true })).toHaveCount(0);
  await page.getByTestId("amount-input").fill(amount);
  await page.getByRole("button", { name: "Pay with Nagad" }).last().click();
  await expect(page).toHaveURL(/\/sim-gateway\/checkout\/SIM[0-9A-F]{16}$/);
  await expect(page.getByTestId("sim-amount")).toContainText(amount.replace(/\B(?=(\d{3})+(?!\d))/g, ","));
}

/** On the simulated wallet's page: pays with the right OTP and PIN from `wallet`. */
export async function payOnSimulatedWallet(page: Page, wallet = "01711111111") {
  await page.getByLabel("Wallet number").fill(wallet);
  await page.getByLabel("Verification code (OTP)").fill("123456");
  await page.getByLabel("PIN").fill("12121");
  await page.getByRole("button", { name: "Confirm payment" }).click();
}
