// The member centre and the promotions page in the browser: /account on a phone and a desktop from the player's real
// figures, every desktop tab opening its section, the promotions category filter, the details (a modal with
// JavaScript, a page without) and its Deposit button opening /deposit with that promotion chosen.
import { mkdirSync } from "node:fs";
import { type Page, type TestInfo } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { staffPage } from "./support/payments.ts";
import { createTestPlayer, isMobileLayout, logIn, newPlayer } from "./support/players.ts";

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync("artifacts/screenshots", { recursive: true });
  await page.screenshot({ path: `artifacts/screenshots/centre-${name}-${testInfo.project.name}.png`, fullPage: true });
}

/** A real 1x1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

const DEMO_PROMOTION = "100% deposit bonus";
const RELOAD_PROMOTION = "5% daily reload";

test.describe("member centre", () => {
  test("@key /account shows the new player's real wallet, what to verify, activity, new promotions and the grouped menu", async ({
    page,
  }, testInfo) => {
    const player = await createTestPlayer(page, newPlayer());
    await logIn(page, player.username);
    await page.goto("/account");
    await expect(page.getByTestId("account-page")).toBeVisible();

    // The wallet is the ledger's: the same figure as the header balance.
    const headerMain = (await page.getByTestId("balance-main").filter({ visible: true }).first().innerText()).replace(/[^\d.,]/g, "");
    await expect(page.getByTestId("wallet-main")).toContainText(headerMain);
    await expect(page.getByTestId("wallet-bonus")).toContainText("0.00");

    // A new player has not saved a birthday nor verified anything: each tip links to /profile.
    const tips = page.getByTestId("verification-tips");
    await expect(tips.locator("[data-missing]")).toHaveText([/Add your birthday$/, /Verify your phone number$/, /Verify your e-mail address$/]);
    await expect(tips.getByRole("link").first()).toHaveAttribute("href", "/profile");

    await expect(page.getByTestId("activity-lastDeposit")).toContainText("None yet");
    await expect(page.getByTestId("activity-lastWithdrawal")).toContainText("None yet");
    await expect(page.getByTestId("activity-lastLogin")).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    await expect(page.getByTestId("activity-registered")).toContainText(/\d{4}-\d{2}-\d{2}/);

    // The newest promotions first, each a link to its details.
    const strip = page.getByTestId("strip-promotion");
    await expect(strip.first()).toBeVisible();
    expect(await strip.count()).toBeGreaterThanOrEqual(2);

    // The menu in the spec's groups, with every section.
    const menu = page.getByTestId("account-menu");
    for (const group of ["Funds", "History", "Profile"]) await expect(menu.getByRole("heading", { name: group })).toBeVisible();
    for (const href of [
      "/deposit",
      "/withdrawal",
      "/betting-record",
      "/turnover-record",
      "/transaction-record",
      "/profile",
      "/reset-password",
      "/inbox",
      "/refrrel-program",
      "/vip",
    ]) {
      await expect(menu.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await expect(page.getByTestId("account-contact")).toBeVisible();
    await expect(page.getByTestId("account-page").getByRole("button", { name: "Log out" })).toBeVisible();
    await screenshot(page, testInfo, "account");

    // The same page in Bangla.
    await page.getByTestId("language-switch").filter({ visible: true }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "সদস্য কেন্দ্র" })).toBeVisible();
    await expect(page.getByTestId("verification-tips")).toContainText("আপনার জন্মতারিখ দিন");
    await screenshot(page, testInfo, "account-bn");
    await page.getByTestId("language-switch").filter({ visible: true }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Member Centre" })).toBeVisible();

    // The wallet tab: main, what pending withdrawals hold and what is available.
    await page.goto("/account?tab=wallet");
    await expect(page.getByTestId("wallet-held")).toContainText("0.00");
    await expect(page.getByTestId("wallet-main")).toContainText(headerMain);
    await screenshot(page, testInfo, "wallet");
  });

  test(
    "every desktop tab opens its section inside the member-centre frame; an unknown tab is the overview",
    { tag: "@desktop" },
    async ({ page }, testInfo) => {
      test.skip(testInfo.project.name !== "desktop", "the desktop tabs");
      const player = await createTestPlayer(page, newPlayer());
      await logIn(page, player.username);
      // Sections on this branch: each shows the member menu at the left.
      const sections: Record<string, { path: string; testId: string }> = {
        bettingRecords: { path: "/betting-record", testId: "betting-record-page" },
        transactionRecords: { path: "/transaction-record", testId: "account-menu" },
        resetPassword: { path: "/reset-password", testId: "account-menu" },
        deposit: { path: "/deposit", testId: "account-menu" },
        withdrawal: { path: "/withdrawal", testId: "account-menu" },
        turnover: { path: "/turnover-record", testId: "account-menu" },
      };
      for (const [tab, { path, testId }] of Object.entries(sections)) {
        await page.goto(`/account?tab=${tab}`);
        await expect(page, tab).toHaveURL(new RegExp(`${path}$`));
        await expect(page.getByTestId(testId).first(), tab).toBeVisible();
        await expect(page.getByTestId("account-menu").first(), tab).toBeVisible();
      }
      // The VIP, inbox and referral pages are built on their own branches; the tabs lead to their routes.
      for (const [tab, path] of [
        ["vip", "/vip"],
        ["inbox", "/inbox"],
        ["referralProgram", "/refrrel-program"],
      ] as const) {
        const response = await page.request.get(`/account?tab=${tab}`, { maxRedirects: 0 });
        expect(response.status(), tab).toBe(302);
        expect(response.headers().location, tab).toBe(path);
      }
      await page.goto("/account?tab=wallet");
      await expect(page.getByTestId("wallet-card")).toBeVisible();
      await expect(page.getByTestId("account-menu").locator('[aria-current="page"]')).toHaveAttribute("href", "/account?tab=wallet");
      for (const tab of ["profile", "nonsense"]) {
        const response = await page.goto(`/account?tab=${tab}`);
        expect(response?.status()).toBe(200);
        await expect(page.getByTestId("account-page")).toBeVisible();
      }
    },
  );

  test("the side menu's member entries lead to real pages; the footer shows the sponsor and ambassadors with their terms", async ({ page }) => {
    await page.goto("/");
    const menu = page.getByTestId("side-menu");
    for (const [name, href] of [
      ["Promotions", "/promotions"],
      ["Referral Program", "/refrrel-program"],
      ["VIP", "/vip"],
      ["Affiliate", "/affiliate"],
      ["24/7 LiveChat", "/chat"],
      ["Brand Ambassador", "/brand-ambassador"],
    ] as const) {
      // The menu is closed (it opens by CSS :target): its links are read, not clicked.
      await expect(menu.locator(`a[href="${href}"]`)).toHaveText(name);
    }
    await expect(menu.locator('a[href="/exchange"]')).toHaveText("Exchange");
    await expect(menu.locator("li.upcoming")).toHaveCount(0);
    const partners = page.getByTestId("footer-partner");
    await expect(partners).toHaveCount(3);
    await expect(partners.first()).toContainText("Official Sponsor");
    await expect(partners.nth(1)).toContainText("Brand ambassador from");
    await page.goto("/affiliate");
    await expect(page.getByRole("heading", { level: 1, name: "Affiliate Programme" })).toBeVisible();
    await page.goto("/brand-ambassador");
    await expect(page.getByTestId("page-brand-ambassador").getByText("Demo Ambassador One")).toBeVisible();
  });
});

test.describe("content back office", () => {
  test(
    "staff edit a brand ambassador with a new photo (checked by its bytes) and the footer shows it",
    { tag: "@desktop" },
    async ({ page, browser }, testInfo) => {
      test.skip(testInfo.project.name !== "desktop", "changes the shared footer: runs once, in the desktop project");
      const staff = await staffPage(browser);
      await staff.goto("/admin/content/partners");
      const row = staff.getByTestId("content-row").filter({ hasText: "Demo Ambassador Two" });
      await row.getByRole("link", { name: "Edit" }).click();
      const form = staff.getByTestId("content-form");
      await form.getByLabel("Name (English)").fill("Ambassador Edited");
      // A file named .png that is not an image is refused next to its field.
      await form.getByLabel("Image").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("<svg onload=alert(1)>") });
      await form.getByRole("button", { name: "Save" }).click();
      await expect(form.getByText("The image must be a PNG, JPEG or WebP image")).toBeVisible();
      await form.getByLabel("Name (English)").fill("Ambassador Edited");
      await form.getByLabel("Image").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: PNG });
      await form.getByRole("button", { name: "Save" }).click();
      await expect(staff.getByTestId("admin-notice")).toHaveText("Saved.");
      await expect(staff.getByTestId("content-row").filter({ hasText: "Ambassador Edited" })).toHaveCount(1);
      mkdirSync("artifacts/screenshots", { recursive: true });
      await staff.screenshot({ path: "artifacts/screenshots/centre-admin-content-desktop.png", fullPage: true });
      await staff.goto("/admin/content/general");
      await expect(staff.getByTestId("content-form").getByLabel("Site title")).toHaveValue("DeshPlay");
      await staff.screenshot({ path: "artifacts/screenshots/centre-admin-general-desktop.png", fullPage: true });
      await staff.goto("/admin/audit");
      await expect(staff.getByTestId("audit-row").filter({ hasText: "Sponsor/ambassador changed" }).first()).toBeVisible();
      await staff.context().close();

      await page.goto("/");
      const partner = page.getByTestId("footer-partner").filter({ hasText: "Ambassador Edited" });
      await expect(partner).toHaveCount(1);
      await expect(partner.locator("img")).toHaveAttribute("src", /^\/poster\/[a-f0-9]{32}\.png$/);
    },
  );
});

test.describe("promotions", () => {
  test("@key a guest filters by category, opens the details and Deposit leads to /deposit with the promotion chosen", async ({ page }, testInfo) => {
    await page.goto("/promotions");
    await expect(page.getByTestId("promotion-tabs").getByRole("link")).toHaveText([
      "ALL",
      "Welcome Offer",
      "Slots",
      "Live Casino",
      "Sports",
      "Fishing",
      "E-sports",
      "Lottery",
      "P2P",
      "Table",
      "Arcade",
      "Crash",
      "Others",
    ]);
    const cards = page.getByTestId("promotion-card");
    await expect(cards.filter({ hasText: DEMO_PROMOTION })).toHaveCount(1);
    await expect(cards.filter({ hasText: RELOAD_PROMOTION })).toHaveCount(1);
    // 5-word previews.
    await expect(cards.filter({ hasText: DEMO_PROMOTION }).getByTestId("promotion-preview")).toHaveText("Double your deposit: a 100%…");
    await screenshot(page, testInfo, "promotions");

    await page.getByTestId("promotion-tabs").getByRole("link", { name: "Crash" }).click();
    await expect(page).toHaveURL(/\/promotions\?category=8192$/);
    await expect(cards.filter({ hasText: DEMO_PROMOTION })).toHaveCount(1);
    await expect(cards.filter({ hasText: RELOAD_PROMOTION })).toHaveCount(0);
    await expect(page.getByTestId("promotion-tabs").locator('[aria-current="page"]')).toHaveText("Crash");
    await page.getByTestId("promotion-tabs").getByRole("link", { name: "Table" }).click();
    await expect(page).toHaveURL(/\/promotions\?category=256$/);
    await expect(cards.filter({ hasText: RELOAD_PROMOTION })).toHaveCount(1);
    await expect(cards.filter({ hasText: DEMO_PROMOTION })).toHaveCount(0);
    await page.getByTestId("promotion-tabs").getByRole("link", { name: "ALL" }).click();

    const card = cards.filter({ hasText: DEMO_PROMOTION });
    const id = await card.getAttribute("data-promotion-id");
    await card.getByRole("link").click();
    const hasJs = testInfo.project.use.javaScriptEnabled !== false;
    // With JavaScript the details open in a modal over the list; without, on their own page.
    const details = hasJs ? page.getByTestId("promotion-dialog") : page.getByTestId("promotion-details-page");
    await expect(details.getByRole("heading", { name: DEMO_PROMOTION })).toBeVisible();
    await expect(details).toContainText("Terms and conditions");
    if (hasJs) await expect(page).toHaveURL(/\/promotions$/);
    else await expect(page).toHaveURL(new RegExp(`/promotions/${id}$`));
    await screenshot(page, testInfo, "promotion-details");

    // A guest is asked to log in first, then lands on /deposit with this promotion chosen.
    await details.getByTestId("promotion-deposit").click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    const player = await createTestPlayer(page, newPlayer());
    await page.goto(`/login?redirectTo=${encodeURIComponent(`/deposit?promotionId=${id}`)}`);
    await page.getByLabel("Username", { exact: true }).fill(player.username);
    await page.getByLabel("Password", { exact: true }).fill(player.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/deposit\\?promotionId=${id}$`));
    await expect(page.getByTestId("promotion-select")).toHaveValue(id!);
    if (await isMobileLayout(page)) await expect(page.getByTestId("bottom-toolbar")).toBeVisible();
  });

  test("a player's Deposit button from the details opens /deposit with the other promotion chosen", async ({ page }) => {
    const player = await createTestPlayer(page, newPlayer());
    await logIn(page, player.username);
    await page.goto("/promotions?category=1024");
    const card = page.getByTestId("promotion-card").filter({ hasText: RELOAD_PROMOTION });
    const id = await card.getAttribute("data-promotion-id");
    await card.getByRole("link").click();
    await page.getByTestId("promotion-dialog").getByTestId("promotion-deposit").click();
    await expect(page).toHaveURL(new RegExp(`/deposit\\?promotionId=${id}$`));
    await expect(page.getByTestId("promotion-select")).toHaveValue(id!);
  });
});
