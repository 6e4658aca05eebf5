// POST /api/provider/:platform/:action: the seamless-wallet endpoints a game provider calls (action: balance,
// bet, win, rollback). No session cookie: the provider is authenticated by its signature.
//
// Headers: Content-Type: application/json; X-Timestamp: unix seconds (within ±300 s of our clock);
// X-Signature: hex HMAC-SHA256 of `${X-Timestamp}.${raw body}` keyed with the provider's secret (the previous
// secret is accepted too while a rotation is in progress). The body is at most 64 KB and is only parsed once
// the signature holds.
//
// Body (JSON):
//   balance:  { "playerId": 42 }
//   bet:      { "txnId", "playerId", "roundId", "gameCode", "amount", "token" }
//   win:      { "txnId", "playerId", "roundId", "gameCode", "amount", "betTxnId"?, "roundClosed"? (default true) }
//   rollback: { "txnId", "playerId", "roundId", "gameCode", "refTxnId" }
// playerId is the id we sent at launch (a JSON integer or a digit string). Ids are strings (or integers) of at
// most 100 printable characters. `amount` is in POISHA (1 taka = 100 poisha): a non-negative JSON integer or a
// digit string, never a decimal; a win of 0 is a loss. A win needs an open round (its bet first); a win for an
// unknown round is INVALID_REQUEST, for a settled one ROUND_CLOSED.
// `token` is the launch token we sent the provider at launch (its session token): a bet is accepted only for a
// player with a live session of this provider, a launch of one of its games that the player opened in /gamerun
// less than 12 hours ago. A bet without a token, with another player's or provider's, or of a launch never opened
// is INVALID_TOKEN, after the session's end SESSION_EXPIRED; no money moves. A retried bet (same txnId) replays
// its first answer, and wins and rollbacks need no token: a win for a round bet in the session is paid after it.
//
// Answers, HTTP 200: { "status": "OK", "balance": "1234.50" (taka, 2 decimals, main + bonus), "currency", "txnId" }
// or, for a refusal, { "status": "INSUFFICIENT_FUNDS" | "LIMIT_EXCEEDED" (a bet over the player's stake or loss limit) |
// "DUPLICATE_MISMATCH" | "BET_ROLLED_BACK" | "ROUND_CLOSED" | "INVALID_TOKEN" | "SESSION_EXPIRED" |
// "PLAYER_BLOCKED" | "UNKNOWN_PLAYER" | "UNKNOWN_GAME" | "UNKNOWN_PROVIDER" | "INVALID_REQUEST", "message", "balance"? }.
// A retried call (same txnId) answers like the first time with the current balance.
// Protocol errors: 400 malformed body, 401 missing/bad/stale signature, 404 unknown action or platform,
// 405 other methods, 413 body over 64 KB, 415 not JSON; each with { "status", "message" }.
import { z } from "zod";
import { readBytesWithin, rejectMethod } from "#app/modules/api/index.server.ts";
import {
  providerSecrets,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifyProviderSignature,
  walletBalance,
  walletBet,
  type WalletFailure,
  type WalletSuccess,
  type WalletBalance,
  walletRollback,
  walletWin,
} from "#app/modules/games/index.server.ts";
import { formatPoisha } from "#app/kernel/money.ts";
import { INT4_MAX } from "#app/utils/ids.ts";
import type { Route } from "./+types/provider";

export const MAX_PROVIDER_BODY = 64 * 1024;
const ACTIONS = ["balance", "bet", "win", "rollback"] as const;

export function loader({ request }: Route.LoaderArgs) {
  return rejectMethod(request, ["POST"]);
}

const protocolError = (status: number, code: string, message: string) =>
  Response.json({ status: code, message }, { status, headers: { "Cache-Control": "no-store" } });

const id = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform(String)
  .pipe(z.string().regex(/^[\x21-\x7e]{1,100}$/, "must be 1-100 printable characters without spaces"));
const playerId = z
  .union([z.number().int().positive().max(INT4_MAX), z.string().regex(/^[1-9]\d{0,9}$/, "playerId must be a positive integer")])
  .transform(Number)
  .pipe(z.number().int().max(INT4_MAX));
const amount = z
  .union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^\d{1,16}$/, "amount must be whole poisha")])
  .transform((v) => BigInt(v));
const call = { txnId: id, playerId, roundId: id, gameCode: id };
const schemas = {
  balance: z.object({ playerId }),
  bet: z.object({ ...call, amount, token: z.string().max(200, "token must be at most 200 characters").optional() }),
  win: z.object({ ...call, amount, betTxnId: id.optional(), roundClosed: z.boolean().optional() }),
  rollback: z.object({ ...call, refTxnId: id }),
};

function answer(result: WalletSuccess | WalletBalance | WalletFailure, txnId?: string) {
  if (!result.ok) {
    return Response.json(
      {
        status: result.code.toUpperCase(),
        message: result.message,
        ...(result.balance === undefined ? {} : { balance: formatPoisha(result.balance) }),
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  }
  return Response.json(
    { status: "OK", balance: formatPoisha(result.balance), currency: result.currency, ...(txnId ? { txnId } : {}) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  if (request.method.toUpperCase() !== "POST") return rejectMethod(request, ["POST"]);
  const action = ACTIONS.find((a) => a === params.action);
  if (!action) return protocolError(404, "NOT_FOUND", `Unknown action ${params.action}; expected one of ${ACTIONS.join(", ")}`);
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") return protocolError(415, "UNSUPPORTED_MEDIA_TYPE", "Content-Type must be application/json");
  const bytes = await readBytesWithin(request, MAX_PROVIDER_BODY);
  if (bytes === null) return protocolError(413, "PAYLOAD_TOO_LARGE", `The body must be at most ${MAX_PROVIDER_BODY} bytes`);
  const body = new TextDecoder().decode(bytes);

  const provider = await providerSecrets(params.platform);
  if (!provider) return protocolError(404, "UNKNOWN_PROVIDER", `Unknown platform ${params.platform}`);
  const check = verifyProviderSignature({
    secrets: provider.secrets,
    body,
    timestamp: request.headers.get(TIMESTAMP_HEADER),
    signature: request.headers.get(SIGNATURE_HEADER),
  });
  if (!check.ok) {
    const message = {
      missing: "X-Timestamp and X-Signature are required",
      stale: "X-Timestamp is outside the ±300 s window",
      invalid: "The signature does not match",
    }[check.reason];
    return protocolError(401, "INVALID_SIGNATURE", message);
  }

  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return protocolError(400, "INVALID_REQUEST", "The body is not valid JSON");
  }
  const parsed = schemas[action].safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return protocolError(400, "INVALID_REQUEST", `${issue.path.join(".") || "body"}: ${issue.message}`);
  }
  const platform = provider.platform;
  const input = parsed.data;
  switch (action) {
    case "balance":
      return answer(await walletBalance({ platform, playerId: input.playerId }));
    case "bet": {
      const bet = input as z.output<typeof schemas.bet>;
      return answer(await walletBet({ platform, ...bet }), bet.txnId);
    }
    case "win": {
      const win = input as z.output<typeof schemas.win>;
      return answer(await walletWin({ platform, ...win }), win.txnId);
    }
    case "rollback": {
      const rollback = input as z.output<typeof schemas.rollback>;
      return answer(await walletRollback({ platform, ...rollback }), rollback.txnId);
    }
  }
}
