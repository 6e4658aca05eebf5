// The money flow end to end: a player reports a deposit with a PNG screenshot, staff approve it in the back office,
// the balance and the transaction record show it, the player asks for a withdrawal and staff pay it out.
import { randomBytes } from "node:crypto";
import { type Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { approveDeposit, deposit, newTrx, staffPage, withDepositTurnover } from "./support/payments.ts";
import { poishaOf, takaText } from "./support/casino-games.ts";
import { createTestPlayer, isMobileLayout, logIn, newPlayer } from "./support/players.ts";
import { addVerifiedExtraPhone, saveBirthday, verifyMainPhone } from "./support/profile.ts";

const headerMain = (page: Page) => page.getByTestId("balance-main").filter({ visible: true }).first();

async function expectHeaderBalance(page: Page, text: string) {
  await expect(headerMain(page)).toContainText(text);
}

test.describe("payments", () => {
  test("a deposit with a PNG screenshot, approved by staff, shows in the header balance and the transaction record", async ({ page, browser }) => {
    test.slow(); // the birthday is saved on /profile first
    const player = await createTestPlayer(page, newPlayer());
    await logIn(page, player.username);
    await saveBirthday(page, "1990-05-17"); // every deposit needs a birthday (18+) first
    const trx = newTrx();
    await deposit(page, { amount: "1000", trx, sender: player.phone });
    const staff = await staffPage(browser);
    await approveDeposit(staff, trx, player);

    await page.goto("/account");
    await expectHeaderBalance(page, "1,000");
    await page.goto("/transaction-record");
    const row = page.getByTestId("record-row").first();
    await expect(row).toContainText("Deposit");
    await expect(row).toContainText("1,000");
    await expect(row).toContainText("Success");
    await staff.context().close();
  });

  test(
    "after a turnover-free deposit, a withdrawal to the verified phone the player picks is held at once and paid out by staff",
    { tag: "@desktop" },
    async ({ page, browser }, testInfo) => {
      test.slow();
      // One project only: the test changes a site-wide setting for a moment, and two runs at once would each restore
      // the other's value.
      test.skip(testInfo.project.name !== "desktop", "runs once, in the desktop project");
      const player = await createTestPlayer(page, newPlayer());
      await logIn(page, player.username);
      // Withdrawals need a birthday and a verified phone (the spec's tips box).
      await saveBirthday(page, "1991-02-11");
      await verifyMainPhone(page, player);
      // Another operator prefix than the player's own, so the extra number never equals the main one.
      const extra = `01${player.phone[2] === "9" ? "8" : "9"}${player.phone.slice(3)}`;
      await addVerifiedExtraPhone(page, extra);
      await page.goto("/account");
      const start = poishaOf(await headerMain(page).innerText());

      const staff = await staffPage(browser);
      const trx = newTrx();
      // The deposit starts no turnover requirement while the multiplier is 0; the seeded value comes back afterwards.
      await withDepositTurnover(staff, "0", async () => {
        await deposit(page, { amount: "1000", trx, sender: player.phone });
        await approveDeposit(staff, trx, player);
      });

      await page.goto("/withdrawal");
      await expect(page.getByTestId("withdrawal-tips")).toHaveCount(0);
      await page.locator("[data-testid^=method-]").first().click();
      await page.getByTestId("amount-input").fill("600");
      // Both verified phones are offered, the main one first and chosen.
      const options = page.getByTestId("withdrawal-phone-option");
      await expect(options).toHaveText([`+88 ${player.phone}Main`, `+88 ${extra}`]);
      await expect(options.first().getByRole("radio")).toBeChecked();
      await options.filter({ hasText: extra }).getByRole("radio").check();
      await page.screenshot({ path: testInfo.outputPath("withdrawal-phones.png"), fullPage: true });
      await page.getByRole("button", { name: "Submit", exact: true }).click();
      await expect(page).toHaveURL(/\/payment-request\?id=W\d+$/);
      await page.goto("/account");
      // The amount is held at once: 600 less than before the deposit of 1,000.
      const held = takaText(start + 40_000).slice(1);
      await expectHeaderBalance(page, held);

      await staff.goto("/admin/finance/withdrawals");
      const card = staff.getByTestId("withdrawal-queue").locator("> li").filter({ hasText: player.username });
      await expect(card.getByTestId("withdrawal-amount")).toHaveText("৳600");
      await expect(card.getByTestId("withdrawal-receiving")).toHaveText(extra);
      await expect(card.getByTestId("withdrawal-turnover")).toHaveText("Complete");
      await card.getByRole("button", { name: "Approve (paid out)" }).click();
      await expect(card.getByRole("alert")).toHaveText("Please give the payout reference.");
      await card.getByLabel(/Payout reference/).fill(`PAY${randomBytes(4).toString("hex").toUpperCase()}`);
      await card.getByRole("button", { name: "Approve (paid out)" }).click();
      await expect(staff.getByTestId("admin-notice")).toHaveText(new RegExp(`৳600 paid to ${player.username}`));

      await page.goto("/transaction-record");
      await expect(page.getByTestId("record-row").first()).toContainText("Withdrawal");
      await expect(page.getByTestId("record-row").first()).toContainText("Success");
      await expectHeaderBalance(page, held);
      await staff.context().close();
    },
  );

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the deposit form, the screenshot upload and the staff approval work as plain HTML", async ({ page, browser }) => {
      test.slow(); // a sign-up, a birthday, two upload steps and a staff approval, each a full page load
      const player = await createTestPlayer(page, newPlayer());
      await logIn(page, player.username);
      await saveBirthday(page, "1990-05-17"); // every deposit needs a birthday (18+) first
      const trx = newTrx();
      await deposit(page, { amount: "1500", trx, sender: player.phone });
      const staff = await staffPage(browser, false);
      await approveDeposit(staff, trx, player);
      await page.goto("/account");
      await expectHeaderBalance(page, "1,500");
      if (await isMobileLayout(page)) await expect(page.getByTestId("header-balance-mobile")).toBeVisible();
      await staff.context().close();
    });
  });
});
