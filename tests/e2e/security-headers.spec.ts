// The security headers over the real production server (server.mjs around the build): a Content-Security-Policy
// with a new nonce on every HTML page whose scripts all carry it, the other headers on JSON, redirects, data
// requests, server-sent events and static files, the sandbox on a player's deposit proof, and the pages a player
// goes through (guest pages, log-in, the catalogue, a game in its frame, the cashier) running in Chromium without
// a single CSP violation.
import { type APIResponse, type Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { createTestPlayer, fillLogin, newPlayer } from "./support/players.ts";
import { rollDice } from "./support/casino-games.ts";
import { saveBirthday } from "./support/profile.ts";

const DICE = "HOUSE-ARCADE-DICE";
/** A real 1x1 PNG: the server checks the file by its bytes. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

const BASE_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "x-frame-options": "SAMEORIGIN",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
};
const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Each security header once (never appended twice by the server and React Router) and with its value. */
function expectBaseHeaders(response: { headersArray(): { name: string; value: string }[] }, what: string) {
  const all = response.headersArray();
  for (const [name, value] of Object.entries({ ...BASE_HEADERS, "content-security-policy": undefined })) {
    const found = all.filter((h) => h.name.toLowerCase() === name);
    expect(found, `${what}: ${name}`).toHaveLength(1);
    if (value) expect(found[0]!.value, `${what}: ${name}`).toBe(value);
  }
  // PUBLIC_URL is http in the tests: no HSTS.
  expect(
    all.some((h) => h.name.toLowerCase() === "strict-transport-security"),
    `${what}: HSTS`,
  ).toBe(false);
}

/** The nonce of a document's policy, after checking that policy's script rules. */
function nonceOf(csp: string) {
  const script = /(?:^|;\s*)script-src ([^;]*)/.exec(csp)?.[1];
  expect(script).toBeDefined();
  expect(script).not.toContain("unsafe-inline");
  expect(script).not.toContain("unsafe-eval");
  const nonce = /'nonce-([A-Za-z0-9+/]+={0,2})'/.exec(script!)?.[1];
  expect(nonce, csp).toBeDefined();
  return nonce!;
}

/** Every <script> of the page carries the nonce of the response's policy; returns how many there are. */
async function expectNoncedScripts(response: APIResponse, what: string) {
  expect(response.status(), what).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/html/);
  expectBaseHeaders(response, what);
  const csp = response.headers()["content-security-policy"]!;
  expect(csp).toContain("frame-ancestors 'self'");
  const nonce = nonceOf(csp);
  const html = await response.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length, `${what}: scripts`).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, what).toContain(` nonce="${nonce}"`);
  // No inline event handlers (they would need 'unsafe-inline'); "javascript:" URLs neither.
  expect(html).not.toMatch(/<[^>]+\son[a-z]+=/i);
  expect(html).not.toMatch(/(href|src|action)="javascript:/i);
  return { nonce, scripts: scripts.length, html };
}

/** Collects every CSP violation in the page and its frames (the browser's console report and the DOM event). */
async function watchCsp(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|CSP violation/i.test(message.text())) violations.push(`${message.location().url}: ${message.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || "inline"} in ${e.documentURI}`);
    });
  });
  return violations;
}

