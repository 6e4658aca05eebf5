// Calls a route module's loader or action the way the server does: behind the root's language and session
// middleware, with thrown redirects and 404s returned as outcomes. For route tests under vitest.
import { RouterContextProvider } from "react-router";
import { rootMiddleware } from "#app/middleware.server.ts";

type Handler = (args: never) => unknown;
export type RouteModule = { loader?: Handler; action?: Handler };

/** data: what a loader or action returned; for a Response, its JSON body (or null when it is not JSON). */
export type Outcome = { status: number; headers: Headers; data: unknown; response?: Response };

export type CallInit = {
  /** Defaults to POST when a body is given, else GET. GET and HEAD go to the loader, anything else to the action. */
  method?: string;
  cookie?: string;
  /** Sent as "Authorization: Bearer <token>". */
  token?: string;
  /** Sent as given, after the browser's own Origin (this site's); null leaves a header out. */
  headers?: Record<string, string | null>;
  body?: BodyInit;
  /** An urlencoded form body. */
  form?: Record<string, string>;
  /** A JSON body with its content type. */
  json?: unknown;
  params?: Record<string, string>;
  signal?: AbortSignal;
  /** Sends the body as a stream without a Content-Length, as a client using Transfer-Encoding: chunked does. */
  chunked?: boolean;
};

export async function callRoute(route: RouteModule, path: string, init: CallInit = {}): Promise<Outcome> {
  const headers = new Headers({ origin: "http://localhost" });
  for (const [name, value] of Object.entries(init.headers ?? {})) {
    if (value === null) headers.delete(name);
    else headers.set(name, value);
  }
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  let body = init.body;
  if (init.form) body = new URLSearchParams(init.form);
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  // Browsers send the length of a form body.
  if (init.chunked && body !== undefined) {
    const framed = new Response(body);
    if (!headers.has("content-type") && framed.headers.has("content-type")) headers.set("content-type", framed.headers.get("content-type")!);
    body = framed.body!;
  } else if (typeof body === "string" || body instanceof URLSearchParams) headers.set("content-length", String(Buffer.byteLength(body.toString())));
  const method = init.method ?? (body === undefined ? "GET" : "POST");
  const request = new Request(`http://localhost${path}`, { method, headers, body, signal: init.signal, duplex: "half" } as RequestInit);
  const url = new URL(request.url);
  const context = new RouterContextProvider();
  const args = { request, url, params: init.params ?? {}, context, pattern: url.pathname };
  let outcome: Outcome | undefined;
  const run = async () => {
    const handler = method === "GET" || method === "HEAD" ? route.loader! : route.action!;
    try {
      outcome = await toOutcome(await handler(args as never));
    } catch (thrown) {
      outcome = await fromThrown(thrown);
    }
    return new Response();
  };
  // Like the root: its middleware in order; one that does not call next is followed by the next one anyway.
  type Next = () => Promise<Response>;
  const middleware = rootMiddleware as unknown as Array<(a: unknown, next: Next) => Promise<unknown>>;
  const chain = async (i: number): Promise<Response> => {
    if (i === middleware.length) return run();
    let called = false;
    await middleware[i]!(args, async () => {
      called = true;
      return chain(i + 1);
    });
    return called ? new Response() : chain(i + 1);
  };
  try {
    await chain(0);
  } catch (thrown) {
    outcome = await fromThrown(thrown);
  }
  return outcome!;
}

/** A thrown Response (redirect, 404, 4xx) or data() is an answer; anything else is what the server turns into a 500. */
const fromThrown = (thrown: unknown): Promise<Outcome> | Outcome =>
  thrown instanceof Error ? { status: 500, headers: new Headers(), data: thrown } : toOutcome(thrown);

async function toOutcome(value: unknown): Promise<Outcome> {
  if (value instanceof Response) {
    const data = value.headers.get("content-type")?.includes("json") ? await value.clone().json() : null;
    return { status: value.status, headers: value.headers, data, response: value };
  }
  const d = value as { type?: string; data?: unknown; init?: { status?: number; headers?: HeadersInit } | null };
  if (d && d.type === "DataWithResponseInit") return { status: d.init?.status ?? 200, headers: new Headers(d.init?.headers), data: d.data };
  return { status: 200, headers: new Headers(), data: value };
}

// Signed-in cookies live in the test kit; re-exported here for the route tests that import them with callRoute.
export { sessionFor, staffCookie } from "#tests/kit/sessions.ts";
