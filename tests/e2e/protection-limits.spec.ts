// Responsible gaming: a new player sees the deposit-limit prompt before the first deposit, sets a 24-hour deposit
// limit on /account/responsible-gaming, makes a deposit that fits, and a second one over the limit is refused with
// the limit, what is left and when it frees up. Also without JavaScript (@key).
import { expect, test } from "./support/test.ts";
import { deposit, newTrx } from "./support/payments.ts";
import { createTestPlayer, logIn } from "./support/players.ts";
import { saveBirthday } from "./support/profile.ts";

test("a player sets a daily deposit limit and a deposit over it is refused with when it resets @key", async ({ page }) => {
  test.slow();
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  await saveBirthday(page, "1990-06-15");

  await page.goto("/deposit");
  const prompt = page.getByTestId("deposit-limit-prompt");
  await expect(prompt).toContainText("Set a deposit limit?");
  await expect(prompt.getByRole("link")).toHaveCount(0);

  await page.goto("/account/responsible-gaming");
  await expect(page.getByRole("heading", { name: "Responsible gaming", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: /Self-exclusion/ })).toHaveAttribute("href", "/account/responsible-gaming/self-exclusion");
  const day = page.getByTestId("limit-deposit_day");
  await day.getByRole("textbox").fill("1,500");
  await day.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("rg-notice")).toHaveText("Your limit is set and applies now.");
  await expect(day.getByTestId("limit-amount")).toHaveText("৳1,500.00");
  await expect(day.getByTestId("limit-remaining")).toHaveText("৳1,500.00");

  // The prompt is gone once a deposit limit is set; a deposit that fits goes through.
  await page.goto("/deposit");
  await expect(page.getByTestId("deposit-limit-prompt")).toHaveCount(0);
  await deposit(page, { amount: "1000", trx: newTrx(), sender: player.phone });

  // ৳1,000 more would go over: refused next to the amount with what is left and when it frees up.
  await page.goto("/deposit");
  await page.waitForLoadState("networkidle");
  await page.locator("[data-testid^=method-]").first().click();
  const update = page.getByTestId("deposit-update");
  if (await update.isVisible()) await update.click();
  await page.getByTestId("channel-Agent").click();
  await page.getByTestId("amount-input").fill("1000");
  await page.getByRole("button", { name: "Deposit", exact: true }).click();
  const message =
    /This would go over your 24-hour deposit limit of ৳1,500: ৳500 left\. Enough of it frees up for this amount at \d{4}-\d\d-\d\d \d\d:\d\d \(Dhaka time\)\./;
  await expect(page.getByText(message).first()).toBeVisible();
  await expect(page).toHaveURL(/\/deposit(\?.*)?$/);

  await page.goto("/account/responsible-gaming");
  await expect(page.getByTestId("limit-deposit_day").getByTestId("limit-remaining")).toHaveText("৳500.00");
});
