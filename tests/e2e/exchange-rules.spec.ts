// The exchange's betting rules as a player meets them (issue 29): "Accept odds changes" on a Bookmaker bet, the
// match-odds commission on the market page, each unmatched bet's choice at turn-in-play on My Bets, the in-play delay
// (a countdown with JavaScript, a static text without) and the account's P&L with gross, commission and net. Every
// project runs them (phone width included); the no-js project the @key ones.
import { type Browser, type Page } from "@playwright/test";
import { expect, guardContext, test } from "./support/test.ts";
import { staffPage } from "./support/payments.ts";
import { createTestPlayer, logIn } from "./support/players.ts";
import { type Match, openMatch } from "./support/exchange.ts";

const withJs = () => test.info().project.name !== "no-js";

/** Another player in a phone-sized context of their own (JavaScript as the project has it). */
async function otherPlayer(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: "en-US",
    timezoneId: "Asia/Dhaka",
    javaScriptEnabled: withJs(),
  });
  guardContext(context);
  const page = await context.newPage();
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  return page;
}

/** Opens the slip for a match-odds price by its URL (the page's price links lead to the same). */
async function matchOddsSlip(page: Page, match: Match, runnerId: string, side: "back" | "lay", price: string) {
  await page.goto(`/odds-view?market=${match.marketId}&bet=${match.marketId}&runner=${runnerId}&side=${side}&price=${price}`);
  const slip = page.getByTestId("bet-slip");
  await expect(slip).toBeVisible();
  return slip;
}

test("@key a Bookmaker bet at a moved rate is refused with the new rate, or taken at it with Accept odds changes", async ({ page, request }) => {
  const match = await openMatch(request);
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  await page.goto(`/odds-view?market=${match.marketId}`);
  // Match odds charge 2 % commission on net winnings; the page says so.
  await expect(page.getByTestId("match-odds").getByTestId("market-commission")).toHaveText("Commission 2 %");
  const bookmaker = page.getByTestId("bookmaker");
  const quote = bookmaker.getByTestId("price-back").first();
  const rate = Number(await quote.locator("b").innerText());
  await quote.click();
  const slip = page.getByTestId("bet-slip");
  const accept = slip.getByLabel("Accept odds changes (up to 5 points worse)");
  await expect(accept).not.toBeChecked();
  // The player saw a rate 3 points better than the quote is now (the quote moved against them meanwhile).
  const url = new URL(page.url());
  url.searchParams.set("price", String(rate + 3));
  url.searchParams.set("stake", "100");
  await page.goto(url.pathname + url.search);
  await expect(slip.getByLabel("Rate")).toHaveValue(String(rate + 3));
  await slip.getByRole("button", { name: "Place bet" }).click();
  await expect(slip.locator(".field").filter({ has: page.getByLabel("Rate") })).toContainText(
    `The price changed: now ${rate}. Check it and place the bet again.`,
  );
  await slip.getByLabel("Accept odds changes (up to 5 points worse)").check();
  await slip.getByRole("button", { name: "Place bet" }).click();
  const profit = (rate * 100) / 100;
  await expect(page.getByTestId("bet-notice")).toHaveText(`Bet accepted: ৳100.00 at ${rate}. Profit ৳${profit.toFixed(2)}, liability ৳100.00.`);
});

