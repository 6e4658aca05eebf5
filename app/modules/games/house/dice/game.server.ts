// Dice's server half: the verifier's recomputation, the page's data, the roll.
import { sha256Hex } from "../../fair/bytes.ts";
import { type HouseServerGame, readAll, seedReads, type VerifierErrors } from "../game.ts";
import { housePageData } from "../page-data.server.ts";
import { playDice } from "./dice.server.ts";
import { diceRoll } from "./fair.ts";
import { diceGame } from "./game.ts";
import { hundredthsText } from "./rules.ts";

export const diceServer = {
  game: diceGame,
  verify(values) {
    const errors: VerifierErrors = {};
    const v = readAll(seedReads(values), errors);
    if (!v) return { errors };
    return {
      result: { game: "dice", seedHash: sha256Hex(v.serverSeed), roll: hundredthsText(diceRoll(v.serverSeed, v.clientSeed, v.nonce, v.algorithm)) },
    };
  },
  pageData: (playerId) => housePageData(playerId, diceGame.code),
  play: { roll: playDice },
} satisfies HouseServerGame;
