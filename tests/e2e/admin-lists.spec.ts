// The site-wide list of casino rounds in the back office: a player rolls Dice once, staff open /admin/rounds (today,
// newest first), filter by the player's username (a GET form: the no-js project runs this @key test too), see the
// round and the filter's totals, follow the row to the player's 360, and export the filtered rows as CSV (the UTF-8
// BOM, the header, one row). On a phone-wide screen the page does not scroll sideways; the exchange-bet and ledger
// lists open with their filters and export links too. Screenshots go to test-results for a look.
import { readFile } from "node:fs/promises";
import { expect, test } from "./support/test.ts";
import { openGame, rollDice } from "./support/casino-games.ts";
import { staffPage } from "./support/payments.ts";
import { createTestPlayer, logIn } from "./support/players.ts";

test(
  "staff open the casino rounds list, filter by a player and export the rows @key",
  { tag: ["@desktop", "@with-js"] },
  async ({ page, browser, javaScriptEnabled }, info) => {
    test.setTimeout(240_000); // a sign-up, a game launch, a staff session and several page loads on a shared machine
    const player = await createTestPlayer(page);
    await logIn(page, player.username);
    const frame = await openGame(page, "HOUSE-ARCADE-DICE", javaScriptEnabled);
    await rollDice(frame, "25");
    await expect(frame.getByTestId("dice-result")).toContainText("Nonce");

    const staff = await staffPage(browser, javaScriptEnabled);
    if (info.project.name === "phone") await staff.setViewportSize({ width: 360, height: 740 });
    await staff.goto("/admin/rounds");
    const filter = staff.getByTestId("rounds-filter");
    await expect(filter.getByLabel("Dates")).toHaveValue("today");
    await filter.getByLabel("Player (username or ID)").fill(player.username);
    await filter.getByRole("button", { name: "Search" }).click();
    await expect(staff).toHaveURL(new RegExp(`[?&]player=${player.username}`));
    const rows = staff.getByTestId("rounds-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Dice");
    await expect(rows.first()).toContainText("৳25.00");
    await expect(staff.getByTestId("totals-count")).toHaveText("1 row");
    await expect(staff.getByTestId("totals-stake")).toHaveText("৳25.00");
    await staff.screenshot({ path: info.outputPath(`admin-rounds-${info.project.name}.png`), fullPage: true });
    const [pageWidth, viewWidth] = await staff.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(pageWidth, "the page does not scroll sideways").toBeLessThanOrEqual(viewWidth);

    // A bad stake: the message next to the field, not an error page.
    await filter.getByLabel("Stake from (৳)").fill("abc");
    await filter.getByRole("button", { name: "Search" }).click();
    await expect(staff.locator("#rounds-minStake-error")).toHaveText("Enter an amount in taka, up to two decimals.");
    await staff.getByTestId("rounds-filter").getByLabel("Stake from (৳)").fill("");
    await staff.getByTestId("rounds-filter").getByRole("button", { name: "Search" }).click();
    await expect(rows).toHaveCount(1);

    const [download] = await Promise.all([staff.waitForEvent("download"), staff.getByTestId("export-csv").click()]);
    expect(download.suggestedFilename()).toMatch(/^casino-rounds-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
    expect(lines[0]!.startsWith("Reference,Time (Dhaka),Player ID,Username,Provider,Game")).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(player.username);
    expect(lines[1]).toContain(",25.00,");

    await rows.first().getByRole("link", { name: player.username }).click();
    await expect(staff).toHaveURL(/\/admin\/players\/\d+$/);

    for (const [path, prefix] of [
      ["/admin/exchange-bets", "bets"],
      ["/admin/ledger", "ledger"],
    ] as const) {
      await staff.goto(`${path}?range=today&player=${player.username}`);
      await expect(staff.getByTestId(`${prefix}-filter`)).toBeVisible();
      await expect(staff.getByTestId("export-csv")).toBeVisible();
      await staff.screenshot({ path: info.outputPath(`admin-${prefix}-${info.project.name}.png`), fullPage: true });
      const [w, v] = await staff.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(w, path).toBeLessThanOrEqual(v);
    }
    await staff.context().close();
  },
);
