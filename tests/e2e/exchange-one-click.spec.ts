// One-click betting as a player uses it: turn it on (with stake presets) from the market page, choose a preset, and a
// tap on a price places that stake at once; a double click places one bet; with "confirm bets" on a tap asks first.
// Without JavaScript (@key, no-js project) the same settings save, and a tap on a price still opens the slip.
import { type Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { addFancyLine, type Match, openMatch, traderFancy } from "./support/exchange.ts";
import { staffPage } from "./support/payments.ts";
import { createTestPlayer, logIn } from "./support/players.ts";

/** From the market page: the settings form, saved, then back to the market. */
async function setOneClick(page: Page, match: Match, { confirm }: { confirm: boolean }) {
  await page.goto(`/odds-view?market=${match.marketId}`);
  await page.getByTestId("one-click-settings-link").click();
  const settings = page.getByTestId("one-click-settings");
  await settings.getByLabel("One-click betting on").check();
  await settings.getByLabel("Ask me to confirm each bet").setChecked(confirm);
  // A bad list is refused next to the field.
  await settings.getByLabel("Stake presets (৳)").fill("100");
  await settings.getByRole("button", { name: "Save" }).click();
  await expect(settings.locator(".field-error")).toHaveText("Enter 3 to 5 stakes in whole taka, separated by commas.");
  await settings.getByLabel("Stake presets (৳)").fill("300, 100, 200");
  await settings.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("one-click-saved")).toHaveText("One-click settings saved.");
  await expect(settings.getByLabel("Stake presets (৳)")).toHaveValue("100, 200, 300");
  await page.getByTestId("one-click-back").click();
  const bar = page.getByTestId("one-click-bar");
  await expect(bar).toContainText("One-click betting is on");
  await bar.getByRole("button", { name: "৳200" }).click();
  await expect(bar.getByRole("button", { name: "৳200" })).toHaveAttribute("aria-pressed", "true");
}

/** The best back price of the first runner (nearest the middle of the row) and its odds. */
async function bestBack(page: Page) {
  const cell = page.getByTestId("runner").first().getByTestId("price-back").last();
  return { cell, price: await cell.locator("b").innerText() };
}

test("@key one-click on: a tap on a price places the selected preset once, even double clicked; without JavaScript it opens the slip", async ({
  page,
  request,
}) => {
  const match = await openMatch(request);
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  await setOneClick(page, match, { confirm: false });
  const { cell, price } = await bestBack(page);

  if (test.info().project.name === "no-js") {
    await cell.click();
    const slip = page.getByTestId("bet-slip");
    await expect(slip).toContainText(`Back ${match.runners[0]}`);
    await expect(slip.getByLabel("Stake (৳)")).toHaveValue("200");
    await expect(page.getByTestId("matched-bets")).toHaveCount(0);
    return;
  }
  // The page has hydrated (its live stream is connected): from now on a tap bets.
  await expect(page.getByTestId("live-indicator")).toBeVisible();
  await cell.dblclick();
  const profit = ((Math.round(Number(price) * 100) - 100) * 2).toFixed(2);
  await expect(page.getByTestId("bet-notice")).toHaveText(`Bet matched: ৳200.00 at ${price}. Profit ৳${profit}, liability ৳200.00.`);
  await expect(page.getByTestId("bet-slip")).toHaveCount(0);
  // Reloaded, My Bets has the one bet and the exposure is one stake's.
  await page.reload();
  await expect(page.getByTestId("matched-bets").locator("li")).toHaveCount(1);
  await expect(page.getByTestId("matched-bets")).toContainText(`Back ${match.runners[0]} · ৳200.00 at ${price}`);
  await expect(page.getByTestId("event-exposure")).toHaveText("৳200.00");

  // Bookmaker too: taken whole at the quote tapped.
  await expect(page.getByTestId("live-indicator")).toBeVisible();
  await page.getByTestId("bookmaker").getByTestId("price-back").first().click();
  await expect(page.getByTestId("bet-notice")).toContainText("Bet accepted: ৳200.00 at ");
  await expect(page.getByTestId("matched-bets").locator("li")).toHaveCount(2);
});

