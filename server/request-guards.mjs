// Requests that React Router's Express adapter cannot take as they come, answered in server.mjs before it sees them:
// - hostGuard: a Host (or X-Forwarded-Host) that is no host, or a missing or repeated Host, is a 400 (RFC 9112
//   section 3.2). The adapter builds the request's URL from them, and `new URL` threw on a space, a port over 65535 or
//   characters no host has: a 500 on every route.
//   devRequestGuards puts it in front of `react-router dev` too.
// - optionsGuard: OPTIONS outside the JSON API gets 204 with the Allow header of the route it names (React Router
//   refuses OPTIONS on a page before the root middleware runs, and the error page then failed without its language:
//   a 500). The JSON API answers OPTIONS itself, with each endpoint's methods (app/modules/api/http.server.ts).
// (A data request of an event stream, which never answered, is refused by the stream routes themselves:
// refuseDataRequest in app/modules/events/sse.server.ts. Other resource routes' data requests are React Router's own:
// a link to /admin/finance, whose loader redirects, and a fetcher's post to /exchange/pin go through them.)
import { matchRoutes } from "react-router";

// A DNS name or IPv4 address (letters, digits, "-", ".", "_", "~"), or an IPv6 literal in brackets; then an optional
// port. RFC 3986 also allows sub-delims and percent-encodings in a reg-name, which no host we serve has.
const HOST = /^(?:[A-Za-z0-9._~-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{0,5}))?$/;

/** A Host header value the adapter can build a URL from: an ASCII host and a port from 0 to 65535. */
export function isValidHost(value) {
  const m = HOST.exec(value);
  if (!m || Number(m[1] ?? 0) > 65535) return false;
  try {
    new URL(`http://${value}/`);
    return true;
  } catch {
    return false;
  }
}

// Node's own response methods, so that the guards serve Vite's dev server (connect) as well as Express.
function badRequest(res, message) {
  res.writeHead(400, { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" });
  res.end(message);
}

/** 400 for a request without one valid Host, or with an X-Forwarded-Host whose hosts are not all valid. */
export function hostGuard(req, res, next) {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].toLowerCase() === "host") hosts++;
  if (hosts !== 1 || !isValidHost(req.headers.host)) return badRequest(res, "The Host header is missing, repeated or not a host.");
  // The adapter reads its port whether or not the proxy is trusted; a list names one host per proxy.
  const forwarded = req.headers["x-forwarded-host"];
  if (forwarded !== undefined && !forwarded.split(",").every((h) => isValidHost(h.trim())))
    return badRequest(res, "The X-Forwarded-Host header is not a host.");
  next();
}

/** The build's flat route manifest as nested routes for matchRoutes, as React Router's server nests them. */
function nest(manifest, parentId = "") {
  return Object.values(manifest)
    .filter((route) => (route.parentId ?? "") === parentId)
    .map((route) => {
      const children = nest(manifest, route.id);
      return {
        id: route.id,
        path: route.path,
        index: route.index,
        caseSensitive: route.caseSensitive,
        module: route.module,
        ...(children.length ? { children } : {}),
      };
    });
}

// React Router's test for a resource route (one it answers without rendering): no component and no error boundary.
const isResource = (module) => module.default == null && module.ErrorBoundary == null;

/** OPTIONS outside /api/, for the routes of a React Router server build (`build.routes`). */
export function optionsGuard(manifest) {
  const routes = nest(manifest);
  return (req, res, next) => {
    if (req.method !== "OPTIONS" || req.path.startsWith("/api/")) return next();
    // A data request's path as React Router reads it: "/_.data" is "/", "/x.data" is "/x".
    const pathname = req.path.replace(/\/_\.data$/, "/").replace(/\.data$/, "");
    const leaf = matchRoutes(routes, pathname)?.at(-1)?.route;
    if (!leaf) return next();
    const allow = [...(leaf.module.loader || !isResource(leaf.module) ? ["GET", "HEAD"] : []), ...(leaf.module.action ? ["POST"] : []), "OPTIONS"];
    res.writeHead(204, { Allow: allow.join(", ") });
    res.end();
  };
}

/**
 * `react-router dev`'s server (Vite) builds the request's URL from the Host as the production adapter does, and threw
 * on a port over 65535: this plugin puts hostGuard in front of it too. (Vite answers OPTIONS itself, and refuses hosts
 * other than its allowedHosts with a 403.)
 */
export function devRequestGuards() {
  return {
    name: "request-guards",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use(hostGuard);
    },
  };
}
