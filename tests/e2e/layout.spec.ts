import { expect, test } from "./support/test.ts";

test("the server picks the layout from the user agent", { tag: ["@key", "@desktop"] }, async ({ page }, testInfo) => {
  await page.goto("/");
  if (testInfo.project.use.isMobile) {
    await expect(page.locator("html")).toHaveClass(/\blayout-mobile\b/);
    await expect(page.getByTestId("mobile-header")).toBeVisible();
    await expect(page.getByTestId("desktop-header")).toBeHidden();
    await expect(page.getByTestId("guest-toolbar")).toBeVisible();
  } else {
    await expect(page.locator("html")).toHaveClass(/\blayout-desktop\b/);
    await expect(page.getByTestId("desktop-header")).toBeVisible();
    await expect(page.getByTestId("mobile-header")).toBeHidden();
    await expect(page.getByTestId("guest-toolbar")).toBeHidden();
  }
});

test("a desktop window 700 px wide gets the mobile arrangement", { tag: "@desktop" }, async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "needs the desktop user agent");
  await page.setViewportSize({ width: 700, height: 800 });
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass(/\blayout-desktop\b/);
  await expect(page.getByTestId("mobile-header")).toBeVisible();
  await expect(page.getByTestId("desktop-header")).toBeHidden();
  await expect(page.getByTestId("guest-toolbar")).toBeVisible();

  // Widening the window brings the desktop header back.
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(page.getByTestId("desktop-header")).toBeVisible();
  await expect(page.getByTestId("mobile-header")).toBeHidden();
});
