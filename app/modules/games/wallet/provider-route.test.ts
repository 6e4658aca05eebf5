// The provider endpoint through its route module: signature, protocol errors and the wallet answers.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { action, loader } from "#app/routes/api/provider.ts";
import { ensureMarketMaker } from "#app/modules/exchange/market-maker.server.ts";
import { closeIdleConnections } from "#app/modules/ledger/test-helpers.ts";
import { AGGREGATOR_SECRET, aggregatorTokenFor } from "#tests/mocks/aggregator.ts";
import { openLaunch, startLaunch } from "../launch.server.ts";
import { ensureLaunchProviders, HTTP_GAME } from "../launch-test-helpers.ts";
import { gameLaunches, gameWalletCalls } from "../schema.ts";
import { signedHeaders, signProviderRequest } from "../signature.server.ts";
import { balances, createProvider, fundedPlayer, GAME, launchSession, PLATFORM, SECRET } from "./test-helpers.ts";

type Args = Parameters<typeof action>[0];
const URL_BASE = "http://localhost/api/provider";

function post(act: string, payload: unknown, { secret = SECRET, headers = {} as Record<string, string>, platform = PLATFORM.toLowerCase() } = {}) {
  const body = typeof payload === "string" ? payload : JSON.stringify(payload);
  const request = new Request(`${URL_BASE}/${platform}/${act}`, { method: "POST", headers: { ...signedHeaders(secret, body), ...headers }, body });
  return action({ request, params: { platform, action: act }, context: {} } as unknown as Args);
}

let player: number;
let token: string;
afterAll(closeIdleConnections);
beforeAll(async () => {
  await createProvider(PLATFORM, { secretPrevious: "old-secret" });
  await createProvider("WTNS", { secret: "" });
  player = await fundedPlayer(10_000n, { bonus: 2_000n });
  token = await launchSession(player);
});

