import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { commitSessionCookie } from "#app/modules/sessions/auth.server.ts";
import { staffCookie } from "#app/modules/staff/auth.server.ts";
import { PRIVATE_NO_STORE, privateCacheMiddleware, sessionCacheControl } from "./private-cache.server.ts";

describe("sessionCacheControl", () => {
  it("gives a response to a session private, no-store unless its route chose no-store or declared it public", () => {
    expect(sessionCacheControl(null)).toBe(PRIVATE_NO_STORE);
    expect(sessionCacheControl("")).toBe(PRIVATE_NO_STORE);
    expect(sessionCacheControl("no-cache")).toBe(PRIVATE_NO_STORE);
    expect(sessionCacheControl("private, max-age=300")).toBe(PRIVATE_NO_STORE);
    expect(sessionCacheControl("max-age=60")).toBe(PRIVATE_NO_STORE);
    expect(sessionCacheControl("no-store")).toBe("no-store");
    expect(sessionCacheControl("private, no-store")).toBe("private, no-store");
    expect(sessionCacheControl("No-Store, must-revalidate")).toBe("No-Store, must-revalidate");
    expect(sessionCacheControl("public, max-age=31536000, immutable")).toBe("public, max-age=31536000, immutable");
  });
});

describe("privateCacheMiddleware", () => {
  /** The Cache-Control of `response` after the middleware, for a request with `headers`. */
  async function through(headers: Record<string, string>, response: Response = new Response("<html>")) {
    const request = new Request("http://localhost/account", { headers });
    const args = { request, context: new RouterContextProvider(), params: {}, url: new URL(request.url), pattern: "/account" };
    const out = (await privateCacheMiddleware(args as never, async () => response)) as Response;
    return out.headers.get("Cache-Control");
  }

  it("marks answers to a player's cookie or bearer token and to a staff cookie; leaves a guest's as they are", async () => {
    const player = (await commitSessionCookie("some-token")).split(";")[0]!;
    const staff = (await staffCookie().serialize("some-token")).split(";")[0]!;
    expect(await through({ cookie: player })).toBe(PRIVATE_NO_STORE);
    expect(await through({ authorization: "Bearer some-token" })).toBe(PRIVATE_NO_STORE);
    expect(await through({ cookie: staff })).toBe(PRIVATE_NO_STORE);
    expect(await through({ cookie: `did=abc; ${staff}` })).toBe(PRIVATE_NO_STORE);
    expect(await through({})).toBeNull();
    expect(await through({ cookie: "did=abc; lng=bn" })).toBeNull();
    // A cookie of that name that we did not sign is no session.
    expect(await through({ cookie: "sid=forged; staff_sid=forged" })).toBeNull();
    expect(await through({}, new Response("x", { headers: { "Cache-Control": "public, max-age=60" } }))).toBe("public, max-age=60");
  });

  it("keeps a route's own no-store or public caching, replaces anything looser, and copies an immutable response", async () => {
    const cookie = (await commitSessionCookie("some-token")).split(";")[0]!;
    expect(await through({ cookie }, new Response("x", { headers: { "Cache-Control": "no-store" } }))).toBe("no-store");
    expect(await through({ cookie }, new Response("x", { headers: { "Cache-Control": "public, max-age=31536000, immutable" } }))).toBe(
      "public, max-age=31536000, immutable",
    );
    expect(await through({ cookie }, new Response("x", { headers: { "Cache-Control": "private, max-age=300" } }))).toBe(PRIVATE_NO_STORE);
    expect(await through({ cookie }, Response.redirect("http://localhost/deposit", 302))).toBe(PRIVATE_NO_STORE);
  });
});
