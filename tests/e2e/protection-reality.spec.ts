// Reality checks and net deposits in the browser: a player sets a check every 15 minutes; on a game page the
// modal appears when the page's clock reaches the interval, cannot be dismissed, and acknowledging it closes it
// and re-arms it. Without JavaScript (@key) the interstitial page shows the figures and goes back to the game.
// The public responsible-gaming page and the member pages link the tools; the history shows net deposits.
import { type Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { createTestPlayer, logIn } from "./support/players.ts";

async function setInterval15(page: Page) {
  await page.goto("/account/responsible-gaming/reality-check");
  await page.getByRole("radio", { name: "15 minutes" }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("reality-saved")).toHaveText("Saved: a reality check every 15 minutes, counted from now.");
  await expect(page.getByRole("radio", { name: "15 minutes" })).toBeChecked();
}

test("the reality check interrupts a game after 15 minutes and must be acknowledged", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the modal needs JavaScript");
  test.slow(); // sign-up, log-in, the setting and two checks
  await page.clock.install();
  // Jumping the page's clock makes the header's live balance think its event stream went quiet, so it polls
  // /resources/balance with the session: the page must stay as it is (it once polled the bearer-only API and reloaded).
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  await setInterval15(page);

  await page.goto("/house/dice");
  await expect(page.getByTestId("house-balance")).toBeVisible();
  await expect(page.getByTestId("game-rg-link")).toHaveAttribute("href", "/account/responsible-gaming");
  const modal = page.getByTestId("reality-modal");
  await expect(modal).toBeHidden();
  await expect(modal).toHaveAttribute("data-armed", ""); // the page is live: its timer runs

  await page.clock.fastForward("14:00");
  await expect(modal).toBeHidden();
  await page.clock.fastForward("01:05");
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("heading", { name: "Reality check" })).toBeVisible();
  await expect(modal.getByTestId("reality-elapsed")).toHaveText(/^\d+ min$/);
  await expect(modal.getByTestId("reality-net")).toHaveText("৳0.00");
  for (const href of ["/betting-record", "/transaction-record", "/account/responsible-gaming/history"]) {
    await expect(modal.locator(`a[href="${href}"]`)).toBeVisible();
  }
  await expect(modal.getByRole("button", { name: "Log out" })).toBeVisible();
  // Focus is in the dialog; Escape and a click outside leave it open.
  await expect(modal.getByTestId("reality-acknowledge")).toBeFocused();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  await expect(modal).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(modal).toBeVisible();

  // The game page's data is read again after the acknowledgement; the clock moves on once it has arrived.
  const revalidated = page.waitForResponse((r) => new URL(r.url()).pathname === "/house/dice.data");
  await modal.getByTestId("reality-acknowledge").click();
  await expect(modal).toBeHidden();
  await revalidated;
  await expect(page.getByTestId("dice-page")).toBeVisible();

  // Re-armed: the next check comes one interval after the acknowledgement.
  await page.clock.fastForward("14:00");
  await expect(modal).toBeHidden();
  await page.clock.fastForward("01:30");
  await expect(modal).toBeVisible();
  await modal.getByTestId("reality-acknowledge").click();
  await expect(modal).toBeHidden();
});

test("the interstitial shows the figures and goes back to the game; the tools and net deposits are linked @key", async ({ page }) => {
  test.slow(); // sign-up, log-in and seven pages
  const player = await createTestPlayer(page);
  await logIn(page, player.username);

  // The footer and the member menu lead to the tools.
  await page.goto("/");
  await expect(page.getByTestId("footer-rg-tools")).toHaveAttribute("href", "/account/responsible-gaming");
  await page.goto("/account");
  await expect(page.getByTestId("account-menu").first().getByRole("link", { name: "Responsible Gaming" })).toHaveAttribute(
    "href",
    "/account/responsible-gaming",
  );

  // The public page links each tool to its page in the account; nothing is "coming soon" any more.
  await page.goto("/responsible-gaming");
  const page_ = page.getByTestId("responsible-gaming");
  await expect(page_.getByText("Coming soon")).toHaveCount(0);
  await expect(page.getByTestId("rg-tool-deposit")).toHaveAttribute("href", "/account/responsible-gaming");
  await expect(page.getByTestId("rg-tool-timeOut")).toHaveAttribute("href", "/account/responsible-gaming/time-out");
  await expect(page.getByTestId("rg-tool-selfExclusion")).toHaveAttribute("href", "/account/responsible-gaming/self-exclusion");
  await page.getByTestId("rg-tool-reality").click();
  await expect(page).toHaveURL(/\/account\/responsible-gaming\/reality-check$/);
  await setInterval15(page);

  await page.goto("/reality-check?redirectTo=/house/dice");
  const check = page.getByTestId("reality-interstitial");
  await expect(check.getByRole("heading", { name: "Reality check" })).toBeVisible();
  await expect(check.getByTestId("reality-elapsed")).toHaveText(/^\d+ min$/);
  await expect(check.getByTestId("reality-net")).toHaveText("৳0.00");
  await expect(check.locator('a[href="/account/responsible-gaming/history"]')).toBeVisible();
  await expect(check.getByRole("button", { name: "Log out" })).toBeVisible();
  await check.getByRole("button", { name: "I understand, continue" }).click();
  await expect(page).toHaveURL(/\/house\/dice$/);
  await expect(page.getByTestId("dice-page")).toBeVisible();
  await expect(page.getByTestId("house-balance")).toHaveText(/^৳[\d,]+\.\d{2}$/);
  await expect(page.getByTestId("game-rg-link")).toBeVisible();

  // Net deposits: the account history and the transaction record's panel.
  await page.goto("/account/responsible-gaming/history");
  await expect(page.getByTestId("net-deposits-lifetime-net")).toHaveText("৳0.00");
  await expect(page.getByTestId("account-history-page").locator('a[href="/transaction-record"]')).toBeVisible();
  await page.goto("/transaction-record");
  await expect(page.getByTestId("net-deposits-panel")).toContainText("Last 30 days");
  await page.getByTestId("net-deposits-panel").getByRole("link", { name: "Account history" }).click();
  await expect(page).toHaveURL(/\/account\/responsible-gaming\/history$/);
});
