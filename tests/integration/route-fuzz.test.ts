// Malformed requests to every route of app/routes.ts (pages, form actions, resources, the JSON API, the provider
// endpoint and the back office), read from the route config so a new route is covered the day it is added: wrong
// content types, JSON and broken multipart posted to form actions, NUL and control characters, huge values, ids past
// PostgreSQL's int4, a tampered honeypot, odd queries and path parameters. Each must get an answer below 500, as a
// guest, a player and staff. Form bodies with a NUL character or over the size limit are refused before any route
// reads them, however they are framed (a Content-Length or chunked), and the JSON API refuses NUL in its own shape.
// Every loader is also asked as React Router's data request (*.data), which must never get an event stream. What
// never reaches a route module (the Host header, OPTIONS, chunked framing on the wire) is tested on the Express server
// in request-guards.test.ts.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { seedDemoContent } from "#app/startup/seed.server.ts";
import { seedGameCatalogue } from "#app/modules/games/seed.server.ts";
import { closeIdleConnections, createPlayer } from "#app/modules/payments/test-helpers.ts";
import { ensureSeedAdmin } from "#app/modules/staff/staff.server.ts";
import routes from "#app/routes.ts";
import { MAX_FORM_BYTES, MAX_MULTIPART_BYTES } from "#app/utils/form-body.server.ts";
import { callRoute, type CallInit, type RouteModule, sessionFor, staffCookie } from "#tests/support/route-call.ts";

afterAll(closeIdleConnections);

const APP = path.resolve(import.meta.dirname, "../../app");

type Target = { name: string; file: string; path: string; params: Record<string, string> };

/** Every (file, URL path) of the route config, children under their parents; path parameters get a bad value. */
function flatten(entries: RouteConfigEntry[], parent = ""): Target[] {
  return entries.flatMap((entry) => {
    const full = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const params: Record<string, string> = {};
    const url = full
      .split("/")
      .map((segment) => {
        if (segment === "*") return ((params["*"] = "x\u0000/../.."), "x");
        if (!segment.startsWith(":")) return segment;
        params[segment.slice(1).replace(/\?$/, "")] = "1\u0000' or 1=1";
        return "1";
      })
      .join("/");
    const own: Target = { name: `/${full}${entry.index ? " (index)" : ""}`, file: entry.file, path: `/${url}`, params };
    return [own, ...flatten(entry.children ?? [], full)];
  });
}

// Logging out ends the session the later targets use: the log-out routes go last.
const targets = flatten(routes)
  .filter((t, i, all) => all.findIndex((o) => o.file === t.file && o.path === t.path) === i)
  .sort((a, b) => Number(a.file.includes("logout")) - Number(b.file.includes("logout")));