describe("POST /api/provider/:platform/:action", () => {
  it("answers balance, bet, win and rollback with status OK and the balance in taka", async () => {
    const balance = await post("balance", { playerId: String(player) });
    expect(balance.status).toBe(200);
    expect(await balance.json()).toEqual({ status: "OK", balance: "120.00", currency: "BDT" });
    const bet = await post("bet", { txnId: "rt-b1", playerId: player, roundId: "rt-r1", gameCode: GAME, amount: "10050", token });
    expect(await bet.json()).toEqual({ status: "OK", balance: "19.50", currency: "BDT", txnId: "rt-b1" });
    const win = await post("win", { txnId: "rt-w1", playerId: player, roundId: "rt-r1", gameCode: GAME, amount: 25_000, betTxnId: "rt-b1" });
    expect(await win.json()).toEqual({ status: "OK", balance: "269.50", currency: "BDT", txnId: "rt-w1" });
    const repeat = await post("win", { txnId: "rt-w1", playerId: player, roundId: "rt-r1", gameCode: GAME, amount: 25_000, betTxnId: "rt-b1" });
    expect(await repeat.json()).toEqual({ status: "OK", balance: "269.50", currency: "BDT", txnId: "rt-w1" });
    const rollback = await post("rollback", { txnId: "rt-x1", playerId: player, roundId: "rt-r9", gameCode: GAME, refTxnId: "rt-b9" });
    expect(await rollback.json()).toMatchObject({ status: "OK", txnId: "rt-x1" });
    const late = await post("bet", { txnId: "rt-b9", playerId: player, roundId: "rt-r9", gameCode: GAME, amount: 100, token });
    expect(late.status).toBe(200);
    expect(await late.json()).toMatchObject({ status: "BET_ROLLED_BACK", balance: "269.50" });
  });

  it("answers business refusals with HTTP 200 and an upper-case status", async () => {
    const poor = await post("bet", { txnId: "rt-b2", playerId: player, roundId: "rt-r2", gameCode: GAME, amount: 10_000_000, token });
    expect(poor.status).toBe(200);
    expect(await poor.json()).toMatchObject({ status: "INSUFFICIENT_FUNDS", balance: "269.50" });
    const mismatch = await post("bet", { txnId: "rt-b1", playerId: player, roundId: "rt-r1", gameCode: GAME, amount: 1, token });
    expect(await mismatch.json()).toMatchObject({ status: "DUPLICATE_MISMATCH" });
    expect(await (await post("balance", { playerId: 999_999 })).json()).toMatchObject({ status: "UNKNOWN_PLAYER" });
  });

  it("accepts the previous secret during a rotation", async () => {
    const res = await post("balance", { playerId: player }, { secret: "old-secret" });
    expect(await res.json()).toMatchObject({ status: "OK" });
  });

  it("rejects forged, stale and missing signatures before touching the wallet", async () => {
    const bet = { txnId: "rt-forged", playerId: player, roundId: "rt-r3", gameCode: GAME, amount: 100 };
    const forged = await post("bet", bet, { secret: "guessed" });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ status: "INVALID_SIGNATURE" });
    const body = JSON.stringify(bet);
    const old = String(Math.floor(Date.now() / 1000) - 301);
    const stale = await post("bet", body, { headers: { "X-Timestamp": old, "X-Signature": signProviderRequest(SECRET, body, old) } });
    expect(stale.status).toBe(401);
    expect((await stale.json()).message).toMatch(/300/);
    const request = new Request(`${URL_BASE}/wt/bet`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
    expect((await action({ request, params: { platform: "wt", action: "bet" }, context: {} } as unknown as Args)).status).toBe(401);
    // The signature covers the exact bytes: a changed amount fails.
    const ts = String(Math.floor(Date.now() / 1000));
    const tampered = await post("bet", body.replace('"amount":100', '"amount":900'), {
      headers: { "X-Timestamp": ts, "X-Signature": signProviderRequest(SECRET, body, ts) },
    });
    expect(tampered.status).toBe(401);
    // A provider without a secret cannot call at all.
    expect((await post("balance", { playerId: player }, { platform: "wtns", secret: "" })).status).toBe(401);
    expect(await balances(player)).toEqual({ main: 25_000n, bonus: 1_950n });
  });

  it("answers protocol errors with 4xx", async () => {
    expect((await post("bet", "{not json")).status).toBe(400);
    const invalid = await post("bet", { txnId: "rt-b4", playerId: player, roundId: "rt-r4", gameCode: GAME, amount: "1.50" });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).message).toMatch(/amount/);
    expect((await post("bet", { txnId: "rt-b4", playerId: player, roundId: "rt-r4", amount: 1 })).status).toBe(400);
    expect((await post("win", { txnId: "rt-b4", playerId: player, roundId: "rt-r4", gameCode: GAME, amount: -1 })).status).toBe(400);
    expect((await post("refund", { playerId: player })).status).toBe(404);
    expect((await post("balance", { playerId: player }, { platform: "nope" })).status).toBe(404);
    expect((await post("balance", { playerId: player }, { headers: { "Content-Type": "text/plain" } })).status).toBe(415);
    const huge = JSON.stringify({ playerId: player, pad: "x".repeat(70 * 1024) });
    expect((await post("balance", huge)).status).toBe(413);
    const get = loader({
      request: new Request(`${URL_BASE}/wt/balance`),
      params: { platform: "wt", action: "balance" },
      context: {},
    } as unknown as Parameters<typeof loader>[0]);
    expect(get.status).toBe(405);
  });
});

