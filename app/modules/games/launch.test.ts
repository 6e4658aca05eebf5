// One-time launch tokens: start (hash only stored, 2 minutes, adapter URL kept), open once, for its player only,
// not after expiry, not for inactive games; and the simulated aggregator's session lookup.
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, createPlayer } from "#app/modules/payments/test-helpers.ts";
import { setAggregatorMode } from "#tests/mocks/aggregator.ts";
import { isLaunchError, type LaunchError } from "./adapters/index.ts";
import { findSimSession, launchGameCode, openLaunch, splitGameCode, startLaunch } from "./launch.server.ts";
import { DICE_GAME, ensureLaunchProviders, HTTP_GAME, setGameActive, SIM_GAME } from "./launch-test-helpers.ts";
import { gameLaunches, gameProviders } from "./schema.ts";
import { expectedLogs } from "#tests/kit/logs.ts";

const start = (playerId: number, gameCode: string, returnTo = "/slot") =>
  startLaunch({ playerId, gameCode, device: "desktop", returnTo, lang: "en" });

async function failure(promise: Promise<unknown>): Promise<LaunchError> {
  const e = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!isLaunchError(e)) throw new Error(`expected a LaunchError, got ${String(e)}`);
  return e;
}

const rowOf = async (token: string) => {
  const hash = createHash("sha256").update(token).digest("hex");
  const [row] = await db.select().from(gameLaunches).where(eq(gameLaunches.tokenHash, hash));
  return row;
};

beforeAll(ensureLaunchProviders);
afterEach(() => setAggregatorMode("ok"));
afterAll(closeIdleConnections);

describe("startLaunch", () => {
  it("stores only the token's SHA-256, valid for 2 minutes, with the adapter's URL", async () => {
    const player = await createPlayer();
    const { token, url, game } = await start(player.id, HTTP_GAME);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`https://games.aggregator.test/play/${HTTP_GAME}?token=${token}&lang=en`);
    expect(game).toMatchObject({ code: HTTP_GAME, name: "Lucky Test" });
    const row = (await rowOf(token))!;
    expect(row).toMatchObject({ playerId: player.id, device: "desktop", returnTo: "/slot", url, usedAt: null });
    const stored = await db.select().from(gameLaunches).where(eq(gameLaunches.playerId, player.id));
    expect(JSON.stringify(stored.map((r) => ({ ...r, url: "" })))).not.toContain(token);
    const ttl = (row.expiresAt.getTime() - row.createdAt.getTime()) / 1000;
    expect(ttl).toBeGreaterThan(118);
    expect(ttl).toBeLessThanOrEqual(121);
  });

  it("launches house games at our pages and provider games without base URL at the simulated aggregator", async () => {
    const player = await createPlayer();
    expect((await start(player.id, DICE_GAME)).url).toBe("/house/dice");
    const sim = await start(player.id, SIM_GAME);
    expect(sim.url).toBe(`/sim-aggregator/play?session=${sim.token}`);
  });

  it("refuses unknown and inactive games and games of an inactive provider", async () => {
    const player = await createPlayer();
    expect(await failure(start(player.id, "AGGT-SLOT-NOPE"))).toMatchObject({ code: "game_unavailable", status: 404 });
    await setGameActive(HTTP_GAME, false);
    try {
      expect(await failure(start(player.id, HTTP_GAME))).toMatchObject({ code: "game_unavailable" });
    } finally {
      await setGameActive(HTTP_GAME, true);
    }
    await db.update(gameProviders).set({ status: "inactive" }).where(eq(gameProviders.platform, "AGGT"));
    try {
      expect(await failure(start(player.id, HTTP_GAME))).toMatchObject({ code: "game_unavailable" });
    } finally {
      await db.update(gameProviders).set({ status: "active" }).where(eq(gameProviders.platform, "AGGT"));
    }
  });

  it("a provider failure leaves no usable launch behind and keeps the provider's message", async () => {
    const logs = expectedLogs();
    const player = await createPlayer();
    setAggregatorMode("server_error");
    expect(await failure(start(player.id, HTTP_GAME))).toMatchObject({
      code: "provider_error",
      message: "Game server is under maintenance",
      status: 502,
    });
    setAggregatorMode("malformed");
    expect(await failure(start(player.id, HTTP_GAME))).toMatchObject({ code: "unexpected", message: "An unexpected error occurred" });
    expect(await db.select().from(gameLaunches).where(eq(gameLaunches.playerId, player.id))).toEqual([]);
    expect(logs.messages("warn")).toEqual(["launch at AGGT refused: HTTP 500", "launch at AGGT: no usable url in the answer"]);
  });
});

