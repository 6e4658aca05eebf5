// Crash as the shared places see it: catalogue row, page, the verifier's fields and display, the record's result line.
// Its rounds come from the public hash chain and a salt, not from the players' seed pairs.
import { defineHouseGame, hundredthsOf } from "../game.ts";
import { multiplierText } from "./curve.ts";
import { DEFAULT_ROUND_PAYOUT_CAP } from "../limits.ts";

export const CRASH_CODE = "HOUSE-CRASH-CRASH";

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
    ],
    display: (result) => ({ label: "house.fair.crashPoint", text: String(result.crashPoint), unit: "×", testId: "verify-crash", large: true }),
    query: (fairness) =>
      typeof fairness.hash === "string" && typeof fairness.salt === "string" ? { hash: fairness.hash, salt: fairness.salt } : null,
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
