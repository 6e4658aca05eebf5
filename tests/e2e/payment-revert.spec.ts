// Issue 31 in the browser: a player reverts a pending deposit from its details page (a plain form post, so it works
// without JavaScript too), and a deposit staff rejected shows the countdown before it may be edited and resubmitted.
import { type Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { deposit, newTrx, staffPage } from "./support/payments.ts";
import { createTestPlayer, logIn, newPlayer } from "./support/players.ts";
import { saveBirthday } from "./support/profile.ts";

/** A deposit reported by a new player; returns its transaction id ("D12"). */
async function pendingDeposit(page: Page, trx: string) {
  const player = await createTestPlayer(page, newPlayer());
  await logIn(page, player.username);
  await saveBirthday(page, "1990-05-17");
  await deposit(page, { amount: "1000", trx, sender: player.phone });
  const id = /id=(D\d+)$/.exec(page.url())![1]!;
  return { player, id };
}

test.describe("revert and resubmit", () => {
  test(
    "a player reverts a pending deposit from its details: it reads Cancelled and leaves the staff queue",
    { tag: "@key" },
    async ({ page, browser }) => {
      test.slow();
      const trx = newTrx();
      const { id } = await pendingDeposit(page, trx);
      await page.goto(`/transaction-record/${id}`);
      const revert = page.getByTestId("revert-form");
      await expect(revert).toBeVisible();
      await revert.getByRole("button", { name: "Revert" }).click();
      await expect(page.getByTestId("transaction-details-page").locator("[data-status]").first()).toHaveText("Cancelled");
      await expect(page.getByTestId("revert-form")).toHaveCount(0);

      await page.goto("/transaction-record?status=fail&type=deposit&range=today");
      await expect(page.getByTestId("record-row").first()).toContainText("Cancelled");

      const staff = await staffPage(browser, false);
      await staff.goto("/admin/finance/deposits");
      await expect(staff.getByTestId("deposit-queue").locator("> li").filter({ hasText: trx })).toHaveCount(0);
      await staff.goto("/admin/finance/deposits?status=cancelled");
      await expect(staff.locator("li").filter({ hasText: trx }).getByTestId("cancelled-at")).toBeVisible();
      await staff.context().close();
    },
  );

  test("a rejected deposit says when it may be edited and resubmitted", { tag: ["@key", "@with-js"] }, async ({ page, browser }) => {
    test.slow();
    const trx = newTrx();
    const { id } = await pendingDeposit(page, trx);
    const staff = await staffPage(browser, false);
    await staff.goto("/admin/finance/deposits");
    const card = staff.getByTestId("deposit-queue").locator("> li").filter({ hasText: trx });
    await card.getByLabel("Reason for rejecting (the player sees it)").fill("The screenshot is unreadable");
    await card.getByRole("button", { name: "Reject" }).click();
    await expect(staff.getByTestId("admin-notice")).toContainText(`Deposit ${id} rejected.`);
    await staff.context().close();

    await page.goto(`/transaction-record/${id}`);
    await expect(page.getByTestId("revert-form")).toHaveCount(0);
    await expect(page.getByTestId("edit-countdown")).toContainText(/You can edit after [1-5] minutes?/);
    await expect(page.getByTestId("resubmit-form")).toHaveCount(0);
  });
});
