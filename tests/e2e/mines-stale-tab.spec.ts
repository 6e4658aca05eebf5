// Mines in two tabs: the second tab ends the game and starts the next while the first still shows the old game. The
// first tab's pick names the old game, so the server refuses it (409) and changes nothing, and the first tab then
// shows the game in play with the message, with and without JavaScript.
import { expect, test } from "./support/test.ts";
import { createTestPlayer, logIn } from "./support/players.ts";

const ENDED = "That game has ended. Here is your current game.";

test("a stale tab's pick opens no tile of the game in play and shows that game @key", async ({ page, context }) => {
  test.slow(); // a new player, two tabs, seven page loads
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  await page.goto("/house/mines");
  await page.getByLabel("Stake (৳)").fill("10");
  await page.getByLabel("Mines").selectOption("24");
  await page.getByRole("button", { name: "Start game" }).click();
  await expect(page.getByTestId("mines-playing")).toContainText("Game in play: stake ৳10.00, 24 mines");

  const other = await context.newPage();
  await other.goto("/house/mines");
  // With 24 mines the first pick ends the game either way (a mine, or the one safe tile cashes out).
  await other.locator("[data-testid=mines-grid] button").first().click();
  await expect(other.getByTestId("mines-ended")).toBeVisible();
  await other.getByLabel("Stake (৳)").fill("12");
  await other.getByLabel("Mines").selectOption("3");
  await other.getByRole("button", { name: "Start game" }).click();
  await expect(other.getByTestId("mines-playing")).toContainText("Game in play: stake ৳12.00, 3 mines");

  // The first tab still shows the first game; its pick is refused and the page now shows the game in play, untouched.
  await expect(page.getByTestId("mines-playing")).toContainText("stake ৳10.00, 24 mines");
  await page.locator("[data-testid=mines-grid] button[data-tile='7']").click();
  await expect(page.getByText(ENDED)).toBeVisible();
  await expect(page.getByTestId("mines-playing")).toContainText("Game in play: stake ৳12.00, 3 mines");
  await expect(page.locator("[data-testid=mines-grid] button")).toHaveCount(25);
  await other.reload();
  await expect(other.locator("[data-testid=mines-grid] button")).toHaveCount(25);
  await expect(other.getByTestId("mines-multiplier")).toHaveText("–");
});
