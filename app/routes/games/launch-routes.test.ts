// /gamerun, /sim-aggregator/play and /api/game-run called the way React Router calls them: the root middleware
// (language, session) fills the context, then the loader or action runs. Real database; the aggregator is msw.
import { inEnglish } from "#app/i18n/test-helpers.ts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fundedPlayer } from "#app/modules/games/house/test-helpers.ts";
import { DICE_GAME, ensureLaunchProviders, HTTP_GAME, SIM_GAME } from "#app/modules/games/launch-test-helpers.ts";
import { closeIdleConnections, createPlayer } from "#app/modules/payments/test-helpers.ts";
import * as gameRunApi from "#app/routes/api/game-run.ts";
import { setAggregatorMode } from "#tests/mocks/aggregator.ts";
import * as gamerun from "./gamerun.tsx";
import * as sim from "./sim-aggregator.tsx";
import { callRoute as call, type Outcome, sessionFor } from "#tests/support/route-call.ts";
import { expectedLogs } from "#tests/kit/logs.ts";

const ANDROID = "Mozilla/5.0 (Linux; Android 12; SM-A125F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
type View = { kind: string; url?: string; close?: string; game?: { code: string; name: string } | null; from?: string };
const viewOf = (out: Outcome) => (out.data as { view: View }).view;

beforeAll(ensureLaunchProviders);
afterEach(() => setAggregatorMode("ok"));
afterAll(closeIdleConnections);

describe("/gamerun", () => {
  it("sends a guest to log in and back to the same game", async () => {
    const out = await call(gamerun, `/gamerun?code=${HTTP_GAME}&from=%2Fslot`);
    expect(out.status).toBe(302);
    const back = new URL(out.headers.get("location")!, "http://localhost");
    expect(back.pathname).toBe("/login");
    expect(back.searchParams.get("redirectTo")).toBe(`/gamerun?code=${HTTP_GAME}&from=%2Fslot`);
    expect((await call(gamerun, "/gamerun", { form: { code: HTTP_GAME } })).status).toBe(302);
  });

  it("shows a player the game with its Play form; an unknown game is a 404", async () => {
    const { cookie } = await sessionFor(await createPlayer());
    const out = await call(gamerun, `/gamerun?code=${HTTP_GAME}&from=%2Fslot`, { cookie });
    expect(viewOf(out)).toMatchObject({ kind: "ready", game: { code: HTTP_GAME, name: "Lucky Test" }, from: "/slot" });
    const evil = await call(gamerun, `/gamerun?code=${HTTP_GAME}&from=https%3A%2F%2Fevil.example`, { cookie });
    expect(viewOf(evil).from).toBe("/games");
    const missing = await call(gamerun, "/gamerun?code=NOPE-SLOT-NOPE", { cookie });
    expect(missing.status).toBe(404);
    expect(viewOf(missing).kind).toBe("missing");
  });

  it("Play launches and redirects to the one-time link, which opens the provider's URL in the frame once", async () => {
    const { cookie } = await sessionFor(await createPlayer());
    const post = await call(gamerun, `/gamerun?code=${HTTP_GAME}&from=%2Fslot`, {
      cookie,
      form: { code: HTTP_GAME, from: "/slot" },
      headers: { "user-agent": ANDROID },
    });
    expect(post.status).toBe(302);
    const next = new URL(post.headers.get("location")!, "http://localhost");
    const token = next.searchParams.get("launch")!;
    expect(next.pathname).toBe("/gamerun");
    expect(next.searchParams.get("from")).toBe("/slot");
    const open = await call(gamerun, next.pathname + next.search, { cookie });
    expect(open.status).toBe(200);
    expect(viewOf(open)).toMatchObject({
      kind: "playing",
      url: `https://games.aggregator.test/play/${HTTP_GAME}?token=${token}&lang=en`,
      close: "/slot",
    });
    expect((open.data as { balance: { main: string } }).balance.main).toBe("0.00");
    const again = await call(gamerun, next.pathname + next.search, { cookie });
    expect(again.status).toBe(410);
    expect(viewOf(again)).toMatchObject({ kind: "invalid", game: { code: HTTP_GAME } });
  });

  it("another player cannot open the link", async () => {
    const owner = await sessionFor(await createPlayer());
    const other = await sessionFor(await createPlayer());
    const post = await call(gamerun, "/gamerun", { cookie: owner.cookie, form: { code: DICE_GAME, from: "/arcade" } });
    const next = post.headers.get("location")!;
    const stolen = await call(gamerun, next, { cookie: other.cookie });
    expect(stolen.status).toBe(410);
    expect(viewOf(stolen)).toMatchObject({ kind: "invalid", game: null });
    expect(viewOf(await call(gamerun, next, { cookie: owner.cookie }))).toMatchObject({ kind: "playing", url: "/house/dice", close: "/arcade" });
  });

  it("shows the provider's message or the spec's text when the launch fails, never a 500", async () => {
    const logs = expectedLogs();
    const { cookie } = await sessionFor(await createPlayer());
    setAggregatorMode("bad_request");
    const refused = await call(gamerun, "/gamerun", { cookie, form: { code: HTTP_GAME } });
    expect(refused.status).toBe(502);
    expect(refused.data).toEqual({ error: "Game is not available for this operator" });
    setAggregatorMode("malformed");
    const broken = await call(gamerun, "/gamerun", { cookie, form: { code: HTTP_GAME } });
    expect(broken).toMatchObject({ status: 502, data: { error: "An unexpected error occurred" } });
    const unknown = await call(gamerun, "/gamerun", { cookie, form: { code: "NOPE-SLOT-X" } });
    expect(unknown).toMatchObject({ status: 404, data: { error: "This game is not available right now." } });
    const bad = await call(gamerun, "/gamerun", { cookie, form: { code: "<script>" } });
    expect(bad.status).toBe(400);
    expect(logs.messages("warn")).toEqual(["launch at AGGT refused: HTTP 400", "launch at AGGT: no usable url in the answer"]);
  });
});

