// Requests no browser sends, on a raw socket to the real production server (server.mjs around the build): the ones
// an attacker's fuzzing turned into a 500 or into no answer at all. Each now gets a 4xx or a 204 at once, and the
// server goes on answering. (Every route's own handling of malformed input is tests/integration/route-fuzz.test.ts;
// the guards in front of React Router, case by case, tests/integration/request-guards.test.ts.)
import net from "node:net";
import { openSession } from "./support/sessions.ts";
import { expect, test } from "./support/test.ts";

type Answer = { status: number; head: string };

/** `request` as bytes on a new connection; the answer's status line and headers, or status 0 after `ms`. */
function raw(baseURL: string, request: string, ms = 5000): Promise<Answer> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname);
    let received = "";
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const head = received.split("\r\n\r\n")[0] ?? "";
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head });
    };
    const timer = setTimeout(done, ms);
    socket.on("connect", () => socket.write(Buffer.from(request, "latin1")));
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      if (received.includes("\r\n\r\n")) done();
    });
    socket.on("close", done);
    socket.on("error", () => {});
  });
}

const request = (method: string, path: string, headers: string[], body = "") =>
  `${method} ${path} HTTP/1.1\r\n${[...headers, "Connection: close"].join("\r\n")}\r\n\r\n${body}`;

// One server and no page: once, on the desktop project.
test.skip(({ isMobile, javaScriptEnabled }) => isMobile || !javaScriptEnabled, "checked once, on desktop");

test("an invalid Host is a 400 on every kind of route", { tag: "@desktop" }, async ({ baseURL }) => {
  for (const host of ["exa mple.com", "localhost:99999", "\u00c3\u00a9x.example", "[zz]"]) {
    for (const path of ["/", "/login", "/api/general", "/resources/crash-events", "/admin/staff"]) {
      expect((await raw(baseURL!, request("GET", path, [`Host: ${host}`]))).status, `${host} ${path}`).toBe(400);
    }
  }
  expect((await raw(baseURL!, request("GET", "/login", ["Host: localhost", "X-Forwarded-Host: a:99999"]))).status).toBe(400);
});

test("OPTIONS is a 204 with the route's Allow header", { tag: "@desktop" }, async ({ baseURL }) => {
  const host = `Host: ${new URL(baseURL!).host}`;
  for (const [path, allow] of [
    ["/login", "GET, HEAD, POST, OPTIONS"],
    ["/", "GET, HEAD, OPTIONS"],
    ["/no-such-page", "GET, HEAD, OPTIONS"],
    ["/resources/events", "GET, HEAD, OPTIONS"],
    ["/api/general", "GET, HEAD, OPTIONS"],
  ] as const) {
    const answer = await raw(baseURL!, request("OPTIONS", path, [host]));
    expect(answer.status, path).toBe(204);
    expect(/^allow: (.*)$/im.exec(answer.head)?.[1], path).toBe(allow);
  }
});

test("the data request of an event stream is a 404 at once", { tag: "@desktop" }, async ({ baseURL }) => {
  const host = `Host: ${new URL(baseURL!).host}`;
  for (const path of [
    "/resources/events.data",
    "/resources/crash-events.data",
    "/resources/exchange-events.data?event=1",
    "/admin/support/events.data",
  ]) {
    expect((await raw(baseURL!, request("GET", path, [host]), 3000)).status, path).toBe(404);
  }
  // A page's data request (a client navigation) is served as before.
  expect((await raw(baseURL!, request("GET", "/login.data", [host]))).status).toBe(200);
});

test(
  "a player's and a staff member's streams refuse a data request too, and other resource routes still answer one",
  { tag: "@desktop" },
  async ({ request: api }) => {
    await openSession(api, "player", "demo");
    await openSession(api, "staff", "admin");
    for (const path of ["/resources/events.data", "/resources/balance-events.data", "/admin/support/events.data"]) {
      expect((await api.get(path, { timeout: 5000 })).status(), path).toBe(404);
    }
    // The back office's Finance link goes to a resource route whose loader redirects: React Router's 202 and its target.
    const finance = await api.get("/admin/finance.data", { maxRedirects: 0 });
    expect(finance.status()).toBe(202);
    expect(await finance.text()).toContain("/admin/finance/deposits");
  },
);

test(
  "a chunked form with a NUL is a 400, one over the limit a 413, and broken framing leaves the server answering",
  { tag: "@desktop" },
  async ({ baseURL }) => {
    const host = `Host: ${new URL(baseURL!).host}`;
    const form = [host, `Origin: ${baseURL}`, "Content-Type: application/x-www-form-urlencoded", "Transfer-Encoding: chunked"];
    const chunk = (text: string) => `${Buffer.byteLength(text, "latin1").toString(16)}\r\n${text}\r\n`;
    const nul = await raw(baseURL!, request("POST", "/forgot-password", form, `${chunk("channel=sms&username=a")}${chunk("%00b")}0\r\n\r\n`));
    expect(nul.status).toBe(400);
    const big = "username=" + "x".repeat(1024 * 1024);
    expect((await raw(baseURL!, request("POST", "/forgot-password", form, `${chunk(big)}0\r\n\r\n`))).status).toBe(413);
    const broken = await raw(baseURL!, request("POST", "/forgot-password", form, "zz\r\nusername=a\r\n0\r\n\r\n"));
    expect(broken.status === 0 || broken.status === 400).toBe(true);
    expect((await raw(baseURL!, request("GET", "/healthz", [host]))).status).toBe(200);
  },
);
