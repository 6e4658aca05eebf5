// What a request meets before any route module: server.mjs's guards (server/request-guards.mjs) in front of React
// Router's own Express adapter and request handler, on raw sockets, so that a Host no client library would send,
// OPTIONS, data requests of an event stream and chunked bodies with broken framing arrive as an attacker sends them.
// The server build here is a small one made in this file: a root with the site's form guard as its middleware and
// an entry that, like the site's, needs what the root middleware sets (the site's needs its language); a page with
// a form; an event stream made as the site's are (sse.server.ts); a resource route that redirects; an API route that
// answers OPTIONS itself; and the catch-all page.
import net from "node:net";
import type { AddressInfo } from "node:net";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { createContext, data, redirect, type RouterContextProvider, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveEvents, refuseDataRequest } from "#app/modules/events/sse.server.ts";
import { formBodyMiddleware, MAX_FORM_BYTES } from "#app/utils/form-body.server.ts";
import { createServer as createViteServer } from "vite";
import { devRequestGuards, hostGuard, isValidHost, optionsGuard } from "../../server/request-guards.mjs";

const language = createContext<string>();
type Args = { request: Request; context: RouterContextProvider };

const page = () => null;
const routes = {
  root: {
    id: "root",
    path: "",
    module: {
      default: page,
      middleware: [
        ({ context }: Args) => {
          context.set(language, "en");
        },
        formBodyMiddleware,
      ],
    },
  },
  "routes/form": {
    id: "routes/form",
    parentId: "root",
    path: "form",
    module: {
      default: page,
      loader: () => ({ ok: true }),
      // 202 once the body is read whole.
      action: async ({ request }: Args) => data({ fields: [...(await request.formData()).keys()] }, { status: 202 }),
    },
  },
  "routes/events": {
    id: "routes/events",
    parentId: "root",
    path: "resources/events",
    // The site's stream routes: refuseDataRequest first, then a stream that never ends.
    module: {
      loader: ({ request }: Args) => {
        refuseDataRequest(request);
        return liveEvents(request.signal, (emit) => (emit("open", "1"), () => {}), { heartbeatMs: 60_000 });
      },
    },
  },
  // A resource route a page links to (the back office's /admin/finance): its loader redirects.
  "routes/go": { id: "routes/go", parentId: "root", path: "go", module: { loader: () => redirect("/form") } },
  "routes/api": {
    id: "routes/api",
    parentId: "root",
    path: "api/thing",
    module: {
      loader: ({ request }: Args) =>
        request.method === "OPTIONS" ? new Response(null, { status: 204, headers: { Allow: "POST, OPTIONS" } }) : Response.json({}),
      action: () => Response.json({}),
    },
  },
  "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*", module: { default: page } },
};

const build = {
  routes,
  entry: {
    module: {
      // The site's entry reads the language the root middleware chose: without it, this throws.
      default: (_request: Request, status: number, headers: Headers, _entry: unknown, context: RouterContextProvider) =>
        new Response(`<!doctype html><p lang="${context.get(language)}">page</p>`, {
          status,
          headers: { ...Object.fromEntries(headers), "Content-Type": "text/html" },
        }),
      handleError: () => {},
    },
  },
  assets: { routes: {}, version: "test", entry: { module: "/entry.js", imports: [] }, url: "/manifest.js" },
  future: {},
  ssr: true,
  prerender: [],
  routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  basename: "/",
  publicPath: "/",
  isSpaMode: false,
} as unknown as ServerBuild;

let port = 0;
let close = () => {};

beforeAll(async () => {
  // In server.mjs's order.
  const app = express();
  app.set("trust proxy", "loopback");
  app.use(hostGuard);
  app.use(optionsGuard(build.routes));
  app.all("/{*splat}", createRequestHandler({ build, mode: "production" }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
  close = () => {
    server.closeAllConnections();
    server.close();
  };
});
afterAll(() => close());

type Answer = { status: number; head: string; body: string; closed: boolean };

/**
 * Sends `bytes` as they are on a new connection and reads the answer: its status line, headers and what came of its
 * body within `ms` (an answer that never comes is status 0). `end` half-closes after sending, as a client that
 * sent a truncated body and gave up.
 */
function raw(bytes: string | Buffer, { ms = 3000, end = false, to = port } = {}): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = net.connect(to, "127.0.0.1");
    let received = Buffer.alloc(0);
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      const text = received.toString("latin1");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0), head, body: rest.join("\r\n\r\n"), closed });
    };
    const timer = setTimeout(() => done(false), ms);
    socket.on("connect", () => {
      socket.write(typeof bytes === "string" ? Buffer.from(bytes, "latin1") : bytes);
      if (end) socket.end();
    });
    socket.on("data", (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
    socket.on("close", () => done(true));
    socket.on("error", () => {});
  });
}