// Field names every form may use, plus the ones each route module's own source names (inputs, formData.get, zod keys).
const COMMON_FIELDS = [
  ...["intent", "redirectTo", "code", "amount", "id", "username", "password", "phone", "email", "name", "status", "page", "size", "type", "q"],
  // The casino's game forms live in components the route source does not name.
  ...["from", "stake", "target", "direction", "mines", "tile", "clientSeed", "autoCashout", "gameId", "favourite", "sortOrder", "baseUrl"],
  ...["operatorId", "secret", "displayOrder", "minStake", "maxStake", "featured", "active", "system", "sort", "day", "platform", "game"],
  ...["hash", "salt", "serverSeed", "nonce", "userId", "gameCode", "gameType", "externalURL", "isMobileLogin", "txnId", "playerId", "roundId"],
  // The honeypot's hidden fields (rendered by remix-utils' HoneypotInputs, so no route source names them).
  ...["from__confirm", "name__confirm"],
];
function fieldsOf(file: string): string[] {
  const source = readFileSync(path.join(APP, file), "utf8");
  const quoted = [...source.matchAll(/(?:name[=:]\s*["'`]|\.get(?:All)?\(\s*["'])([A-Za-z_][\w.-]{0,40})["'`]/g)].map((m) => m[1]!);
  // conform's fields.<name> and zod's `<name>: z.` in the module itself.
  const bare = [...source.matchAll(/(?:\bfields\.([A-Za-z_]\w{0,40})|\b([A-Za-z_]\w{0,40}):\s*z\.)/g)].map((m) => (m[1] ?? m[2])!);
  const found = [...quoted, ...bare];
  return [...new Set([...COMMON_FIELDS, ...found])];
}

/** The intents a route's own source names (`intent === "x"`, a hidden or button input, zod's literal or enum). */
function intentsOf(file: string): string[] {
  const source = readFileSync(path.join(APP, file), "utf8");
  const pattern =
    /intent\s*[!=]==?\s*["']([\w-]{1,30})["']|name=["']intent["']\s+value=["']([\w-]{1,30})["']|value=["']([\w-]{1,30})["']\s+name=["']intent["']|intent:\s*z\.literal\(["']([\w-]{1,30})["']\)|intent:\s*z\.enum\(\[([^\]]*)\]/g;
  const words = [...source.matchAll(pattern)].flatMap((m) =>
    m[5] ? [...m[5].matchAll(/["']([\w-]{1,30})["']/g)].map((w) => w[1]!) : [(m[1] ?? m[2] ?? m[3] ?? m[4])!],
  );
  return [...new Set(words)];
}

// One past PostgreSQL's int4 (serial ids): a well-formed number no id column holds.
const PAST_INT4 = "2147483648";
const EDGE_NUMBERS = [PAST_INT4, "-1", "1e309"];

const BAD_VALUES = [
  "\u0000",
  "a\u0000b",
  "\r\n\t\u0007\u001b",
  "%00%0d%0a",
  "-1",
  PAST_INT4,
  "1e309",
  "NaN",
  "9".repeat(400),
  "x".repeat(100_000),
  "\ud800",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "[]",
  "//evil.example",
];

function bodies(fields: string[]): Array<{ label: string; init: CallInit }> {
  const out: Array<{ label: string; init: CallInit }> = BAD_VALUES.map((value) => ({
    label: `form ${JSON.stringify(value.slice(0, 12))}`,
    init: { form: Object.fromEntries(fields.map((f) => [f, value])) },
  }));
  out.push({ label: "json object", init: { json: Object.fromEntries(fields.map((f) => [f, "\u0000"])) } });
  out.push({ label: "json array", init: { json: [1, 2, 3] } });
  out.push({ label: "json text as form", init: { body: '{"amount":"1"', headers: { "content-type": "application/x-www-form-urlencoded" } } });
  out.push({ label: "text/plain", init: { body: "amount=1&code=x", headers: { "content-type": "text/plain" } } });
  out.push({
    label: "broken multipart",
    init: {
      body: '--x\r\nContent-Disposition: form-data; name="amount"\r\n\r\n1\r\n--',
      headers: { "content-type": "multipart/form-data; boundary=x" },
    },
  });
  out.push({ label: "multipart without boundary", init: { body: "garbage", headers: { "content-type": "multipart/form-data" } } });
  out.push({ label: "xml", init: { body: "<x/>", headers: { "content-type": "application/xml" } } });
  out.push({ label: "empty post", init: { method: "POST" } });
  out.push({
    label: "repeated fields",
    init: { body: fields.map((f) => `${f}=1&${f}=x`).join("&"), headers: { "content-type": "application/x-www-form-urlencoded" } },
  });
  out.push({ label: "DELETE", init: { method: "DELETE" } });
  return out;
}

const QUERIES = [
  "?type=%00&system=%00&title=%00&q=%00&sort=%00&status=%00",
  "?code=%0d%0a&from=%2F%2Fevil.example&redirectTo=%2F%09%2Fevil.example",
  `?day=yesterday&platform=${"x".repeat(5000)}&size=1000000&page=-1&id=1e99`,
  "?launch=%00&session=%00&token=%00",
  "?system=[%22KA%22,1,null]&type=%7B&date=2026-13-45&from=-1&to=NaN",
  "?id=%00&page=999999999999&lng=xx%00",
  // The back office's list filters and their CSV exports: Dhaka ranges, amounts, methods, search text past its limit.
  `?range=%00&from=2026-02-31&to=0000-00-00&amount=1e400&method=99999999999&staff=-1&action=%0a&kind=%00&q=${"%25".repeat(100)}`,
  "?range=last7&amount=%E0%A7%AB%E0%A7%A6%E0%A7%A6&q=%27%20or%201%3D1--&status=all&method=1&state=%00",
];

let who: Array<{ label: string; cookie?: string; token?: string }>;

beforeAll(async () => {
  await seedDemoContent(db);
  await seedGameCatalogue(db, { demo: true });
  await ensureSeedAdmin(db, "AdminPass12345");
  const staff = await staffCookie("admin", "AdminPass12345");
  const player = await sessionFor(await createPlayer());
  who = [{ label: "guest" }, { label: "player", ...player }, { label: "staff", cookie: staff }];
});

describe("every route under malformed input", () => {
  it("covers the whole route config", () => {
    expect(targets.length).toBeGreaterThan(90);
  });

  it.each(targets)("$name ($file) never answers 5xx", async ({ file, path: url, params }) => {
    const route = (await import(path.join(APP, file))) as RouteModule;
    const fields = fieldsOf(file);
    const failures: string[] = [];
    let requests = 0;
    const call = async (target: string, init: CallInit, label: string) => {
      // Event streams stay open until the client goes: leave at once.
      const abort = new AbortController();
      const out = await callRoute(route, target, { params, ...init, signal: abort.signal });
      abort.abort();
      await out.response?.body?.cancel().catch(() => {});
      requests++;
      if (out.status >= 500) failures.push(`${label} → ${out.status}: ${out.data instanceof Error ? out.data.message.slice(0, 160) : ""}`);
      // React Router reads a data request's whole answer before it sends it: a stream there never answers.
      if (new URL(target, "http://localhost").pathname.endsWith(".data") && out.headers.get("content-type")?.includes("text/event-stream"))
        failures.push(`${label} → an event stream, which a data request never gets to the end of`);
    };
    for (const user of who) {
      const as = { cookie: user.cookie, token: user.token };
      if (route.loader) {
        for (const query of ["", ...QUERIES]) await call(`${url}${query}`, as, `${user.label} GET ${query.slice(0, 60)}`);
        // React Router's data request (a client navigation or a fetcher's load): /resources/events.data.
        await call(`${url.replace(/\/$/, "/_")}.data`, as, `${user.label} GET .data`);
      }
      // Well-formed path ids that no int4 column holds.
      if (Object.keys(params).length > 0) {
        const pastInt4 = { ...as, params: Object.fromEntries(Object.keys(params).map((name) => [name, PAST_INT4])) };
        if (route.loader) await call(url, pastInt4, `${user.label} GET path ids ${PAST_INT4}`);
        if (route.action)
          await call(url, { ...pastInt4, form: Object.fromEntries(fields.map((f) => [f, PAST_INT4])) }, `${user.label} POST path ids`);
      }
      if (!route.action) continue;
      for (const { label, init } of bodies(fields)) await call(url, { ...init, ...as }, `${user.label} ${init.method ?? "POST"} ${label}`);
      // A bad value in every field stops at the first check (an unknown intent, a filled honeypot, a path id that is
      // not one). So once more per intent the source names, with path ids of 1, numbers no column holds in the other
      // fields and the honeypot's name field left empty as a browser leaves it: the checks behind those are reached.
      const plain = Object.fromEntries(Object.keys(params).map((name) => [name, "1"]));
      for (const intent of [undefined, ...intentsOf(file)]) {
        for (const value of EDGE_NUMBERS) {
          const form = { ...Object.fromEntries(fields.map((f) => [f, value])), name__confirm: "", ...(intent ? { intent } : {}) };
          await call(url, { form, params: plain, ...as }, `${user.label} POST intent=${intent ?? "-"} ${value}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(0);
  });
});

const OVER_FORM_LIMIT = "x".repeat(MAX_FORM_BYTES + 1);

describe("form bodies, however they are framed", () => {
  // The guard stands before every page's action: its answer, not the route's, whoever asks (a guest here, so a
  // route that answered first would redirect to the log-in page instead).
  it("refuses a NUL character (400) and a body over the limit (413) on every form action", async () => {
    const nul = { name: "a\u0000b", content: "ok", message: "ok", intent: "send" };
    const multipart = new FormData();
    for (const [name, value] of Object.entries(nul)) multipart.append(name, value);
    const cases: Array<{ label: string; init: CallInit; status: number; text: RegExp }> = [
      { label: "NUL, chunked", init: { form: nul, chunked: true }, status: 400, text: /NUL/ },
      { label: "NUL, multipart, chunked", init: { body: multipart, chunked: true }, status: 400, text: /NUL/ },
      { label: "NUL, with its length", init: { form: nul }, status: 400, text: /NUL/ },
      { label: "over the limit, with its length", init: { form: { ...nul, pad: OVER_FORM_LIMIT } }, status: 413, text: /too large/ },
      { label: "over the limit, chunked", init: { form: { ...nul, pad: OVER_FORM_LIMIT }, chunked: true }, status: 413, text: /too large/ },
    ];
    const failures: string[] = [];
    let checked = 0;
    for (const { file, path: url, params } of targets) {
      if (url.startsWith("/api/")) continue;
      const route = (await import(path.join(APP, file))) as RouteModule;
      if (!route.action) continue;
      checked++;
      for (const { label, init, status, text } of cases) {
        const out = await callRoute(route, url, { ...init, params: Object.fromEntries(Object.keys(params).map((name) => [name, "1"])) });
        const body = (await out.response?.text().catch(() => "")) ?? "";
        if (out.status !== status || !text.test(body)) failures.push(`${file} ${label} → ${out.status} ${body.slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });

  it("refuses an upload over the multipart limit (413), however it is framed", async () => {
    const upload = (await import(path.join(APP, "routes/account/verification.tsx"))) as RouteModule;
    const form = new FormData();
    form.append("docType", "nid");
    form.append("file", new File([new Uint8Array(MAX_MULTIPART_BYTES)], "huge.png", { type: "image/png" }));
    const length = (await new Response(form).arrayBuffer()).byteLength;
    const declared = await callRoute(upload, "/account/verification", { body: form, headers: { "content-length": String(length) } });
    expect(declared.status).toBe(413);
    const chunked = await callRoute(upload, "/account/verification", { body: form, chunked: true });
    expect(chunked.status).toBe(413);
  });
});

describe("the JSON API and NUL characters", () => {
  const signup = (over: Record<string, unknown>) => ({
    username: `nul${Math.random().toString(36).slice(2, 9)}`,
    password: "Passw0rd1",
    confirmPassword: "Passw0rd1",
    name: "Nul Test",
    phone: `017${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
    email: `nul${Math.random().toString(36).slice(2, 9)}@example.com`,
    ageCheck: true,
    ...over,
  });

  it.each([
    ["the name", { name: "a\u0000b" }],
    ["the referral code", { referral_code: "a\u0000b" }],
    ["a field's name", { "x\u0000": "1" }],
    ["a nested value", { extra: { deep: ["a\u0000b"] } }],
  ])("POST /api/v1/create-players with NUL in %s is a 400 in the API's shape", async (_what, over) => {
    const route = (await import(path.join(APP, "routes/api/create-players.ts"))) as RouteModule;
    const out = await callRoute(route, "/api/v1/create-players", { json: signup(over) });
    expect(out.status).toBe(400);
    expect(out.data).toEqual({ message: expect.stringMatching(/NUL/) });
  });

  it("a form-encoded API body with NUL is refused the same way", async () => {
    const route = (await import(path.join(APP, "routes/api/create-players.ts"))) as RouteModule;
    const form = Object.fromEntries(Object.entries(signup({ name: "a\u0000b" })).map(([k, v]) => [k, String(v)]));
    const out = await callRoute(route, "/api/v1/create-players", { form });
    expect(out.status).toBe(400);
    expect(out.data).toEqual({ message: expect.stringMatching(/NUL/) });
  });
});
