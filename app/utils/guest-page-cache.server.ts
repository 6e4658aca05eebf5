// The rendered HTML of pages every guest sees alike (home), kept for a moment and sent again with a new CSP nonce.
// Home gets most of the traffic from people who are not logged in (campaign links, the app's start page) and its
// React render costs more than anything it reads: a burst of guests is served from one render per GUEST_PAGE_TTL_MS.
// The key is the address, the language and a hash of every loader's data, so any change of what the page shows
// (staff edits, the content caches' refresh, a toast) is a different page; contentChanged() empties it too.
import { createHash } from "node:crypto";
import type { EntryContext } from "react-router";
import { isGuestPage } from "./guest-page.ts";
import { onContentChanged } from "./ttl-cache.server.ts";

// Short: the page's Dhaka clock (seconds) was read at render time. Without JavaScript it is as old as the page.
export const GUEST_PAGE_TTL_MS = 2_000;
const MAX_PAGES = 50;

type CachedPage = { at: number; html: string; nonce: string };
const pages = new Map<string, CachedPage>();
onContentChanged(() => pages.clear());

type PageRequest = {
  request: Request;
  context: EntryContext;
  statusCode: number;
  headers: Headers;
  /** Nobody is logged in (no player session). */
  guest: boolean;
  language: string;
};

/** The cache key of this document, or null when it must be rendered for this request alone. */
export function guestPageKey({ request, context, statusCode, headers, guest, language }: PageRequest): string | null {
  const handler = context.staticHandlerContext;
  if (!guest || request.method !== "GET" || statusCode !== 200 || handler.errors || handler.actionData) return null;
  if (headers.has("set-cookie") || Object.values(handler.loaderHeaders).some((h) => h.has("set-cookie"))) return null;
  const sameForAll = handler.matches.every((m) => m.route.id === "root" || isGuestPage(context.routeModules[m.route.id]?.handle));
  if (!sameForAll || handler.matches.length < 2) return null;
  const { pathname, search } = new URL(request.url);
  return createHash("sha256").update(`${pathname}${search}\n${language}\n`).update(JSON.stringify(handler.loaderData)).digest("base64url");
}

/** The page rendered for this key within the TTL, with `nonce` in place of the one it was rendered with. */
export function cachedGuestPage(key: string, nonce: string, now = Date.now()): string | null {
  const page = pages.get(key);
  if (!page) return null;
  if (now - page.at > GUEST_PAGE_TTL_MS) {
    pages.delete(key);
    return null;
  }
  return page.html.replaceAll(page.nonce, nonce);
}

export function storeGuestPage(key: string, html: string, nonce: string, now = Date.now()) {
  pages.delete(key);
  if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value as string);
  pages.set(key, { at: now, html, nonce });
}
