// Every route that redirects to a target taken from input, called the way the server calls it, with every payload of
// tests/support/open-redirects.ts: the Location stays on this site (the route's own fallback), and a plain path is
// kept. The one check behind them all is safeRedirect (app/modules/sessions/auth.server.ts).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { seedDemoContent } from "#app/db/seed.server.ts";
import { createBookmakerMarket } from "#app/modules/exchange/test-helpers.ts";
import { DICE_CODE } from "#app/modules/games/house/game-row.server.ts";
import { ensureHouseGames } from "#app/modules/games/house/test-helpers.ts";
import { games } from "#app/modules/games/schema.ts";
import { closeIdleConnections, createPlayer } from "#app/modules/payments/test-helpers.ts";
import { signedUpPlayer } from "#app/modules/players/test-helpers.ts";
import { loginStaff } from "#app/modules/staff/auth.server.ts";
import { ensureSeedAdmin } from "#app/modules/staff/staff.server.ts";
import * as hub from "#app/routes/account/responsible-gaming/hub.tsx";
import * as reality from "#app/routes/account/responsible-gaming/reality-interstitial.tsx";
import * as adminLogin from "#app/routes/admin/login.tsx";
import * as login from "#app/routes/auth/login.tsx";
import * as pin from "#app/routes/exchange/pin.ts";
import * as favourite from "#app/routes/games/favourite.tsx";
import * as language from "#app/routes/resources/language.tsx";
import { OPEN_REDIRECTS } from "#tests/support/open-redirects.ts";
import { callRoute, type CallInit, type RouteModule, sessionFor } from "#tests/support/route-call.ts";

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
  const staff = await loginStaff(new Request("http://localhost/admin/login", { method: "POST" }), "admin", "AdminPass12345");
  if (!staff.ok) throw new Error(staff.message);
  staffCookie = staff.setCookie.split(";")[0]!;
});

type Case = {
  name: string;
  route: RouteModule;
  /** The request for a redirect target. */
  request: (to: string) => { path: string; init: CallInit };
  /** Where a refused target goes. */
  fallback: string;
  /** A plain same-site target and where it leads. */
  kept: [string, string];
};

const form = (path: string, fields: () => Record<string, string>, who: () => string) => (to: string) => ({
  path,
  init: { cookie: who(), form: { ...fields(), redirectTo: to } },
});

let loginSeq = 0;
const cases: Case[] = [
  {
    name: "GET /login (already logged in)",
    route: login,
    request: (to) => ({ path: `/login?${new URLSearchParams({ redirectTo: to })}`, init: { cookie: player.cookie } }),
    fallback: "/",
    kept: ["/deposit?x=1", "/deposit?x=1"],
  },
  {
    name: "POST /login",
    route: login,
    request: (to) => ({
      path: "/login",
      init: { form: { username: `redir${++loginSeq}`, password: "Secret123", redirectTo: to }, headers: { "x-client-ip": `10.90.${loginSeq}.1` } },
    }),
    fallback: "/",
    kept: ["/vip", "/vip"],
  },
  {
    name: "POST /language",
    route: language,
    request: form(
      "/language",
      () => ({ lng: "bn" }),
      () => player.cookie,
    ),
    fallback: "/",
    kept: ["/games", "/games"],
  },
  {
    name: "POST /exchange/pin",
    route: pin,
    request: form(
      "/exchange/pin",
      () => ({ market: marketId, pin: "1" }),
      () => player.cookie,
    ),
    fallback: "/exchange-multi",
    kept: ["/exchange", "/exchange"],
  },
  {
    name: "POST /games/favourite",
    route: favourite,
    request: form(
      "/games/favourite",
      () => ({ gameId, favourite: "1" }),
      () => player.cookie,
    ),
    fallback: "/games",
    kept: ["/slot?sort=new", "/slot?sort=new"],
  },
  {
    name: "POST /reality-check",
    route: reality,
    request: form(
      "/reality-check",
      () => ({}),
      () => player.cookie,
    ),
    fallback: "/",
    kept: ["/house/dice", "/house/dice"],
  },
  {
    name: "POST /account/responsible-gaming",
    route: hub,
    request: form(
      "/account/responsible-gaming",
      () => ({ intent: "skip-prompt" }),
      () => player.cookie,
    ),
    fallback: "/account/responsible-gaming?notice=skipped",
    kept: ["/deposit", "/deposit"],
  },
  {
    name: "GET /admin/login (staff logged in)",
    route: adminLogin,
    request: (to) => ({ path: `/admin/login?${new URLSearchParams({ redirectTo: to })}`, init: { cookie: staffCookie } }),
    fallback: "/admin",
    kept: ["/admin/audit", "/admin/audit"],
  },
];

describe("redirects taken from input", () => {
  beforeAll(async () => {
    for (let i = 1; i <= OPEN_REDIRECTS.length + 1; i++) await signedUpPlayer(`redir${i}`);
  });

  it.each(cases)("$name never sends anyone off the site", async ({ route, request, fallback, kept }) => {
    const wrong: string[] = [];
    for (const to of OPEN_REDIRECTS) {
      const { path, init } = request(to);
      const out = await callRoute(route, path, init);
      const location = out.headers.get("location");
      if (out.status !== 302 || location !== fallback) wrong.push(`${JSON.stringify(to)} → ${out.status} ${location}`);
      // Whatever the route answered, a browser following it stays here.
      if (location) expect(new URL(location, "https://site.example").origin).toBe("https://site.example");
    }
    expect(wrong).toEqual([]);
    const { path, init } = request(kept[0]);
    const out = await callRoute(route, path, init);
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe(kept[1]);
  });
});
