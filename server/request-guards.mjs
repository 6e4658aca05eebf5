// Requests that React Router's Express adapter cannot take as they come, answered in server.mjs before it sees them:
// - hostGuard: a Host (or X-Forwarded-Host) that is no host, or a missing or repeated Host, is a 400 (RFC 9112
//   section 3.2). The adapter builds the request's URL from them, and `new URL` threw on a space, a port over 65535 or
//   characters no host has: a 500 on every route.
// - routeGuards: OPTIONS outside the JSON API gets 204 with the Allow header of the route it names (React Router
//   refuses OPTIONS on a page before the root middleware runs, and the error page then failed without its language:
//   a 500). The JSON API answers OPTIONS itself, with each endpoint's methods (app/modules/api/http.server.ts).
//   A data request (*.data, React Router's client navigations) to read a resource route is a 404: no page asks one,
//   and React Router reads the route's whole response before it answers, so an event stream's never came.
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

const badRequest = (res, message) => res.status(400).set("Cache-Control", "no-store").type("text/plain").send(message);

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

/**
 * A full route path as the source of a regular expression that matches at least the paths React Router matches it to
 * (static segments, ":param", optional "segment?" and ":param?", a final "*").
 */
function roughPattern(path) {
  let source = "";
  for (const segment of path.split("/").filter(Boolean)) {
    if (segment === "*") {
      source += "(?:/.*)?";
      continue;
    }
    const bare = segment.replace(/\?$/, "");
    const part = bare.startsWith(":") ? "/[^/]*" : `/${bare.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&")}`;
    source += bare === segment ? part : `(?:${part})?`;
  }
  return `^${source}/*$`;
}

/**
 * One regular expression for the paths that may be a resource route's, compiled once: matchRoutes flattens and
 * ranks every route on each call (about a millisecond for this site's 170), too much for every client navigation,
 * so only such a path is given to it. Routes are case-insensitive unless they say otherwise.
 */
function resourcePaths(routes) {
  const sources = { i: [], "": [] };
  const walk = (list, parentPath) => {
    for (const route of list) {
      const path = [parentPath, route.path ?? ""].filter(Boolean).join("/");
      if (isResource(route.module)) sources[route.caseSensitive ? "" : "i"].push(roughPattern(path));
      walk(route.children ?? [], path);
    }
  };
  walk(routes, "");
  const patterns = Object.entries(sources)
    .filter(([, list]) => list.length > 0)
    .map(([flags, list]) => new RegExp(list.map((source) => `(?:${source})`).join("|"), flags));
  return { test: (pathname) => patterns.some((pattern) => pattern.test(pathname)) };
}

/** The path as React Router matches it: each segment percent-decoded (a "/" inside one stays encoded). */
function decodePath(pathname) {
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return pathname;
  }
}

/** OPTIONS and *.data of resource routes, for the routes of a React Router server build (`build.routes`). */
export function routeGuards(manifest) {
  const routes = nest(manifest);
  const resources = resourcePaths(routes);
  const leafOf = (pathname) => matchRoutes(routes, pathname)?.at(-1)?.route;
  return (req, res, next) => {
    const data = req.path.endsWith(".data");
    if (!data && req.method !== "OPTIONS") return next();
    // React Router's own reading of a data request's path: "/_.data" is "/", "/x.data" is "/x".
    const pathname = data ? req.path.replace(/\/_\.data$/, "/").replace(/\.data$/, "") : req.path;
    // Only reads: a form or fetcher posting to a resource route's action goes through React Router's data request
    // (POST /exchange/pin.data from "Add to Multi Markets"), and its answer is whole.
    if (data && (req.method === "GET" || req.method === "HEAD") && resources.test(decodePath(pathname))) {
      const leaf = leafOf(pathname);
      if (leaf && isResource(leaf.module)) return res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not Found");
    }
    if (req.method !== "OPTIONS" || pathname.startsWith("/api/")) return next();
    const leaf = leafOf(pathname);
    if (!leaf) return next();
    const allow = [...(leaf.module.loader || !isResource(leaf.module) ? ["GET", "HEAD"] : []), ...(leaf.module.action ? ["POST"] : []), "OPTIONS"];
    res.status(204).set("Allow", allow.join(", ")).end();
  };
}
