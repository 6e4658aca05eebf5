// Issue 27 in the browser: the back-office dashboard on the daily aggregates. An approved deposit shows in today's
// figures and in the deposit chart's table; the range form is a plain GET form (works without JavaScript) and a bad
// date gets a message; on a phone nothing overflows the page's width (tables scroll inside their boxes).
import { type Browser } from "@playwright/test";
import { expect, guardContext, test } from "./support/test.ts";
import { approveDeposit, deposit, newTrx, staffPage } from "./support/payments.ts";
import { createTestPlayer, logIn, newPlayer } from "./support/players.ts";
import { saveBirthday } from "./support/profile.ts";
import { openSession } from "./support/sessions.ts";
import { phone } from "./support/devices.ts";

const poisha = (text: string) => Math.round(Number(text.replace(/[^\d.−-]/g, "").replace("−", "-")) * 100);

async function phoneStaffPage(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ ...phone, locale: "en-US", timezoneId: "Asia/Dhaka", javaScriptEnabled });
  guardContext(context);
  const page = await context.newPage();
  await openSession(context.request, "staff", "admin");
  return page;
}

test.describe("admin dashboard", () => {
  test(
    "an admin sees a deposit approved today in the figures and in the deposit chart's table",
    { tag: "@back-office" },
    async ({ page, browser }) => {
      test.slow();
      const player = await createTestPlayer(page, newPlayer());
      await logIn(page, player.username);
      await saveBirthday(page, "1990-05-17");
      const trx = newTrx();
      await deposit(page, { amount: "1000", trx, sender: player.phone });

      const staff = await staffPage(browser);
      await staff.goto("/admin?range=today");
      const before = poisha(await staff.getByTestId("fig-deposits-value").innerText());
      await approveDeposit(staff, trx, player);
      // Today's figures are the aggregation job's last pass: it runs every 10 s.
      let after = before;
      await expect
        .poll(
          async () => {
            await staff.goto("/admin?range=today");
            after = poisha(await staff.getByTestId("fig-deposits-value").innerText());
            return after - before;
          },
          { timeout: 60_000, intervals: [2_000, 5_000] },
        )
        .toBeGreaterThanOrEqual(100_000);
      const table = staff.getByTestId("table-daily");
      await expect(table).toBeVisible();
      const todayRow = table.locator("tbody tr").last();
      expect(poisha(await todayRow.locator("td").nth(1).innerText())).toBe(after);
      await expect(staff.getByTestId("chart-daily").locator("svg title").first()).toHaveText("Deposits and withdrawals per day");
      await expect(staff.getByTestId("queue-deposits")).toBeVisible();
      await staff.context().close();
    },
  );

  test("the range form works without JavaScript and answers a bad date with a message", { tag: ["@key", "@back-office"] }, async ({ browser }) => {
    const staff = await phoneStaffPage(browser, false);
    await staff.goto("/admin");
    const form = staff.getByTestId("range-form");
    await form.locator("select[name=range]").selectOption("custom");
    await form.locator("input[name=from]").fill("2026-01-01");
    await form.locator("input[name=to]").fill("2026-01-31");
    await form.getByRole("button", { name: "Show" }).click();
    await expect(staff).toHaveURL(/range=custom&from=2026-01-01&to=2026-01-31/);
    await expect(staff.getByTestId("range-showing")).toContainText("2026-01-01 to 2026-01-31");
    await expect(staff.getByTestId("range-showing")).toContainText("2025-12-01 to 2025-12-31");
    await expect(staff.getByTestId("table-daily").locator("tbody tr")).toHaveCount(31);

    const bad = await staff.goto("/admin?range=custom&from=2026-02-30&to=2026-03-01");
    expect(bad?.status()).toBe(400);
    await expect(staff.getByTestId("range-problem")).toContainText("Enter a date as YYYY-MM-DD.");
    await expect(staff.getByTestId("range-showing")).toBeVisible();
    await staff.context().close();
  });

  test("on a phone the dashboard does not overflow the screen's width", async ({ browser }) => {
    const staff = await phoneStaffPage(browser);
    await staff.goto("/admin?range=last30");
    await expect(staff.getByTestId("section-money")).toBeVisible();
    const { scroll, width } = await staff.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
    expect(scroll).toBeLessThanOrEqual(width);
    await staff.screenshot({ path: "test-results/admin-dashboard-phone.png", fullPage: true });
    await staff.setViewportSize({ width: 1280, height: 900 });
    await staff.screenshot({ path: "test-results/admin-dashboard-desktop.png" });
    await staff.context().close();
  });
});
