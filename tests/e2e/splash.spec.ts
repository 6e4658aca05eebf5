// The first visit's splash (spec: a loading screen with the logo; three dots if the image fails): shown once per
// browser when JavaScript runs, gone as soon as the logo has loaded, never in the way of the server-rendered page.
// The splash lives for well under a second, so the page records what it saw (a MutationObserver installed before
// any of the page's scripts) and the test reads that record instead of racing the splash's timer.
import { SPLASH_MAX_MS } from "../../app/components/layout/Splash.tsx";
import { appStarted, expect, type Page, test } from "./support/test.ts";

type SplashLog = {
  added: number;
  removed: number;
  src: string;
  pointerEvents: string;
  animation: string;
  dots: number;
  failed: boolean;
} | null;

async function watchSplash(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __splash: Record<string, unknown> | null };
    w.__splash = null;
    new MutationObserver((records) => {
      for (const r of records) {
        for (const node of r.addedNodes) {
          if (node instanceof HTMLElement && node.id === "splash") {
            w.__splash = {
              added: performance.now(),
              removed: 0,
              src: node.querySelector("img")?.getAttribute("src") ?? "",
              pointerEvents: getComputedStyle(node).pointerEvents,
              animation: `${getComputedStyle(node).animationName} ${getComputedStyle(node).animationDelay} ${getComputedStyle(node).animationDuration}`,
              dots: node.querySelectorAll(".splash-dots i").length,
              failed: false,
            };
            new MutationObserver(() => {
              if (node.classList.contains("splash-failed") && w.__splash) w.__splash.failed = true;
            }).observe(node, { attributes: true, attributeFilter: ["class"] });
          }
        }
        for (const node of r.removedNodes)
          if (node instanceof HTMLElement && node.id === "splash" && w.__splash) w.__splash.removed = performance.now();
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

const splashLog = (page: Page) => page.evaluate(() => (window as unknown as { __splash: SplashLog }).__splash);

test("the first visit shows the logo splash briefly, over a page that is already there; later visits do not", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JavaScript there is no splash");
  await watchSplash(page);
  await page.goto("/");
  await appStarted(page);
  await expect.poll(async () => (await splashLog(page))?.removed ?? 0).toBeGreaterThan(0);
  const seen = (await splashLog(page))!;
  expect(seen.src).toMatch(/^\/brand\/logo/);
  // Taps go through it, and it fades out by 1.2 s whatever the page's scripts are doing (a CSS animation, not a
  // timer a busy main thread could hold back); the page was there beneath it.
  expect(seen.pointerEvents).toBe("none");
  expect(seen.animation).toBe("splash-leave 0.95s 0.25s");
  await expect(page.getByRole("banner").first()).toBeVisible();

  await page.goto("/games");
  await appStarted(page);
  expect(await splashLog(page)).toBeNull();
});

test("the page hydrates beneath a splash that is still there, without a mismatch", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JavaScript there is no splash");
  await watchSplash(page);
  // The splash stays until hydration is over: its logo never arrives and its 1.2 s fallback timer never fires. The test
  // fixture fails the test on any hydration error React reports.
  await page.addInitScript((max) => {
    const original = window.setTimeout;
    window.setTimeout = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) =>
      ms === max ? 0 : original(handler, ms, ...rest)) as typeof window.setTimeout;
  }, SPLASH_MAX_MS);
  await page.route(/\/brand\/logo/, () => {});
  await page.goto("/", { waitUntil: "domcontentloaded" }); // "load" waits for the logo
  await appStarted(page);
  const seen = (await splashLog(page))!;
  expect([seen.added > 0, seen.removed]).toEqual([true, 0]);
  // Inside its host, whose content hydration never walks, so the splash may also leave while hydration is under way.
  await expect(page.locator("#splash-host > #splash")).toBeAttached();
});

test("a logo that fails to load leaves the three dots, and the splash still goes", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JavaScript there is no splash");
  await watchSplash(page);
  await page.route(/\/brand\/logo/, (route) => route.abort());
  await page.goto("/");
  await appStarted(page);
  await expect.poll(async () => (await splashLog(page))?.removed ?? 0).toBeGreaterThan(0);
  const seen = (await splashLog(page))!;
  expect(seen.failed).toBe(true);
  expect(seen.dots).toBe(3);
});

test("without JavaScript the page comes as the server wrote it, with no splash @key", async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "the no-js project");
  await page.goto("/");
  await expect(page.locator("#splash")).toHaveCount(0);
  await expect(page.getByRole("banner").first()).toBeVisible();
});
