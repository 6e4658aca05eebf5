// The exchange as a player uses it: find a match, back a team at the best price, see the bet matched, the P&L per
// runner and the exposure held (market page and exchange account); the same with JavaScript off (@key).
import { type Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { staffPage } from "./support/payments.ts";
import { createTestPlayer, logIn } from "./support/players.ts";
import { type Match, openMatch } from "./support/exchange.ts";

/** The page's loader-data requests (React Router's `.data`) from now on: a live page that applies its pushes makes none. */
function loaderRequests(page: Page) {
  const urls: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.endsWith(".data")) urls.push(r.url());
  });
  return urls;
}

async function backBestPrice(page: Page, match: Match) {
  await page.goto("/exchange-sports?sport=cricket");
  await page.locator(`[data-testid=exchange-event][data-event="${match.eventId}"] a`).click();
  await expect(page.getByTestId("match-odds")).toBeVisible();
  const runner = page.getByTestId("runner").first();
  await expect(runner.locator("th")).toContainText(match.runners[0]!);
  // The best back price is the one nearest the middle of the row.
  const best = runner.getByTestId("price-back").last();
  const price = await best.locator("b").innerText();
  await best.click();
  const slip = page.getByTestId("bet-slip");
  await expect(slip).toContainText(`Back ${match.runners[0]}`);
  await expect(slip.getByLabel("Odds")).toHaveValue(price);
  return { price, slip };
}

test("@key a player backs a team at the best price, the bet is matched and its exposure held", async ({ page, request }) => {
  const match = await openMatch(request);
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  const { price, slip } = await backBestPrice(page, match);
  await slip.getByLabel("Stake (৳)").fill("100");
  const profit = ((Math.round(Number(price) * 100) - 100) * 100) / 100;
  // Without JavaScript the figures come with the next page; with it they follow the typing.
  if (test.info().project.name !== "no-js") {
    await expect(slip.getByTestId("slip-figures")).toContainText(`৳${profit.toFixed(2)}`);
  }
  await slip.getByRole("button", { name: "Place bet" }).click();
  await expect(page.getByTestId("bet-notice")).toHaveText(`Bet matched: ৳100.00 at ${price}. Profit ৳${profit.toFixed(2)}, liability ৳100.00.`);
  await expect(page.getByTestId("bet-slip")).toHaveCount(0);
  await expect(page.getByTestId("matched-bets")).toContainText(
    `Back ${match.runners[0]} · ৳100.00 at ${price} · profit ৳${profit.toFixed(2)}, liability ৳100.00`,
  );
  await expect(page.getByTestId("event-exposure")).toHaveText("৳100.00");
  // P&L per runner: the backed team wins the profit, the other loses the stake.
  const pnl = page.getByTestId("runner-pnl");
  await expect(pnl.first()).toHaveText(`৳${profit.toFixed(2)}`);
  await expect(pnl.nth(1)).toHaveText("−৳100.00");

  await page.goto("/exchange-account");
  await expect(page.getByTestId("account-exposure")).toHaveText("৳100.00");
  await expect(page.getByTestId("exchange-bets")).toContainText(match.runners[0]!);
  await expect(page.getByTestId("exchange-bets")).toContainText("Matched");
});

test("@key a stake over the balance is refused next to the slip, and an unmatched bet can be cancelled", async ({ page, request }) => {
  const match = await openMatch(request);
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  const { slip } = await backBestPrice(page, match);
  // Odds far above the best: nothing lays them, so the bet waits unmatched.
  await slip.getByLabel("Odds").fill("990");
  await slip.getByLabel("Stake (৳)").fill("100");
  await slip.getByLabel("Keep what is unmatched when the match goes in play").check();
  await slip.getByRole("button", { name: "Place bet" }).click();
  await expect(page.getByTestId("bet-notice")).toHaveText("Bet placed: ৳100.00 is waiting for a match.");
  await expect(page.getByTestId("event-exposure")).toHaveText("৳100.00");
  const unmatched = page.getByTestId("unmatched-bets");
  await expect(unmatched).toContainText("৳100.00 waiting · Keep in-play");
  // Reduce: part of the waiting stake is cancelled, the rest keeps waiting and the exposure follows.
  await unmatched.getByLabel("Amount to cancel (৳); empty cancels all").fill("40");
  await unmatched.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("bet-notice")).toHaveText("Unmatched stake cancelled: ৳40.00.");
  await expect(unmatched).toContainText("৳60.00 waiting");
  await expect(page.getByTestId("event-exposure")).toHaveText("৳60.00");
  await unmatched.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("bet-notice")).toHaveText("Unmatched stake cancelled: ৳100.00.");
  await expect(page.getByTestId("unmatched-bets")).toHaveCount(0);
  await expect(page.getByTestId("event-exposure")).toHaveText("৳0.00");

  const { slip: again } = await backBestPrice(page, match);
  await again.getByLabel("Stake (৳)").fill("2000000");
  await again.getByRole("button", { name: "Place bet" }).click();
  await expect(page.getByTestId("bet-slip")).toContainText(/Stake must be between ৳100 and ৳100,000\.|Your balance is not enough/);
});

