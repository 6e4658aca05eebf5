// /house/dice, /house/mines and /fair called the way React Router calls them: the root middleware (language,
// session) fills the context, then the route's loader or action runs. Real database; nothing is mocked.
// The money paths (a bet placed and paid) need the seamless wallet.
import { inEnglish } from "#app/i18n/test-helpers.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diceRoll } from "#app/modules/games/house/dice/fair.ts";
import { crashPointFromHash } from "#app/modules/games/house/crash/fair.ts";
import { createChain, gameHash } from "#app/modules/games/house/crash/chain.server.ts";
import { minePositions } from "#app/modules/games/house/mines/fair.ts";
import { getActiveSeed } from "#app/modules/games/house/seeds.server.ts";
import { ensureHouseGames, fundedPlayer, minesInPlay, serverSeedOf } from "#app/modules/games/house/test-helpers.ts";
import { closeIdleConnections } from "#app/modules/payments/test-helpers.ts";
import * as dice from "./house-dice.tsx";
import * as fair from "./fair.tsx";
import * as mines from "./house-mines.tsx";
import { callRoute as call, type Outcome, sessionFor } from "#tests/support/route-call.ts";
import { renderRoute } from "#tests/support/render-route.tsx";

const loggedIn = async (player: { id: number }) => (await sessionFor(player)).cookie;

type Reply = { result: { status?: string; error?: Record<string, string[] | null> } };
const errorsOf = (out: Outcome) => (out.data as Reply).result.error ?? {};

beforeAll(ensureHouseGames);
afterAll(closeIdleConnections);

describe("/house/dice", () => {
  it("sends a guest to log in and back", async () => {
    const out = await call(dice, "/house/dice");
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/login?redirectTo=%2Fhouse%2Fdice");
    const post = await call(dice, "/house/dice", { form: { stake: "10", target: "50", direction: "under" } });
    expect(post.status).toBe(302);
  });

  it("shows the balance, the stake limits and the seed hash, never the server seed", async () => {
    const player = await fundedPlayer(123_456n);
    const out = await call(dice, "/house/dice", { cookie: await loggedIn(player) });
    const d = out.data as { balance: string; game: { min: string; max: string }; seed: Record<string, unknown> };
    expect(d.balance).toBe("৳1,234.56");
    expect(d.game).toMatchObject({ min: "৳10.00", max: "৳25,000.00" });
    expect(d.seed.serverSeedHash).toBe((await getActiveSeed(player.id)).serverSeedHash);
    expect(Object.keys(d.seed).sort()).toEqual(["clientSeed", "nextServerSeedHash", "nonce", "serverSeedHash"]);
    const active = await getActiveSeed(player.id);
    expect(d.seed.nextServerSeedHash).toBe(active.nextServerSeedHash);
    expect(JSON.stringify(d)).not.toContain(await serverSeedOf(active.id));
    expect(JSON.stringify(d)).not.toContain(await serverSeedOf(active.id, "next"));
  });

  it("answers bad input with 400 and a message next to the field or the form", async () => {
    const cookie = await loggedIn(await fundedPlayer(100_000n));
    const bad = await call(dice, "/house/dice", { cookie, form: { stake: "ten", target: "50.123", direction: "sideways" } });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad)).toMatchObject({
      stake: ["house.errors.stakeFormat"],
      target: ["house.errors.targetFormat"],
      direction: ["house.errors.directionFormat"],
    });
    const low = await call(dice, "/house/dice", { cookie, form: { stake: "5", target: "50", direction: "under" } });
    expect(low.status).toBe(400);
    expect(errorsOf(low)[""]?.map(inEnglish)).toEqual(["The stake must be between ৳10.00 and ৳25,000.00."]);
    const extreme = await call(dice, "/house/dice", { cookie, form: { stake: "10", target: "99.99", direction: "under" } });
    expect(extreme.status).toBe(400);
    expect(errorsOf(extreme).target).toEqual(["house.errors.target_invalid"]);
  });

  it("plays a round from a plain form post and shows roll, payout and nonce", async () => {
    const player = await fundedPlayer(100_000n);
    const cookie = await loggedIn(player);
    const out = await call(dice, "/house/dice", { cookie, form: { stake: "10", target: "50.00", direction: "over" } });
    expect(out.status).toBe(200);
    const { outcome } = out.data as {
      outcome: { roll: string; win: boolean; payout: string; multiplier: string; nonce: number; serverSeedHash: string };
    };
    // Dice multipliers are ten-thousandths (1.9801×), not the hundredths Crash shows (it read 198.01×).
    expect(outcome.multiplier).toBe("1.9801");
    expect(outcome.nonce).toBe(0);
    expect(outcome.payout).toBe(outcome.win ? "৳19.80" : "৳0.00");
    expect(Number(outcome.roll) > 50).toBe(outcome.win);
    const page = await call(dice, "/house/dice", { cookie });
    expect((page.data as { seed: { nonce: number } }).seed.nonce).toBe(1);
  });
});

