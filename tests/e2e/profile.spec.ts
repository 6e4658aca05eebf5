// /profile: a new player verifies the main phone with the SMS code from the outbox, saves a birthday, and the
// withdrawal page then shows its form (the tips are gone). Also without JavaScript (@key).
import { expect, test } from "@playwright/test";
import { logIn, signUp } from "./support/players.ts";
import { saveBirthday, smsAddress, verifyMainPhone } from "./support/profile.ts";
import { waitForMessageTo } from "./support/server-log.ts";

test("a new player verifies the phone, saves a birthday, and can then withdraw @key", async ({ page }) => {
  const player = await signUp(page);
  await logIn(page, player.username, player.password);

  // The withdrawal page says what is missing and links to the profile.
  await page.goto("/withdrawal");
  const tips = page.getByTestId("withdrawal-tips");
  await expect(tips).toContainText("Birthday");
  await expect(tips).toContainText("Verified phone number");
  await tips.getByRole("link", { name: "Add your birthday and verify your phone number in Personal Info ›" }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // The profile: VIP card, name with the registration date, phones, e-mail, birthday, security level.
  await expect(page.getByTestId("vip-level")).toHaveText("Normal");
  await expect(page.getByTestId("vip-points")).toHaveText("0");
  await expect(page.getByTestId("profile-name")).toContainText(/Registered on \d{4}-\d{2}-\d{2}/);
  await expect(page.getByTestId("profile-email")).toContainText(player.email);
  await expect(page.getByTestId("security-level")).toContainText("Unverified");

  await verifyMainPhone(page, player);
  await expect(page.getByTestId("security-level")).toContainText("Normal");

  // Under 18 is refused next to the field; then a real birthday is saved and becomes read-only.
  const tooYoung = `${new Date().getFullYear() - 10}-01-01`;
  await page.getByLabel("Birthday").fill(tooYoung);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("profile-birthday")).toContainText("You must be 18 years or older.");
  await saveBirthday(page, "1995-04-14");
  await expect(page.getByLabel("Birthday")).toHaveCount(0);

  // The withdrawal page now shows the form without the tips.
  await page.goto("/withdrawal");
  await expect(page.getByTestId("withdrawal-tips")).toHaveCount(0);
  await expect(page.getByTestId("amount-input")).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit", exact: true })).toBeVisible();
});

test("a wrong code is refused with the attempts left, and an extra phone can be added", async ({ page }) => {
  const player = await signUp(page);
  await logIn(page, player.username, player.password);
  await page.goto("/profile");
  const row = page.getByTestId("phone-main");
  await row.getByRole("button", { name: "Send code" }).click();
  const code = /\b(\d{6})\b/.exec(await waitForMessageTo(smsAddress(player.phone)))![1]!;
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  await row.getByLabel("Verification code").fill(wrong);
  await row.getByRole("button", { name: "Verify" }).click();
  await expect(row).toContainText("The code is not correct. 4 attempts left.");

  await page.getByLabel("New phone number").fill(player.phone);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByTestId("add-phone")).toContainText("This phone number is already on your account.");
  const extra = `019${player.phone.slice(3)}`;
  await page.getByLabel("New phone number").fill(extra);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByTestId("profile-notice")).toHaveText("The phone number was added. Send a code to verify it.");
  await expect(page.getByTestId("profile-phones")).toContainText(`+88 ${extra}`);
  await page.screenshot({ path: `test-results/playwright/profile-${test.info().project.name}.png`, fullPage: true });
});