describe("openLaunch", () => {
  it("opens a launch once and returns its URL, game and return path", async () => {
    const player = await createPlayer();
    const { token, url } = await start(player.id, HTTP_GAME, "/games?type=SLOT");
    const opened = await openLaunch(token, player.id);
    expect(opened).toMatchObject({ url, returnTo: "/games?type=SLOT", game: { code: HTTP_GAME, name: "Lucky Test", type: "SLOT" } });
    expect((await rowOf(token))!.usedAt).toBeInstanceOf(Date);
    expect(await failure(openLaunch(token, player.id))).toMatchObject({ code: "launch_invalid", status: 410 });
  });

  it("refuses another player's token without spending it", async () => {
    const owner = await createPlayer();
    const other = await createPlayer();
    const { token } = await start(owner.id, HTTP_GAME);
    expect(await failure(openLaunch(token, other.id))).toMatchObject({ code: "launch_invalid" });
    expect(await launchGameCode(token, other.id)).toBeUndefined();
    expect((await openLaunch(token, owner.id)).game.code).toBe(HTTP_GAME);
  });

  it("refuses an expired token and tokens that were never issued", async () => {
    const player = await createPlayer();
    const { token } = await start(player.id, HTTP_GAME);
    await db
      .update(gameLaunches)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(gameLaunches.id, (await rowOf(token))!.id));
    expect(await failure(openLaunch(token, player.id))).toMatchObject({ code: "launch_invalid" });
    expect(await failure(openLaunch("x".repeat(43), player.id))).toMatchObject({ code: "launch_invalid" });
    expect(await failure(openLaunch("not a token", player.id))).toMatchObject({ code: "launch_invalid" });
    expect(await launchGameCode(token, player.id)).toBe(HTTP_GAME);
  });

  it("of 50 parallel opens of one token exactly one succeeds", async () => {
    const player = await createPlayer();
    const { token } = await start(player.id, SIM_GAME);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => openLaunch(token, player.id)));
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as LaunchError).code).toBe("launch_invalid");
  });
});

describe("simulated aggregator session", () => {
  it("resolves an opened launch of a provider without base URL for its player, for 12 hours", async () => {
    const player = await createPlayer();
    const other = await createPlayer();
    const { token } = await start(player.id, SIM_GAME);
    expect(await findSimSession(token, player.id)).toBeUndefined(); // not opened yet
    await openLaunch(token, player.id);
    const session = (await findSimSession(token, player.id))!;
    expect(session).toMatchObject({ playerId: player.id, platform: "SIMT", game: { code: SIM_GAME, minStake: 1000n, maxStake: 100_000n } });
    expect(await findSimSession(token, player.id)).toBeDefined(); // not consumed
    expect(await findSimSession(token, other.id)).toBeUndefined();
    await db
      .update(gameLaunches)
      .set({ usedAt: sql`now() - interval '12 hours 1 minute'` })
      .where(eq(gameLaunches.id, session.launchId));
    expect(await findSimSession(token, player.id)).toBeUndefined();
  });

  it("never resolves launches of real aggregators or house games", async () => {
    const player = await createPlayer();
    for (const code of [HTTP_GAME, DICE_GAME]) {
      const { token } = await start(player.id, code);
      await openLaunch(token, player.id);
      expect(await findSimSession(token, player.id)).toBeUndefined();
    }
  });
});

describe("splitGameCode", () => {
  it("splits PLATFORM-TYPE-NAME on dashes", () => {
    expect(splitGameCode("KA-SLOT-GOLDEN-TIGER")).toEqual({ platform: "KA", type: "SLOT" });
    expect(splitGameCode("HOUSE-ARCADE-DICE")).toEqual({ platform: "HOUSE", type: "ARCADE" });
    expect(splitGameCode("KA-SLOT")).toBeUndefined();
    expect(splitGameCode("KA--X")).toBeUndefined();
    expect(splitGameCode("")).toBeUndefined();
  });
});
