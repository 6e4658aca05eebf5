// The long-lived device cookie: a random id set on a browser's first visit and written on each session it opens
// (sessions.device_id), so the AML job can see several accounts used from one device.
import { randomBytes } from "node:crypto";
import { createCookie, type MiddlewareFunction } from "react-router";
import { getEnv } from "#app/config/env.server.ts";
import { isApiPath } from "#app/modules/sessions/index.server.ts";

const DEVICE_DAYS = 400; // the longest browsers keep a cookie
const DEVICE_ID = /^[A-Za-z0-9_-]{22,64}$/;

let cookie: ReturnType<typeof createCookie> | undefined;
export function deviceCookie() {
  cookie ??= createCookie("did", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: getEnv().PUBLIC_URL.startsWith("https:"),
    maxAge: DEVICE_DAYS * 86_400,
  });
  return cookie;
}

/** Ids given out on this request (a first visit that logs in at once has no cookie yet). */
const issued = new WeakMap<Request, string>();

async function cookieDeviceId(request: Request): Promise<string | null> {
  const value: unknown = await deviceCookie().parse(request.headers.get("cookie"));
  return typeof value === "string" && DEVICE_ID.test(value) ? value : null;
}

/** The browser's device id (from its cookie, or the one this request is handing out); null for API clients. */
export async function deviceIdOf(request: Request): Promise<string | null> {
  return issued.get(request) ?? (await cookieDeviceId(request));
}

/** Root middleware: a browser without the cookie gets one on the response. */
export const deviceMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (isApiPath(new URL(request.url).pathname) || (await cookieDeviceId(request))) return next();
  const id = randomBytes(24).toString("base64url");
  issued.set(request, id);
  const response = await next();
  const setCookie = await deviceCookie().serialize(id);
  try {
    response.headers.append("Set-Cookie", setCookie);
    return response;
  } catch {
    // Immutable headers (a fetched or static response): copy it.
    const copy = new Response(response.body, response);
    copy.headers.append("Set-Cookie", setCookie);
    return copy;
  }
};
