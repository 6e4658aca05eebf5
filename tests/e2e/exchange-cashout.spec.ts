// Cash Out as players use it: two players make a match at a price between the market-maker's, the price moves, and
// the backer cashes out from the market page (its "Cash Out ৳X" follows the price live with JavaScript, on the next
// page without it), ending level on both runners. Phone and desktop with JavaScript, phone without (@key).
import { type Page } from "@playwright/test";
import { oddsText, parseOdds } from "../../app/modules/exchange/ladder.ts";
import { expect, test } from "./support/test.ts";
import { createTestPlayer, logIn } from "./support/players.ts";
import { type Match, openMatch } from "./support/exchange.ts";

/** Opens the slip on the first runner's best `side` price, sets the odds and stake and places the bet; returns the notice. */
async function bet(page: Page, match: Match, side: "back" | "lay", odds: string | null, stake: string) {
  await page.goto(`/odds-view?market=${match.marketId}`);
  const runner = page.getByTestId("runner").first();
  await (side === "back" ? runner.getByTestId("price-back").last() : runner.getByTestId("price-lay").first()).click();
  const slip = page.getByTestId("bet-slip");
  if (odds) await slip.getByLabel("Odds").fill(odds);
  await slip.getByLabel("Stake (৳)").fill(stake);
  await slip.getByRole("button", { name: "Place bet" }).click();
  return page.getByTestId("bet-notice");
}

test(
  "@key two players match, the price moves and the backer cashes out from the market page, level on both runners",
  { tag: "@with-js" },
  async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const js = test.info().project.name !== "no-js";
    const match = await openMatch(request);
    const layer = await browser.newPage({ javaScriptEnabled: js });
    await createTestPlayer(layer).then((p) => logIn(layer, p.username));
    const backer = await createTestPlayer(page);
    await logIn(page, backer.username);

    // The market-maker leaves the fair price empty between its best back and lay: the layer offers it.
    await page.goto(`/odds-view?market=${match.marketId}`);
    const bestBack = await page.getByTestId("runner").first().getByTestId("price-back").last().locator("b").innerText();
    const fair = oddsText(parseOdds(bestBack)! + 1);
    await expect(await bet(layer, match, "lay", fair, "100")).toHaveText("Bet placed: ৳100.00 is waiting for a match.");
    // The backer takes it: the two players' match.
    await expect(await bet(page, match, "back", null, "100")).toContainText(`Bet matched: ৳100.00 at ${fair}.`);

    // Now cashing out lays at the maker's price, a tick worse: a small loss.
    const link = page.getByTestId("cash-out-link");
    await expect(link).toHaveText(/^Cash Out −৳\d+\.\d\d$/);
    const before = await link.innerText();

    // The price moves: the layer backs at the fair price, which the backer's cash out can now lay into.
    await expect(await bet(layer, match, "back", fair, "300")).toHaveText("Bet placed: ৳300.00 is waiting for a match.");
    if (!js) await page.reload();
    await expect(link).toHaveText("Cash Out ৳0.00");
    expect(before).not.toBe("Cash Out ৳0.00");
    await layer.context().close();

    await link.click();
    await expect(page.getByTestId("cash-out-value")).toHaveText("৳0.00");
    const rows = page.getByTestId("cash-out-runner");
    await expect(rows).toHaveCount(2);
    await page.getByRole("button", { name: /^Cash out 100%/ }).click();
    await expect(page.getByTestId("cash-out-notice")).toHaveText("Cashed out. Your P&L in this market is now as shown.");
    await expect(page.getByTestId("cash-out-none")).toHaveText("You have no matched position to cash out in this market.");

    await page.goto(`/odds-view?market=${match.marketId}`);
    await expect(page.getByTestId("cash-out-link")).toHaveCount(0);
    const pnl = page.getByTestId("runner-pnl");
    await expect(pnl.first()).toHaveText("৳0.00");
    await expect(pnl.nth(1)).toHaveText("৳0.00");
    await expect(page.getByTestId("event-exposure")).toHaveText("৳0.00");
  },
);

test("@key a bad cash-out percentage is refused beside its field", async ({ page, request }) => {
  const match = await openMatch(request);
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  await expect(await bet(page, match, "back", null, "100")).toContainText("Bet matched: ৳100.00");
  await page.getByTestId("cash-out-link").click();
  await expect(page.getByTestId("cash-out-value")).toBeVisible();
  await page.getByLabel("Percentage of the hedge (1–100)").fill("150");
  await page.getByRole("button", { name: "Show quote" }).click();
  await expect(page.locator("#percent-error")).toHaveText("Enter a whole percentage from 1 to 100.");
  await page.getByLabel("Percentage of the hedge (1–100)").fill("50");
  await page.getByRole("button", { name: "Show quote" }).click();
  await expect(page.getByRole("button", { name: /^Cash out 50%/ })).toBeVisible();
});
