// "Accept odds changes" on Bookmaker and Fancy bets as a player meets it (issue 29): the slip is open at the rate the
// player saw, the trader moves the quote on the back office, and the player places the bet. Off: refused, the new rate
// shown by the slip's rate. On: taken at the new rate when it is at most 5 points worse (a better one always); more
// than that, or a Fancy line moved against the player, is refused even then. Every project runs them (phone, desktop;
// the no-js project the @key one): the slip is a plain form and the trader's page too.
import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { addFancyLine, type Match, openMatch, traderFancy } from "./support/exchange.ts";
import { staffPage } from "./support/payments.ts";
import { createTestPlayer, logIn } from "./support/players.ts";

const withJs = () => test.info().project.name !== "no-js";
const ACCEPT = "Accept odds changes (up to 5 points worse)";

/** The trader's page of the match's event (JavaScript as the project has it). */
async function trader(browser: Browser, match: Match) {
  const staff = await staffPage(browser, withJs());
  await staff.goto(`/admin/exchange/${match.eventId}`);
  return staff;
}

/** The trader's event page without the last action's notice, so that the next notice is the next action's. */
async function fresh(staff: Page) {
  await staff.goto(new URL(staff.url()).pathname);
  await expect(staff.getByTestId("admin-notice")).toHaveCount(0);
}

/** The trader sets the first Bookmaker runner's back and lay rates. */
async function quoteBookmaker(staff: Page, back: number, lay: number) {
  await fresh(staff);
  const runner = staff.getByTestId("trader-market-bookmaker").getByTestId("trader-runner").first();
  await runner.getByLabel("Back rate").fill(String(back));
  await runner.getByLabel("Lay rate").fill(String(lay));
  await runner.getByRole("button", { name: "Save quote" }).click();
  await expect(staff.getByTestId("admin-notice")).toContainText("Quote saved.");
}

/** The trader moves a Fancy line's Yes line and rate. */
async function moveYes(staff: Page, name: string, yes: { line: number; rate: number }) {
  await fresh(staff);
  const market = traderFancy(staff, name);
  await market.getByLabel("Yes line").fill(String(yes.line));
  await market.getByLabel("Yes rate").fill(String(yes.rate));
  await market.getByRole("button", { name: "Save line" }).click();
  await expect(staff.getByTestId("admin-notice")).toContainText("Line saved.");
}

/** Opens the slip by a tap on a price cell and types the stake. */
async function openSlip(page: Page, cell: ReturnType<Page["getByTestId"]>, stake: string) {
  await cell.click();
  const slip = page.getByTestId("bet-slip");
  await expect(slip).toBeVisible();
  await slip.getByLabel("Stake (৳)").fill(stake);
  return slip;
}

const rateField = (page: Page) =>
  page
    .getByTestId("bet-slip")
    .locator(".field")
    .filter({ has: page.getByLabel("Rate") });

