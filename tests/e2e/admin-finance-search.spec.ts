// The finance history in the back office: a player's deposit found by its TRX ID on the pending tab (the filter is a
// GET form, so it works without JavaScript too: the no-js project runs the @key test), the filter's totals, the
// "Export CSV" link downloading the filtered rows (first bytes: the UTF-8 BOM, then the header), and on a phone-wide
// screen the page does not overflow sideways (wide tables scroll inside their box).
import { readFile } from "node:fs/promises";
import { expect, test } from "./support/test.ts";
import { deposit, newTrx, staffPage } from "./support/payments.ts";
import { createTestPlayer, logIn, newPlayer } from "./support/players.ts";
import { saveBirthday } from "./support/profile.ts";

test("staff find a deposit by TRX ID, see the totals and export the CSV @key", { tag: "@back-office" }, async ({ page, browser }, testInfo) => {
  test.slow();
  const player = await createTestPlayer(page, newPlayer());
  await logIn(page, player.username);
  await saveBirthday(page, "1990-05-17");
  const trx = newTrx();
  await deposit(page, { amount: "777", trx, sender: "01712345678" });

  const javaScriptEnabled = testInfo.project.name !== "no-js";
  const staff = await staffPage(browser, javaScriptEnabled);
  if (testInfo.project.name === "phone") await staff.setViewportSize({ width: 390, height: 844 });
  await staff.goto("/admin/finance/deposits");
  const filter = staff.getByTestId("finance-filter");
  // Part of the TRX ID, lower case: a prefix search in any case.
  await filter.getByLabel("Search").fill(trx.slice(0, 9).toLowerCase());
  await filter.getByLabel("Dates").selectOption("today");
  await filter.getByRole("button", { name: "Search" }).click();
  await expect(staff).toHaveURL(new RegExp(`[?&]q=${trx.slice(0, 9).toLowerCase()}`));
  await expect(staff).toHaveURL(/[?&]range=today/);
  const queue = staff.getByTestId("deposit-queue").locator("> li");
  await expect(queue).toHaveCount(1);
  await expect(queue.first()).toContainText(trx);
  await expect(queue.first()).toContainText(player.username);
  // The form keeps its values (they are in the address).
  await expect(filter.getByLabel("Search")).toHaveValue(trx.slice(0, 9).toLowerCase());
  await expect(staff.getByTestId("totals-count")).toHaveText("1 row");
  await expect(staff.getByTestId("totals-amount")).toHaveText("৳777");

  // A bad amount: the message next to the field, the form as typed, no 500.
  await filter.getByLabel("Amount (৳, exact)").fill("7.777");
  await filter.getByRole("button", { name: "Search" }).click();
  await expect(staff.getByTestId("filter-refused")).toBeVisible();
  await expect(staff.locator("#finance-amount-error")).toHaveText("Enter an amount in taka, up to two decimals.");
  await staff.getByTestId("finance-filter").getByLabel("Amount (৳, exact)").fill("777");
  await staff.getByTestId("finance-filter").getByRole("button", { name: "Search" }).click();
  await expect(queue).toHaveCount(1);

  await staff.screenshot({ path: testInfo.outputPath(`finance-search-${testInfo.project.name}.png`), fullPage: true });
  const pageWidth = await staff.evaluate(() => document.documentElement.scrollWidth);
  const viewWidth = await staff.evaluate(() => window.innerWidth);
  expect(pageWidth, "the page does not scroll sideways").toBeLessThanOrEqual(viewWidth);

  const [download] = await Promise.all([staff.waitForEvent("download"), staff.getByTestId("export-csv").click()]);
  expect(download.suggestedFilename()).toMatch(/^deposits-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
  expect(lines[0]!.startsWith("Reference,Time (Dhaka),Username,Phone,Method")).toBe(true);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(trx);
  expect(lines[1]).toContain(",777.00,");
  expect(lines[1]).toContain(",Pending,");
});

test("the adjustment history and the audit log fit a phone's width and scroll their tables", async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "a phone-wide layout check");
  const staff = await staffPage(browser);
  await staff.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/admin/finance/adjustments?range=last30", "/admin/audit?range=today", "/admin/finance/withdrawals?status=all"]) {
    await staff.goto(path);
    await expect(staff.getByTestId("export-csv")).toBeVisible();
    const [pageWidth, viewWidth] = await staff.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(pageWidth, path).toBeLessThanOrEqual(viewWidth);
  }
  await staff.goto("/admin/finance/adjustments?range=last30");
  await staff.screenshot({ path: testInfo.outputPath("adjustment-history-phone.png"), fullPage: true });
});
