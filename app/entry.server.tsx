import { PassThrough, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { getEnv } from "./config/env.server.ts";
import { bootstrap } from "#app/startup/startup.server.ts";
import { database, replica } from "./db/db.server.ts";
import { log as rootLog } from "./kernel/log.server.ts";
import { getInstance } from "./i18n/i18n.server.ts";
import { stopCrashEngine, providerFrameOrigins } from "#app/modules/games/index.server.ts";
import { getAuth } from "#app/modules/sessions/index.server.ts";
import { configuredStreamHosts } from "#app/modules/settings/index.server.ts";
import { cachedGuestPage, guestPageKey, storeGuestPage } from "./utils/guest-page-cache.server.ts";
import { NonceContext } from "./utils/csp-nonce.ts";
import { createNonce, documentSecurityHeaders, responseSecurityDefaults, setMissing } from "./utils/security-headers.server.ts";
import { noteServerError } from "./utils/unavailable.server.ts";

const log = rootLog.child({ module: "server" });

// Migrations ran when the database opened; this seeds demo content once and prints the demo logins.
await bootstrap();

export const streamTimeout = 5_000;

/** Called by server.mjs on SIGINT/SIGTERM: PGlite must be closed or its folder stays marked as in use. */
export async function shutdown() {
  await stopCrashEngine();
  await replica?.close();
  await database.close();
}

/** The logger of server.mjs (its start and stop), so that the production server writes the app's log format. */
export const serverLog = log;

const securityOptions = () => ({ publicUrl: getEnv().PUBLIC_URL });

/**
 * Called once by server.mjs: the headers it adds to every response that lacks them (static files, JSON, redirects,
 * resource routes). Exported from here so the production server and the app share one definition.
 */
export function securityHeaderDefaults() {
  return responseSecurityDefaults(securityOptions());
}

/** The security headers on data requests (*.data: client navigations and form posts), also under `react-router dev`. */
export const handleDataRequest: HandleDataRequestFunction = (response) => {
  const values = securityHeaderDefaults();
  try {
    setMissing(response.headers, values);
    return response;
  } catch {
    // Immutable headers (a Response.redirect()): copy the response.
    const headers = new Headers(response.headers);
    setMissing(headers, values);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
};

/**
 * What a page may frame besides the site (both lists cached): the game providers' origins (/gamerun) and the allowed
 * live-stream hosts (/odds-view). When the database cannot answer, the page (an error page then) frames only the site.
 */
async function frameSources(): Promise<string[]> {
  try {
    const [providers, streams] = await Promise.all([providerFrameOrigins(), configuredStreamHosts()]);
    return [...providers, ...streams.map((host) => `https://${host}`)];
  } catch {
    return [];
  }
}

function securityHeaders(headers: Headers, nonce: string, frames: string[]) {
  for (const [name, value] of Object.entries(documentSecurityHeaders(nonce, securityOptions(), frames))) headers.set(name, value);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A new nonce for every document: only the scripts of this response carry it (CSP script-src).
  const nonce = createNonce();
  securityHeaders(responseHeaders, nonce, await frameSources());
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const i18n = getInstance(loadContext);
  const guest = !getAuth(loadContext);
  const cacheKey = guestPageKey({
    request,
    context: routerContext,
    statusCode: responseStatusCode,
    headers: responseHeaders,
    guest,
    language: i18n.language,
  });
  if (cacheKey) {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    const cached = cachedGuestPage(cacheKey, nonce);
    if (cached !== null) return new Response(cached, { headers: responseHeaders, status: responseStatusCode });
  }
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || cacheKey ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={i18n}>
        <NonceContext.Provider value={nonce}>
          {/* React Router puts the nonce on its <Scripts>, <ScrollRestoration> and streamed data scripts. */}
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </NonceContext.Provider>
      </I18nextProvider>,
      {
        // React's own inline scripts (completing streamed Suspense boundaries).
        nonce,
        [readyOption]() {
          shellRendered = true;
          if (cacheKey) {
            // A page every guest sees alike: rendered whole, kept for the next guests, sent as one string.
            const chunks: Buffer[] = [];
            const collect = new Writable({
              write(chunk: Buffer, _encoding, callback) {
                chunks.push(chunk);
                callback();
              },
              final(callback) {
                clearTimeout(timeoutId);
                timeoutId = undefined;
                const html = Buffer.concat(chunks).toString("utf8");
                if (responseStatusCode === 200) storeGuestPage(cacheKey, html, nonce);
                resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
                callback();
              },
            });
            pipe(collect);
            return;
          }
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error({ err: error }, "rendering the page failed after its shell was sent");
        },
      },
    );
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // A lost database connection: logged in one line, and the response becomes a 503 (unavailable.server.ts).
  if (noteServerError(error, request)) return;
  log.error({ err: error, method: request.method, path: new URL(request.url).pathname });
};
