import { getEnv } from "#app/config/env.server.ts";
import { safeRedirect } from "#app/modules/sessions/index.server.ts";

/**
 * Where the error and 404 pages' "Back" link goes without JavaScript: the page of this site the browser came from
 * (its Referer: the site sends one only to itself, Referrer-Policy same-origin), else the home page. Never the page
 * itself (after switching its language the Referer is the page), never another site.
 */
export function backPath(request: Request): string {
  const referer = request.headers.get("referer");
  if (!referer) return "/";
  let from: URL;
  let here: URL;
  try {
    from = new URL(referer);
    here = new URL(request.url);
  } catch {
    return "/";
  }
  const hosts = new Set([here.host, new URL(getEnv().PUBLIC_URL).host]);
  if (!hosts.has(from.host)) return "/";
  // A client navigation's data request (/page.data) is for the page /page.
  const herePath = here.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  if (from.pathname === herePath) return "/";
  return safeRedirect(from.pathname + from.search);
}
