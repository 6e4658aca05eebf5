// VIP: a player earns VP by playing (a settled Dice round; the server's accrual job posts it within seconds), sees
// the level card and the VP Received row, converts VP into money on the main wallet, and sees both change.
import { randomBytes, randomInt } from "node:crypto";
import { type Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { staffPage } from "./support/payments.ts";
import { openGame, poishaOf, takaText } from "./support/casino-games.ts";
import { createTestPlayer, isMobileLayout, logIn } from "./support/players.ts";

const DICE = "HOUSE-ARCADE-DICE";

async function mainBalance(page: Page) {
  return poishaOf(await page.getByTestId("balance-main").filter({ visible: true }).first().innerText());
}

/** One Dice roll of `stake` taka "under 98" in the game frame, settled at once. */
async function rollDice(page: Page, stake: number, javaScriptEnabled: boolean) {
  const frame = await openGame(page, DICE, javaScriptEnabled);
  const nonce = Number(await frame.getByTestId("seed-nonce").innerText());
  await frame.getByLabel("Stake (৳)").fill(String(stake));
  await frame.getByLabel("Target (0.02 – 99.98)").first().fill("98");
  await frame.getByLabel("Under the target").check();
  await frame.getByRole("button", { name: "Roll" }).click();
  await expect(frame.getByTestId("dice-result")).toContainText(`Nonce ${nonce} ·`);
}

/** The accrual job runs every 5 s: reload /vip until the VP arrive. */
async function waitForVp(page: Page, vp: string) {
  await expect(async () => {
    await page.goto("/vip");
    await expect(page.getByTestId("vip-points")).toHaveText(vp, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

test("a player earns VP from a settled Dice round and converts them into main-wallet money @key", async ({ page, javaScriptEnabled }) => {
  const player = await createTestPlayer(page);
  await logIn(page, player.username);

  await page.goto("/vip");
  await expect(page.getByTestId("vip-level")).toHaveText("Normal");
  await expect(page.getByTestId("vip-points")).toHaveText("0");
  await expect(page.getByTestId("vip-not-enough")).toHaveText("Not enough points. Points must follow minimum VP required to convert.");
  await expect(page.getByTestId("vip-rate")).toContainText("400 VP = ৳100, so 1 VP = ৳0.25.");

  // ৳1,200 settled: 12 VP and 12 experience at 1 VP per ৳100.
  await rollDice(page, 1_200, javaScriptEnabled);
  await waitForVp(page, "12");
  await expect(page.getByTestId("vip-experience")).toHaveText("12 / 100 experience");
  await expect(page.getByTestId("vip-not-enough")).toHaveCount(0);

  // Under the minimum: the spec's message, nothing converted.
  const amount = page.getByLabel("VP to convert");
  await amount.fill("9");
  await page.getByRole("button", { name: "Convert" }).click();
  await expect(page.getByTestId("vip-convert-form").getByRole("alert")).toHaveText("Minimum VP Required: 10");
  await expect(page.getByTestId("vip-points")).toHaveText("12");

  const before = await mainBalance(page);
  await amount.fill("10");
  await page.getByRole("button", { name: "Convert" }).click();
  await expect(page.getByTestId("vip-converted")).toHaveText("Converted 10 VP into ৳2.50. It is on your main wallet.");
  await expect(page.getByTestId("vip-points")).toHaveText("2");
  await expect(page.getByTestId("balance-main").filter({ visible: true }).first()).toContainText(takaText(before + 250).slice(1));
  // Reloading the page after the conversion converts nothing more.
  await page.reload();
  await expect(page.getByTestId("vip-points")).toHaveText("2");
  expect(await mainBalance(page)).toBe(before + 250);

  // The lists: one row received (the Dice round), one used (the conversion), this month's experience.
  await page.getByRole("link", { name: "VP Received" }).click();
  await expect(page.getByTestId("vip-row")).toHaveCount(1);
  await expect(page.getByTestId("vip-row")).toContainText("+12");
  await expect(page.getByTestId("vip-row")).toContainText("Casino bet ৳1,200.00");
  await page.getByRole("link", { name: "VP Used" }).click();
  await expect(page.getByTestId("vip-row")).toHaveCount(1);
  await expect(page.getByTestId("vip-row")).toContainText("−10");
  await expect(page.getByTestId("vip-row")).toContainText("৳2.50");
  await page.getByRole("link", { name: "VIP History" }).click();
  await expect(page.getByTestId("vip-row")).toHaveCount(1);
  await expect(page.getByTestId("vip-row")).toContainText("Normal");
});

test("the side menu and the member menu lead to /vip; guests are sent to log in", async ({ page }) => {
  await page.goto("/vip");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fvip/);
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  // The side menu is the phone layout's (desktops have the top bar).
  if (await isMobileLayout(page)) {
    await page.goto("/#side-menu");
    await page.getByTestId("side-menu").getByRole("link", { name: "VIP", exact: true }).click();
    await expect(page).toHaveURL(/\/vip$/);
    await expect(page.getByTestId("vip-card")).toBeVisible();
  }
  await page.goto("/account");
  await page.getByTestId("account-menu").getByRole("link", { name: "VIP" }).click();
  await expect(page).toHaveURL(/\/vip$/);
  await page.screenshot({ path: `test-results/vip-${test.info().project.name}.png`, fullPage: true });
  // In Bangla too (Latin digits).
  await page.getByTestId("language-switch").filter({ visible: true }).first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.getByTestId("vip-tabs")).toContainText("আমার ভিআইপি");
  await expect(page.getByTestId("vip-rate")).toContainText("400 VP = ৳100");
  await page.screenshot({ path: `test-results/vip-bn-${test.info().project.name}.png`, fullPage: true });
});

test("staff add a VIP level in the back office and delete it again", { tag: "@back-office" }, async ({ browser }) => {
  const staff = await staffPage(browser);
  await staff.getByRole("link", { name: "VIP", exact: true }).click();
  await expect(staff).toHaveURL(/\/admin\/vip$/);
  await expect(staff.getByTestId("vip-levels").getByRole("textbox", { name: "Name", exact: true }).first()).toHaveValue("Normal");
  // A level far above anyone's experience, so players of parallel tests keep theirs.
  const name = `Test ${randomBytes(3).toString("hex")}`;
  const add = staff.getByTestId("vip-level-form").last();
  await add.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await add.getByRole("textbox", { name: "Experience needed (VP)" }).fill(String(900_000_000 + randomInt(1_000_000)));
  await add.getByRole("textbox", { name: "VP per ৳100" }).fill("50");
  await add.getByRole("button", { name: "Add level" }).click();
  await expect(staff.getByTestId("admin-notice")).toHaveText("Saved.");
  const row = staff.getByTestId("vip-level-form").filter({ has: staff.locator(`input[value="${name}"]`) });
  await expect(row).toHaveCount(1);
  await staff.screenshot({ path: `test-results/vip-admin-${test.info().project.name}.png`, fullPage: true });
  await row.getByRole("button", { name: "Delete" }).click();
  await expect(staff.getByTestId("admin-notice")).toHaveText("Level deleted.");
  await expect(staff.locator(`input[value="${name}"]`)).toHaveCount(0);
  await staff.context().close();
});
