// Dice's server half: the verifier's recomputation, the page's data, the roll.
import { sha256Hex } from "../../fair/bytes.ts";
import { type HouseServerGame, seedInputs } from "../game.ts";
import { housePageData } from "../page-data.server.ts";
import { playDice } from "./dice.server.ts";
import { diceRoll } from "./fair.ts";
import { diceGame } from "./game.ts";
import { hundredthsText } from "./rules.ts";

export const diceServer = {
  game: diceGame,
  verify(values) {
    const parsed = seedInputs.safeParse(values);
    if (!parsed.success) return null;
    const v = parsed.data;
    return { game: "dice", seedHash: sha256Hex(v.serverSeed), roll: hundredthsText(diceRoll(v.serverSeed, v.clientSeed, v.nonce)) };
  },
  pageData: (playerId) => housePageData(playerId, diceGame.code),
  play: { roll: playDice },
} satisfies HouseServerGame;