describe("/sim-aggregator/play", () => {
  it("opens the session of an opened launch for its player only and shows the game and its limits", async () => {
    const player = await fundedPlayer(50_000n);
    const owner = await sessionFor(player);
    const post = await call(gamerun, "/gamerun", { cookie: owner.cookie, form: { code: SIM_GAME } });
    const opened = viewOf(await call(gamerun, post.headers.get("location")!, { cookie: owner.cookie }));
    expect(opened.url).toMatch(/^\/sim-aggregator\/play\?session=[\w-]{43}$/);
    const page = await call(sim, opened.url!, { cookie: owner.cookie });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ game: { name: "Demo Spin", min: "৳10.00", max: "৳1,000.00" } });
    const other = await sessionFor(await createPlayer());
    const stolen = await call(sim, opened.url!, { cookie: other.cookie });
    expect(stolen).toMatchObject({ status: 403, data: { game: null } });
    expect((await call(sim, opened.url!)).status).toBe(302);
    const refused = await call(sim, opened.url!, { cookie: other.cookie, form: { stake: "10" } });
    expect(refused.status).toBe(403);
  });

  it("checks the stake's format and limits before any bet", async () => {
    const player = await fundedPlayer(50_000n);
    const { cookie } = await sessionFor(player);
    const post = await call(gamerun, "/gamerun", { cookie, form: { code: SIM_GAME } });
    const { url } = viewOf(await call(gamerun, post.headers.get("location")!, { cookie }));
    const format = await call(sim, url!, { cookie, form: { stake: "ten" } });
    expect(format.status).toBe(400);
    const low = await call(sim, url!, { cookie, form: { stake: "5" } });
    expect(low.status).toBe(400);
    expect((low.data as { result: { error: Record<string, string[]> } }).result.error.stake?.map(inEnglish)).toEqual([
      "The stake must be between ৳10.00 and ৳1,000.00.",
    ]);
  });

  it("a spin from a plain form post bets and pays through the wallet and shows the result", async () => {
    const player = await fundedPlayer(50_000n);
    const { cookie } = await sessionFor(player);
    const post = await call(gamerun, "/gamerun", { cookie, form: { code: SIM_GAME } });
    const { url } = viewOf(await call(gamerun, post.headers.get("location")!, { cookie }));
    const spin = await call(sim, url!, { cookie, form: { stake: "10" } });
    expect(spin.status).toBe(200);
    const result = (spin.data as { spin: { win: boolean; payout: string; multiplier: string; balance: string } }).spin;
    expect(["0", "0.5", "1", "2", "5", "10"]).toContain(result.multiplier);
    const payout = Number(result.multiplier) * 10;
    expect(result.payout).toBe(`৳${payout.toFixed(2)}`);
    expect(result.balance).toBe(`৳${(500 - 10 + payout).toFixed(2)}`);
  });
});

