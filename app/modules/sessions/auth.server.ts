import { createContext, createCookie, type MiddlewareFunction, redirect } from "react-router";
import { getEnv } from "#app/config/env.server.ts";
import type { PublicPlayer } from "#app/modules/players/index.server.ts";
import { getSessionPlayer, SESSION_DAYS } from "./sessions.server.ts";

let cookie: ReturnType<typeof createCookie> | undefined;
export function sessionCookie() {
  const env = getEnv();
  cookie ??= createCookie("sid", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env.PUBLIC_URL.startsWith("https:"),
    secrets: [env.SESSION_SECRET],
    maxAge: SESSION_DAYS * 86_400,
  });
  return cookie;
}

export type Auth = { player: PublicPlayer; token: string } | null;
export const authContext = createContext<Auth>(null);

/** True for the JSON API under /api, which app clients call with a bearer token. */
export function isApiPath(pathname: string) {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/**
 * The session token from "Authorization: Bearer" (app clients), or on the site's pages from the signed cookie.
 * The JSON API never reads the cookie: a browser attaches it to requests another site makes (a form posted to
 * /api/submit-withdraw from a foreign page), but never an Authorization header.
 */
export async function readSessionToken(request: Request): Promise<string | null> {
  const header = request.headers.get("authorization");
  if (header?.toLowerCase().startsWith("bearer ")) return header.slice(7).trim() || null;
  if (isApiPath(new URL(request.url).pathname)) return null;
  const value = await sessionCookie().parse(request.headers.get("cookie"));
  return typeof value === "string" ? value : null;
}

/** Root middleware: resolves the session once per request; loaders read it with getAuth(context). */
export const authMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  const token = await readSessionToken(request);
  const ended: { sessionLimitMinutes?: number } = {};
  const player = token ? await getSessionPlayer(token, ended) : undefined;
  // The player's session-time limit ended the session: the site's pages go to the log-in page, which says so.
  if (ended.sessionLimitMinutes && !isApiPath(new URL(request.url).pathname)) {
    throw redirect(`/login?${new URLSearchParams({ sessionLimit: String(ended.sessionLimitMinutes) })}`, {
      headers: { "Set-Cookie": await clearSessionCookie() },
    });
  }
  context.set(authContext, player && token ? { player, token } : null);
};

type Ctx = { get: <T>(c: ReturnType<typeof createContext<T>>) => T };

export function getAuth(context: Ctx): Auth {
  return context.get(authContext);
}

// Control characters and backslashes: browsers drop or reinterpret them ("/\t/evil" and "/\\evil" become "//evil").
const UNSAFE_IN_PATH = /[\u0000-\u001f\u007f\\]/;
const MAX_REDIRECT_LENGTH = 2048;
const SAME_SITE = "http://same-site.invalid";

/** A path on this site as it stands: "/" first, no "//" or backslash first, no control characters, none encoded either. */
function isPlainLocalPath(to: string) {
  if (!to.startsWith("/") || to.startsWith("//") || UNSAFE_IN_PATH.test(to)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(to.split(/[?#]/, 1)[0]!);
  } catch {
    return false;
  }
  return !decoded.startsWith("//") && !UNSAFE_IN_PATH.test(decoded);
}

/**
 * The one check of every redirect to a target taken from input (a form's or query's redirectTo, a game's return
 * address, the Referer): a path on this site, never another host. Anything that is not plainly a local path
 * (schemes, "//", backslashes, control characters, or encodings of them in the path) gives the fallback. Returns
 * the normalised path, query and fragment, which is checked again: resolving dot segments can make a plain path
 * protocol-relative ("/..//evil.example", "/admin/%2e%2e//evil.example" become "//evil.example").
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (!to || typeof to !== "string" || to.length > MAX_REDIRECT_LENGTH || !isPlainLocalPath(to)) return fallback;
  const url = new URL(to, SAME_SITE);
  if (url.origin !== SAME_SITE) return fallback;
  const normalised = url.pathname + url.search + url.hash;
  return isPlainLocalPath(normalised) ? normalised : fallback;
}

/** For login-gated pages: the signed-in player, or a redirect to /login?redirectTo=<this page>. */
export function requirePlayer(context: Ctx, url: URL): NonNullable<Auth> {
  const auth = getAuth(context);
  if (!auth) {
    const back = url.pathname + url.search;
    throw redirect(`/login?${new URLSearchParams({ redirectTo: back })}`);
  }
  return auth;
}

/** For JSON API calls: the signed-in player, or a 401 JSON answer. */
export function requireApiPlayer(context: Ctx): NonNullable<Auth> {
  const auth = getAuth(context);
  if (!auth) throw Response.json({ message: "Unauthenticated." }, { status: 401, headers: { "WWW-Authenticate": "Bearer" } });
  return auth;
}

export async function commitSessionCookie(token: string) {
  return sessionCookie().serialize(token);
}

export async function clearSessionCookie() {
  return sessionCookie().serialize("", { maxAge: 0 });
}

/** Client address: set by our server from the socket (and trusted proxies); never taken from the client. */
export function clientIp(request: Request) {
  return request.headers.get("x-client-ip") ?? "local";
}
