// The in-house Dice and Mines as routes use them: play, seeds, page data and errors.
export { playDice } from "./house/dice/dice.server.ts";
export { isHouseError } from "./house/errors.ts";
export { DICE_CODE, MINES_CODE } from "./house/game-row.server.ts";
export { cashOutMines, getMinesState, type MinesView, revealTile, startMines } from "./house/mines/mines.server.ts";
export { housePageData, stakeFromText } from "./house/page-data.server.ts";
export { getActiveSeed, listRevealedSeeds, rotateSeed, setClientSeed } from "./house/seeds.server.ts";