describe("/api/game-run", () => {
  it("answers 401 'User not logged in' without a token and 405 to GET", async () => {
    const out = await call(gameRunApi, "/api/game-run", { json: { gameCode: HTTP_GAME } });
    expect(out).toMatchObject({ status: 401, data: { message: "User not logged in" } });
    expect((await call(gameRunApi, "/api/game-run")).status).toBe(405);
  });

  it("launches and returns the game's URL; house and simulated games as absolute URLs of this site", async () => {
    const player = await createPlayer();
    const { token } = await sessionFor(player);
    const out = await call(gameRunApi, "/api/game-run", {
      token,
      json: { userId: player.id, externalURL: "/slot", isMobileLogin: true, gameCode: HTTP_GAME, gameType: "SLOT", platform: "AGGT" },
    });
    expect(out.status).toBe(200);
    expect(out.data).toMatchObject({
      message: "Success",
      url: expect.stringMatching(/^https:\/\/games\.aggregator\.test\/play\/AGGT-SLOT-LUCKY-TEST\?token=[\w-]{43}&lang=en$/),
    });
    const dice = await call(gameRunApi, "/api/game-run", { token, json: { gameCode: DICE_GAME } });
    expect((dice.data as { url: string }).url).toMatch(/^https?:\/\/[^/]+\/house\/dice$/);
    const demo = await call(gameRunApi, "/api/game-run", { token, json: { gameCode: SIM_GAME } });
    expect((demo.data as { url: string }).url).toMatch(/\/sim-aggregator\/play\?session=[\w-]{43}$/);
  });

  it("refuses bad bodies, mismatching platform or type, another user id and unknown games", async () => {
    const player = await createPlayer();
    const { token } = await sessionFor(player);
    expect(await call(gameRunApi, "/api/game-run", { token, json: {} })).toMatchObject({
      status: 400,
      data: { message: "Enter a valid game code." },
    });
    expect((await call(gameRunApi, "/api/game-run", { token, json: { gameCode: 12 } })).status).toBe(400);
    expect((await call(gameRunApi, "/api/game-run", { token, json: { gameCode: HTTP_GAME, platform: "KA" } })).status).toBe(400);
    expect((await call(gameRunApi, "/api/game-run", { token, json: { gameCode: HTTP_GAME, gameType: "LIVE" } })).status).toBe(400);
    expect((await call(gameRunApi, "/api/game-run", { token, json: { gameCode: HTTP_GAME, userId: player.id + 1 } })).status).toBe(403);
    expect(await call(gameRunApi, "/api/game-run", { token, json: { gameCode: "KA-SLOT-NOPE" } })).toMatchObject({
      status: 404,
      data: { message: "This game is not available right now." },
    });
    expect(await call(gameRunApi, "/api/game-run", { token, json: { gameCode: "KASLOT" } })).toMatchObject({ status: 404 });
  });

  it("passes on the provider's message, or the spec's text", async () => {
    const logs = expectedLogs();
    const { token } = await sessionFor(await createPlayer());
    setAggregatorMode("server_error");
    expect(await call(gameRunApi, "/api/game-run", { token, json: { gameCode: HTTP_GAME } })).toMatchObject({
      status: 502,
      data: { message: "Game server is under maintenance" },
    });
    setAggregatorMode("no_url");
    expect(await call(gameRunApi, "/api/game-run", { token, json: { gameCode: HTTP_GAME } })).toMatchObject({
      status: 502,
      data: { message: "An unexpected error occurred" },
    });
    expect(logs.messages("warn")).toEqual(["launch at AGGT refused: HTTP 500", "launch at AGGT: no usable url in the answer"]);
  });
});
