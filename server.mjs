// Production server: Express around the React Router build.
// Not react-router-serve, because we need (1) the client address for per-IP login limits, taken from the
// socket or a trusted proxy and never from the client, and (2) no compression on server-sent events.
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { precompressedAssets } from "./server/precompressed-assets.mjs";
import { hostGuard, optionsGuard } from "./server/request-guards.mjs";

const BUILD = path.resolve(process.env.BUILD_DIR ?? "build");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";

const build = await import(path.join(BUILD, "server/index.js"));
// The app's logger (app/kernel/log.server.ts): JSON lines in production, like every other line the server writes.
const log = build.entry.module.serverLog;
const app = express();
app.disable("x-powered-by");
// "loopback" trusts X-Forwarded-For only from a proxy on this machine; set TRUST_PROXY for others (e.g. "10.0.0.0/8").
app.set("trust proxy", process.env.TRUST_PROXY ?? "loopback");
// The security headers (nosniff, Referrer-Policy, X-Frame-Options, Permissions-Policy, HSTS on an https PUBLIC_URL,
// and a Content-Security-Policy that loads nothing) on every response: static files, JSON, redirects, SSE, the 405
// below. They are defined in app/utils/security-headers.server.ts and filled in just before the headers go out,
// only where missing: HTML documents (entry.server.tsx, with their nonce CSP) and the deposit proofs (a sandbox)
// keep their own, and React Router's adapter appends its headers, so setting them up front would send them twice.
const securityDefaults = Object.entries(build.entry.module.securityHeaderDefaults());
app.use((_req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    for (const [name, value] of securityDefaults) if (!res.hasHeader(name)) res.setHeader(name, value);
    return writeHead.apply(this, args);
  };
  next();
});
// A Host the adapter cannot build a URL from is a 400 (server/request-guards.mjs).
app.use(hostGuard);
// Node's Request refuses TRACE/TRACK, and React Router answers other unknown methods without an Allow header.
const SERVED = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
app.use((req, res, next) => {
  if (SERVED.has(req.method)) return next();
  res
    .set("Allow", [...SERVED].join(", "))
    .status(405)
    .json({ message: "Method Not Allowed" });
});
// Hashed assets go out as the Brotli or gzip files made at build time, ahead of the live compression below.
app.use("/assets", precompressedAssets(path.join(BUILD, "client/assets")));
app.use(
  compression({
    filter: (req, res) => !String(res.getHeader("Content-Type") ?? "").includes("text/event-stream") && compression.filter(req, res),
  }),
);
// React Router flushes after every chunk it streams, and compression's flush is a zlib FULL flush, which resets the
// compressor each time: home went out as 15.9 KB of gzip instead of 9.6. Our pages render their whole shell at once
// (no deferred data), so compressed responses are flushed only when they end. Event streams are not compressed and
// go straight to the socket.
app.use((_req, res, next) => {
  res.flush = () => {};
  next();
});
app.use("/assets", express.static(path.join(BUILD, "client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(BUILD, "client"), { maxAge: "1h" }));
app.use((req, _res, next) => {
  req.headers["x-client-ip"] = req.ip ?? "unknown";
  next();
});
// OPTIONS outside the JSON API is answered here (request-guards.mjs).
app.use(optionsGuard(build.routes));
app.all("/{*splat}", createRequestHandler({ build, mode: process.env.NODE_ENV }));

const server = app.listen(port, host, () => {
  log.info(`Listening on http://localhost:${port}`);
});
// Shut down once: a second signal (a process group's SIGINT beside a supervisor's SIGTERM) would end the pools twice.
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(0), 5000).unref();
    server.close(() => {
      Promise.resolve(build.entry?.module?.shutdown?.())
        .catch((e) => log.error({ err: e }, "shutting down failed"))
        .finally(() => process.exit(0));
    });
    server.closeAllConnections?.();
  });
}
