// Dice as the shared places see it: catalogue row, page, the verifier's fields and display, the record's result line.
import { defineHouseGame, tenThousandthsOf, hundredthsOf, seedFields, seedQuery, textOf } from "../game.ts";

export const DICE_CODE = "HOUSE-ARCADE-DICE";

export const diceGame = defineHouseGame({
  id: "dice",
  code: DICE_CODE,
  path: "/house/dice",
  catalogue: { type: "ARCADE", name: "Dice", featured: true },
  fairness: {
    source: "seeds",
    label: "house.fair.games.dice",
    how: "house.fair.how.dice",
    fields: seedFields,
    display: (result) => ({ label: "house.fair.roll", text: String(result.roll), testId: "verify-roll", large: true }),
    query: seedQuery,
  },
  record(fairness) {
    const roll = hundredthsOf(fairness.roll);
    if (!roll) return null;
    return { key: "roll", params: { roll, direction: textOf(fairness.direction) ?? "", target: hundredthsOf(fairness.target) ?? "" } };
  },
  winMultiplier: (fairness) => tenThousandthsOf(fairness.multiplier),
});
