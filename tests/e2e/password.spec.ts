import { expect, test } from "./support/test.ts";
import { createTestPlayer, expectLoggedIn, fillLogin, logIn } from "./support/players.ts";
import { waitForMessageTo } from "./support/server-log.ts";

test("forgot password by e-mail: the link sets a new password", { tag: "@key" }, async ({ page }) => {
  const player = await createTestPlayer(page);
  await page.goto("/forgot-password");
  await page.getByLabel("Username", { exact: true }).fill(player.username);
  await page.getByLabel("E-mail").fill(player.email);
  await page.getByRole("checkbox", { name: "I'm not a robot" }).check();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("If the username and e-mail match an account, we have sent a reset link")).toBeVisible();

  const message = await waitForMessageTo(player.email);
  const link = message.match(/https?:\/\/\S+(\/forgot-password\/new\?token=[\w-]+)/);
  expect(link, `a reset link in:\n${message}`).not.toBeNull();
  await page.goto(link![1]!);

  const newPassword = "Fresh2026pw";
  await page.getByLabel("New Password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm New Password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId("toast")).toHaveText("Your password has been reset. Please log in.");

  await fillLogin(page, player.username, player.password);
  await expect(page.getByRole("alert").filter({ hasText: "Invalid credentials" })).toBeVisible();
  await fillLogin(page, player.username, newPassword);
  await expectLoggedIn(page, player.username);

  // The link works once.
  await page.context().clearCookies();
  await page.goto(link![1]!);
  await expect(page.getByText("This reset link or code is invalid or has expired. Please request a new one.")).toBeVisible();
});

test("/reset-password changes the password", { tag: "@key" }, async ({ page }) => {
  const player = await createTestPlayer(page);
  await logIn(page, player.username);

  await page.goto("/reset-password");
  const newPassword = "Changed2026x";
  await page.getByLabel("Current Password", { exact: true }).fill(player.password);
  await page.getByLabel("New Password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm New Password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Your password has been changed. Other devices were logged out.");
  await expectLoggedIn(page, player.username);

  // Another device: the old password no longer works, the new one does.
  await page.context().clearCookies();
  await page.goto("/login");
  await fillLogin(page, player.username, player.password);
  await expect(page.getByRole("alert").filter({ hasText: "Invalid credentials" })).toBeVisible();
  await fillLogin(page, player.username, newPassword);
  await expectLoggedIn(page, player.username);
});

test("/reset-password refuses a wrong current password", { tag: "@key" }, async ({ page }) => {
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  await page.goto("/reset-password");
  await page.getByLabel("Current Password", { exact: true }).fill(`${player.password}x`);
  await page.getByLabel("New Password", { exact: true }).fill("Changed2026x");
  await page.getByLabel("Confirm New Password", { exact: true }).fill("Changed2026x");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.locator(".field").filter({ has: page.getByLabel("Current Password", { exact: true }) })).toContainText(
    "Current password is incorrect",
  );
});

test("the robot box of /forgot-password is a comfortable touch target, ticked by its text too", async ({ page }, testInfo) => {
  await page.goto("/forgot-password");
  const robot = page.getByRole("checkbox", { name: "I'm not a robot" });
  const box = await robot.boundingBox();
  expect(box, "the checkbox is visible").not.toBeNull();
  expect(box!.width).toBeGreaterThanOrEqual(24);
  expect(box!.height).toBeGreaterThanOrEqual(24);
  const text = await page.getByTestId("robot-check-text").boundingBox();
  expect(text!.x - (box!.x + box!.width), "space between the box and its text").toBeGreaterThanOrEqual(8);

  await page.getByTestId("robot-check-text").click();
  await expect(robot).toBeChecked();
  await page.getByTestId("robot-check-text").click();
  await expect(robot).not.toBeChecked();
  // And the box itself, on its edge.
  await robot.click({ position: { x: 2, y: 2 } });
  await expect(robot).toBeChecked();

  await page.locator(".field").filter({ has: robot }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("forgot-password-robot.png") });
});
