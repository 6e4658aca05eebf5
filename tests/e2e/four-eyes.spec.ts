// Four-eyes payouts end to end: above the "second approval" amount (a setting on /admin/settings) the first staff
// approval only records itself, the queue shows the withdrawal awaiting a second approval with the first approver's
// name, the same person cannot approve it again, and a different finance member's approval (here without
// JavaScript, as plain HTML forms) pays it. The player sees it pending until then.
import { randomBytes } from "node:crypto";
import { type Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { staffPage } from "./support/payments.ts";
import { createTestPlayer, logIn, newPlayer } from "./support/players.ts";
import { saveBirthday, verifyMainPhone } from "./support/profile.ts";
import { openSession } from "./support/sessions.ts";
import { guardContext } from "./support/test.ts";

const LABEL = "Second approval above (৳)";

async function setSecondApproval(staff: Page, taka: string) {
  await staff.goto("/admin/settings");
  await staff.getByLabel(LABEL).fill(taka);
  await staff.getByRole("button", { name: "Save settings" }).click();
  await expect(staff.getByTestId("admin-notice")).toBeVisible();
  await expect(staff.getByLabel(LABEL)).toHaveValue(taka);
}

test(
  "a large withdrawal is paid only after a second, different finance member approves it",
  { tag: "@back-office" },
  async ({ page, browser }, testInfo) => {
    test.slow();
    // One project only: the test changes site-wide settings for a moment.
    test.skip(testInfo.project.name !== "desktop", "runs once, in the desktop project");
    const player = await createTestPlayer(page, newPlayer());
    await logIn(page, player.username);
    await saveBirthday(page, "1990-03-09");
    await verifyMainPhone(page, player);

    const admin = await staffPage(browser);
    // A second finance member, created by the admin on /admin/staff.
    const username = `fin${randomBytes(3).toString("hex")}`;
    await admin.goto("/admin/staff");
    const create = admin.getByTestId("create-staff");
    await create.getByLabel("Username", { exact: true }).fill(username);
    await create.getByLabel("Name", { exact: true }).fill("Second Approver");
    await create.getByLabel("Role", { exact: true }).selectOption("finance");
    await create.getByLabel("Password", { exact: true }).fill(`Pass${randomBytes(6).toString("hex")}`);
    await create.getByRole("button", { name: "Create account" }).click();
    await expect(admin.getByTestId(`staff-${username}`)).toBeVisible();

    // Money to withdraw: a staff credit (no deposit, so no turnover requirement and no turnover setting to change).
    await admin.goto(`/admin/finance/adjustments?username=${player.username}`);
    const adjust = admin.getByTestId("adjustment-form");
    await adjust.getByLabel("Credit (add to main wallet)").check();
    await adjust.getByLabel("Amount (taka)").fill("3000");
    await adjust.getByLabel("Reason").fill("four-eyes e2e");
    await adjust.getByRole("button", { name: "Apply adjustment" }).click();
    await expect(admin.getByTestId("admin-notice")).toHaveText(`৳3,000 credited to ${player.username}'s main wallet.`);

    await admin.goto("/admin/settings");
    const previous = await admin.getByLabel(LABEL).inputValue();
    await setSecondApproval(admin, "2000");
    try {
      await page.goto("/withdrawal");
      await page.locator("[data-testid^=method-]").first().click();
      await page.getByTestId("amount-input").fill("2500");
      await page.getByRole("button", { name: "Submit", exact: true }).click();
      await expect(page).toHaveURL(/\/payment-request\?id=W\d+$/);
      const withdrawalId = /id=W(\d+)$/.exec(page.url())![1]!;

      // The first approval: no reference to type, nothing is paid.
      await admin.goto("/admin/finance/withdrawals");
      const card = admin.getByTestId("withdrawal-queue").locator("> li").filter({ hasText: player.username });
      await expect(card.getByTestId("withdrawal-amount")).toHaveText("৳2,500");
      await expect(card.getByTestId("four-eyes-note")).toBeVisible();
      await expect(card.getByLabel(/Payout reference/)).toHaveCount(0);
      await card.getByRole("button", { name: "Approve (first of two)" }).click();
      await expect(admin.getByTestId("admin-notice")).toHaveText(new RegExp(`৳2,500, ${player.username}\\): first approval recorded`));
      await expect(card.getByTestId("awaiting-second")).toHaveText("Awaiting second approval (first: admin)");
      await expect(card.getByTestId("withdrawal-first-approval")).toHaveText(/^admin, \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      await admin.screenshot({ path: testInfo.outputPath("awaiting-second-approval.png"), fullPage: true });

      // The same person cannot give the second approval: no approve form for them (the server refuses it too, 403).
      await expect(card.getByTestId("four-eyes-yours")).toHaveText(
        "You gave the first approval: a different finance staff member must give the second, which pays it.",
      );
      await expect(card.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
      await expect(card.getByRole("button", { name: "Reject and return" })).toBeVisible();
      const refused = await admin.request.post("/admin/finance/withdrawals", {
        form: { intent: "approve", id: withdrawalId, payoutReference: "PAYSAME1" },
        headers: { origin: new URL(admin.url()).origin },
        maxRedirects: 0,
      });
      expect(refused.status()).toBe(403);
      expect(await refused.text()).toContain("You gave this withdrawal its first approval: a different finance staff member must give the second.");

      // The player still sees a pending withdrawal, nothing paid.
      await page.goto("/transaction-record");
      await expect(page.getByTestId("record-row").first()).toContainText("Withdrawal");
      await expect(page.getByTestId("record-row").first()).toContainText("Pending");

      // The second finance member, without JavaScript: the plain HTML form pays it.
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        locale: "en-US",
        timezoneId: "Asia/Dhaka",
        javaScriptEnabled: false,
      });
      guardContext(context);
      const second = await context.newPage();
      await openSession(context.request, "staff", username);
      await second.goto("/admin/finance/withdrawals");
      const card2 = second.getByTestId("withdrawal-queue").locator("> li").filter({ hasText: player.username });
      await expect(card2.getByTestId("awaiting-second")).toHaveText("Awaiting second approval (first: admin)");
      await card2.getByLabel(/Payout reference/).fill(`PAY${randomBytes(4).toString("hex").toUpperCase()}`);
      await card2.getByRole("button", { name: "Approve (paid out)" }).click();
      await expect(second.getByTestId("admin-notice")).toHaveText(new RegExp(`৳2,500 paid to ${player.username}`));
      await context.close();

      await page.goto("/transaction-record");
      await expect(page.getByTestId("record-row").first()).toContainText("Success");

      // Every step is in the audit log.
      for (const [action, label] of [
        ["withdrawal.first_approve", "Withdrawal: first of two approvals"],
        ["withdrawal.approve", "Withdrawal paid out"],
      ] as const) {
        await admin.goto(`/admin/audit?action=${action}`);
        await expect(admin.locator("tbody tr").first()).toContainText(label);
      }
    } finally {
      await setSecondApproval(admin, previous);
    }
    await admin.context().close();
  },
);
