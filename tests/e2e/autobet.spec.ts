// Autobet on Dice (issue 30): without JavaScript one post runs the 10 bets and lists them; with JavaScript the browser
// runs them as normal rolls, and an "until I stop" run ends when the player presses Stop. Bad settings get a message
// next to the field either way.
import { expect, test } from "./support/test.ts";
import { createTestPlayer, logIn } from "./support/players.ts";

test("Dice autobet: 10 bets listed with their results, bad settings refused, and a run the player stops @key", async ({
  page,
  javaScriptEnabled,
}) => {
  test.slow();
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  await page.goto("/house/dice");
  await page.getByTestId("tab-auto").click();
  await expect(page).toHaveURL(/mode=auto/);

  await page.getByLabel("Number of bets (1 – 100)").fill("101");
  await page.getByRole("button", { name: "Start autobet" }).click();
  await expect(page.getByText("Enter a number of bets from 1 to 100.")).toBeVisible();

  await page.getByLabel("Number of bets (1 – 100)").fill("10");
  await page.getByRole("button", { name: "Start autobet" }).click();
  await expect(page.getByTestId("autobet-line")).toHaveCount(10);
  await expect(page.getByTestId("autobet-stop")).toHaveAttribute("data-stop", "bets_done");
  await expect(page.getByTestId("autobet-summary")).toContainText("10 bets");
  if (!javaScriptEnabled) {
    await expect(page.getByTestId("house-balance")).not.toHaveText("৳10,000.00");
    return;
  }

  await page.getByLabel("Until I stop (at most 1000 bets)").check();
  await page.getByRole("button", { name: "Start autobet" }).click();
  const stop = page.getByTestId("autobet-stop-button");
  await expect(stop).toBeVisible();
  await expect.poll(() => page.getByTestId("autobet-line").count()).toBeGreaterThan(3);
  await stop.click();
  await expect(page.getByTestId("autobet-stop")).toHaveAttribute("data-stop", "user");
  const placed = await page.getByTestId("autobet-line").count();
  await page.waitForTimeout(1000);
  await expect(page.getByTestId("autobet-line")).toHaveCount(placed);
  await expect(page.getByTestId("house-balance")).not.toHaveText("৳10,000.00");
});
