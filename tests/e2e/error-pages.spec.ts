// The 404 and error pages look like the rest of the site: the header (logo, language switch), the page's title in
// its language, and ways back (Back, Home, the player's account); under /admin, the back office's header and
// navigation. On a phone, a desktop and a phone without JavaScript (@key).
import { mkdirSync } from "node:fs";
import { type Page, type TestInfo } from "@playwright/test";
import { appStarted, expect, test } from "./support/test.ts";
import { createTestPlayer, logIn } from "./support/players.ts";

// scripts/e2e-server.mjs gives the server this password for the seeded admin (ADMIN_INITIAL_PASSWORD).
const ADMIN = { username: "admin", password: process.env.ADMIN_INITIAL_PASSWORD ?? "E2e-Admin-Pass-1" };

/** Saved for people to look at (artifacts/screenshots/, like home's). */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync("artifacts/screenshots", { recursive: true });
  await page.screenshot({ path: `artifacts/screenshots/error-${name}-${testInfo.project.name}.png`, fullPage: true });
}

/** Script errors and React's hydration complaints (not the browser's note that the document itself was a 404). */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text());
  });
  return errors;
}

/** The header of the page's layout: the phone's top bar or the desktop's. */
function header(page: Page, testInfo: TestInfo) {
  return page.getByTestId(testInfo.project.use.isMobile ? "mobile-header" : "desktop-header");
}

