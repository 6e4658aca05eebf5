import type { EntryContext } from "react-router";
import { describe, expect, test } from "vitest";
import { cachedGuestPage, GUEST_PAGE_TTL_MS, guestPageKey, storeGuestPage } from "./guest-page-cache.server.ts";
import { guestPageHandle } from "./guest-page.ts";
import { contentChanged } from "./ttl-cache.server.ts";

/** The parts of React Router's entry context the key reads: the matched routes, their modules and their data. */
function entry({
  handle = guestPageHandle as unknown,
  loaderData = { root: { locale: "en", layout: "mobile", toast: null }, "routes/home": { games: [1, 2] } } as Record<string, unknown>,
  loaderHeaders = {} as Record<string, Headers>,
  errors = null as Record<string, unknown> | null,
} = {}) {
  return {
    routeModules: { root: {}, "routes/home": { handle } },
    staticHandlerContext: {
      matches: [{ route: { id: "root" } }, { route: { id: "routes/home" } }],
      loaderData,
      loaderHeaders,
      actionData: null,
      errors,
    },
  } as unknown as EntryContext;
}

const page = (overrides: Partial<Parameters<typeof guestPageKey>[0]> = {}) => ({
  request: new Request("http://localhost/"),
  context: entry(),
  statusCode: 200,
  headers: new Headers(),
  guest: true,
  language: "en",
  ...overrides,
});

describe("which pages a guest may get from the cache", () => {
  test("the same address, language and data give the same key", () => {
    const key = guestPageKey(page());
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(guestPageKey(page())).toBe(key);
  });

  test("any other address, language or loader data is another page", () => {
    const key = guestPageKey(page());
    const others = [
      guestPageKey(page({ request: new Request("http://localhost/?category=slot") })),
      guestPageKey(page({ language: "bn" })),
      guestPageKey(
        page({ context: entry({ loaderData: { root: { locale: "en", layout: "desktop", toast: null }, "routes/home": { games: [1, 2] } } }) }),
      ),
      guestPageKey(
        page({ context: entry({ loaderData: { root: { locale: "en", layout: "mobile", toast: "Saved" }, "routes/home": { games: [1, 2] } } }) }),
      ),
      guestPageKey(
        page({ context: entry({ loaderData: { root: { locale: "en", layout: "mobile", toast: null }, "routes/home": { games: [2, 1] } } }) }),
      ),
    ];
    expect(new Set([key, ...others]).size).toBe(6);
  });

  test("a logged-in player, another method, an error, a cookie being set or a route that did not opt in: never", () => {
    expect(guestPageKey(page({ guest: false }))).toBeNull();
    expect(guestPageKey(page({ request: new Request("http://localhost/", { method: "POST" }) }))).toBeNull();
    expect(guestPageKey(page({ statusCode: 404 }))).toBeNull();
    expect(guestPageKey(page({ context: entry({ errors: { "routes/home": new Error("x") } }) }))).toBeNull();
    expect(guestPageKey(page({ headers: new Headers({ "Set-Cookie": "toast=; Max-Age=0" }) }))).toBeNull();
    expect(guestPageKey(page({ context: entry({ loaderHeaders: { root: new Headers({ "Set-Cookie": "a=b" }) } }) }))).toBeNull();
    expect(guestPageKey(page({ context: entry({ handle: null }) }))).toBeNull();
    expect(guestPageKey(page({ context: entry({ handle: { sameForEveryGuest: "yes" } }) }))).toBeNull();
  });
});

describe("a cached page", () => {
  const html = (nonce: string) => `<html><script nonce="${nonce}">1</script><link nonce="${nonce}"></html>`;

  test("is sent with the new request's nonce in every place the old one was", () => {
    const key = `k-${Math.random()}`;
    storeGuestPage(key, html("OLD+nonce/1=="), "OLD+nonce/1==", 1_000);
    expect(cachedGuestPage(key, "NEW+nonce/2==", 1_000 + GUEST_PAGE_TTL_MS)).toBe(html("NEW+nonce/2=="));
  });

  test("is gone after its time, and when staff change content", () => {
    const key = `k-${Math.random()}`;
    storeGuestPage(key, html("a"), "a", 1_000);
    expect(cachedGuestPage(key, "b", 1_001 + GUEST_PAGE_TTL_MS)).toBeNull();
    expect(cachedGuestPage(key, "b", 1_000)).toBeNull(); // an expired page is dropped, not kept

    const now = Date.now();
    storeGuestPage(key, html("a"), "a", now);
    expect(cachedGuestPage(key, "b", now)).toBe(html("b"));
    contentChanged();
    expect(cachedGuestPage(key, "b", now)).toBeNull();
  });

  test("at most 50 pages are kept: the oldest goes first", () => {
    const now = Date.now();
    const keys = Array.from({ length: 51 }, (_, i) => `many-${i}-${Math.random()}`);
    for (const key of keys) storeGuestPage(key, "x", "n", now);
    expect(cachedGuestPage(keys[0]!, "m", now)).toBeNull();
    expect(cachedGuestPage(keys[1]!, "m", now)).toBe("x");
    expect(cachedGuestPage(keys[50]!, "m", now)).toBe("x");
  });
});
