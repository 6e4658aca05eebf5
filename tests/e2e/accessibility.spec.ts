// axe on the main public and player pages, on a phone and a desktop. Fails on any serious or critical WCAG 2.x
// A/AA violation, and on the best-practice findings once fixed (a page without an h1, content outside
// landmarks, two landmarks of one kind without names, a link whose name does not contain its visible text).
import AxeBuilder from "@axe-core/playwright";
import { type Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { createTestPlayer, logIn } from "./support/players.ts";
import { openMatch } from "./support/exchange.ts";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const FAILING_IMPACTS = new Set(["serious", "critical"]);
/** Outside the WCAG tags (best practice or experimental) but kept fixed: these fail at any impact. */
const KEPT_RULES = ["page-has-heading-one", "region", "landmark-unique", "landmark-no-duplicate-main", "label-content-name-mismatch"];

type Finding = { path: string; rule: string; impact: string | null | undefined; help: string; targets: string[] };

async function findings(page: Page, path: string): Promise<Finding[]> {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  const rules = Object.fromEntries(KEPT_RULES.map((id) => [id, { enabled: true }]));
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ rules }).analyze();
  // Every rule that ran is on record (passes or not), so a kept rule that silently stopped running shows up.
  const ran = new Set([...result.passes, ...result.violations, ...result.incomplete, ...result.inapplicable].map((r) => r.id));
  expect(
    KEPT_RULES.filter((id) => !ran.has(id)),
    `${path}: kept rules that did not run`,
  ).toEqual([]);
  return result.violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? "") || KEPT_RULES.includes(v.id))
    .map((v) => ({ path, rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
}

async function expectDescription(page: Page, path: string) {
  await expect(page.locator('meta[name="description"]'), `${path}: one meta description`).toHaveCount(1);
  expect((await page.locator('meta[name="description"]').getAttribute("content"))?.length ?? 0).toBeGreaterThan(20);
}

async function expectClean(page: Page, path: string) {
  // axe takes a few seconds a page on a slow machine.
  test.slow();
  expect(await findings(page, path)).toEqual([]);
  await expectDescription(page, path);
}

for (const path of ["/", "/login", "/signup", "/forgot-password", "/games", "/no-such-page"]) {
  test(`guest page ${path} has no serious accessibility violations`, async ({ page }) => {
    await expectClean(page, path);
  });
}

for (const path of ["/", "/deposit", "/account"]) {
  test(`player page ${path} has no serious accessibility violations`, async ({ page }) => {
    const player = await createTestPlayer(page);
    await logIn(page, player.username);
    await expectClean(page, path);
  });
}

test("home has a level-one heading and 24 px banner dots", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  const dot = page.getByTestId("banner-dots").getByRole("button").first();
  const box = await dot.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(24);
  expect(box?.height).toBeGreaterThanOrEqual(24);
});

test("the exchange's market page and a runner's ladder, after a trade, have no serious accessibility violations", async ({ page }) => {
  test.slow();
  const match = await openMatch(page.request);
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  await page.goto(`/odds-view?market=${match.marketId}`);
  // A trade first, so the page shows a last traded price and the ladder its volume and chart.
  await page.getByTestId("runner").first().getByTestId("price-back").last().click();
  await page.getByTestId("bet-slip").getByLabel("Stake (৳)").fill("100");
  await page.getByTestId("bet-slip").getByRole("button", { name: "Place bet" }).click();
  await expect(page.getByTestId("bet-notice")).toBeVisible();
  const rules = Object.fromEntries(KEPT_RULES.map((id) => [id, { enabled: true }]));
  const serious = async () =>
    (await new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ rules }).analyze()).violations
      .filter((v) => FAILING_IMPACTS.has(v.impact ?? "") || KEPT_RULES.includes(v.id))
      .map((v) => ({ rule: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
  expect(await serious()).toEqual([]);
  await page.getByTestId("ladder-link").first().click();
  await expect(page.getByTestId("price-chart")).toBeVisible();
  expect(await serious()).toEqual([]);
});
