import { mkdirSync } from "node:fs";
import { expect, test } from "./support/test.ts";

const banners = [1, 2, 3, 4].map((n) => `/demo/banners/banner-${n}.svg`);

test("home shows the seeded banners", { tag: "@key" }, async ({ page }) => {
  await page.goto("/");
  for (const src of banners) await expect(page.locator(`img[src="${src}"]`).first()).toBeAttached();
  await expect(page.locator(`img[src="${banners[0]}"]`).first()).toBeVisible();
  const loaded = await page
    .locator(`img[src="${banners[0]}"]`)
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
  expect(loaded).toBe(true);
});

// Saved for people to look at (artifacts/screenshots/), in English and in Bangla.
test("screenshots of home", { tag: "@desktop" }, async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "phone and desktop only");
  mkdirSync("artifacts/screenshots", { recursive: true });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `artifacts/screenshots/home-${testInfo.project.name}-en.png`, fullPage: true });

  await page.getByTestId("language-switch").filter({ visible: true }).first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `artifacts/screenshots/home-${testInfo.project.name}-bn.png`, fullPage: true });
});
