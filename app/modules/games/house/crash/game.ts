// Crash as the shared places see it: catalogue row, page, the verifier's fields and display, the record's result line.
// Its rounds come from the public hash chain and a salt, not from the players' seed pairs.
import { defineHouseGame, hundredthsOf, type VerifierDisplay } from "../game.ts";
import { multiplierText } from "./curve.ts";
import { DEFAULT_ROUND_PAYOUT_CAP } from "../limits.ts";

export const CRASH_CODE = "HOUSE-CRASH-CRASH";

/**
 * The chain check of a game hash and its game number: hashing it gameNumber times gives `reaches`, which is the
 * published terminating hash of chain `chainId` (null: of no published chain).
 */
export type ChainCheck = { gameNumber: number; reaches: string; chainId: number | null };

function chainNotes(check: ChainCheck | undefined): VerifierDisplay["notes"] {
  if (!check) return undefined;
  const params = { game: String(check.gameNumber), hash: check.reaches, chain: String(check.chainId ?? "") };
  return [{ key: check.chainId === null ? "house.fair.chainNotFound" : "house.fair.chainFound", params, testId: "verify-chain" }];
}

export const crashGame = defineHouseGame({
  id: "crash",
  code: CRASH_CODE,
  path: "/house/crash",
  catalogue: { type: "CRASH", name: "Crash", featured: true, roundPayoutCap: DEFAULT_ROUND_PAYOUT_CAP },
  fairness: {
    source: "chain",
    label: "house.fair.games.crash",
    how: "house.fair.how.crash",
    fields: [
      { name: "hash", label: "house.fair.gameHash" },
      { name: "salt", label: "house.fair.salt" },
      { name: "gameNumber", label: "house.fair.gameNumber", numeric: true },
    ],
    display: (result) => ({
      label: "house.fair.crashPoint",
      text: String(result.crashPoint),
      unit: "×",
      testId: "verify-crash",
      large: true,
      notes: chainNotes(result.chain as ChainCheck | undefined),
    }),
    query: (fairness) =>
      typeof fairness.hash === "string" && typeof fairness.salt === "string"
        ? {
            hash: fairness.hash,
            salt: fairness.salt,
            ...(Number.isSafeInteger(fairness.gameNumber) ? { gameNumber: String(fairness.gameNumber) } : {}),
          }
        : null,
  },
  record(fairness) {
    const point = hundredthsOf(fairness.crashPoint);
    if (point) return { key: "crashPoint", params: { point } };
    const cashout = hundredthsOf(fairness.cashoutAt);
    return cashout ? { key: "cashout", params: { point: cashout } } : null;
  },
  // Hundredths: the multiplier the bet was cashed out at.
  winMultiplier: (fairness) => (Number.isSafeInteger(fairness.cashoutAt) ? multiplierText(fairness.cashoutAt as number) : null),
});
