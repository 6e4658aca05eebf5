// Market depth as a trader reads it: after a matched bet the market page shows the runner's last traded price, its
// matched total and the market's, the book percentage; the runner's ladder page shows the volume traded at that price
// and the price chart with its numbers. With and without JavaScript (@key) and at phone width.
import { expect, test } from "./support/test.ts";
import { createTestPlayer, logIn } from "./support/players.ts";
import { openMatch } from "./support/exchange.ts";

test("@key a matched bet shows as last traded price and matched on the market page, the ladder and the chart", async ({ page, request }) => {
  const match = await openMatch(request);
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  await page.goto(`/odds-view?market=${match.marketId}`);
  const table = page.getByTestId("match-odds");
  await expect(table.getByTestId("book-percent")).toContainText(/Back book \d+\.\d% · Lay book \d+\.\d%/);
  const runner = table.getByTestId("runner").first();
  await expect(runner.getByTestId("runner-traded")).toHaveText("Not traded yet");

  // Back the first team at its best price: matched at once against the market-maker's lay.
  const best = runner.getByTestId("price-back").last();
  const price = await best.locator("b").innerText();
  await best.click();
  const slip = page.getByTestId("bet-slip");
  await slip.getByLabel("Stake (৳)").fill("100");
  await slip.getByRole("button", { name: "Place bet" }).click();
  await expect(page.getByTestId("bet-notice")).toContainText(`Bet matched: ৳100.00 at ${price}`);
  await expect(runner.getByTestId("runner-traded")).toHaveText(`Last traded ${price} · matched ৳100`);
  await expect(table.getByTestId("market-matched")).toHaveText("Matched ৳100");

  await runner.getByTestId("ladder-link").click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`${match.runners[0]} – price ladder`);
  await expect(page.getByTestId("ladder-ltp")).toHaveText(price);
  await expect(page.getByTestId("ladder-matched")).toHaveText("৳100");
  await expect(page.locator(`[data-testid=ladder-row][data-price="${price}"] [data-testid=ladder-traded]`)).toHaveText("৳100");
  await expect(page.getByTestId("price-chart")).toBeVisible();
  await page.getByText("Trades over time").click();
  await expect(page.getByTestId("price-history")).toContainText(price);
  // Nothing wider than the screen at phone width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.getByRole("link", { name: "Back to the market" }).click();
  await expect(page.getByTestId("match-odds")).toBeVisible();
});

test("the ladder page follows another player's trade live", async ({ page, browser, request }) => {
  test.slow(); // took more than half the default minute on a loaded machine
  test.skip(test.info().project.name === "no-js", "live updates need JavaScript");
  const match = await openMatch(request);
  const viewer = await createTestPlayer(page);
  await logIn(page, viewer.username);
  await page.goto(`/odds-view?market=${match.marketId}`);
  await page.getByTestId("runner").first().getByTestId("ladder-link").click();
  await expect(page.getByTestId("ladder-ltp")).toHaveText("–");
  await expect(page.getByTestId("live-indicator")).toBeVisible();

  const other = await browser.newPage();
  const bettor = await createTestPlayer(other);
  await logIn(other, bettor.username);
  await other.goto(`/odds-view?market=${match.marketId}`);
  const best = other.getByTestId("runner").first().getByTestId("price-back").last();
  const price = await best.locator("b").innerText();
  await best.click();
  await other.getByTestId("bet-slip").getByLabel("Stake (৳)").fill("200");
  await other.getByTestId("bet-slip").getByRole("button", { name: "Place bet" }).click();
  await expect(other.getByTestId("bet-notice")).toContainText("Bet matched");
  await other.close();

  await expect(page.getByTestId("ladder-ltp")).toHaveText(price);
  await expect(page.getByTestId("ladder-matched")).toHaveText("৳200");
  await expect(page.getByTestId("price-chart")).toBeVisible();
});