test.describe("security headers", () => {
  test("HTML pages: a nonce CSP, new per request, on every script of the page", async ({ request }) => {
    const nonces = new Set<string>();
    for (const path of ["/", "/login", "/signup", "/games", "/fair", "/no-such-page"]) {
      const response = await request.get(path, { failOnStatusCode: false });
      if (path === "/no-such-page") {
        expect(response.status()).toBe(404);
        expect(nonceOf(response.headers()["content-security-policy"]!)).toBeTruthy();
        continue;
      }
      const { nonce } = await expectNoncedScripts(response, path);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(5);
    // The same page twice: two nonces, also when the second is the copy kept for guests (guest-page-cache.server.ts),
    // whose scripts then carry the second response's nonce, not the first's.
    const [a, b] = await Promise.all([request.get("/"), request.get("/")]);
    expect(nonceOf(a.headers()["content-security-policy"]!)).not.toBe(nonceOf(b.headers()["content-security-policy"]!));
    const first = await expectNoncedScripts(await request.get("/"), "/ (first)");
    const again = await expectNoncedScripts(await request.get("/"), "/ (again)");
    expect(again.nonce).not.toBe(first.nonce);
    expect(again.html).not.toContain(first.nonce);
    // Otherwise the same page (the header's clock aside, which may have moved on if it was rendered anew).
    const same = (page: { html: string; nonce: string }) => page.html.replaceAll(page.nonce, "N").replace(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/g, "T");
    expect(same(again)).toBe(same(first));
    // The whole policy. Frames: the site and the origins staff allowed (providers' base URLs, stream hosts; another
    // test may be adding one), never any https: page.
    const csp = a.headers()["content-security-policy"]!;
    expect(csp).toMatch(/; frame-src 'self'( https?:\/\/[a-z0-9.-]+(:\d+)?)*;/);
    expect(csp.replace(/'nonce-[^']+'/, "'nonce-N'").replace(/frame-src [^;]*/, "frame-src F")).toBe(
      "default-src 'self'; script-src 'self' 'nonce-N'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data: blob: https:; font-src 'self'; connect-src 'self'; frame-src F; worker-src 'self'; " +
        "manifest-src 'self'; media-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'",
    );
    const head = await request.head("/");
    expect(head.headers()["content-security-policy"]).toContain("'nonce-");
    expectBaseHeaders(head, "HEAD /");
  });

  test("JSON, redirects, data requests, server-sent events and static files carry the headers too", async ({ request, baseURL }) => {
    const json = await request.get("/api/get-system");
    expect(json.headers()["content-type"]).toMatch(/^application\/json/);
    expectBaseHeaders(json, "JSON");
    expect(json.headers()["content-security-policy"]).toBe(RESOURCE_CSP);

    const redirect = await request.get("/account", { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers()["location"]).toMatch(/^\/login\?redirectTo=/);
    expectBaseHeaders(redirect, "redirect");

    // A client navigation's data request, and one that redirects.
    const data = await request.get("/games.data");
    expect(data.status()).toBe(200);
    expectBaseHeaders(data, "data request");
    expect(data.headers()["content-security-policy"]).toBe(RESOURCE_CSP);
    const dataRedirect = await request.get("/account.data", { maxRedirects: 0 });
    expect(dataRedirect.status()).toBe(202);
    expectBaseHeaders(dataRedirect, "data redirect");

    // The page's own built script and stylesheet, a file from public/, the web manifest.
    const html = await (await request.get("/")).text();
    const assets = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith(".js"))).toBe(true);
    expect(assets.some((a) => a.endsWith(".css"))).toBe(true);
    for (const path of [...new Set(assets)].slice(0, 4).concat("/brand/favicon.svg", "/manifest.webmanifest")) {
      const file = await request.get(path);
      expect(file.status(), path).toBe(200);
      expectBaseHeaders(file, path);
      expect(file.headers()["content-security-policy"], path).toBe(RESOURCE_CSP);
      // Built files: the Brotli copy made at build time, cached for a year (their names change with their content).
      // (A file of a few bytes has no compressed copy.)
      if (path.startsWith("/assets/")) {
        expect(file.headers()["cache-control"], path).toBe("public, max-age=31536000, immutable");
        if ((await file.body()).length > 1024) {
          expect(file.headers()["content-encoding"], path).toBe("br");
          expect(file.headers()["vary"], path).toBe("Accept-Encoding");
        }
      }
    }
    const missing = await request.get("/assets/no-such-file.js", { failOnStatusCode: false });
    expect(missing.status()).toBe(404);
    expectBaseHeaders(missing, "missing asset");

    // Server-sent events: the headers arrive before the first event (the stream itself stays open).
    const controller = new AbortController();
    const sse = await fetch(new URL("/resources/crash-events", baseURL), { signal: controller.signal });
    expect(sse.headers.get("content-type")).toMatch(/^text\/event-stream/);
    for (const [name, value] of Object.entries(BASE_HEADERS)) expect(sse.headers.get(name), `SSE ${name}`).toBe(value);
    expect(sse.headers.get("content-security-policy")).toBe(RESOURCE_CSP);
    controller.abort();
  });

  test("a player's pages, a game in its frame and the cashier run with no CSP violation", async ({ page }) => {
    test.setTimeout(90_000);
    const violations = await watchCsp(page);

    // The watch works: an injected inline script without the nonce is refused and reported.
    await page.goto("/");
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.body.append(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => "__injected" in window)).toBe(false);
    violations.length = 0;

    // Guests: the home page hydrates (its route modules loaded through the nonce'd scripts) and navigates on the client.
    await page.goto("/");
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    for (const path of ["/login", "/games"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }

    // A player signs up, logs in and opens Dice: with JavaScript the launch starts by itself (hydration works) and
    // the game runs in the frame, whose own page has its own nonce.
    const player = await createTestPlayer(page, newPlayer());
    await page.goto(`/gamerun?code=${DICE}`);
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await fillLogin(page, player.username, player.password);
    await expect(page).toHaveURL(/\/gamerun\?launch=/);
    await expect(page.getByTestId("game-frame")).toBeVisible();
    const frame = page.frameLocator("[data-testid=game-iframe]");
    await expect(frame.getByTestId("house-balance")).toHaveText("৳10,000.00");
    await rollDice(frame, "10");
    await expect(frame.getByTestId("house-balance")).not.toHaveText("৳10,000.00");
    // The bar over the game follows the balance over its event stream.
    await expect(page.getByTestId("gamerun-balance")).not.toHaveText("৳10,000.00", { timeout: 15_000 });

    // Crash: its live rounds arrive over server-sent events.
    const events = page.waitForResponse((r) => r.url().includes("/resources/crash-events"));
    await page.goto("/house/crash");
    expect((await events).status()).toBe(200);
    await expect(page.getByTestId("crash-round")).not.toHaveAttribute("data-phase", "none");

    // The cashier: a deposit with its screenshot, then the screenshot on the transaction's page (a birthday first).
    await saveBirthday(page, "1991-09-09");
    await page.goto("/deposit");
    await page.waitForLoadState("networkidle");
    await page.getByTestId("promotion-select").selectOption("none");
    await page.locator("[data-testid^=method-]").first().click();
    await page.getByTestId("channel-Agent").click();
    await page.getByTestId("amount-input").fill("500");
    await page.getByRole("button", { name: "Deposit", exact: true }).click();
    await expect(page).toHaveURL(/\/make-payment$/);
    await page.getByLabel("Sender account number").fill(player.phone);
    await page.getByLabel("TRX ID").fill(`CSP${Date.now().toString(36).toUpperCase()}`);
    await page.getByLabel("Payment screenshot").setInputFiles({ name: "payment.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    await expect(page).toHaveURL(/\/payment-request\?id=D\d+$/);
    const id = /id=D(\d+)$/.exec(page.url())![1]!;
    await page.goto(`/transaction-record/D${id}`);
    await page.getByRole("tab", { name: "Details" }).click();
    const proofImage = page.getByRole("img", { name: "Payment screenshot" });
    await proofImage.scrollIntoViewIfNeeded();
    await expect.poll(() => proofImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    // The player's proof is sent with the same sandbox policy as the staff's copy.
    const proof = await page.request.get(`/resources/deposit-proof?id=D${id}`);
    expect(proof.status()).toBe(200);
    expect(proof.headers()["content-type"]).toBe("image/png");
    expect(proof.headers()["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expectBaseHeaders(proof, "proof");

    // And the logged-in pages' HTML: every script with its nonce.
    for (const path of ["/deposit", `/gamerun?code=${DICE}`, "/house/dice", "/account"]) {
      await expectNoncedScripts(await page.request.get(path), path);
    }

    expect(violations).toEqual([]);
  });
});
