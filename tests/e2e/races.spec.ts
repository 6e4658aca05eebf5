// Races: staff create a daily race under /admin/races (a bad prize table is refused next to its field), a player
// plays a Dice round and finds the race on /races with the prize table and their own rank and wager (with JavaScript,
// a /races page already open shows the new standings without a reload).
import { randomBytes } from "node:crypto";
import { expect, test } from "./support/test.ts";
import { staffPage } from "./support/payments.ts";
import { openGame, rollDice } from "./support/casino-games.ts";
import { createTestPlayer, logIn } from "./support/players.ts";

const DICE = "HOUSE-ARCADE-DICE";

test("staff create a race; a player's settled Dice round shows as their rank and wager on /races @key", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.slow(); // took more than half the default minute on a loaded machine
  const name = `E2E race ${randomBytes(3).toString("hex")}`;
  const staff = await staffPage(browser, javaScriptEnabled);
  await staff.goto("/admin/races/new");
  await staff.getByLabel("Name (English)").fill(name);
  await staff.getByLabel("Period").selectOption("daily");
  await staff.getByLabel("House games (Crash, Dice, Mines)").check();
  await staff.getByLabel("Provider casino games").uncheck();
  await staff.getByLabel("Minimum stake that counts (৳)").fill("10");
  const prizes = staff.getByLabel(/Prize table/);
  await prizes.fill("300\n500");
  await staff.getByRole("button", { name: "Save race" }).click();
  await expect(staff.getByTestId("race-form").getByText("A rank's prize cannot be more than the rank above it.")).toBeVisible();
  await prizes.fill("500\n300\n100");
  await staff.getByRole("button", { name: "Save race" }).click();
  await expect(staff.getByTestId("admin-notice")).toContainText("Race saved.");
  await expect(staff.getByTestId("races-list")).toContainText(name);
  await staff.context().close();

  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  // With JavaScript, a second page opened on /races before the bet sees the standings change without a reload.
  const watcher = javaScriptEnabled ? await page.context().newPage() : null;
  if (watcher) {
    await watcher.goto("/races");
    await expect(watcher.getByTestId("race-card").filter({ hasText: name }).getByTestId("race-live")).toBeVisible();
  }
  const frame = await openGame(page, DICE, javaScriptEnabled);
  await rollDice(frame, "50");

  if (watcher) {
    await expect(watcher.getByTestId("race-card").filter({ hasText: name }).getByTestId("race-standings")).toContainText("৳50", { timeout: 10_000 });
    await watcher.close();
  }
  await page.goto("/races");
  const card = page.getByTestId("race-card").filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByTestId("race-prizes")).toContainText("৳500");
  await expect(card.getByTestId("race-mine")).toHaveText(/^Your rank: #\d+, ৳50 wagered in 1 bet\.$/);
  await expect(card.getByTestId("race-standings")).toContainText("৳50");
  await expect(card.getByTestId("race-time-left")).toContainText("Ends in");
  if (javaScriptEnabled) await expect(card.getByTestId("race-live")).toBeVisible();
});
