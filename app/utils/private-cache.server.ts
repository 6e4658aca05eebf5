// What a player's or staff member's browser, and any cache between it and us, may keep of a response to a request
// with a session: nothing (Cache-Control: private, no-store). Logged-in pages, their .data requests and resources
// carry balances, names and back-office data; without the header a shared proxy or the browser's cache could keep
// them (on a shared phone the next person's back button shows them). A route that chose its own caching keeps it
// when it is as strict (no-store) or when it declares the response the same for everyone (public: posters, QR
// codes of the site's contacts, the sports list); anything else is replaced. Guests' responses are left as they
// are: the public pages stay cacheable, and home still comes from the guest-page copy (guest-page-cache.server.ts).
import type { MiddlewareFunction } from "react-router";
import { readSessionToken } from "#app/modules/sessions/index.server.ts";
import { hasStaffSessionCookie } from "#app/modules/staff/index.server.ts";

export const PRIVATE_NO_STORE = "private, no-store";

/** The Cache-Control a response to a request with a session goes out with, given the one its route set (or none). */
export function sessionCacheControl(own: string | null): string {
  const directives = (own ?? "")
    .toLowerCase()
    .split(",")
    .map((d) => d.trim());
  if (directives.includes("no-store") || directives.includes("public")) return own!;
  return PRIVATE_NO_STORE;
}

/** A player's session (cookie or bearer token) or a staff member's, valid or not: its answer is for it alone. */
async function hasSession(request: Request) {
  return (await readSessionToken(request)) !== null || (await hasStaffSessionCookie(request));
}

/** Root middleware: outermost but one, so redirects and refusals of the others get the header too. */
export const privateCacheMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const session = await hasSession(request);
  const response = await next();
  if (!session) return response;
  const value = sessionCacheControl(response.headers.get("Cache-Control"));
  if (response.headers.get("Cache-Control") === value) return response;
  try {
    response.headers.set("Cache-Control", value);
    return response;
  } catch {
    // Immutable headers (a Response.redirect() or a fetched response): copy it.
    const copy = new Response(response.body, response);
    copy.headers.set("Cache-Control", value);
    return copy;
  }
};
