// Malformed requests to every route of app/routes.ts (pages, form actions, resources, the JSON API, the provider
// endpoint and the back office), read from the route config so a new route is covered the day it is added: wrong
// content types, JSON and broken multipart posted to form actions, NUL and control characters, huge values, odd
// queries and path parameters. Each must get an answer below 500, as a guest, a player and staff.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { seedDemoContent } from "#app/db/seed.server.ts";
import { seedGameCatalogue } from "#app/modules/games/seed.server.ts";
import { closeIdleConnections, createPlayer } from "#app/modules/payments/test-helpers.ts";
import { loginStaff } from "#app/modules/staff/auth.server.ts";
import { ensureSeedAdmin } from "#app/modules/staff/staff.server.ts";
import routes from "#app/routes.ts";
import { callRoute, type CallInit, type RouteModule, sessionFor } from "#tests/support/route-call.ts";

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
];
function fieldsOf(file: string): string[] {
  const source = readFileSync(path.join(APP, file), "utf8");
  const quoted = [...source.matchAll(/(?:name[=:]\s*["'`]|\.get(?:All)?\(\s*["'])([A-Za-z_][\w.-]{0,40})["'`]/g)].map((m) => m[1]!);
  // conform's fields.<name> and zod's `<name>: z.` in the module itself.
  const bare = [...source.matchAll(/(?:\bfields\.([A-Za-z_]\w{0,40})|\b([A-Za-z_]\w{0,40}):\s*z\.)/g)].map((m) => (m[1] ?? m[2])!);
  const found = [...quoted, ...bare];
  return [...new Set([...COMMON_FIELDS, ...found])];
}

const BAD_VALUES = [
  "\u0000",
  "a\u0000b",
  "\r\n\t\u0007\u001b",
  "%00%0d%0a",
  "-1",
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
];

let who: Array<{ label: string; cookie?: string; token?: string }>;

beforeAll(async () => {
  await seedDemoContent(db);
  await seedGameCatalogue(db, { demo: true });
  await ensureSeedAdmin(db, "AdminPass12345");
  const staff = await loginStaff(new Request("http://localhost/admin/login", { method: "POST" }), "admin", "AdminPass12345");
  if (!staff.ok) throw new Error(staff.message);
  const player = await sessionFor(await createPlayer());
  who = [{ label: "guest" }, { label: "player", ...player }, { label: "staff", cookie: staff.setCookie.split(";")[0]! }];
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
      const out = await callRoute(route, target, { ...init, params, signal: abort.signal });
      abort.abort();
      await out.response?.body?.cancel().catch(() => {});
      requests++;
      if (out.status >= 500) failures.push(`${label} → ${out.status}: ${out.data instanceof Error ? out.data.message.slice(0, 160) : ""}`);
    };
    for (const user of who) {
      const as = { cookie: user.cookie, token: user.token };
      if (route.loader) {
        for (const query of ["", ...QUERIES]) await call(`${url}${query}`, as, `${user.label} GET ${query.slice(0, 60)}`);
      }
      if (!route.action) continue;
      for (const { label, init } of bodies(fields)) await call(url, { ...init, ...as }, `${user.label} ${init.method ?? "POST"} ${label}`);
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(0);
  });
});
