// The provider endpoint through its route module: signature, protocol errors and the wallet answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "#app/routes/api/provider.ts";
import { closeIdleConnections } from "#app/modules/ledger/test-helpers.ts";
import { signedHeaders, signProviderRequest } from "../signature.server.ts";
import { balances, createProvider, fundedPlayer, GAME, PLATFORM, SECRET } from "./test-helpers.ts";

type Args = Parameters<typeof action>[0];
const URL_BASE = "http://localhost/api/provider";

function post(act: string, payload: unknown, { secret = SECRET, headers = {} as Record<string, string>, platform = PLATFORM.toLowerCase() } = {}) {
  const body = typeof payload === "string" ? payload : JSON.stringify(payload);
  const request = new Request(`${URL_BASE}/${platform}/${act}`, { method: "POST", headers: { ...signedHeaders(secret, body), ...headers }, body });
  return action({ request, params: { platform, action: act }, context: {} } as unknown as Args);
}

let player: number;
afterAll(closeIdleConnections);
beforeAll(async () => {
  await createProvider(PLATFORM, { secretPrevious: "old-secret" });
  await createProvider("WTNS", { secret: "" });
  player = await fundedPlayer(10_000n, 2_000n);
});

describe("POST /api/provider/:platform/:action", () => {
  it("answers balance, bet, win and rollback with status OK and the balance in taka", async () => {
    const balance = await post("balance", { playerId: String(player) });
    expect(balance.status).toBe(200);
    expect(await balance.json()).toEqual({ status: "OK", balance: "120.00", currency: "BDT" });
    const bet = await post("bet", { txnId: "rt-b1", playerId: player, roundId: "rt-r1", gameCode: GAME, amount: "10050" });
    expect(await bet.json()).toEqual({ status: "OK", balance: "19.50", currency: "BDT", txnId: "rt-b1" });
    const win = await post("win", { txnId: "rt-w1", playerId: player, roundId: "rt-r1", gameCode: GAME, amount: 25_000, betTxnId: "rt-b1" });
    expect(await win.json()).toEqual({ status: "OK", balance: "269.50", currency: "BDT", txnId: "rt-w1" });
    const repeat = await post("win", { txnId: "rt-w1", playerId: player, roundId: "rt-r1", gameCode: GAME, amount: 25_000, betTxnId: "rt-b1" });
    expect(await repeat.json()).toEqual({ status: "OK", balance: "269.50", currency: "BDT", txnId: "rt-w1" });
    const rollback = await post("rollback", { txnId: "rt-x1", playerId: player, roundId: "rt-r9", gameCode: GAME, refTxnId: "rt-b9" });
    expect(await rollback.json()).toMatchObject({ status: "OK", txnId: "rt-x1" });
    const late = await post("bet", { txnId: "rt-b9", playerId: player, roundId: "rt-r9", gameCode: GAME, amount: 100 });
    expect(late.status).toBe(200);
    expect(await late.json()).toMatchObject({ status: "BET_ROLLED_BACK", balance: "269.50" });
  });

  it("answers business refusals with HTTP 200 and an upper-case status", async () => {
    const poor = await post("bet", { txnId: "rt-b2", playerId: player, roundId: "rt-r2", gameCode: GAME, amount: 10_000_000 });
    expect(poor.status).toBe(200);
    expect(await poor.json()).toMatchObject({ status: "INSUFFICIENT_FUNDS", balance: "269.50" });
    const mismatch = await post("bet", { txnId: "rt-b1", playerId: player, roundId: "rt-r1", gameCode: GAME, amount: 1 });
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
