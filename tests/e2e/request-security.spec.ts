// Security of requests over the real production server (server.mjs around the build, React Router's own checks
// included): state-changing requests from other sites are refused on resource routes and page actions alike, a
// redirect taken from input never leaves the site (also through .data requests), and responses to a request with a
// session are never kept by a cache (Cache-Control: private, no-store) while guests' pages stay as they were.
import { type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import { OPEN_REDIRECTS } from "../support/open-redirects.ts";
import { createTestPlayer, logIn } from "./support/players.ts";
import { openMatch } from "./support/exchange.ts";
import { openSession } from "./support/sessions.ts";
import { expect, test } from "./support/test.ts";

const DICE = "HOUSE-ARCADE-DICE";
const EVIL = "https://evil.example";

// Requests only: the viewport changes nothing, one project is enough.
test.beforeEach(({}, info) => test.skip(info.project.name !== "desktop", "requests only"));

/** A signed-up player whose session is in `page`'s context, the id of the Dice game and a market to pin. */
async function playerWithTargets(page: Page) {
  const { marketId } = await openMatch(page.request);
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  await page.goto("/arcade");
  const gameId = await page.locator(`[data-testid=game-tile][data-code=${DICE}] input[name=gameId]`).first().inputValue();
  return { player, gameId, marketId: String(marketId) };
}

async function mainBalance(request: APIRequestContext) {
  const response = await request.get("/resources/balance");
  expect(response.status()).toBe(200);
  return JSON.stringify(await response.json());
}

test(
  "state-changing requests from other sites are refused on resource routes and page actions; the site's own go through",
  { tag: "@desktop" },
  async ({ page, baseURL }) => {
    const { gameId, marketId } = await playerWithTargets(page);
    const posts: Array<[string, Record<string, string>]> = [
      ["/exchange/pin", { market: marketId, pin: "1", redirectTo: "/exchange" }],
      ["/games/favourite", { gameId, favourite: "1", redirectTo: "/arcade" }],
      ["/language", { lng: "bn", redirectTo: "/" }],
      ["/house/dice", { stake: "10", target: "50", direction: "under" }],
      ["/house/dice.data", { stake: "10", target: "50", direction: "under" }],
    ];
    const foreign: Array<[string, Record<string, string>]> = [
      ["a foreign Origin", { origin: EVIL }],
      ["Origin null", { origin: "null" }],
      ["no Origin, a cross-site fetch", { "sec-fetch-site": "cross-site" }],
      ["no Origin, a foreign Referer", { referer: `${EVIL}/page` }],
      // What a form post from a page without Origin, Sec-Fetch-Site or Referer looks like: no browser of this site.
      ["no Origin, Sec-Fetch-Site or Referer", {}],
    ];
    const before = await mainBalance(page.request);
    for (const [label, headers] of foreign) {
      for (const [path, form] of posts) {
        const response = await page.request.post(path, { form, headers, maxRedirects: 0 });
        // React Router answers a foreign Origin on a page action with its own 400 before any of our code runs.
        expect([400, 403], `${label}: POST ${path}`).toContain(response.status());
        expect(response.headers()["set-cookie"], `${label}: POST ${path}`).toBeUndefined();
      }
    }
    expect(await mainBalance(page.request)).toBe(before);
    await page.goto("/exchange-multi");
    await expect(page.getByTestId("exchange-multi")).toBeVisible();
    await expect(page.getByTestId("multi-market")).toHaveCount(0);

    // The site's own: its Origin, or (from a browser that sends none) a same-origin fetch or its own Referer.
    const own: Array<Record<string, string>> = [{ origin: baseURL! }, { "sec-fetch-site": "same-origin" }, { referer: `${baseURL}/house/dice` }];
    for (const headers of own) {
      for (const [path, form] of posts) {
        const response = await page.request.post(path, { form, headers, maxRedirects: 0 });
        expect([200, 202, 302], `${JSON.stringify(headers)}: POST ${path}`).toContain(response.status());
      }
    }
    expect(await mainBalance(page.request)).not.toBe(before);
  },
);

test("the JSON API carries its own credentials (a bearer token) and needs no Origin", { tag: "@desktop" }, async ({ request }) => {
  const login = await request.post("/api/login", { data: { username: "demo", password: "Demo1234" }, headers: { origin: "https://app.example" } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const balance = await request.post("/api/balance", { headers: { authorization: `Bearer ${token}` } });
  expect(balance.status()).toBe(200);
});

/** Where a redirect of `response` sends the browser: its Location, or the target a .data response carries. */
async function redirectTarget(response: APIResponse) {
  const location = response.headers()["location"];
  if (location) return location;
  const body = await response.text();
  return /"(\/[^"]*)"/.exec(body)?.[1] ?? body;
}

test(
  "a redirect taken from input never leaves the site, through pages, their .data requests and resource routes",
  { tag: "@desktop" },
  async ({ page }) => {
    const { gameId, marketId } = await playerWithTargets(page);
    const origin = new URL(page.url()).origin;
    const requests: Array<[string, (to: string) => Promise<APIResponse>, string]> = [
      ["GET /login", (to) => page.request.get(`/login?${new URLSearchParams({ redirectTo: to })}`, { maxRedirects: 0 }), "/"],
      ["GET /login.data", (to) => page.request.get(`/login.data?${new URLSearchParams({ redirectTo: to })}`, { maxRedirects: 0 }), "/"],
      ["POST /language", (to) => page.request.post("/language", { form: { lng: "en", redirectTo: to }, headers: { origin }, maxRedirects: 0 }), "/"],
      [
        "POST /exchange/pin",
        (to) => page.request.post("/exchange/pin", { form: { market: marketId, pin: "1", redirectTo: to }, headers: { origin }, maxRedirects: 0 }),
        "/exchange-multi",
      ],
      [
        "POST /games/favourite",
        (to) => page.request.post("/games/favourite", { form: { gameId, favourite: "1", redirectTo: to }, headers: { origin }, maxRedirects: 0 }),
        "/games",
      ],
      [
        "POST /reality-check.data",
        (to) => page.request.post("/reality-check.data", { form: { redirectTo: to }, headers: { origin }, maxRedirects: 0 }),
        "/",
      ],
      [
        "POST /account/responsible-gaming.data",
        (to) =>
          page.request.post("/account/responsible-gaming.data", {
            form: { intent: "skip-prompt", redirectTo: to },
            headers: { origin },
            maxRedirects: 0,
          }),
        "/account/responsible-gaming?notice=skipped",
      ],
    ];
    for (const [label, send, fallback] of requests) {
      // A plain path of this site is where it leads (so the target read below is the real one).
      expect(await redirectTarget(await send("/vip?from=test")), label).toBe("/vip?from=test");
      for (const to of OPEN_REDIRECTS) {
        const response = await send(to);
        expect([202, 204, 302], `${label} ${JSON.stringify(to)}`).toContain(response.status());
        const target = await redirectTarget(response);
        expect(target, `${label} ${JSON.stringify(to)}`).toBe(fallback);
        expect(new URL(target, origin).origin).toBe(origin);
      }
    }
  },
);

test(
  "responses to a request with a session are private, no-store; guests' pages keep their caching",
  { tag: "@desktop" },
  async ({ page, request, browser }) => {
    // A guest: home (from the guest-page copy after the first) and a public page as they were, with no Cache-Control.
    for (const path of ["/", "/", "/login", "/games"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toBeUndefined();
    }

    // A player: pages, their .data requests, redirects, resources, refusals.
    await playerWithTargets(page);
    const checks: Array<[string, () => Promise<APIResponse>]> = [
      ["GET /", () => page.request.get("/")],
      ["GET /_root.data", () => page.request.get("/_root.data")],
      ["GET /account", () => page.request.get("/account")],
      ["GET /account.data", () => page.request.get("/account.data")],
      ["GET /deposit", () => page.request.get("/deposit")],
      ["GET /login (redirect)", () => page.request.get("/login", { maxRedirects: 0 })],
      ["GET /no-such-page (404)", () => page.request.get("/no-such-page")],
      ["GET /resources/referral-qr.svg", () => page.request.get("/resources/referral-qr.svg")],
      [
        "POST /language (redirect)",
        () =>
          page.request.post("/language", { form: { lng: "en", redirectTo: "/" }, headers: { origin: new URL(page.url()).origin }, maxRedirects: 0 }),
      ],
    ];
    for (const [label, send] of checks) {
      const response = await send();
      expect(response.status(), label).toBeLessThan(500);
      expect(response.headers()["cache-control"], label).toBe("private, no-store");
    }
    // A route's own no-store (as strict) stays as it is.
    expect((await page.request.get("/resources/balance")).headers()["cache-control"]).toBe("no-store");
    const refused = await page.request.post("/language", { form: { lng: "en" }, headers: { origin: EVIL }, maxRedirects: 0 });
    expect(refused.status()).toBe(403);
    expect(refused.headers()["cache-control"]).toBe("no-store");

    // Staff: the back office and the site's pages seen with a staff session.
    const staff = await browser.newContext();
    await openSession(staff.request, "staff", "admin");
    for (const path of ["/admin", "/admin.data", "/admin/audit", "/"]) {
      const response = await staff.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBeLessThan(500);
      expect(response.headers()["cache-control"], `staff ${path}`).toBe("private, no-store");
    }
    await staff.close();
  },
);
