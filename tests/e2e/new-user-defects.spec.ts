// What a new user ran into: the sign-up form's 18+ box (its message, its size, the terms link), the message of a
// referral link without a code, the password change form (its hint, its messages, clearing after success) and
// the log-out page.
import { type Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { expectLoggedIn, expectLoggedOut, logIn, signUp } from "./support/players.ts";

const fieldOf = (page: Page, label: string) => page.locator(".field").filter({ has: page.getByLabel(label, { exact: true }) });
const ageCheckbox = (page: Page) => page.getByRole("checkbox", { name: /18 years old/ });

async function switchLanguage(page: Page) {
  await page.getByTestId("language-switch").filter({ visible: true }).first().click();
}

test("sign-up shows every field's message at once, the 18+ box's included", { tag: "@key" }, async ({ page }) => {
  await page.goto("/signup");
  await page.getByLabel("Username", { exact: true }).fill("ab");
  await page.getByLabel("E-mail").fill("not-an-email");
  await page.getByRole("button", { name: "SUBMIT" }).click();

  await expect(fieldOf(page, "Username")).toContainText("Username must be 4-15 letters or numbers");
  await expect(fieldOf(page, "Password")).toContainText("Password is required");
  await expect(fieldOf(page, "Phone Number")).toContainText("Phone number is required");
  await expect(fieldOf(page, "E-mail")).toContainText("Invalid email address");
  await expect(page.locator(".field").filter({ has: ageCheckbox(page) })).toContainText("You must confirm that you are 18 years old.");
  await expect(page).toHaveURL(/\/signup$/);

  // Ticking the box takes its message away; the others stay until their fields are right.
  await ageCheckbox(page).check();
  await page.getByLabel("Username", { exact: true }).fill("abcd");
  await page.getByRole("button", { name: "SUBMIT" }).click();
  await expect(page.locator(".field").filter({ has: ageCheckbox(page) })).not.toContainText("18 years old.");
  await expect(fieldOf(page, "Phone Number")).toContainText("Phone number is required");
});

test("the 18+ box is a comfortable touch target, spaced from its text", async ({ page }, testInfo) => {
  await page.goto("/signup");
  const box = await ageCheckbox(page).boundingBox();
  expect(box, "the checkbox is visible").not.toBeNull();
  expect(box!.width).toBeGreaterThanOrEqual(24);
  expect(box!.height).toBeGreaterThanOrEqual(24);
  const text = await page.getByTestId("age-check-text").boundingBox();
  expect(text!.x - (box!.x + box!.width), "space between the box and its text").toBeGreaterThanOrEqual(8);

  // Tapping the text ticks the box too.
  await page.getByTestId("age-check-text").click({ position: { x: 5, y: 5 } });
  await expect(ageCheckbox(page)).toBeChecked();

  await page
    .locator(".field")
    .filter({ has: ageCheckbox(page) })
    .scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("signup-age-check.png") });
});

test("the terms and conditions of the 18+ line are a link to the terms, in English and Bangla", { tag: "@key" }, async ({ page }) => {
  await page.goto("/signup");
  const link = page.getByRole("link", { name: "terms and conditions" });
  await expect(link).toHaveAttribute("href", "/terms");
  // The checkbox is still named by the whole line.
  await expect(ageCheckbox(page)).toHaveAccessibleName("I'm 18 years old and agree to terms and conditions");

  const response = await page.goto("/terms");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Terms and Conditions" })).toBeVisible();
  await expect(page.getByTestId("terms")).toContainText("18");
  await expect(page.getByTestId("terms").getByRole("link", { name: "Responsible Gaming" })).toHaveAttribute("href", "/responsible-gaming");
  await expect(page).toHaveTitle(/Terms and Conditions/);

  await switchLanguage(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.getByRole("heading", { level: 1, name: "শর্তাবলি" })).toBeVisible();

  await page.goto("/signup");
  await expect(page.getByRole("link", { name: "শর্তাবলীতে" })).toHaveAttribute("href", "/terms");
  await switchLanguage(page);
});