describe("a bet needs the player's live launch session of that provider", () => {
  let seq = 0;
  const bet = (playerId: number, extra: Record<string, unknown> = {}) => {
    seq++;
    return { txnId: `ss-b${seq}`, playerId, roundId: `ss-r${seq}`, gameCode: GAME, amount: 1_000, ...extra };
  };
  const statusOf = async (res: Response | Promise<Response>) => (await res).json() as Promise<{ status: string; balance?: string }>;
  const callsOf = async (playerId: number) => db.select().from(gameWalletCalls).where(eq(gameWalletCalls.playerId, playerId));

  it("refuses a bet for a player who never launched a game, with or without a made-up token, and moves no money", async () => {
    const stranger = await fundedPlayer(10_000n);
    expect(await statusOf(post("bet", bet(stranger)))).toEqual({ status: "INVALID_TOKEN", message: expect.any(String), balance: "100.00" });
    expect(await statusOf(post("bet", bet(stranger, { token: "A".repeat(43) })))).toMatchObject({ status: "INVALID_TOKEN" });
    expect(await statusOf(post("bet", bet(stranger, { token: "" })))).toMatchObject({ status: "INVALID_TOKEN" });
    expect(await balances(stranger)).toEqual({ main: 10_000n, bonus: 0n });
    expect(await callsOf(stranger)).toEqual([]);
  });

  it("refuses a bet for the market maker's account", async () => {
    const mm = await ensureMarketMaker();
    const before = await balances(mm);
    expect(await statusOf(post("bet", bet(mm)))).toMatchObject({ status: "INVALID_TOKEN" });
    expect(await balances(mm)).toEqual(before);
    expect(await callsOf(mm)).toEqual([]);
  });

  it("refuses a bet with a token from another player's launch, or from a launch of another provider", async () => {
    const victim = await fundedPlayer(10_000n);
    const other = await fundedPlayer(10_000n);
    const othersToken = await launchSession(other);
    expect(await statusOf(post("bet", bet(victim, { token: othersToken })))).toMatchObject({ status: "INVALID_TOKEN" });
    await createProvider("WTO");
    const elsewhere = await launchSession(victim, "WTO");
    expect(await statusOf(post("bet", bet(victim, { token: elsewhere })))).toMatchObject({ status: "INVALID_TOKEN" });
    expect(await balances(victim)).toEqual({ main: 10_000n, bonus: 0n });
  });

  it("refuses a bet on a launch the player never opened", async () => {
    const p = await fundedPlayer(10_000n);
    const { token: unopened } = await startLaunch({ playerId: p, gameCode: GAME, device: "mobile", returnTo: "/slot", lang: "en" });
    expect(await statusOf(post("bet", bet(p, { token: unopened })))).toMatchObject({ status: "INVALID_TOKEN" });
    await openLaunch(unopened, p);
    expect(await statusOf(post("bet", bet(p, { token: unopened })))).toMatchObject({ status: "OK", balance: "90.00" });
  });

  it("accepts a bet with the token the aggregator got at a live launch", async () => {
    await ensureLaunchProviders();
    const p = await fundedPlayer(10_000n);
    const { token: launched } = await startLaunch({ playerId: p, gameCode: HTTP_GAME, device: "mobile", returnTo: "/slot", lang: "en" });
    await openLaunch(launched, p);
    const got = aggregatorTokenFor(p);
    expect(got).toBe(launched);
    const opts = { platform: "aggt", secret: AGGREGATOR_SECRET };
    const placed = await post("bet", { ...bet(p, { token: got }), gameCode: HTTP_GAME }, opts);
    expect(await statusOf(placed)).toMatchObject({ status: "OK", balance: "90.00" });
  });

  it("refuses a bet after the session expired, but still pays the win and takes the rollback of rounds bet before", async () => {
    const p = await fundedPlayer(10_000n);
    const live = await launchSession(p);
    const first = bet(p, { token: live });
    const second = bet(p, { token: live });
    expect(await statusOf(post("bet", first))).toMatchObject({ status: "OK", balance: "90.00" });
    expect(await statusOf(post("bet", second))).toMatchObject({ status: "OK", balance: "80.00" });
    await db
      .update(gameLaunches)
      .set({ usedAt: sql`now() - interval '13 hours'` })
      .where(eq(gameLaunches.playerId, p));
    expect(await statusOf(post("bet", bet(p, { token: live })))).toMatchObject({ status: "SESSION_EXPIRED", balance: "80.00" });
    // A retry of a bet accepted in the session replays its answer.
    expect(await statusOf(post("bet", first))).toMatchObject({ status: "OK" });
    const win = { txnId: `${first.txnId}-w`, playerId: p, roundId: first.roundId, gameCode: GAME, amount: 3_000, betTxnId: first.txnId };
    expect(await statusOf(post("win", win))).toMatchObject({ status: "OK", balance: "110.00" });
    const rollback = { txnId: `${second.txnId}-x`, playerId: p, roundId: second.roundId, gameCode: GAME, refTxnId: second.txnId };
    expect(await statusOf(post("rollback", rollback))).toMatchObject({ status: "OK", balance: "120.00" });
    expect(await balances(p)).toEqual({ main: 12_000n, bonus: 0n });
  });
});