describe("/house/mines", () => {
  it("refuses bad tiles, counts and moves without a game with 400", async () => {
    const cookie = await loggedIn(await fundedPlayer(100_000n));
    const tile = await call(mines, "/house/mines", { cookie, form: { intent: "reveal", game: "1", tile: "25" } });
    expect(tile.status).toBe(400);
    expect(errorsOf(tile).tile).toEqual(["house.errors.tileFormat"]);
    // A move names its game: none, or anything but a positive whole number, is refused by the field.
    for (const game of [undefined, "", "abc", "0", "-1", "1.5", "1e3", "9".repeat(20)]) {
      const form = { intent: "reveal", tile: "3", ...(game === undefined ? {} : { game }) };
      const out = await call(mines, "/house/mines", { cookie, form });
      expect(out.status, String(game)).toBe(400);
      expect(errorsOf(out).game, String(game)).toEqual(["house.errors.minesGameFormat"]);
    }
    const count = await call(mines, "/house/mines", { cookie, form: { intent: "start", stake: "10", mines: "25" } });
    expect(count.status).toBe(400);
    expect(errorsOf(count).mines).toEqual(["house.errors.minesFormat"]);
    const none = await call(mines, "/house/mines", { cookie, form: { intent: "cashout", game: "1" } });
    expect(none.status).toBe(409);
    expect(errorsOf(none)[""]?.map(inEnglish)).toEqual(["That game has ended. You have no Mines game in play: start a new one."]);
    const high = await call(mines, "/house/mines", { cookie, form: { intent: "start", stake: "25000.01", mines: "3" } });
    expect(errorsOf(high)[""]?.map(inEnglish)).toEqual(["The stake must be between ৳10.00 and ৳25,000.00."]);
  });

  it("shows no multiplier before the first pick (never 0.0000×), the next pick's, and then the current one", async () => {
    const player = await fundedPlayer(100_000n);
    const cookie = await loggedIn(player);
    await call(mines, "/house/mines", { cookie, form: { intent: "start", stake: "10", mines: "1" } });
    type State = { state: { id: number; multiplier: string | null; nextMultiplier: string | null; canCashOut: boolean } };
    const before = ((await call(mines, "/house/mines", { cookie })).data as State).state;
    expect(before).toMatchObject({ multiplier: null, nextMultiplier: "1.0312", canCashOut: false });
    const [mine] = await minesInPlay(player.id);
    await call(mines, "/house/mines", { cookie, form: { intent: "reveal", game: String(before.id), tile: String(mine === 0 ? 1 : 0) } });
    const after = ((await call(mines, "/house/mines", { cookie })).data as State).state;
    expect(after).toMatchObject({ multiplier: "1.0312", nextMultiplier: "1.0760", canCashOut: true });
  });

  it("starts, reveals a safe tile and cashes out through plain form posts, hiding mines while playing", async () => {
    const player = await fundedPlayer(100_000n);
    const cookie = await loggedIn(player);
    expect((await call(mines, "/house/mines", { cookie, form: { intent: "start", stake: "10", mines: "1" } })).status).toBe(200);
    const playing = (await call(mines, "/house/mines", { cookie })).data as { state: { id: number; status: string; minePositions: unknown } };
    expect(playing.state).toMatchObject({ status: "playing", minePositions: null });
    const game = String(playing.state.id);
    const [mine] = await minesInPlay(player.id);
    const safe = mine === 0 ? 1 : 0;
    expect((await call(mines, "/house/mines", { cookie, form: { intent: "reveal", game, tile: String(safe) } })).status).toBe(200);
    const again = await call(mines, "/house/mines", { cookie, form: { intent: "reveal", game, tile: String(safe) } });
    expect(again.status).toBe(400);
    expect(errorsOf(again)[""]?.map(inEnglish)).toEqual(["That tile is already open."]);
    expect((await call(mines, "/house/mines", { cookie, form: { intent: "cashout", game } })).status).toBe(200);
    const state = ((await call(mines, "/house/mines", { cookie })).data as { state: { status: string; payout: string; minePositions: number[] } })
      .state;
    expect(state).toMatchObject({ status: "cashed", payout: "৳10.31", minePositions: [mine], revealed: [safe] });
  });

  it("a stale tab's move (a game that has ended, another player's game) is a 409 in English and Bangla, and changes nothing", async () => {
    const player = await fundedPlayer(100_000n);
    const cookie = await loggedIn(player);
    type State = { state: { id: number; status: string; revealed: number[]; stake: string } | null; balance: string };
    const stateOf = async () => (await call(mines, "/house/mines", { cookie })).data as State;
    await call(mines, "/house/mines", { cookie, form: { intent: "start", stake: "10", mines: "1" } });
    const old = (await stateOf()).state!;
    const [oldMine] = await minesInPlay(player.id);
    await call(mines, "/house/mines", { cookie, form: { intent: "reveal", game: String(old.id), tile: String(oldMine === 0 ? 1 : 0) } });
    await call(mines, "/house/mines", { cookie, form: { intent: "cashout", game: String(old.id) } });
    // Another tab starts the next game; the first tab's page still shows the old one.
    await call(mines, "/house/mines", { cookie, form: { intent: "start", stake: "20", mines: "1" } });
    const before = await stateOf();
    expect(before.state).toMatchObject({ status: "playing", revealed: [], stake: "৳20.00" });
    const [mine] = await minesInPlay(player.id);
    const tile = String(mine === 0 ? 1 : 0);
    for (const [lng, text] of [
      ["en", "That game has ended. Here is your current game."],
      ["bn", "ওই খেলাটি শেষ হয়ে গেছে। এটি আপনার বর্তমান খেলা।"],
    ] as const) {
      const headers = { "accept-language": lng };
      const reveal = await call(mines, "/house/mines", { cookie, headers, form: { intent: "reveal", game: String(old.id), tile } });
      expect(reveal.status).toBe(409);
      expect(errorsOf(reveal)[""]?.map(inEnglish)).toEqual(["That game has ended. Here is your current game."]);
      const cash = await call(mines, "/house/mines", { cookie, headers, form: { intent: "cashout", game: String(old.id) } });
      expect(cash.status).toBe(409);
      // Without JavaScript the answer page is the page as it is now: the message above the current game's board.
      const page = await call(mines, "/house/mines", { cookie, headers });
      const html = await renderRoute(lng, "/house/mines", mines.default, page.data, reveal.data);
      expect(html).toContain(text);
      expect(html).toContain(`name="game" value="${before.state!.id}"`);
      expect(html).not.toContain(`name="game" value="${old.id}"`);
    }
    // Another player's game in play, named by its id: the same refusal; neither game moves.
    const other = await fundedPlayer(100_000n);
    const otherCookie = await loggedIn(other);
    await call(mines, "/house/mines", { cookie: otherCookie, form: { intent: "start", stake: "10", mines: "1" } });
    const theirs = await call(mines, "/house/mines", { cookie: otherCookie, form: { intent: "reveal", game: String(before.state!.id), tile } });
    expect(theirs.status).toBe(409);
    expect(errorsOf(theirs)[""]?.map(inEnglish)).toEqual(["That game has ended. Here is your current game."]);
    expect(await stateOf()).toEqual(before);
    // With JavaScript the page reloads its data after the refusal (React Router skips it after a 4xx by default).
    const revalidate = (actionStatus: number) =>
      mines.shouldRevalidate({ actionStatus, formData: new FormData(), defaultShouldRevalidate: false } as never);
    expect(revalidate(409)).toBe(true);
    expect(revalidate(400)).toBe(false);
  });
});