test(
  "@key My Bets names each unmatched bet's choice at turn-in-play; in play a bet that matches waits the delay",
  { tag: "@with-js" },
  async ({ page, browser, request }) => {
    test.setTimeout(240_000);
    const match = await openMatch(request);
    await page.goto("/");
    const maker = await otherPlayer(browser);
    await maker.goto(`/odds-view?market=${match.marketId}`);
    const runnerId = (await maker.getByTestId("runner").first().getAttribute("data-runner"))!;
    // Two lays at 1.01 (nothing backs that low, so they wait): one kept in play, one not.
    for (const keep of [true, false]) {
      const slip = await matchOddsSlip(maker, match, runnerId, "lay", "1.01");
      await slip.getByLabel("Stake (৳)").fill(keep ? "100" : "200");
      if (keep) await slip.getByLabel("Keep what is unmatched when the match goes in play").check();
      await slip.getByRole("button", { name: "Place bet" }).click();
      await expect(maker.getByTestId("bet-notice")).toContainText("is waiting for a match");
    }
    const unmatched = maker.getByTestId("unmatched-bets").locator("li");
    await expect(unmatched.filter({ hasText: "৳100.00 waiting" }).getByTestId("persistence")).toHaveText("Keep in-play");
    await expect(unmatched.filter({ hasText: "৳200.00 waiting" }).getByTestId("persistence")).toHaveText("Lapse at in-play");

    const staff = await staffPage(browser, withJs());
    await staff.goto(`/admin/exchange/${match.eventId}`);
    await staff.getByRole("button", { name: "Turn in play" }).click();
    await expect(staff.getByTestId("admin-notice")).toContainText("Event turned in play");
    await staff.context().close();
    await maker.goto(`/odds-view?market=${match.marketId}`);
    await expect(unmatched).toHaveCount(1);
    await expect(unmatched.getByTestId("persistence")).toHaveText("Keep in-play");
    await maker.context().close();

    // Another player backs at 1.01: it would match the kept lay, so it waits the in-play delay (5 s).
    const player = await createTestPlayer(page);
    await logIn(page, player.username);
    const slip = await matchOddsSlip(page, match, runnerId, "back", "1.01");
    await expect(slip.getByTestId("slip-delay")).toContainText("In-play bets wait 5 s before they reach the market");
    await slip.getByLabel("Stake (৳)").fill("100");
    await slip.getByRole("button", { name: "Place bet" }).click();
    if (withJs()) {
      await expect(slip.getByTestId("delay-countdown")).toHaveText(/^Your bet is being placed: [1-5] s$/);
      await expect(slip.getByTestId("delay-countdown")).toHaveText(/^Your bet is being placed: [1-3] s$/);
    }
    await expect(page.getByTestId("bet-notice")).toHaveText("Bet matched: ৳100.00 at 1.01. Profit ৳1.00, liability ৳100.00.", {
      timeout: 15_000,
    });
  },
);

test("@key the account's Profit & Loss shows gross, commission and net for a settled market", async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const match = await openMatch(request);
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  await page.goto(`/odds-view?market=${match.marketId}`);
  const best = page.getByTestId("runner").first().getByTestId("price-back").last();
  const price = await best.locator("b").innerText();
  await best.click();
  const slip = page.getByTestId("bet-slip");
  await slip.getByLabel("Stake (৳)").fill("100");
  await slip.getByRole("button", { name: "Place bet" }).click();
  await expect(page.getByTestId("bet-notice")).toContainText("Bet matched: ৳100.00");

  const staff = await staffPage(browser, withJs());
  await staff.goto(`/admin/exchange/${match.eventId}`);
  await staff
    .getByTestId("trader-market-match_odds")
    .getByRole("button", { name: `Settle: ${match.runners[0]} wins` })
    .click();
  await expect(staff.getByTestId("admin-notice")).toContainText("Market settled");
  await staff.context().close();

  // Gross (poisha): 100 taka × (odds − 1); commission 2 % of it, rounded down to the poisha; net what is left.
  const gross = (Math.round(Number(price) * 100) - 100) * 100;
  const commission = Math.floor((gross * 2) / 100);
  const taka = (poisha: number) => `৳${(poisha / 100).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await page.goto("/exchange-account?view=pnl");
  const table = page.getByTestId("exchange-pnl");
  for (const heading of ["Gross P&L", "Commission", "Net P&L"]) await expect(table.getByRole("columnheader", { name: heading })).toBeVisible();
  const row = table.getByTestId("pnl-market").filter({ hasText: "Match Odds" }).first();
  await expect(row.locator("td").nth(2)).toHaveText(taka(gross));
  await expect(row.locator("td").nth(3)).toHaveText(taka(commission));
  await expect(row.locator("td").nth(4)).toHaveText(taka(gross - commission));
});
