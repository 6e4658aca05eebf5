// Mines's server half: the verifier's recomputation, the page's data, start / reveal / cash out, and the seed pair
// a game in play holds.
import { and, eq } from "drizzle-orm";
import { sha256Hex } from "../../fair/bytes.ts";
import { minesGames } from "../../schema.ts";
import { HouseError } from "../errors.ts";
import { type HouseServerGame, type Read, readAll, readWholeNumber, seedReads, type VerifierErrors } from "../game.ts";
import { housePageData } from "../page-data.server.ts";
import { minePositions } from "./fair.ts";
import { minesGame } from "./game.ts";
import { cashOutMines, getMinesState, revealTile, startMines } from "./mines.server.ts";

/** 1 to 24 mines; 25 would leave no safe tile, which gets its own message. */
function readMines(raw: string | undefined): Read<number> {
  const read = readWholeNumber(raw, { min: 1, max: 24, required: "house.errors.minesRequired", invalid: "house.errors.minesFormat" });
  return "error" in read && raw === "25" ? { error: "house.errors.minesNoSafeTile" } : read;
}

export const minesServer = {
  game: minesGame,
  verify(values) {
    const errors: VerifierErrors = {};
    const v = readAll({ ...seedReads(values), mines: readMines(values.mines) }, errors);
    if (!v) return { errors };
    return {
      result: { game: "mines", seedHash: sha256Hex(v.serverSeed), mines: minePositions(v.serverSeed, v.clientSeed, v.nonce, v.mines, v.algorithm) },
    };
  },
  pageData: (playerId) => housePageData(playerId, minesGame.code),
  play: { start: startMines, reveal: revealTile, cashOut: cashOutMines, state: getMinesState },
  // A Mines game in play was drawn from this pair: revealing the seed would show where its mines are.
  async holdsSeeds(tx, playerId) {
    const [playing] = await tx
      .select({ id: minesGames.id })
      .from(minesGames)
      .where(and(eq(minesGames.playerId, playerId), eq(minesGames.status, "playing")));
    if (playing) throw new HouseError("mines_in_play", "Finish your Mines game before changing seeds.");
  },
} satisfies HouseServerGame;