describe("/fair", () => {
  const serverSeed = "a".repeat(64);

  it("lets a guest verify Dice, Mines and Crash results with a GET form", async () => {
    const d = (await call(fair, `/fair?game=dice&serverSeed=${serverSeed}&clientSeed=abc&nonce=7`)).data as {
      seeds: unknown;
      verifier: { result: { roll: string } };
    };
    expect(d.seeds).toBeNull();
    expect(Number(d.verifier.result.roll) * 100).toBe(diceRoll(serverSeed, "abc", 7, 2));
    // A seed pair made before the published formulas verifies with its own version; an unknown version is refused.
    const v1 = (await call(fair, `/fair?game=dice&serverSeed=${serverSeed}&clientSeed=abc&nonce=7&algorithm=1`)).data as typeof d;
    expect(Number(v1.verifier.result.roll) * 100).toBe(diceRoll(serverSeed, "abc", 7, 1));
    const unknown = await call(fair, `/fair?game=dice&serverSeed=${serverSeed}&clientSeed=abc&nonce=7&algorithm=3`);
    expect(unknown.status).toBe(400);
    expect((unknown.data as { verifier: { errors: unknown } }).verifier.errors).toEqual({ algorithm: "house.errors.algorithmFormat" });
    const m = (await call(fair, `/fair?game=mines&serverSeed=${serverSeed}&clientSeed=abc&nonce=7&mines=5`)).data as {
      verifier: { result: { mines: number[] } };
    };
    expect(m.verifier.result.mines).toEqual(minePositions(serverSeed, "abc", 7, 5, 2));
    const hash = "b".repeat(64);
    const c = (await call(fair, `/fair?game=crash&hash=${hash}&salt=salty`)).data as { verifier: { result: { crashPoint: string } } };
    expect(Math.round(Number(c.verifier.result.crashPoint) * 100)).toBe(crashPointFromHash(hash, "salty"));
    // With a game number the verifier walks the hash to a published chain's terminating hash, or says it reaches none.
    const chain = await createChain(20);
    const game7 = gameHash(chain, 7);
    const walked = (await call(fair, `/fair?game=crash&hash=${game7}&salt=${chain.salt}&gameNumber=7`)).data as {
      verifier: { result: { chain: unknown } };
    };
    expect(walked.verifier.result.chain).toEqual({ gameNumber: 7, reaches: chain.terminatingHash, chainId: chain.id });
    const wrong = (await call(fair, `/fair?game=crash&hash=${game7}&salt=${chain.salt}&gameNumber=6`)).data as typeof walked;
    expect(wrong.verifier.result.chain).toMatchObject({ gameNumber: 6, chainId: null });
    for (const n of ["0", "0x10", "1e2", "100001"]) {
      const out = await call(fair, `/fair?game=crash&hash=${game7}&salt=x&gameNumber=${n}`);
      expect(out.status, n).toBe(400);
      expect((out.data as { verifier: { errors: unknown } }).verifier.errors).toEqual({ gameNumber: "house.errors.gameNumberFormat" });
    }
    const bad = await call(fair, `/fair?game=crash&hash=xyz&salt=`);
    expect(bad.status).toBe(400);
    expect((bad.data as { verifier: unknown }).verifier).toMatchObject({
      result: null,
      errors: { hash: "house.errors.hashFormat", salt: "house.errors.saltRequired" },
    });
  });

  it("reads the verifier's inputs exactly as typed: a message next to each wrong one, never a guess", async () => {
    const errorsOf = async (query: string) => {
      const out = await call(fair, `/fair?${query}`);
      const { verifier } = out.data as { verifier: { result: unknown; errors: Record<string, string> | null } };
      if (verifier.errors) expect(out.status).toBe(400);
      return verifier.errors ?? verifier.result;
    };
    const seeds = `serverSeed=${serverSeed}&clientSeed=abc`;
    expect(await errorsOf(`game=dice&${seeds}&nonce=`)).toEqual({ nonce: "house.errors.nonceRequired" });
    for (const nonce of ["0x10", "1e2", "+1", "1.0", "-1", " 7", "2147483648", "99999999999"]) {
      expect(await errorsOf(`game=dice&${seeds}&nonce=${encodeURIComponent(nonce)}`), nonce).toEqual({ nonce: "house.errors.nonceFormat" });
    }
    expect(await errorsOf(`game=dice&${seeds}&nonce=2147483647`)).toMatchObject({ game: "dice" });
    // Seeds are used as written: a space at either end is refused rather than trimmed into a different seed.
    expect(await errorsOf(`game=dice&serverSeed=${serverSeed}%20&clientSeed=%20abc&nonce=1`)).toEqual({
      serverSeed: "house.errors.seedSpaces",
      clientSeed: "house.errors.seedSpaces",
    });
    expect(await errorsOf(`game=dice&serverSeed=&clientSeed=${"x".repeat(65)}&nonce=1`)).toEqual({
      serverSeed: "house.errors.serverSeedRequired",
      clientSeed: "house.errors.seedCharacters",
    });
    expect(await errorsOf(`game=mines&${seeds}&nonce=1&mines=25`)).toEqual({ mines: "house.errors.minesNoSafeTile" });
    expect(await errorsOf(`game=mines&${seeds}&nonce=1&mines=0`)).toEqual({ mines: "house.errors.minesFormat" });
    expect(await errorsOf(`game=mines&${seeds}&nonce=1&mines=`)).toEqual({ mines: "house.errors.minesRequired" });
    expect(await errorsOf(`game=crash&hash=%20${"b".repeat(64)}&salt=s`)).toEqual({ hash: "house.errors.hashFormat" });
    expect(await errorsOf(`game=roulette&${seeds}&nonce=1`)).toEqual({ game: "house.errors.verifierGame" });
  });

  it("shows a player's seeds, changes the client seed and rotates; bad seeds get 400", async () => {
    const player = await fundedPlayer(0n);
    const cookie = await loggedIn(player);
    const before = ((await call(fair, "/fair", { cookie })).data as { seeds: { active: { serverSeedHash: string }; revealed: unknown[] } }).seeds;
    expect(before.revealed).toEqual([]);
    const guest = await call(fair, "/fair", { form: { intent: "rotate" } });
    expect(guest.status).toBe(302);
    const bad = await call(fair, "/fair", { cookie, form: { intent: "clientSeed", clientSeed: "x".repeat(65) } });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad).clientSeed).toEqual(["house.errors.clientSeedFormat"]);
    const unknown = await call(fair, "/fair", { cookie, form: { intent: "explode" } });
    expect(unknown.status).toBe(400);
    expect((await call(fair, "/fair", { cookie, form: { intent: "clientSeed", clientSeed: "my-lucky-seed" } })).status).toBe(200);
    expect((await call(fair, "/fair", { cookie, form: { intent: "rotate" } })).status).toBe(200);
    const after = (
      (await call(fair, "/fair", { cookie })).data as { seeds: { active: { clientSeed: string }; revealed: { serverSeedHash: string }[] } }
    ).seeds;
    expect(after.active.clientSeed).toBe("my-lucky-seed");
    expect(after.revealed).toHaveLength(2);
    expect(after.revealed[1]!.serverSeedHash).toBe(before.active.serverSeedHash);
  });
});
