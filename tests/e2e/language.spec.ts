import { expect, test } from "./support/test.ts";

test("the Bangla switch translates the page and the choice stays on the next page", { tag: "@key" }, async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await page.getByTestId("language-switch").filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.getByRole("button", { name: "লগইন", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "লগইন" })).toBeVisible();

  // Another page, opened by a fresh request: still in Bangla.
  await page.goto("/signup");
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.getByRole("heading", { name: "সাইন আপ" })).toBeVisible();
  await expect(page.getByRole("button", { name: "জমা দিন" })).toBeVisible();

  // And back to English.
  await page.getByTestId("language-switch").filter({ visible: true }).first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("button", { name: "SUBMIT" })).toBeVisible();
});
