// Every route that redirects to a target taken from input, called the way the server calls it, with every payload of
// tests/support/open-redirects.ts: the Location stays on this site (the route's own fallback), and a plain path is
// kept. The one check behind them all is safeRedirect (app/modules/sessions/auth.server.ts).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { seedDemoContent } from "#app/startup/seed.server.ts";
import { createBookmakerMarket } from "#app/modules/exchange/test-helpers.ts";
import { DICE_CODE } from "#app/modules/games/house/dice/game.ts";
import { ensureHouseGames } from "#app/modules/games/house/test-helpers.ts";
import { games } from "#app/modules/games/schema.ts";
import { closeIdleConnections, createPlayer } from "#app/modules/payments/test-helpers.ts";
import { signedUpPlayer } from "#app/modules/players/test-helpers.ts";
import { ensureSeedAdmin } from "#app/modules/staff/staff.server.ts";
import * as hub from "#app/routes/account/responsible-gaming/hub.tsx";
import * as reality from "#app/routes/account/responsible-gaming/reality-interstitial.tsx";
import * as adminLogin from "#app/routes/admin/login.tsx";
import * as login from "#app/routes/auth/login.tsx";
import * as pin from "#app/routes/exchange/pin.ts";
import * as favourite from "#app/routes/games/favourite.tsx";
import * as language from "#app/routes/resources/language.tsx";
import { OPEN_REDIRECTS } from "#tests/support/open-redirects.ts";
import { callRoute, type CallInit, type RouteModule, sessionFor, staffCookie as staffCookieOf } from "#tests/support/route-call.ts";

afterAll(closeIdleConnections);

let player: { cookie: string };
let staffCookie: string;
let marketId: string;
let gameId: string;

beforeAll(async () => {
  await seedDemoContent(db);
  await ensureHouseGames();
  const [dice] = await db.select({ id: games.id }).from(games).where(eq(games.code, DICE_CODE));
  gameId = String(dice!.id);
  marketId = String((await createBookmakerMarket()).oddsMarket.id);
  player = await sessionFor(await createPlayer());
  await ensureSeedAdmin(db, "AdminPass12345");
  staffCookie = await staffCookieOf("admin", "AdminPass12345");
});

/** The logged-in player, with a form of `fields` (a POST's). */
const asPlayer =
  (fields: () => Record<string, string> = () => ({})) =>
  (): CallInit => ({ cookie: player.cookie, form: fields() });

let loginSeq = 0;
/**
 * The routes that redirect to the redirectTo they are given: the method and path (and when, in brackets), the route, who
 * asks and what else they send (a POST's other fields; called for each request), where a refused target goes, and a
 * plain same-site target, which the route keeps.
 */
const table: [string, RouteModule, () => CallInit, string, string][] = [
  ["GET /login (already logged in)", login, asPlayer(), "/", "/deposit?x=1"],
  [
    "POST /login",
    login,
    () => ({ form: { username: `redir${++loginSeq}`, password: "Secret123" }, headers: { "x-client-ip": `10.90.${loginSeq}.1` } }),
    "/",
    "/vip",
  ],
  ["POST /language", language, asPlayer(() => ({ lng: "bn" })), "/", "/games"],
  ["POST /exchange/pin", pin, asPlayer(() => ({ market: marketId, pin: "1" })), "/exchange-multi", "/exchange"],
  ["POST /games/favourite", favourite, asPlayer(() => ({ gameId, favourite: "1" })), "/games", "/slot?sort=new"],
  ["POST /reality-check", reality, asPlayer(), "/", "/house/dice"],
  ["POST /account/responsible-gaming", hub, asPlayer(() => ({ intent: "skip-prompt" })), "/account/responsible-gaming?notice=skipped", "/deposit"],
  ["GET /admin/login (staff logged in)", adminLogin, () => ({ cookie: staffCookie }), "/admin", "/admin/audit"],
];
const cases = table.map(([name, route, init, fallback, kept]) => ({ name, route, init, fallback, kept }));

/** A case's request for the target `to`: in the query of a GET, beside the other fields of a POST's form. */
function request({ name, init: ask }: (typeof cases)[number], to: string): { path: string; init: CallInit } {
  const [method, path] = name.split(" ") as [string, string];
  const { form, ...init } = ask();
  if (method === "GET") return { path: `${path}?${new URLSearchParams({ redirectTo: to })}`, init };
  return { path, init: { ...init, form: { ...form, redirectTo: to } } };
}

describe("redirects taken from input", () => {
  beforeAll(async () => {
    for (let i = 1; i <= OPEN_REDIRECTS.length + 1; i++) await signedUpPlayer(`redir${i}`);
  });

  it.each(cases)("$name never sends anyone off the site", async (c) => {
    const { route, fallback, kept } = c;
    const wrong: string[] = [];
    for (const to of OPEN_REDIRECTS) {
      const { path, init } = request(c, to);
      const out = await callRoute(route, path, init);
      const location = out.headers.get("location");
      if (out.status !== 302 || location !== fallback) wrong.push(`${JSON.stringify(to)} → ${out.status} ${location}`);
      // Whatever the route answered, a browser following it stays here.
      if (location) expect(new URL(location, "https://site.example").origin).toBe("https://site.example");
    }
    expect(wrong).toEqual([]);
    const { path, init } = request(c, kept);
    const out = await callRoute(route, path, init);
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe(kept);
  });
});
