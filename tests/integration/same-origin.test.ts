// State-changing requests from other sites, called the way the server calls the routes (root middleware, then the
// action): a foreign Origin, or no Origin from a cross-site fetch or with nothing to tell where it came from, gets a
// 403 and changes nothing, on resource routes (/exchange/pin, /games/favourite, /language) and page actions (a Dice
// bet) alike; the site's own requests go through. The JSON API and the provider wallet carry their own credentials.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { exchangePins } from "#app/modules/exchange/schema.ts";
import { createBookmakerMarket } from "#app/modules/exchange/test-helpers.ts";
import { DICE_CODE } from "#app/modules/games/house/dice/game.ts";
import { ensureHouseGames, fundedPlayer, mainBalance } from "#app/modules/games/house/test-helpers.ts";
import { gameFavourites, games } from "#app/modules/games/schema.ts";
import { closeIdleConnections } from "#app/modules/payments/test-helpers.ts";
import * as apiBalance from "#app/routes/api/balance.ts";
import * as pin from "#app/routes/exchange/pin.ts";
import * as favourite from "#app/routes/games/favourite.tsx";
import * as dice from "#app/routes/games/house-dice.tsx";
import * as language from "#app/routes/resources/language.tsx";
import { callRoute, sessionFor } from "#tests/support/route-call.ts";

afterAll(closeIdleConnections);

let gameId: number;
beforeAll(async () => {
  await ensureHouseGames();
  const [row] = await db.select({ id: games.id }).from(games).where(eq(games.code, DICE_CODE));
  gameId = row!.id;
});

const FOREIGN: Array<[string, Record<string, string | null>]> = [
  ["a foreign Origin", { origin: "https://evil.example" }],
  ["Origin null", { origin: "null" }],
  ["no Origin, a cross-site fetch", { origin: null, "sec-fetch-site": "cross-site" }],
  ["no Origin, a foreign Referer", { origin: null, referer: "https://evil.example/" }],
  ["no Origin, Sec-Fetch-Site or Referer", { origin: null }],
];
const OWN: Array<[string, Record<string, string | null>]> = [
  ["this site's Origin", {}],
  ["no Origin, a same-origin fetch", { origin: null, "sec-fetch-site": "same-origin" }],
  ["no Origin, this site's Referer", { origin: null, referer: "http://localhost/house/dice" }],
];

describe("state-changing requests from other sites", () => {
  it.each(FOREIGN)("%s: 403 from /exchange/pin, /games/favourite, /language and a Dice bet, and nothing changes", async (_label, headers) => {
    const player = await fundedPlayer(100_000n);
    const { cookie } = await sessionFor(player);
    const { oddsMarket } = await createBookmakerMarket();
    const posts = [
      callRoute(pin, "/exchange/pin", { cookie, headers, form: { market: String(oddsMarket.id), pin: "1", redirectTo: "/exchange" } }),
      callRoute(favourite, "/games/favourite", { cookie, headers, form: { gameId: String(gameId), favourite: "1" } }),
      callRoute(language, "/language", { cookie, headers, form: { lng: "bn", redirectTo: "/" } }),
      callRoute(dice, "/house/dice", { cookie, headers, form: { stake: "10", target: "50", direction: "under" } }),
    ];
    for (const out of await Promise.all(posts)) {
      expect(out.status).toBe(403);
      expect(out.headers.get("set-cookie")).toBeNull();
    }
    expect(await db.select().from(exchangePins).where(eq(exchangePins.playerId, player.id))).toEqual([]);
    expect(await db.select().from(gameFavourites).where(eq(gameFavourites.playerId, player.id))).toEqual([]);
    expect(await mainBalance(player.id)).toBe(100_000n);
  });

  it.each(OWN)("%s: the same requests go through", async (_label, headers) => {
    const player = await fundedPlayer(100_000n);
    const { cookie } = await sessionFor(player);
    const { oddsMarket } = await createBookmakerMarket();
    const pinned = await callRoute(pin, "/exchange/pin", {
      cookie,
      headers,
      form: { market: String(oddsMarket.id), pin: "1", redirectTo: "/exchange" },
    });
    expect(pinned.status).toBe(302);
    const [row] = await db
      .select()
      .from(exchangePins)
      .where(and(eq(exchangePins.playerId, player.id), eq(exchangePins.marketId, oddsMarket.id)));
    expect(row).toBeDefined();
    const faved = await callRoute(favourite, "/games/favourite", { cookie, headers, form: { gameId: String(gameId), favourite: "1" } });
    expect(faved.status).toBe(302);
    expect(await db.select().from(gameFavourites).where(eq(gameFavourites.playerId, player.id))).toHaveLength(1);
    const lang = await callRoute(language, "/language", { cookie, headers, form: { lng: "bn", redirectTo: "/" } });
    expect(lang.status).toBe(302);
    const bet = await callRoute(dice, "/house/dice", { cookie, headers, form: { stake: "10", target: "50", direction: "under" } });
    expect(bet.status).toBe(200);
    expect(await mainBalance(player.id)).not.toBe(100_000n);
  });

  it("the JSON API authenticates each call with its bearer token, so it needs no Origin", async () => {
    const player = await fundedPlayer(100_000n);
    const { token } = await sessionFor(player);
    const out = await callRoute(apiBalance, "/api/balance", { token, method: "POST", headers: { origin: "https://app.example" } });
    expect(out.status).toBe(200);
    expect(out.data).toMatchObject({ balance: "1000.00" });
  });
});
