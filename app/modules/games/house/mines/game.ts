// Mines as the shared places see it: catalogue row, page, the verifier's fields and display, the record's result line.
import { defineHouseGame, tenThousandthsOf, seedFields, seedQuery, textOf } from "../game.ts";

export const MINES_CODE = "HOUSE-ARCADE-MINES";

export const minesGame = defineHouseGame({
  id: "mines",
  code: MINES_CODE,
  path: "/house/mines",
  catalogue: { type: "ARCADE", name: "Mines", featured: true },
  fairness: {
    source: "seeds",
    label: "house.fair.games.mines",
    how: "house.fair.how.mines",
    fields: [...seedFields, { name: "mines", label: "house.fair.minesCount", numeric: true }],
    display(result) {
      const mines = result.mines as number[];
      return { label: "house.fair.minePositions", text: mines.join(", "), testId: "verify-mines", large: false, board: mines };
    },
    query(fairness, serverSeed) {
      const q = seedQuery(fairness, serverSeed);
      if (q && typeof fairness.mines === "number") q.mines = String(fairness.mines);
      return q;
    },
  },
  record(fairness) {
    const mines = textOf(fairness.mines);
    return mines ? { key: "mines", params: { mines } } : null;
  },
  // Ten-thousandths, as Dice's (the cash-out's multiplier; 0 when a mine ended the game).
  winMultiplier: (fairness) => tenThousandthsOf(fairness.multiplier),
});
