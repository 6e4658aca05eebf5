// The floating chat button never covers a control: on the pages where it used to (the exchange's prices and exposure,
// the deposit's quick amounts, the withdrawal's fields, Mines' cash-out), at every scroll position, and never over the
// open side menu. Without JavaScript it does not float at all.
import { expect, type Page, test } from "./support/test.ts";
import { createTestPlayer, isMobileLayout, logIn } from "./support/players.ts";
import { openMatch } from "./support/exchange.ts";

type Rect = { left: number; top: number; right: number; bottom: number };

/** The visible controls under the chat button at this scroll position (their text or name, for the message). */
async function controlsUnderChatButton(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const button = document.querySelector<HTMLElement>("[data-testid=chat-button]");
    if (!button || !button.checkVisibility({ visibilityProperty: true })) return [];
    const own: Rect = button.getBoundingClientRect();
    const selector = "a[href], button, input, select, textarea, label, summary, [role=button], [tabindex]:not([tabindex='-1'])";
    return Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((element) => !button.contains(element) && !element.closest("[data-floating]"))
      .filter((element) => element.checkVisibility({ visibilityProperty: true }))
      .filter((element) => {
        const r: Rect = element.getBoundingClientRect();
        return r.right - r.left > 0 && r.left < own.right && own.left < r.right && r.top < own.bottom && own.top < r.bottom;
      })
      .map(
        (element) => `${element.tagName} "${(element.innerText || element.getAttribute("name") || element.getAttribute("aria-label") || "").trim()}"`,
      );
  });
}

/** Scrolls the whole page in steps of half a screen and checks the button at each stop; how many stops showed it. */
async function expectNothingCovered(page: Page, where: string): Promise<number> {
  let shown = 0;
  await page.waitForLoadState("networkidle");
  const { height, viewport } = await page.evaluate(() => ({ height: document.documentElement.scrollHeight, viewport: window.innerHeight }));
  for (let y = 0; y <= height; y += Math.round(viewport / 2)) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    // The button moves on the next animation frame after a scroll (a page without JavaScript runs no frames for us).
    if (test.info().project.use.javaScriptEnabled !== false) {
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    }
    expect(await controlsUnderChatButton(page), `${where} scrolled to ${y}`).toEqual([]);
    if (await page.getByTestId("chat-button").isVisible()) shown++;
  }
  return shown;
}

test("the chat button never covers a control, and hides behind the open side menu", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "without JavaScript it does not float (next test)");
  test.slow(); // five pages scrolled from top to bottom
  const { marketId } = await openMatch(page.request);
  const player = await createTestPlayer(page);
  await logIn(page, player.username);

  for (const path of [`/odds-view?market=${marketId}`, "/deposit", "/withdrawal", "/house/mines", "/"]) {
    await page.goto(path);
    await expect(page.getByTestId("chat-button")).toBeAttached();
    const shown = await expectNothingCovered(page, path);
    // Hidden only where no place is free: home has room for it.
    if (path === "/") expect(shown).toBeGreaterThan(0);
  }

  // A price tapped opens the slip: the button steps off its fields too.
  await page.goto(`/odds-view?market=${marketId}`);
  await page.getByTestId("match-odds").getByTestId("price-back").last().click();
  await expect(page.getByTestId("bet-slip")).toBeVisible();
  await expectNothingCovered(page, "the bet slip");

  if (await isMobileLayout(page)) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId("menu-button").click();
    await expect(page.getByTestId("side-menu")).toBeVisible();
    await expect(page.getByTestId("chat-button")).toBeHidden();
  }
});

test("without JavaScript the chat button sits at the end of the page instead of floating", { tag: "@key" }, async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "no-js", "the floating button is the other test's");
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  await page.goto("/deposit");
  const button = page.getByTestId("chat-button");
  await expect(button).toBeVisible();
  expect(await button.evaluate((element) => getComputedStyle(element).position)).toBe("static");
  expect(await expectNothingCovered(page, "/deposit")).toBeGreaterThan(0);
  await button.click();
  await expect(page).toHaveURL(/\/chat$/);
});
