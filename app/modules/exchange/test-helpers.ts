// Shared by the exchange tests (not a test file itself): the kit's markets and funded players, balances and refusals.
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { getPlayerBalances } from "#app/modules/ledger/queries.server.ts";
import { ExchangeError } from "./errors.ts";

export { taka } from "#tests/kit/money.ts";
/** A bare player with `main` poisha on the main wallet, credited through the ledger. */
export { fundedPlayer } from "#tests/kit/players.ts";
export { createBookmakerMarket, createFancyMarket, createMatchOddsMarket } from "#tests/kit/markets.ts";

export async function mainOf(playerId: number) {
  const b = await getPlayerBalances(playerId);
  return { available: b.main.available, pending: b.main.pending, posted: b.main.posted };
}

export const requestKey = () => randomBytes(8).toString("hex");

/** The ExchangeError a refused operation threw (fails the test when it succeeded or threw something else). */
export async function refusal(promise: Promise<unknown>) {
  const e = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ExchangeError);
  return e as ExchangeError;
}
