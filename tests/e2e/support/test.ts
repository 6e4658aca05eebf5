// The `test` every browser test uses: Playwright's, plus a guard that fails the test when a page it opened threw an
// uncaught error or React reported a hydration mismatch (a page that re-renders from scratch loses what the player
// typed and hides the server's messages, yet looks fine in a screenshot).
import { type BrowserContext, expect, type Page, test as base } from "@playwright/test";

// React's production build reports hydration mismatches as minified errors #418, #423 and #425 (console or pageerror).
const REACT_FAILURE = /Minified React error #4(18|19|21|23|25)|Hydration failed|hydrat(ing|ion) .*mismatch/i;

let currentErrors: string[] | undefined;

function guardPage(page: Page) {
  const errors = currentErrors;
  if (!errors) return;
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && REACT_FAILURE.test(message.text())) errors.push(`${page.url()}: ${message.text()}`);
  });
}

/** Also watch the pages of a context the test opens itself (a staff member, a second device). */
export function guardContext(context: BrowserContext) {
  context.on("page", guardPage);
  for (const page of context.pages()) guardPage(page);
}

export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      currentErrors = errors;
      guardContext(context);
      await use(errors);
      currentErrors = undefined;
      expect(errors, "uncaught errors or hydration failures in the browser").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Waits until React Router has started in the page (its router exists and has loaded): only then do client
 * navigations and JavaScript-only handlers work. "networkidle" is not that signal: on a slow runner the module
 * scripts can be fetched and idle before they have run.
 */
export async function appStarted(page: Page) {
  await page.waitForFunction(() => {
    const router = (window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter;
    return router?.state.initialized === true;
  });
}

export { expect };
export type { Page };