test("a referral or affiliate link without a code says so in words", { tag: "@key" }, async ({ page }) => {
  await page.goto("/referral_code");
  await expect(page).toHaveURL(/\/signup\?missing=referral_code$/);
  await expect(page.getByRole("alert").filter({ hasText: "found in the URL" })).toHaveText("No referral code found in the URL");

  await page.goto("/affiliate_code?code=");
  await expect(page).toHaveURL(/\/signup\?missing=affiliate_code$/);
  await expect(page.getByRole("alert").filter({ hasText: "found in the URL" })).toHaveText("No affiliate code found in the URL");

  await switchLanguage(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.getByRole("alert").filter({ hasText: "URL-এ" })).toHaveText("URL-এ কোনো অ্যাফিলিয়েট কোড পাওয়া যায়নি");
  await page.goto("/referral_code");
  await expect(page.getByRole("alert").filter({ hasText: "URL-এ" })).toHaveText("URL-এ কোনো রেফারেল কোড পাওয়া যায়নি");
  await switchLanguage(page);
});

test("/reset-password states the real rule and gives one message per field", { tag: "@key" }, async ({ page }) => {
  const player = await signUp(page);
  await logIn(page, player.username);
  await page.goto("/reset-password");
  await expect(page.getByTestId("reset-password-page")).toContainText(
    "8-20 characters with an uppercase letter, a lowercase letter and a digit; @$!%*# allowed.",
  );
  await expect(page.getByTestId("reset-password-page")).not.toContainText("6-20");

  await page.getByLabel("Current Password", { exact: true }).fill(player.password);
  await page.getByLabel("New Password", { exact: true }).fill("abc");
  await page.getByLabel("Confirm New Password", { exact: true }).fill("abc");
  await page.getByRole("button", { name: "Confirm" }).click();
  const messages = fieldOf(page, "New Password").locator(".field-error > div");
  await expect(messages).toHaveText(["Password must be 8-20 characters"]);

  // Long enough, but no uppercase letter or digit: again one message, the first rule it breaks.
  await page.getByLabel("Current Password", { exact: true }).fill(player.password);
  await page.getByLabel("New Password", { exact: true }).fill("abcdefgh");
  await page.getByLabel("Confirm New Password", { exact: true }).fill("abcdefgh");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(messages).toHaveText(["Password needs at least one uppercase letter"]);
});

test("/reset-password empties its fields after a successful change", { tag: "@key" }, async ({ page }) => {
  const player = await signUp(page);
  await logIn(page, player.username);
  await page.goto("/reset-password");
  const newPassword = "Changed2026x";
  await page.getByLabel("Current Password", { exact: true }).fill(player.password);
  await page.getByLabel("New Password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm New Password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Your password has been changed. Other devices were logged out.");
  await expect(page).toHaveURL(/\/reset-password$/);
  for (const label of ["Current Password", "New Password", "Confirm New Password"]) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue("");
  }
  await expect(page.locator(".field-error")).toHaveCount(0);

  // The emptied form works again: back to the first password.
  await page.getByLabel("Current Password", { exact: true }).fill(newPassword);
  await page.getByLabel("New Password", { exact: true }).fill("Again2026yz");
  await page.getByLabel("Confirm New Password", { exact: true }).fill("Again2026yz");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("toast")).toBeVisible();
  await expect(page.getByLabel("Current Password", { exact: true })).toHaveValue("");
  await expectLoggedIn(page, player.username);
});

test("/player/logout sends a guest home", { tag: "@key" }, async ({ page }) => {
  for (const path of ["/player/logout", "/logout"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("logout-confirm")).toHaveCount(0);
  }
});

test("/player/logout asks a player, who can cancel or log out", { tag: "@key" }, async ({ page }) => {
  const player = await signUp(page);
  await logIn(page, player.username);

  await page.goto("/player/logout");
  const main = page.getByTestId("logout-page");
  await expect(main.getByRole("heading", { level: 1, name: "Log out?" })).toBeVisible();
  await expect(page).toHaveTitle(/Log out\?/);
  await main.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectLoggedIn(page, player.username);

  await page.goto("/player/logout");
  await main.getByRole("button", { name: "Log out", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("toast")).toHaveText("You have been logged out.");
  await expectLoggedOut(page);
  await page.goto("/logout");
  await expect(page).toHaveURL(/\/$/);
});