test("an unknown page is a 404 inside the site's shell, with its title and a way home", { tag: ["@key", "@desktop"] }, async ({ page }, testInfo) => {
  const errors = watchErrors(page);
  const response = await page.goto("/no-such-page");
  await page.waitForLoadState("networkidle");
  expect(response?.status()).toBe(404);
  const top = header(page, testInfo);
  await expect(top).toBeVisible();
  await expect(top.getByRole("img", { name: "DeshPlay" })).toBeVisible();
  await expect(top.getByTestId("language-switch")).toBeVisible();
  if (testInfo.project.use.isMobile) await expect(page.getByTestId("guest-toolbar")).toBeVisible();
  else await expect(page.getByRole("navigation", { name: "Game categories" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByText("The page you are looking for does not exist.")).toBeVisible();
  await expect(page.getByTestId("error-status")).toHaveText("Error 404");
  await expect(page).toHaveTitle("Page not found — DeshPlay");
  // No Referer: Back is the home page without JavaScript.
  await expect(page.getByTestId("error-back")).toHaveAttribute("href", "/");
  await screenshot(page, testInfo, "404-en");
  expect(errors).toEqual([]);

  await page.getByTestId("error-home").click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toHaveCount(0);
});

test("switching the language on the 404 page shows it in Bangla, still a 404", { tag: "@key" }, async ({ page }, testInfo) => {
  await page.goto("/no-such-page");
  await header(page, testInfo).getByTestId("language-switch").click();
  await expect(page).toHaveURL(/\/no-such-page$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.getByRole("heading", { level: 1, name: "পাতাটি পাওয়া যায়নি" })).toBeVisible();
  await expect(page).toHaveTitle("পাতাটি পাওয়া যায়নি — DeshPlay");
  await expect(page.getByTestId("error-back")).toHaveText(/ফিরে যান/);
  await expect(page.getByTestId("error-home")).toHaveText("হোম");
  await screenshot(page, testInfo, "404-bn");
  const reload = await page.reload();
  expect(reload?.status()).toBe(404);

  await header(page, testInfo).getByTestId("language-switch").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});

test("Back returns to the page of the site the visitor came from", { tag: "@key" }, async ({ page, baseURL }) => {
  await page.goto("/fair");
  await page.goto("/no-such-page", { referer: `${baseURL}/fair` });
  // Without JavaScript a link to the Referer's page; with it, the browser's history (the same page here).
  await expect(page.getByTestId("error-back")).toHaveAttribute("href", "/fair");
  await page.getByTestId("error-back").click();
  await expect(page).toHaveURL(/\/fair$/);
});

test("a 404 reached by a client-side navigation: the shell stays, the title changes, Back goes back", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "client navigation needs JavaScript");
  await page.goto("/fair");
  await appStarted(page);
  // As a link of the app to a page that does not exist would (React Router's own navigation, a data request).
  await page.evaluate(() =>
    (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter.navigate("/gone-page"),
  );
  await expect(page).toHaveURL(/\/gone-page$/);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(header(page, testInfo)).toBeVisible();
  await expect(page).toHaveTitle("Page not found — DeshPlay");
  await page.getByTestId("error-back").click();
  await expect(page).toHaveURL(/\/fair$/);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toHaveCount(0);
});

test("a logged-in player's 404 pages offer their account; a page's own 404 is in the shell too", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  if (testInfo.project.use.isMobile) await expect(page.getByTestId("bottom-toolbar")).toBeVisible();
  else await expect(page.getByTestId("account-entry")).toHaveText(player.username);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await screenshot(page, testInfo, "404-player");

  // A promotion that does not exist: the page's loader throws the 404 (the root's error boundary shows it).
  const promotion = await page.goto("/promotions/999999");
  expect(promotion?.status()).toBe(404);
  await expect(header(page, testInfo)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await page.getByTestId("error-account").click();
  await expect(page).toHaveURL(/\/account$/);
});

test(
  "an error the server refuses: 'Something went wrong' with its status, still in a shell with the language switch",
  { tag: "@key" },
  async ({ page }, testInfo) => {
    // The form-body guard refuses a NUL in the address before any loader runs: no root data, the minimal shell.
    const errors = watchErrors(page);
    const response = await page.goto("/games?q=%00");
    expect(response?.status()).toBe(400);
    await page.waitForLoadState("networkidle");
    const top = header(page, testInfo);
    await expect(top).toBeVisible();
    await expect(top.getByRole("img", { name: "DeshPlay" })).toBeVisible();
    await expect(top.getByTestId("language-switch")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
    await expect(page.getByTestId("error-status")).toHaveText("Error 400");
    await expect(page).toHaveTitle("Something went wrong — DeshPlay");
    await screenshot(page, testInfo, "400-en");
    expect(errors).toEqual([]);
    await page.getByTestId("error-home").click();
    await expect(page).toHaveURL(/\/$/);
  },
);

test.describe("the back office", () => {
  test(
    "an unknown /admin path as staff: the admin header and navigation, a 404 and the way to the dashboard",
    { tag: ["@key", "@back-office"] },
    async ({ page }, testInfo) => {
      await page.goto("/admin/login");
      await page.getByLabel("Username").fill(ADMIN.username);
      await page.getByLabel("Password").fill(ADMIN.password);
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(page).toHaveURL(/\/admin$/);

      const errors = watchErrors(page);
      const response = await page.goto("/admin/no-such-page");
      expect(response?.status()).toBe(404);
      await page.waitForLoadState("networkidle");
      await expect(page.getByTestId("admin-header")).toBeVisible();
      const nav = page.getByRole("navigation", { name: "Back office" });
      await expect(nav.getByRole("link", { name: "Staff" })).toBeVisible();
      await expect(nav.getByRole("link", { name: "Settings" })).toBeVisible();
      await expect(page.getByTestId("admin-logout")).toBeVisible();
      await expect(page.getByTestId("mobile-header")).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(page).toHaveTitle("Page not found — DeshPlay");
      await screenshot(page, testInfo, "admin-404");
      expect(errors).toEqual([]);

      // The language switch keeps the back office's 404.
      await page.getByTestId("admin-header").getByTestId("language-switch").click();
      await expect(page.getByRole("heading", { level: 1, name: "পাতাটি পাওয়া যায়নি" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "ব্যাক অফিস" })).toBeVisible();
      await page.getByTestId("admin-header").getByTestId("language-switch").click();

      await page.getByTestId("error-admin-dashboard").click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    },
  );

  test("an unknown /admin path as a guest: the admin header without navigation, the staff log-in", { tag: "@back-office" }, async ({ page }) => {
    const response = await page.goto("/admin/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("admin-header")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Back office" })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await page.getByTestId("error-admin-login").click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