test("@key the trader settles the match and the bet's P&L appears in the betting record", async ({ page, browser, request }) => {
  // A player and a staff member, each with their own pages: longer than one page's test on a busy machine.
  test.setTimeout(90_000);
  const match = await openMatch(request);
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  const { price, slip } = await backBestPrice(page, match);
  await slip.getByLabel("Stake (৳)").fill("200");
  await slip.getByRole("button", { name: "Place bet" }).click();
  const profit = (Math.round(Number(price) * 100) - 100) * 2;
  await expect(page.getByTestId("bet-notice")).toHaveText(`Bet matched: ৳200.00 at ${price}. Profit ৳${profit.toFixed(2)}, liability ৳200.00.`);

  const staff = await staffPage(browser, test.info().project.name !== "no-js");
  await staff.goto(`/admin/exchange/${match.eventId}`);
  const odds = staff.getByTestId("trader-market-match_odds");
  await odds.getByRole("button", { name: `Settle: ${match.runners[0]} wins` }).click();
  await expect(staff.getByTestId("admin-notice")).toContainText("Market settled");
  await expect(odds.getByTestId("market-status")).toHaveText("Settled (1×)");
  await staff.context().close();

  await page.goto("/betting-record?tab=exchange");
  const row = page.getByTestId("exchange-record").filter({ hasText: match.runners[0]! }).first();
  await expect(row).toContainText("WON");
  await row.getByRole("link").click();
  const detail = page.getByTestId("exchange-record-detail");
  await expect(detail.getByTestId("exchange-detail-status")).toHaveText("WON");
  await expect(detail.getByTestId("exchange-detail-net")).toHaveText(`৳${profit.toFixed(2)}`);
  await expect(detail).toContainText(`Back ${match.runners[0]}`);
});

test("a market page takes the trader's changes as they are pushed, without reloading its data", async ({ page, browser, request }) => {
  test.skip(test.info().project.name === "no-js", "live updates need JavaScript; without it a reload shows the current prices");
  test.setTimeout(90_000);
  const match = await openMatch(request);
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  await page.goto(`/odds-view?market=${match.marketId}`);
  await expect(page.getByTestId("live-indicator")).toBeVisible();
  const bookmaker = page.getByTestId("bookmaker");
  await expect(bookmaker).not.toContainText("Ball Running");
  const reloads = loaderRequests(page);

  const staff = await staffPage(browser, true);
  await staff.goto(`/admin/exchange/${match.eventId}`);
  await staff.getByRole("button", { name: "Ball running", exact: true }).click();
  await expect(bookmaker).toContainText("Ball Running");
  await staff.getByRole("button", { name: "Ball done", exact: true }).click();
  await expect(bookmaker).not.toContainText("Ball Running");
  await expect(bookmaker.getByTestId("price-back").first()).toBeVisible();
  expect(reloads).toEqual([]);

  // A Fancy line the trader opens now reaches the page (a reload, as the page has no row for it yet).
  const name = `E2E line ${Math.random().toString(36).slice(2, 8)}`;
  const add = staff.getByRole("region", { name: "Add Fancy line" });
  await add.getByLabel("Line name").fill(name);
  await add.getByLabel("No line").fill("40");
  await add.getByLabel("Yes line").fill("41");
  await add.getByRole("button", { name: "Add Fancy line" }).click();
  await expect(staff.getByTestId("admin-notice")).toContainText("Fancy line added");
  await expect(page.getByTestId("fancy")).toContainText(name);
  await staff.context().close();
});

test("Multi Markets takes the trader's changes as they are pushed, without reloading its data", async ({ page, browser, request }) => {
  test.skip(test.info().project.name === "no-js", "live updates need JavaScript; without it a reload shows the current prices");
  test.setTimeout(90_000);
  const match = await openMatch(request);
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  await page.goto("/exchange-sports?sport=cricket");
  const row = page.locator(`[data-testid=exchange-event][data-event="${match.eventId}"]`);
  await row.getByRole("button", { name: "Add to Multi Markets" }).click();
  await expect(row.getByRole("button", { name: "Remove from Multi Markets" })).toBeVisible();
  await page.goto("/exchange-multi");
  const pinned = page.getByTestId("multi-market").filter({ has: page.locator(`a[href="/odds-view?market=${match.marketId}"]`) });
  await expect(pinned.locator("table")).toBeVisible();
  await expect(page.getByTestId("live-indicator")).toBeVisible();
  const reloads = loaderRequests(page);

  const staff = await staffPage(browser, true);
  await staff.goto(`/admin/exchange/${match.eventId}`);
  const odds = staff.getByTestId("trader-market-match_odds");
  await odds.getByRole("button", { name: "Suspend", exact: true }).click();
  await expect(pinned).toContainText("Suspend");
  await odds.getByRole("button", { name: "Open", exact: true }).click();
  await expect(pinned).not.toContainText("Suspend");
  await expect(pinned.locator("table")).toBeVisible();
  expect(reloads).toEqual([]);
  await staff.context().close();
});

test("the exchange's entry points and pages: side menu, home tile, the original's link, tabs, Multi Markets", async ({ page, request }) => {
  const match = await openMatch(request);
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  await expect(page.getByTestId("side-menu").locator('a[href="/exchange"]')).toHaveCount(1);
  await page.goto("/player/playGame?t=sport&v=CRICKET");
  await expect(page).toHaveURL(/\/exchange-inplay$/);
  for (const tab of ["In-Play", "Today", "Tomorrow", "Result"])
    await expect(page.getByRole("link", { name: tab, exact: true }).first()).toBeVisible();
  await page.goto("/exchange-sports?sport=cricket");
  const row = page.locator(`[data-testid=exchange-event][data-event="${match.eventId}"]`);
  await row.getByRole("button", { name: "Add to Multi Markets" }).click();
  await expect(row.getByRole("button", { name: "Remove from Multi Markets" })).toBeVisible();
  await page.goto("/exchange-multi");
  const pinned = page.getByTestId("multi-market").filter({ has: page.locator(`a[href="/odds-view?market=${match.marketId}"]`) });
  await expect(pinned).toHaveCount(1);
  await expect(pinned).toContainText(match.runners[0]!);
});

test("a guest is sent to log in and comes back to the exchange", async ({ page }) => {
  await page.goto("/exchange-inplay?tab=today");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fexchange-inplay%3Ftab%3Dtoday$/);
});