const get = (path: string, headers: string[] = ["Host: localhost"], method = "GET", to = port) =>
  raw(`${method} ${path} HTTP/1.1\r\n${[...headers, "Connection: close"].join("\r\n")}\r\n\r\n`, { to });

const header = (answer: Answer, name: string) => new RegExp(`^${name}: (.*)$`, "im").exec(answer.head)?.[1];

describe("the Host header", () => {
  it.each([
    ["a space", "Host: exa mple.com"],
    ["a port over 65535", "Host: localhost:99999"],
    // "é" in UTF-8, as Node reads header bytes (latin1).
    ["non-ASCII", "Host: \u00c3\u00a9x.example"],
    ["a broken IPv6 literal", "Host: [zz]"],
    ["a percent-encoding", "Host: a%zz"],
    ["an X-Forwarded-Host port over 65535", "Host: localhost\r\nX-Forwarded-Host: a:99999"],
    ["an X-Forwarded-Host list with a bad host", "Host: localhost\r\nX-Forwarded-Host: proxy.example, b c"],
    ["two Host headers", "Host: a.example\r\nHost: b.example"],
  ])("with %s is a 400", async (_what, headers) => {
    for (const path of ["/form", "/resources/events", "/api/thing", "/nowhere"]) {
      const answer = await get(path, [headers]);
      expect(answer.status, path).toBe(400);
    }
  });

  it("missing (HTTP/1.0) is a 400", async () => {
    expect((await raw("GET /form HTTP/1.0\r\n\r\n")).status).toBe(400);
  });

  it.each([
    "localhost",
    "localhost:3000",
    "127.0.0.1:8080",
    "[::1]:8080",
    "www.example-site.com",
    "localhost\r\nX-Forwarded-Host: a.example, b.example:8443",
  ])("%s is served", async (host) => {
    expect((await get("/form", [`Host: ${host}`])).status).toBe(200);
  });

  it("isValidHost reads ports up to 65535", () => {
    expect(isValidHost("localhost:65535")).toBe(true);
    expect(isValidHost("localhost:65536")).toBe(false);
    expect(isValidHost("localhost:")).toBe(true);
    expect(isValidHost("")).toBe(false);
  });
});

describe("the Host header on the dev server (react-router dev)", () => {
  it("is checked before Vite's request handling builds a URL from it", async () => {
    // Vite with the site's guard plugin and, in place of React Router's dev handler, what it does first: a URL from
    // the Host (it threw on a port over 65535: a 500).
    const vite = await createViteServer({
      configFile: false,
      logLevel: "silent",
      appType: "custom",
      server: { port: 0, host: "127.0.0.1", hmr: false, ws: false },
      plugins: [
        devRequestGuards(),
        {
          name: "adapter",
          configureServer: (server) => () =>
            server.middlewares.use((req, res) => res.end(new URL(req.url ?? "/", `http://${req.headers.host}`).host)),
        },
      ],
    });
    await vite.listen();
    const to = (vite.httpServer!.address() as AddressInfo).port;
    try {
      expect((await get("/", ["Host: localhost:99999"], "GET", to)).status).toBe(400);
      expect((await get("/", ["Host: localhost"], "GET", to)).body).toBe("localhost");
    } finally {
      await vite.close();
    }
  });
});

describe("OPTIONS", () => {
  it.each([
    ["/form", "GET, HEAD, POST, OPTIONS"],
    ["/form.data", "GET, HEAD, POST, OPTIONS"],
    ["/resources/events", "GET, HEAD, OPTIONS"],
    ["/nowhere", "GET, HEAD, OPTIONS"],
    ["/", "GET, HEAD, OPTIONS"],
  ])("on %s is 204 with Allow: %s", async (path, allow) => {
    const answer = await get(path, undefined, "OPTIONS");
    expect(answer.status).toBe(204);
    expect(header(answer, "Allow")).toBe(allow);
  });

  it("on the JSON API is the endpoint's own answer", async () => {
    const answer = await get("/api/thing", undefined, "OPTIONS");
    expect(answer.status).toBe(204);
    expect(header(answer, "Allow")).toBe("POST, OPTIONS");
  });

  it("on * is answered", async () => {
    const answer = await get("*", undefined, "OPTIONS");
    expect(answer.status).toBeGreaterThanOrEqual(200);
    expect(answer.status).toBeLessThan(500);
  });
});

