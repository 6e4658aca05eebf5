// A deposit through a payment gateway, as a player does it: Nagad (the demo seed puts it on the built-in simulated
// gateway), "Pay with Nagad", the wallet's checkout page, then back on the site with the deposit credited and the new
// balance, with no screenshot and no staff step. With and without JavaScript (the no-js project runs @key tests).
import { expect, test } from "./support/test.ts";
import { createTestPlayer, logIn, newPlayer } from "./support/players.ts";
import { openNagadCheckout } from "./support/gateway.ts";
import { staffPage } from "./support/payments.ts";
import { saveBirthday } from "./support/profile.ts";

test.describe("a deposit through a payment gateway", () => {
  test("is credited as soon as the wallet confirms it, and a cancel takes nothing", { tag: "@key" }, async ({ page, browser }, testInfo) => {
    test.slow();
    const player = await createTestPlayer(page, newPlayer());
    await logIn(page, player.username);
    await saveBirthday(page, "1992-03-04");

    await openNagadCheckout(page, "1500");
    await page.getByLabel("Wallet number").fill("01711111111");
    await page.getByLabel("Verification code (OTP)").fill("000000");
    await page.getByLabel("PIN").fill("12121");
    await page.getByRole("button", { name: "Confirm payment" }).click();
    await expect(page.getByText("The verification code is wrong.")).toBeVisible();
    // The wallet number typed stays; the OTP and PIN are asked again.
    await expect(page.getByLabel("Wallet number")).toHaveValue("01711111111");
    await page.getByLabel("Verification code (OTP)").fill("123456");
    await page.getByLabel("PIN").fill("12121");
    await page.getByRole("button", { name: "Confirm payment" }).click();

    await expect(page).toHaveURL(/\/deposit\/checkout\/G[0-9A-F]{18}$/);
    const result = page.getByTestId("checkout-result");
    await expect(result).toHaveAttribute("data-outcome", "credited");
    await expect(result).toContainText("Deposit successful");
    await expect(result).toContainText("৳1,500.00 from Nagad is in your main wallet");
    await page.screenshot({ path: testInfo.outputPath("gateway-credited.png"), fullPage: true });
    await page.goto("/transaction-record");
    const row = page.getByTestId("record-row").first();
    await expect(row).toContainText("Deposit");
    await expect(row).toContainText("1,500");
    await expect(row).toContainText("Success");
    const depositId = (await row.getByRole("link").getAttribute("href"))!.replace("/transaction-record/", "");

    // Staff refund it to the wallet it came from: the player's record says so, with the refund as the last step.
    const staff = await staffPage(browser, testInfo.project.use.javaScriptEnabled !== false);
    await staff.goto("/admin/finance/deposits?status=approved");
    const card = staff.getByTestId(`deposit-${depositId.slice(1)}`);
    await card.getByLabel("Reason for the refund (the player sees it)").fill("Sent to the wrong account");
    await card.getByRole("button", { name: "Refund to wallet" }).click();
    await expect(staff.getByText(`Deposit ${depositId} refunded`)).toBeVisible();
    // The gateway checkouts list finds the checkout by the deposit it credited (the finance filter, a GET form), with
    // the totals of what it shows and the CSV export of the same filter and tab.
    if (testInfo.project.name !== "desktop") await staff.setViewportSize({ width: 360, height: 800 });
    await staff.goto("/admin/finance/checkouts?status=all");
    const filter = staff.getByTestId("finance-filter");
    await filter.getByLabel("Search").fill(depositId);
    await filter.getByLabel("Status").selectOption("refunded");
    await filter.getByRole("button", { name: "Search" }).click();
    await expect(staff).toHaveURL(new RegExp(`[?&]q=${depositId}`));
    await expect(staff.getByTestId("checkout-list").locator("> li")).toHaveCount(1);
    await expect(staff.getByTestId("checkout-status")).toHaveText("Refunded by staff");
    await expect(staff.getByTestId("totals-count")).toHaveText("1 row");
    await expect(staff.getByTestId("totals-amount")).toHaveText("৳1,500");
    await expect(staff.getByTestId("export-csv")).toHaveAttribute("href", /^\/admin\/finance\/checkouts\/export\?.*status=all/);
    await staff.screenshot({ path: testInfo.outputPath(`checkouts-filter-${testInfo.project.name}.png`), fullPage: true });
    const [pageWidth, viewWidth] = await staff.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(pageWidth, "the checkouts page does not scroll sideways").toBeLessThanOrEqual(viewWidth);
    await staff.context().close();
    await page.reload();
    await expect(row).toContainText("Refunded");
    await row.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/transaction-record/${depositId}$`));
    await expect(page.getByTestId("details-timeline").locator("[data-step=refunded]")).toContainText("Refunded to your wallet");
    await expect(page.getByRole("img", { name: /screenshot/i })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath("gateway-refunded.png"), fullPage: true });

    await openNagadCheckout(page, "700");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(result).toHaveAttribute("data-outcome", "cancelled");
    await expect(result).toContainText("No money was taken.");
  });
});
