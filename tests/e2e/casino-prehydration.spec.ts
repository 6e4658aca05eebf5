// A slow phone: the game page's server HTML is up, its scripts still loading, and the player already types. What
// was typed must stay in the form once React takes over, and be what the round is played with. (A text the browser's
// first render wrote differently from the server failed hydration, and React rebuilt the page with the defaults.)
import { type FrameLocator, type Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { openGame, poishaOf, takaText } from "./support/casino-games.ts";
import { createTestPlayer, logIn } from "./support/players.ts";

const DICE = "HOUSE-ARCADE-DICE";
const MINES = "HOUSE-ARCADE-MINES";

/** Opens the game, then reloads its frame with every script held back until the returned `release()`. */
async function openGameWithScriptsHeld(page: Page, code: string): Promise<{ frame: FrameLocator; release: () => void }> {
  test.slow(); // a new player, the game launched, then loaded a second time
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  const frame = await openGame(page, code, true);
  await expect(frame.getByTestId("house-balance")).toHaveText("৳10,000.00");
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  const body = frame.locator("body");
  await body.evaluate(() => {
    Object.assign(window, { beforeReload: true });
    location.reload();
  });
  // The server's new document is up (the old one, already live, is gone).
  await expect.poll(() => body.evaluate(() => !("beforeReload" in window)).catch(() => false)).toBe(true);
  return { frame, release };
}

/** Whether React has taken over this element (hydrated): its DOM node carries React's fiber. */
const hydratedBy = (frame: FrameLocator, testId: string) =>
  frame.getByTestId(testId).evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactFiber")));

test("a stake, target and direction typed before the Dice page hydrates are the ones rolled", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "hydration needs JavaScript");
  const { frame, release } = await openGameWithScriptsHeld(page, DICE);
  const stake = frame.getByLabel("Stake (৳)");
  const target = frame.getByRole("textbox", { name: "Target (0.02 – 99.98)" });
  const over = frame.getByLabel("Over the target");
  await expect(stake).toHaveValue("10");
  expect(await hydratedBy(frame, "dice-page")).toBe(false);
  await stake.fill("37");
  await target.fill("95");
  await over.check();

  release();
  await expect(frame.getByRole("slider")).toBeVisible(); // JavaScript-only: the page is live
  await expect(stake).toHaveValue("37");
  await expect(target).toHaveValue("95");
  await expect(over).toBeChecked();
  // The preview reads the same form: the chance of rolling over 95.
  await expect(frame.getByTestId("dice-preview")).toContainText("4.9995%");

  await frame.getByRole("button", { name: "Roll" }).click();
  const result = frame.getByTestId("dice-result");
  await expect(result).toBeVisible();
  const won = (await result.getAttribute("data-win")) === "true";
  const payout = won ? poishaOf(/You won (৳[\d,]+\.\d{2})/.exec(await result.innerText())![1]!) : 0;
  await expect(frame.getByTestId("house-balance")).toHaveText(takaText(1_000_000 - 3_700 + payout));
});

test("a Mines stake and mine count chosen before the page hydrates start the game", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "hydration needs JavaScript");
  const { frame, release } = await openGameWithScriptsHeld(page, MINES);
  const stake = frame.getByLabel("Stake (৳)");
  await expect(stake).toHaveValue("10");
  expect(await hydratedBy(frame, "mines-page")).toBe(false);
  await stake.fill("23");
  await frame.getByLabel("Mines").selectOption("5");

  release();
  await expect.poll(() => hydratedBy(frame, "mines-page")).toBe(true);
  await expect(stake).toHaveValue("23");
  await frame.getByRole("button", { name: "Start game" }).click();
  await expect(frame.getByTestId("mines-playing")).toContainText("Game in play: stake ৳23.00, 5 mines");
  await expect(frame.getByTestId("house-balance")).toHaveText(takaText(1_000_000 - 2_300));
});