describe("data requests", () => {
  it.each(["/resources/events.data", "/resources/events.data?_routes=routes%2Fevents", "/resources/%65vents.data", "/RESOURCES/Events.data"])(
    "%s of an event stream is a 404 at once",
    async (path) => {
      const answer = await get(path);
      expect(answer.status).toBe(404);
      expect(answer.closed).toBe(true);
    },
  );

  it.each(["/form.data", "/_.data", "/nowhere.data", "/api/thing.data"])("%s still goes to React Router", async (path) => {
    const answer = await get(path);
    // React Router's single-fetch answer.
    expect(answer.status).toBe(200);
    expect(header(answer, "Content-Type")).toMatch(/text\/x-script/);
  });

  it("a link to a resource route that redirects is followed (the back office's Finance)", async () => {
    const answer = await get("/go.data");
    expect(answer.status).toBe(202);
    expect(answer.body).toContain("/form");
  });

  it("a form posted to a resource route's action through a data request reaches it (Add to Multi Markets)", async () => {
    const answer = await raw(
      "POST /api/thing.data HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\nConnection: close\r\n\r\na=1",
    );
    expect(answer.status).toBe(200);
  });

  it("the event stream itself still streams", async () => {
    const answer = await raw("GET /resources/events HTTP/1.1\r\nHost: localhost\r\n\r\n", { ms: 500 });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("event: open");
  });
});

describe("form bodies on the wire", () => {
  const post = (framing: string, body: string | Buffer, { type = "application/x-www-form-urlencoded", end = false, ms = 3000 } = {}) =>
    raw(
      Buffer.concat([
        Buffer.from(
          `POST /form HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\nContent-Type: ${type}\r\n${framing}Connection: close\r\n\r\n`,
        ),
        Buffer.isBuffer(body) ? body : Buffer.from(body, "latin1"),
      ]),
      { end, ms },
    );
  const chunked = (...chunks: string[]) => chunks.map((c) => `${Buffer.byteLength(c).toString(16)}\r\n${c}\r\n`).join("") + "0\r\n\r\n";

  it("a chunked form is read", async () => {
    const answer = await post("Transfer-Encoding: chunked\r\n", chunked("name=a&", "content=b"));
    expect(answer.status).toBe(202);
  });

  it("a NUL in a chunked form is a 400, whichever chunk carries it", async () => {
    const answer = await post("Transfer-Encoding: chunked\r\n", chunked("content=ok&name=a", "%00b"));
    expect(answer.status).toBe(400);
  });

  it("a NUL in a chunked multipart form is a 400", async () => {
    const part = '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\na\u0000b\r\n--x--\r\n';
    const answer = await post("Transfer-Encoding: chunked\r\n", chunked(part), { type: "multipart/form-data; boundary=x" });
    expect(answer.status).toBe(400);
  });

  it("a chunked form over the limit is a 413 and the connection closes", async () => {
    const big = "name=" + "x".repeat(MAX_FORM_BYTES);
    const answer = await post("Transfer-Encoding: chunked\r\n", chunked(big.slice(0, 500_000), big.slice(500_000), "&more=1"), { ms: 15000 });
    expect(answer.status).toBe(413);
    expect(answer.closed).toBe(true);
  });

  it("a declared length over the limit is a 413 before the body is sent", async () => {
    const answer = await post(`Content-Length: ${MAX_FORM_BYTES + 1}\r\n`, "name=a");
    expect(answer.status).toBe(413);
    expect(answer.closed).toBe(true);
  });

  it.each([
    ["a chunk size that is not hex", "zz\r\nname=a\r\n0\r\n\r\n"],
    ["a chunk longer than its size", "2\r\nname=a\r\n0\r\n\r\n"],
  ])("%s is refused and the server goes on", async (_what, body) => {
    const answer = await post("Transfer-Encoding: chunked\r\n", body);
    expect(answer.closed).toBe(true);
    expect(answer.status === 0 || (answer.status >= 400 && answer.status < 500)).toBe(true);
    expect((await get("/form")).status).toBe(200);
  });

  it("a body cut short by a client that gives up leaves the server answering", async () => {
    const answer = await post("Transfer-Encoding: chunked\r\n", "a\r\nname=a", { end: true });
    expect(answer.closed).toBe(true);
    expect(answer.status === 0 || (answer.status >= 400 && answer.status < 500)).toBe(true);
    expect((await get("/form")).status).toBe(200);
  });
});
