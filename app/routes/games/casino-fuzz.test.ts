// Malformed requests to every casino route (player pages, game actions, the back office, the JSON API and the
// provider endpoint): wrong content types, JSON and broken multipart posted to form actions, NUL and control
// characters, huge values, odd query strings. Each must get an answer below 500, as a guest, a player and staff.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { seedDemoContent } from "#app/db/seed.server.ts";
import { seedGameCatalogue } from "#app/modules/games/seed.server.ts";
import { closeIdleConnections, createPlayer } from "#app/modules/payments/test-helpers.ts";
import { loginStaff } from "#app/modules/staff/auth.server.ts";
import { ensureSeedAdmin } from "#app/modules/staff/staff.server.ts";
import * as adminGames from "#app/routes/admin/games/games.tsx";
import * as adminProviders from "#app/routes/admin/games/providers.tsx";
import * as bettingRecordApi from "#app/routes/api/betting-record.ts";
import * as crashState from "#app/routes/api/crash-state.ts";
import * as gameRunApi from "#app/routes/api/game-run.ts";
import * as getGames from "#app/routes/api/get-games.ts";
import * as getProvider from "#app/routes/api/get-provider.ts";
import * as getSystem from "#app/routes/api/get-system.ts";
import * as getType from "#app/routes/api/get-type.ts";
import * as provider from "#app/routes/api/provider.ts";
import * as poster from "#app/routes/resources/poster.ts";
import { callRoute, type CallInit, type RouteModule, sessionFor } from "#tests/support/route-call.ts";
import * as bettingRecord from "./betting-record.tsx";
import * as bettingRecordDetails from "./betting-record-details.tsx";
import * as fair from "./fair.tsx";
import * as favourite from "./favourite.tsx";
import * as gamerun from "./gamerun.tsx";
import * as gamesPage from "./games.tsx";
import * as houseCrash from "./house-crash.tsx";
import * as houseDice from "./house-dice.tsx";
import * as houseMines from "./house-mines.tsx";
import * as sim from "./sim-aggregator.tsx";

afterAll(closeIdleConnections);

type Target = { name: string; route: RouteModule; path: string; params?: Record<string, string> };

const targets: Target[] = [
  { name: "games", route: gamesPage, path: "/games" },
  { name: "favourite", route: favourite, path: "/games/favourite" },
  { name: "gamerun", route: gamerun, path: "/gamerun" },
  { name: "sim-aggregator", route: sim, path: "/sim-aggregator/play" },
  { name: "house/dice", route: houseDice, path: "/house/dice" },
  { name: "house/mines", route: houseMines, path: "/house/mines" },
  { name: "house/crash", route: houseCrash, path: "/house/crash" },
  { name: "fair", route: fair, path: "/fair" },
  { name: "betting-record", route: bettingRecord, path: "/betting-record" },
  { name: "betting-record/:id", route: bettingRecordDetails, path: "/betting-record/x", params: { id: "x\u0000" } },
  { name: "poster/:name", route: poster, path: "/poster/x", params: { name: "../../etc/passwd\u0000" } },
  { name: "admin/games", route: adminGames, path: "/admin/games" },
  { name: "admin/games/providers", route: adminProviders, path: "/admin/games/providers" },
  { name: "api/get-system", route: getSystem, path: "/api/get-system" },
  { name: "api/get-provider", route: getProvider, path: "/api/get-provider" },
  { name: "api/get-games", route: getGames, path: "/api/get-games" },
  { name: "api/get-type", route: getType, path: "/api/get-type" },
  { name: "api/game-run", route: gameRunApi, path: "/api/game-run" },
  { name: "api/betting-record", route: bettingRecordApi, path: "/api/betting-record" },
  { name: "api/crash/state", route: crashState, path: "/api/crash/state" },
  { name: "api/provider", route: provider, path: "/api/provider/KA/bet", params: { platform: "KA", action: "bet" } },
];

// Every field name the casino's forms and queries use, each given the same bad value.
const FIELDS = ["intent", "code", "from", "stake", "target", "direction", "mines", "tile", "clientSeed", "autoCashout", "gameId", "favourite", "id", "name", "status", "sortOrder", "baseUrl", "operatorId", "secret", "displayOrder", "minStake", "maxStake", "featured", "active", "q", "system", "type", "sort", "day", "platform", "size", "page", "game", "hash", "salt", "serverSeed", "nonce", "userId", "gameCode", "gameType", "externalURL", "isMobileLogin", "txnId", "playerId", "roundId", "amount"];
const BAD_VALUES = ["\u0000", "a\u0000b", "\r\n\t\u0007\u001b", "%00%0d%0a", "-1", "1e309", "NaN", "9".repeat(400), "x".repeat(100_000), "\ud800", "<script>alert(1)</script>", "../../etc/passwd", "[]", "{}"];

function bodies(): Array<{ label: string; init: CallInit }> {
  const out: Array<{ label: string; init: CallInit }> = [];
  for (const value of BAD_VALUES) {
    out.push({ label: `form ${JSON.stringify(value.slice(0, 12))}`, init: { form: Object.fromEntries(FIELDS.map((f) => [f, value])) } });
  }
  out.push({ label: "json object", init: { json: Object.fromEntries(FIELDS.map((f) => [f, "\u0000"])) } });
  out.push({ label: "json array", init: { json: [1, 2, 3] } });
  out.push({ label: "json text as form", init: { body: '{"stake":"1"', headers: { "content-type": "application/x-www-form-urlencoded" } } });
  out.push({ label: "text/plain", init: { body: "stake=1&target=50", headers: { "content-type": "text/plain" } } });
  out.push({ label: "broken multipart", init: { body: "--x\r\nContent-Disposition: form-data; name=\"stake\"\r\n\r\n1\r\n--", headers: { "content-type": "multipart/form-data; boundary=x" } } });
  out.push({ label: "multipart without boundary", init: { body: "garbage", headers: { "content-type": "multipart/form-data" } } });
  out.push({ label: "xml", init: { body: "<x/>", headers: { "content-type": "application/xml" } } });
  out.push({ label: "empty post", init: { method: "POST" } });
  out.push({ label: "repeated fields", init: { body: "stake=1&stake=2&tile=1&tile=x&intent=reveal&intent=cashout", headers: { "content-type": "application/x-www-form-urlencoded" } } });
  return out;
}

const QUERIES = ["?type=%00&system=%00&title=%00&q=%00&sort=%00", "?code=%0d%0a&from=%2F%2Fevil.example", "?day=yesterday&platform=" + "x".repeat(5000) + "&type=SLOT&size=1000000&page=-1", "?launch=%00&session=%00", "?system=[%22KA%22,1,null]", "?system=%7B", "?game=dice&serverSeed=%00&clientSeed=&nonce=1e99&hash=zz&salt=%00", "?id=%00&page=999999999999"];

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

describe("casino routes under malformed input", () => {
  it.each(targets)("$name never answers 5xx", async ({ route, path, params }) => {
    const failures: string[] = [];
    let requests = 0;
    for (const user of who) {
      for (const query of ["", ...QUERIES]) {
        if (!route.loader) break;
        const out = await callRoute(route, `${path}${query}`, { cookie: user.cookie, token: user.token, params });
        requests++;
        if (out.status >= 500) failures.push(`${user.label} GET ${query.slice(0, 60)} → ${out.status}`);
      }
      if (!route.action) continue;
      for (const { label, init } of bodies()) {
        const out = await callRoute(route, path, { ...init, cookie: user.cookie, token: user.token, params });
        requests++;
        if (out.status >= 500) failures.push(`${user.label} POST ${label} → ${out.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(10);
  });
});
