// The security headers of every response, in one place: entry.server.tsx puts them on HTML documents (with a
// Content-Security-Policy carrying a new nonce per request) and on data requests; server.mjs adds the ones a
// response lacks to everything else it sends (JSON, redirects, resource routes, static files, its own 405).
import { randomBytes } from "node:crypto";

export type SecurityOptions = {
  /** The site's public address (PUBLIC_URL): https turns on HSTS and upgrade-insecure-requests. */
  publicUrl: string;
};

export const isHttpsSite = (publicUrl: string) => publicUrl.trim().toLowerCase().startsWith("https:");

/** 128 random bits, base64: a new one for every HTML document. */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/** For responses that are not HTML pages (JSON, redirects, SSE, scripts, images): they load nothing and are framed nowhere. */
export const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * For files a user uploaded, shown inline (deposit proofs): even if a file were HTML or SVG with script, opened
 * directly it runs in a sandbox (a unique origin, no scripts, no forms) and loads nothing.
 */
export const UPLOAD_CSP = "default-src 'none'; sandbox";

/** nosniff, Referrer-Policy, X-Frame-Options, Permissions-Policy, and HSTS when the site is https. */
export function baseSecurityHeaders({ publicUrl }: SecurityOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    // Legacy twin of frame-ancestors: the site's own pages frame each other (/gamerun frames /house/...).
    "X-Frame-Options": "SAMEORIGIN",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  };
  // Sent only when the site really is https: on a plain-http install (local, demo) it would be ignored by browsers
  // anyway, and a wrong PUBLIC_URL must not pin a host to https for a year.
  if (isHttpsSite(publicUrl)) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

// An origin and nothing else: no path, wildcard, quote or ";" can reach the header from the database.
const FRAME_SOURCE = /^https?:\/\/[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?$/;
const isFrameSource = (source: string) => FRAME_SOURCE.test(source);

/**
 * The Content-Security-Policy of an HTML document rendered with `nonce`; `frameSources` are origins it may frame
 * besides its own ("https://player.example.com"), anything else in the list is left out.
 */
export function documentCsp(nonce: string, { publicUrl }: SecurityOptions, frameSources: readonly string[] = []): string {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(nonce)) throw new Error("A CSP nonce must be base64");
  const https = isHttpsSite(publicUrl);
  const directives = [
    "default-src 'self'",
    // Inline scripts only with this response's nonce (React Router's hydration data and route imports, scroll
    // restoration, React's streaming scripts). 'self' is for the built modules in /assets: the route chunks React
    // Router imports and modulepreloads on client navigation carry no nonce. No 'unsafe-inline', no 'unsafe-eval'.
    // Uploads can never run as scripts: they are served with their image type and nosniff.
    `script-src 'self' 'nonce-${nonce}'`,
    "script-src-attr 'none'",
    // Styles: the built stylesheet, plus the few style="" attributes React renders (progress widths, a marquee's
    // duration, brand colours) and the <style> tags Vite injects in development. CSS cannot run script.
    "style-src 'self' 'unsafe-inline'",
    // Payment-method icons, logos and banners may be https URLs set in the back office; the deposit form previews
    // the chosen screenshot from a blob: URL; the QR codes are inline SVG.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    // fetch and the server-sent event streams (/resources/balance-events, /resources/crash-events) stay on the site.
    "connect-src 'self'",
    // Frames: the site's own pages (/gamerun frames the in-house games and the simulated aggregator), plus the sources
    // the caller passes: each active game provider's origin and each allowed live-stream host. The same list on every
    // page, because a client-side navigation (to /gamerun, to /odds-view) keeps the first document's policy.
    ["frame-src 'self'", ...frameSources.filter(isFrameSource)].join(" "),
    "worker-src 'self'",
    "manifest-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ];
  if (https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** All the headers of an HTML document rendered with `nonce` (see documentCsp for `frameSources`). */
export function documentSecurityHeaders(nonce: string, options: SecurityOptions, frameSources: readonly string[] = []): Record<string, string> {
  return { ...baseSecurityHeaders(options), "Content-Security-Policy": documentCsp(nonce, options, frameSources) };
}

/** What server.mjs adds to any response that lacks them: the base headers and, when it has none, RESOURCE_CSP. */
export function responseSecurityDefaults(options: SecurityOptions): Record<string, string> {
  return { ...baseSecurityHeaders(options), "Content-Security-Policy": RESOURCE_CSP };
}

/** Sets each header `headers` does not have yet (a route's own Content-Security-Policy, e.g. UPLOAD_CSP, wins). */
export function setMissing(headers: Headers, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) if (!headers.has(name)) headers.set(name, value);
}