test("with confirm bets on, a tap asks first: cancel places nothing, confirm places the preset", async ({ page, request }) => {
  const match = await openMatch(request);
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  await setOneClick(page, match, { confirm: true });
  await expect(page.getByTestId("live-indicator")).toBeVisible();
  const { cell, price } = await bestBack(page);

  await cell.click();
  const confirm = page.getByRole("alertdialog", { name: "Place this bet?" });
  await expect(confirm).toContainText(`Back ${match.runners[0]} at ${price}, stake ৳200.`);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId("bet-slip")).toHaveCount(0);
  await expect(page.getByTestId("event-exposure")).toHaveText("৳0.00");

  await cell.click();
  await confirm.getByRole("button", { name: "Place bet" }).click();
  await expect(page.getByTestId("bet-notice")).toContainText(`Bet matched: ৳200.00 at ${price}.`);
  await expect(page.getByTestId("matched-bets").locator("li")).toHaveCount(1);
  await expect(page.getByTestId("event-exposure")).toHaveText("৳200.00");
});

test("one-click on a Fancy line: a tap takes the preset at the line's quote; a quote moved while the confirm step asks is refused and shown", async ({
  page,
  browser,
  request,
}) => {
  // A player and a trader, each with their own pages: longer than one page's test on a busy machine.
  test.setTimeout(120_000);
  const match = await openMatch(request);
  const staff = await staffPage(browser);
  await staff.goto(`/admin/exchange/${match.eventId}`);
  const name = `One click ${Date.now().toString(36)}`;
  await addFancyLine(staff, name, { no: 45, yes: 46 });
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  await setOneClick(page, match, { confirm: false });
  await expect(page.getByTestId("live-indicator")).toBeVisible();
  const line = page.getByTestId("fancy-line").filter({ hasText: name });

  // Yes at 46 (rate 100): taken whole at once with the ৳200 preset, one bet even double clicked.
  await line.getByTestId("price-back").dblclick();
  await expect(page.getByTestId("bet-notice")).toHaveText("Bet accepted: ৳200.00 at 46 / 100. Profit ৳200.00, liability ৳200.00.");
  await expect(page.getByTestId("bet-slip")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("matched-bets").locator("li")).toHaveCount(1);
  await expect(page.getByTestId("matched-bets")).toContainText(`Yes ${name}`);

  // With "confirm bets" on, the player taps No and, while they are asked, the trader moves the No rate to 104.
  await setOneClick(page, match, { confirm: true });
  await expect(page.getByTestId("live-indicator")).toBeVisible();
  await line.getByTestId("price-lay").click();
  const confirm = page.getByRole("alertdialog", { name: "Place this bet?" });
  await expect(confirm).toContainText(", stake ৳200.");
  const market = traderFancy(staff, name);
  await market.getByLabel("No rate").fill("104");
  await market.getByRole("button", { name: "Save line" }).click();
  await expect(staff.getByTestId("admin-notice")).toContainText("Line saved.");
  await expect(line.getByTestId("price-lay")).toContainText("104");
  await confirm.getByRole("button", { name: "Place bet" }).click();
  // Refused (the quote tapped is no longer the line's), and the player is told the new one; nothing was placed.
  await expect(page.getByTestId("bet-refused")).toHaveText("The price changed: now 45 @ 104. Check it and place the bet again.");
  await expect(page.getByTestId("matched-bets").locator("li")).toHaveCount(1);
  // A tap on the price as it is now takes it.
  await line.getByTestId("price-lay").click();
  await confirm.getByRole("button", { name: "Place bet" }).click();
  await expect(page.getByTestId("bet-notice")).toHaveText("Bet accepted: ৳200.00 at 45 / 104. Profit ৳200.00, liability ৳208.00.");
  await expect(page.getByTestId("matched-bets").locator("li")).toHaveCount(2);
  await staff.context().close();
});
