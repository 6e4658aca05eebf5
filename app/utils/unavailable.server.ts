// A request that met a lost database connection (a restart, a failover, an administrator ending connections) is
// answered 503 Service Unavailable with Retry-After, not 500: nothing is wrong with the request or the code, and the
// client may send it again in a moment, when the pool has new connections.
//
// Two ways such an error reaches the answer, both handled here:
// - pages and their data requests (*.data): React Router catches the loader's or action's error, hands it to
//   handleError (app/entry.server.tsx calls noteServerError) and renders the error boundary with a 500; the
//   middleware below, outermost of the root's, then turns that 500 into a 503;
// - resource routes (the JSON API, the provider endpoint, files): React Router answers its bare 500 (after handleError)
//   or, in a test harness without it, the error comes out of next(); the middleware answers its own 503 instead.
import type { MiddlewareFunction } from "react-router";
import { isConnectionLost } from "#app/db/connection-errors.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";

const log = rootLog.child({ module: "database" });

export const RETRY_AFTER_SECONDS = 5;

const lostRequests = new WeakSet<Request>();

let loggedAt = 0;
let unlogged = 0;

/** One log line every few seconds while the database is away, with how many requests got a 503 meanwhile. */
function logUnavailable(request: Request, error: unknown) {
  unlogged++;
  const now = Date.now();
  if (now - loggedAt < 5_000) return;
  const cause = error instanceof Error ? error.message : String(error);
  log.error(`database unavailable: ${request.method} ${new URL(request.url).pathname} and ${unlogged - 1} more answered 503 (${cause})`);
  loggedAt = now;
  unlogged = 0;
}

/**
 * For handleError: true (and logged briefly) when `error` is a lost database connection, so that the response of
 * `request` becomes a 503; false for any other error, which the caller logs in full.
 */
export function noteServerError(error: unknown, request: Request): boolean {
  if (!isConnectionLost(error)) return false;
  if (!lostRequests.has(request)) logUnavailable(request, error);
  lostRequests.add(request);
  return true;
}

/** Whether this request met a lost database connection (its answer is a 503). */
export const metLostConnection = (request: Request) => lostRequests.has(request);

function unavailableHeaders(headers?: Headers) {
  const out = new Headers(headers);
  out.set("Retry-After", String(RETRY_AFTER_SECONDS));
  out.set("Cache-Control", "no-store");
  return out;
}

/** The 503 a resource route answers: JSON under /api, plain text elsewhere. */
export function unavailableResponse(request: Request): Response {
  const headers = unavailableHeaders();
  if (new URL(request.url).pathname.startsWith("/api/")) {
    return Response.json({ message: "The service is briefly unavailable. Please try again in a few seconds." }, { status: 503, headers });
  }
  headers.set("Content-Type", "text/plain; charset=utf-8");
  return new Response("Service Unavailable: please try again in a few seconds.", { status: 503, statusText: "Service Unavailable", headers });
}

/** The root's outermost middleware: see the file header. */
export const unavailableMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    if (!noteServerError(error, request)) throw error;
    return unavailableResponse(request);
  }
  if (response.status < 500 || !lostRequests.has(request)) return response;
  // A resource route's error: React Router's bare "Unexpected Server Error" in text; ours says what to do.
  const isPage = /^text\/html\b/i.test(response.headers.get("Content-Type") ?? "") || response.headers.has("X-Remix-Response");
  if (!isPage) {
    await response.body?.cancel();
    return unavailableResponse(request);
  }
  // A page or its data request: the error boundary rendered (or encoded) as it is, with the status that says why.
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers: unavailableHeaders(response.headers) });
};
