// Issue 30 end to end: the Crash history's chips open the page of their round (crash point, hash and salt, its bets,
// a verify link), and a house bet one player settles reaches another player's live-bets panel: at once with
// JavaScript (over the event stream), on the next load without it.
import { expect, guardContext, test } from "./support/test.ts";
import { openGame, rollDice } from "./support/casino-games.ts";
import { createTestPlayer, logIn } from "./support/players.ts";

test("a chip of the Crash history opens its round's page; another player's Dice bet shows in the live bets @key", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  // A Crash round must end first (7 s of bets, then the flight), and two browsers share the machine with the build.
  test.slow();
  const watcher = await createTestPlayer(page);
  await logIn(page, watcher.username);

  // The history fills as rounds end; without JavaScript the page reloads itself while a round is in the air.
  await page.goto("/house/crash");
  const chip = page.getByTestId("crash-chip").first();
  await expect(async () => {
    if (!javaScriptEnabled) await page.reload();
    await expect(chip).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 120_000 });
  await expect(page.getByTestId("crash-chart")).toBeVisible();
  const chipText = (await chip.innerText()).trim();
  await chip.click();
  await expect(page).toHaveURL(/\/house\/crash\/round\/\d+$/);
  const round = page.getByTestId("crash-round-page");
  await expect(round).toBeVisible();
  await expect(page.getByTestId("crash-round-hash")).toHaveText(/^[0-9a-f]{64}$/);
  if (chipText === "Void") {
    await expect(page.getByTestId("crash-round-status")).toHaveText("Void (bets refunded)");
  } else {
    await expect(page.getByTestId("crash-round-status")).toHaveText("Crashed");
    await expect(page.getByTestId("crash-round-point")).toHaveText(chipText);
    await expect(page.getByTestId("crash-round-salt")).toHaveText(/^\S{8,}$/);
    await page.getByTestId("crash-round-verify").click();
    await expect(page).toHaveURL(/\/fair\?game=crash&hash=[0-9a-f]{64}&salt=/);
  }

  // The watcher keeps Dice open on its All bets tab; another player rolls.
  await page.goto("/house/dice");
  const panel = page.getByTestId("live-bets");
  await expect(panel).toBeVisible();
  const other = await browser.newContext({ javaScriptEnabled });
  guardContext(other);
  const bettorPage = await other.newPage();
  const bettor = await createTestPlayer(bettorPage);
  await logIn(bettorPage, bettor.username);
  const frame = await openGame(bettorPage, "HOUSE-ARCADE-DICE", javaScriptEnabled);
  await rollDice(frame, "12.34");

  const masked = `${bettor.username.slice(0, 2)}***${bettor.username.slice(-1)}`;
  const row = panel.getByTestId("live-bet").filter({ hasText: masked }).filter({ hasText: "৳12.34" });
  if (!javaScriptEnabled) await page.reload();
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(panel).not.toContainText(bettor.username);
  // The bettor's own My bets tab lists it; the watcher's does not.
  if (javaScriptEnabled) {
    await page.getByTestId("live-bets-tab-mine").click();
    await expect(panel.getByTestId("live-bet").filter({ hasText: "৳12.34" })).toHaveCount(0);
  }
  await bettorPage.goto("/house/dice?bets=mine");
  await expect(bettorPage.getByTestId("live-bets")).toHaveAttribute("data-tab", "mine");
  await expect(bettorPage.getByTestId("live-bet").filter({ hasText: "৳12.34" })).toBeVisible();
  await other.close();
});
