// A game aggregator's launch endpoint, as a real one behaves: it checks our HMAC signature and time stamp, and
// answers { url } of its game server. Tests switch it into error modes with setAggregatorMode().
import { createHmac, timingSafeEqual } from "node:crypto";
import { delay, http, HttpResponse } from "msw";

export const AGGREGATOR_BASE_URL = "https://aggregator.test";
export const AGGREGATOR_SECRET = "aggregator-test-secret";
export const AGGREGATOR_OPERATOR_ID = "deshplay-test";

export type AggregatorMode = "ok" | "server_error" | "bad_request" | "slow" | "malformed" | "no_url" | "bad_url";
let mode: AggregatorMode = "ok";
export const setAggregatorMode = (next: AggregatorMode) => {
  mode = next;
};

export type AggregatorLaunch = {
  operatorId: string;
  playerId: string;
  username: string;
  currency: string;
  gameCode: string;
  device: string;
  lang: string;
  token: string;
  returnUrl: string;
};
export const aggregatorLaunches: AggregatorLaunch[] = [];
/**
 * The session token the aggregator got at the player's last launch: what its game server sends with each bet
 * to our seamless wallet (a bet without a live launch session is refused).
 */
export const aggregatorTokenFor = (playerId: number) => aggregatorLaunches.findLast((l) => l.playerId === String(playerId))?.token;

function signatureValid(body: string, timestamp: string | null, signature: string | null) {
  if (!timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = createHmac("sha256", AGGREGATOR_SECRET).update(`${timestamp}.${body}`).digest();
  const given = Buffer.from(signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const aggregatorHandlers = [
  http.post(`${AGGREGATOR_BASE_URL}/launch`, async ({ request }) => {
    const body = await request.text();
    if (!signatureValid(body, request.headers.get("x-timestamp"), request.headers.get("x-signature"))) {
      return HttpResponse.json({ code: "INVALID_SIGNATURE", message: "Invalid signature" }, { status: 401 });
    }
    const launch = JSON.parse(body) as AggregatorLaunch;
    if (launch.operatorId !== AGGREGATOR_OPERATOR_ID)
      return HttpResponse.json({ code: "UNKNOWN_OPERATOR", message: "Unknown operator" }, { status: 403 });
    switch (mode) {
      case "server_error":
        return HttpResponse.json({ code: "INTERNAL", message: "Game server is under maintenance" }, { status: 500 });
      case "bad_request":
        return HttpResponse.json({ code: "GAME_NOT_FOUND", message: "Game is not available for this operator" }, { status: 400 });
      case "slow":
        await delay(6_000);
        break;
      case "malformed":
        return new HttpResponse('{"url": "https://games.aggregator.test/pl', { status: 200, headers: { "Content-Type": "application/json" } });
      case "no_url":
        return HttpResponse.json({ ok: true });
      case "bad_url":
        return HttpResponse.json({ url: "javascript:alert(1)" });
    }
    aggregatorLaunches.push(launch);
    const url = `https://games.aggregator.test/play/${encodeURIComponent(launch.gameCode)}?${new URLSearchParams({ token: launch.token, lang: launch.lang })}`;
    return HttpResponse.json({ url });
  }),
];