test(
  "@key Bookmaker: a moved rate is refused with the new rate; accepted, a rate up to 5 points worse is taken and 6 is refused",
  { tag: "@with-js" },
  async ({ page, browser, request }) => {
    // A player and a trader, each with their own pages: longer than one page's test on a busy machine.
    test.setTimeout(120_000);
    const match = await openMatch(request);
    const staff = await trader(browser, match);
    await quoteBookmaker(staff, 80, 84);
    const player = await createTestPlayer(page);
    await logIn(page, player.username);
    await page.goto(`/odds-view?market=${match.marketId}`);
    const back = page.getByTestId("bookmaker").getByTestId("price-back").first();
    await expect(back.locator("b")).toHaveText("80");
    let slip = await openSlip(page, back, "100");
    await expect(slip.getByLabel("Rate")).toHaveValue("80");
    await expect(slip.getByLabel(ACCEPT)).not.toBeChecked();

    // The quote moves 3 points against the player while the slip is open.
    await quoteBookmaker(staff, 77, 84);
    await slip.getByRole("button", { name: "Place bet" }).click();
    await expect(rateField(page)).toContainText("The price changed: now 77. Check it and place the bet again.");
    await expect(page.getByTestId("matched-bets")).toHaveCount(0);
    // Accepting changes, the same bet (the rate seen: 80) is taken at 77.
    await slip.getByLabel(ACCEPT).check();
    await slip.getByRole("button", { name: "Place bet" }).click();
    await expect(page.getByTestId("bet-notice")).toHaveText("Bet accepted: ৳100.00 at 77. Profit ৳77.00, liability ৳100.00.");
    await expect(page.getByTestId("matched-bets").locator("li")).toHaveCount(1);

    // A fresh slip at 77; the quote moves 6 points against the player: refused even when accepting changes.
    await page.goto(`/odds-view?market=${match.marketId}`);
    await expect(back.locator("b")).toHaveText("77");
    slip = await openSlip(page, back, "100");
    await slip.getByLabel(ACCEPT).check();
    await quoteBookmaker(staff, 71, 84);
    await slip.getByRole("button", { name: "Place bet" }).click();
    await expect(rateField(page)).toContainText("The price changed: now 71. Check it and place the bet again.");
    await expect(page.getByTestId("event-exposure")).toHaveText("৳100.00");
    await staff.context().close();
  },
);

test("Fancy: accepting changes takes a worse Yes rate within 5 points and a better line, and refuses a line moved against the player", async ({
  page,
  browser,
  request,
}) => {
  // A player and a trader, each with their own pages: longer than one page's test on a busy machine.
  test.setTimeout(120_000);
  const match = await openMatch(request);
  const staff = await trader(browser, match);
  const name = `Odds change ${Date.now().toString(36)}`;
  await addFancyLine(staff, name, { no: 45, yes: 46 });
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  await page.goto(`/odds-view?market=${match.marketId}`);
  const line = page.getByTestId("fancy-line").filter({ hasText: name });
  const yes = line.getByTestId("price-back");
  await expect(yes).toContainText("46");
  let slip = await openSlip(page, yes, "100");
  await expect(slip).toContainText(`Yes ${name} (46)`);
  await expect(slip.getByLabel(ACCEPT)).not.toBeChecked();

  // The Yes rate falls from 100 to 97: refused with the new line and rate, then taken at 97 when accepted.
  await moveYes(staff, name, { line: 46, rate: 97 });
  await slip.getByRole("button", { name: "Place bet" }).click();
  await expect(rateField(page)).toContainText("The price changed: now 46 @ 97. Check it and place the bet again.");
  await slip.getByLabel(ACCEPT).check();
  await slip.getByRole("button", { name: "Place bet" }).click();
  await expect(page.getByTestId("bet-notice")).toHaveText("Bet accepted: ৳100.00 at 46 / 97. Profit ৳97.00, liability ৳100.00.");

  // A line moved in the player's favour (Yes 45: more results win) is taken; one moved against them (Yes 48) is not.
  await page.goto(`/odds-view?market=${match.marketId}`);
  await expect(yes).toContainText("46");
  slip = await openSlip(page, yes, "100");
  await slip.getByLabel(ACCEPT).check();
  await moveYes(staff, name, { line: 48, rate: 97 });
  await slip.getByRole("button", { name: "Place bet" }).click();
  await expect(rateField(page)).toContainText("The price changed: now 48 @ 97. Check it and place the bet again.");
  await moveYes(staff, name, { line: 45, rate: 97 });
  await slip.getByRole("button", { name: "Place bet" }).click();
  await expect(page.getByTestId("bet-notice")).toHaveText("Bet accepted: ৳100.00 at 45 / 97. Profit ৳97.00, liability ৳100.00.");
  await expect(page.getByTestId("matched-bets")).toContainText(`Yes ${name}`);
  await expect(page.getByTestId("matched-bets").locator("li")).toHaveCount(2);
  await staff.context().close();
});
