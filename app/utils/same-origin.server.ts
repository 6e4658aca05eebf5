// Cross-site request forgery: every state-changing request to the site's pages and resource routes must come from
// the site itself. React Router checks the Origin of page actions only when there is one (a foreign one gets its
// 400 before any middleware runs); resource routes (/language, /exchange/pin, /games/favourite, ...) had no check
// at all, and a form post without an Origin was accepted anywhere. This one check covers both:
//   - an Origin must be this site's (the request's own origin or PUBLIC_URL's); "null" (a sandboxed or privacy-
//     redirected context) is not;
//   - without an Origin, the browser's Sec-Fetch-Site must be same-origin (or none: typed by the user);
//   - without either, the Referer must be on this site (the site sends one to itself, Referrer-Policy same-origin);
//   - a request with none of the three is no browser form post from this site: refused.
// Not checked: /api (the JSON API reads only a bearer token, never the cookies, and the provider wallet is signed
// with HMAC: no ambient credential a foreign page could borrow) and /__e2e (a key header only tests have).
import type { MiddlewareFunction } from "react-router";
import { getEnv } from "#app/config/env.server.ts";
import { isApiPath } from "#app/modules/sessions/index.server.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Paths whose requests carry their own credentials, never the site's cookies. */
const ownAuth = (pathname: string) => isApiPath(pathname) || pathname.startsWith("/__e2e/");

function originOf(value: string) {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** Why a state-changing request is not from this site, or null when it is (or when it need not be). */
export function crossSiteReason(request: Request): string | null {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return null;
  const url = new URL(request.url);
  if (ownAuth(url.pathname)) return null;
  const site = new Set([url.origin, originOf(getEnv().PUBLIC_URL)]);
  const origin = request.headers.get("origin");
  if (origin !== null) return site.has(originOf(origin)) ? null : `Origin ${origin.slice(0, 100)}`;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite !== null) return fetchSite === "same-origin" || fetchSite === "none" ? null : `Sec-Fetch-Site ${fetchSite.slice(0, 40)}`;
  const referer = request.headers.get("referer");
  if (referer !== null) return site.has(originOf(referer)) ? null : "Referer of another site";
  return "no Origin, Sec-Fetch-Site or Referer";
}

/** Root middleware: a state-changing request from anywhere but this site ends here with a 403. */
export const sameOriginMiddleware: MiddlewareFunction<Response> = async ({ request }) => {
  const reason = crossSiteReason(request);
  if (!reason) return;
  throw new Response("Cross-site requests are refused.", {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
};
